package dev.llmassert.core.groundedness;

import dev.langchain4j.data.message.AiMessage;
import dev.langchain4j.data.message.SystemMessage;
import dev.langchain4j.data.message.UserMessage;
import dev.langchain4j.exception.HttpException;
import dev.langchain4j.exception.InternalServerException;
import dev.langchain4j.model.chat.Capability;
import dev.langchain4j.model.chat.ChatModel;
import dev.langchain4j.model.chat.request.ChatRequest;
import dev.langchain4j.model.chat.request.ResponseFormatType;
import dev.langchain4j.model.chat.request.json.JsonIntegerSchema;
import dev.langchain4j.model.chat.request.json.JsonObjectSchema;
import dev.langchain4j.model.chat.response.ChatResponse;
import dev.langchain4j.model.output.TokenUsage;
import dev.llmassert.core.model.JudgeReplyException;
import dev.llmassert.core.model.internal.DataTags;
import dev.llmassert.core.record.Replayed;
import dev.llmassert.core.testing.PromptData;
import dev.llmassert.core.testing.ScriptedChatModel;
import dev.llmassert.core.text.SentenceSplitter;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Set;
import java.util.concurrent.BrokenBarrierException;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Function;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class LlmGroundednessJudgeTest {

    private static final String MANUAL = "The X200 router has four Ethernet ports. Hold the reset button for ten "
            + "seconds to restore factory settings. The warranty lasts two years.";

    /** The statement the judge is asked about, as the prompt frames it (repairs come after it). */
    static String statementOf(ChatRequest request) {
        String user = ((UserMessage) request.messages().get(1)).singleText();
        return PromptData.after(user, "STATEMENT:\n");
    }

    private static LlmGroundednessJudge judge(ChatModel model) {
        return LlmGroundednessJudge.builder()
                .chatModel(model)
                .judgeName("test:judge")
                .retryBackoff(Duration.ZERO)
                .build();
    }

    @Test
    void scoresEverySentenceAndTakesTheMeanOfTheNormalisedScores() {
        ScriptedChatModel model = ScriptedChatModel.answering(request -> switch (statementOf(request)) {
            case "The X200 has four Ethernet ports." ->
                "Supporting Evidence: \"The X200 router has four Ethernet ports.\"\nScore: 10";
            case "Hold reset for ten seconds, or five if it is blinking." ->
                "Supporting Evidence: \"Hold the reset button for ten seconds\"\nScore: 5";
            default -> "Supporting Evidence: NOTHING FOUND\nScore: 0";
        });

        try (LlmGroundednessJudge judge = judge(model)) {
            GroundednessVerdict verdict = judge.judge(
                    "The X200 has four Ethernet ports. "
                            + "Hold reset for ten seconds, or five if it is blinking. It ships with a free mouse.",
                    MANUAL);

            assertThat(verdict.sentences())
                    .containsExactly(
                            new SentenceVerdict(
                                            0,
                                            "The X200 has four Ethernet ports.",
                                            1.0,
                                            "\"The X200 router has four Ethernet ports.\"")
                                    .withDecidedBy("test:judge"),
                            new SentenceVerdict(
                                            1,
                                            "Hold reset for ten seconds, or five if it is blinking.",
                                            0.5,
                                            "\"Hold the reset button for ten seconds\"")
                                    .withDecidedBy("test:judge"),
                            new SentenceVerdict(2, "It ships with a free mouse.", 0.0, SentenceVerdict.NOTHING_FOUND)
                                    .withDecidedBy("test:judge"));
            assertThat(verdict.score()).isEqualTo(0.5);
            assertThat(verdict.judge()).isEqualTo("test:judge");
            assertThat(verdict.tokenUsage()).isEqualTo(new TokenUsage(30, 15, 45));
            assertThat(verdict.replayed()).isFalse();
        }
        assertThat(model.requestCount()).isEqualTo(3);
    }

    @Test
    void theRetriesOfEverySentenceAreCountedInTheVerdict() {
        AtomicInteger calls = new AtomicInteger();
        ScriptedChatModel model = ScriptedChatModel.answering(request -> {
            if (calls.incrementAndGet() <= 2) {
                throw new InternalServerException(new HttpException(500, "oops"));
            }
            return "Supporting Evidence: \"The X200 router has four Ethernet ports.\"\nScore: 10";
        });

        GroundednessVerdict verdict;
        try (LlmGroundednessJudge judge = judge(model)) {
            verdict = judge.judge("The X200 has four Ethernet ports. It has four ports.", MANUAL);
        }

        assertThat(verdict.score()).isEqualTo(1.0);
        assertThat(verdict.retries()).isEqualTo(2);
        assertThat(model.requestCount()).isEqualTo(4);
    }

    @Test
    void eachRequestHoldsTheSourceTheStatementAndTheTextTemplateWhenTheModelHasNoStructuredOutput() {
        ScriptedChatModel model = ScriptedChatModel.answering(request -> "Score: 7");

        try (LlmGroundednessJudge judge = judge(model)) {
            assertThat(judge.usesStructuredOutput()).isFalse();
            judge.judge("The router has four ports.", MANUAL);
        }
        ChatRequest request = model.requests().get(0);
        assertThat(request.responseFormat()).isNull();
        assertThat(((SystemMessage) request.messages().get(0)).text())
                .contains("0 to 10", "NOTHING FOUND", "Supporting Evidence:", "Score:");
        assertThat(ScriptedChatModel.lastUserText(request)).contains("SOURCE:", MANUAL);
        assertThat(statementOf(request)).isEqualTo("The router has four ports.");
    }

    @Test
    void asksForJsonSchemaOutputWhenTheModelSupportsIt() {
        ScriptedChatModel scripted =
                ScriptedChatModel.answering(request -> "{\"evidence\": \"four ports\", " + "\"score\": 9}");
        ChatModel model = withCapabilities(scripted, Set.of(Capability.RESPONSE_FORMAT_JSON_SCHEMA));

        try (LlmGroundednessJudge judge = judge(model)) {
            assertThat(judge.usesStructuredOutput()).isTrue();
            GroundednessVerdict verdict = judge.judge("The router has four ports.", MANUAL);
            assertThat(verdict.score()).isEqualTo(0.9);
            assertThat(verdict.sentences().get(0).evidence()).isEqualTo("four ports");
        }
        ChatRequest request = scripted.requests().get(0);
        assertThat(request.responseFormat().type()).isEqualTo(ResponseFormatType.JSON);
        JsonObjectSchema schema =
                (JsonObjectSchema) request.responseFormat().jsonSchema().rootElement();
        assertThat(schema.properties()).containsOnlyKeys("evidence", "score");
        assertThat(schema.properties().get("score")).isInstanceOf(JsonIntegerSchema.class);
        assertThat(schema.required()).containsExactlyInAnyOrder("evidence", "score");
        assertThat(((SystemMessage) request.messages().get(0)).text())
                .contains("JSON")
                .doesNotContain("Score:");
    }

    @Test
    void structuredOutputCanBeSwitchedOff() {
        ScriptedChatModel scripted = ScriptedChatModel.answering(request -> "Score: 4");
        ChatModel model = withCapabilities(scripted, Set.of(Capability.RESPONSE_FORMAT_JSON_SCHEMA));

        try (LlmGroundednessJudge judge = LlmGroundednessJudge.builder()
                .chatModel(model)
                .structuredOutput(false)
                .build()) {
            assertThat(judge.judge("The router has four ports.", MANUAL).score())
                    .isEqualTo(0.4);
        }
        assertThat(scripted.requests().get(0).responseFormat()).isNull();
    }

    @Test
    void severalSourcesArePresentedAsNumberedPassages() {
        ScriptedChatModel model = ScriptedChatModel.answering(request -> "Score: 10");

        try (LlmGroundednessJudge judge = judge(model)) {
            judge.judge("The warranty lasts two years.", List.of("Chunk one: ports.", "Chunk two: warranty."));
        }
        DataTags tags = DataTags.forTexts(
                List.of("Chunk one: ports.", "Chunk two: warranty.", "The warranty lasts two years."));
        assertThat(ScriptedChatModel.lastUserText(model.requests().get(0)))
                .contains(
                        "SOURCES (2 separate passages)",
                        "[Source 1 of 2]\n" + tags.wrap("Chunk one: ports."),
                        "[Source 2 of 2]\n" + tags.wrap("Chunk two: warranty."));
    }

    @Test
    void garbageAnEmptyReplyAndScoresOutOfRangeAreRepairedThenUsed() {
        ScriptedChatModel model = ScriptedChatModel.replying("The sentence looks fine to me.", "Score: 8");
        try (LlmGroundednessJudge judge = judge(model)) {
            GroundednessVerdict verdict = judge.judge("The router has four ports.", MANUAL);
            assertThat(verdict.score()).isEqualTo(0.8);
            assertThat(verdict.tokenUsage()).isEqualTo(new TokenUsage(20, 10, 30));
        }

        ScriptedChatModel outOfRange = ScriptedChatModel.replying("", "Score: 11", "Score: 6");
        try (LlmGroundednessJudge judge = judge(outOfRange)) {
            assertThat(judge.judge("The router has four ports.", MANUAL).score())
                    .isEqualTo(0.6);
        }
        assertThat(ScriptedChatModel.lastUserText(outOfRange.requests().get(2)))
                .contains("the score must be a whole number from 0 to 10, but is 11");

        ScriptedChatModel negative = ScriptedChatModel.replying("Score: -1", "Score: 3");
        try (LlmGroundednessJudge judge = judge(negative)) {
            assertThat(judge.judge("The router has four ports.", MANUAL).score())
                    .isEqualTo(0.3);
        }
    }

    @Test
    void afterThreeUnusableRepliesTheJudgementFailsQuotingTheReply() {
        ScriptedChatModel model = ScriptedChatModel.replying("Score: 11", "no idea", "Score: -1", "Score: 9");

        try (LlmGroundednessJudge judge = judge(model)) {
            assertThatThrownBy(() -> judge.judge("The router has four ports.", MANUAL))
                    .isInstanceOfSatisfying(JudgeReplyException.class, e -> {
                        assertThat(e.lastReply()).isEqualTo("Score: -1");
                        assertThat(e.getMessage())
                                .contains(
                                        "test:judge",
                                        "sentence 1 of 1",
                                        "The router has four ports.",
                                        "\"Score: -1\"",
                                        "but is -1");
                    });
        }
        assertThat(model.requestCount()).isEqualTo(3);
    }

    @Test
    void oneFailingSentenceFailsTheJudgementAndTheJudgeStaysUsable() {
        ScriptedChatModel model = ScriptedChatModel.answering(
                request -> statementOf(request).contains("mouse") ? "garbage" : "Score: 10");

        try (LlmGroundednessJudge judge = judge(model)) {
            assertThatThrownBy(
                            () -> judge.judge("Ports: four. It ships with a free mouse. Warranty: two years.", MANUAL))
                    .isInstanceOf(JudgeReplyException.class)
                    .hasMessageContaining("free mouse");
            assertThat(judge.judge("The router has four ports.", MANUAL).score())
                    .isEqualTo(1.0);
        }
    }

    @Test
    void aVerdictIsReplayedOnlyWhenEveryReplyCameFromARecording() {
        ChatModel allReplayed = new ReplayingModel(index -> true);
        ChatModel oneLive = new ReplayingModel(index -> index != 2);

        try (LlmGroundednessJudge judge = judge(allReplayed)) {
            assertThat(judge.judge("One. Two. Three.", MANUAL).replayed()).isTrue();
        }
        try (LlmGroundednessJudge judge = judge(oneLive)) {
            assertThat(judge.judge("One. Two. Three.", MANUAL).replayed()).isFalse();
        }
    }

    @Test
    void neverRunsMoreCallsAtOnceThanTheConcurrencyAndReachesIt() {
        int concurrency = 4;
        AtomicInteger inFlight = new AtomicInteger();
        AtomicInteger maxInFlight = new AtomicInteger();
        // Calls meet in groups of four: the judgement only finishes if four calls do run at once.
        CyclicBarrier barrier = new CyclicBarrier(concurrency);
        ScriptedChatModel model = ScriptedChatModel.answering(request -> {
            maxInFlight.accumulateAndGet(inFlight.incrementAndGet(), Math::max);
            try {
                barrier.await(30, TimeUnit.SECONDS);
            } catch (InterruptedException | BrokenBarrierException | TimeoutException e) {
                throw new IllegalStateException("calls did not run " + concurrency + " at a time", e);
            } finally {
                inFlight.decrementAndGet();
            }
            return "Score: 10";
        });
        StringBuilder response = new StringBuilder();
        for (int i = 1; i <= 40; i++) {
            response.append("Statement number ").append(i).append(" is here. ");
        }

        try (LlmGroundednessJudge judge = LlmGroundednessJudge.builder()
                .chatModel(model)
                .concurrency(concurrency)
                .build()) {
            assertThat(judge.judge(response.toString(), MANUAL).sentences()).hasSize(40);
        }
        assertThat(maxInFlight.get()).isEqualTo(concurrency);
    }

    @Test
    void aOneMegabyteResponseIsJudgedOnABoundedNumberOfThreads() {
        StringBuilder response = new StringBuilder();
        for (int i = 0; response.length() < 1_000_000; i++) {
            response.append("Paragraph ")
                    .append(i)
                    .append(" says the router has ")
                    .append(i % 9)
                    .append(" ports and a ")
                    .append(i % 7)
                    .append("-year warranty. ");
            if (i % 10 == 9) {
                response.append("\n\n");
            }
        }
        int expectedSentences =
                SentenceSplitter.english().split(response.toString()).size();
        AtomicInteger inFlight = new AtomicInteger();
        AtomicInteger maxInFlight = new AtomicInteger();
        Set<Thread> callers = ConcurrentHashMap.newKeySet();
        int threadsBefore = Thread.activeCount();
        AtomicInteger maxThreads = new AtomicInteger();
        ScriptedChatModel model = ScriptedChatModel.answering(request -> {
            maxInFlight.accumulateAndGet(inFlight.incrementAndGet(), Math::max);
            callers.add(Thread.currentThread());
            maxThreads.accumulateAndGet(Thread.activeCount(), Math::max);
            inFlight.decrementAndGet();
            return "Supporting Evidence: NOTHING FOUND\nScore: 5";
        });

        GroundednessVerdict verdict;
        try (LlmGroundednessJudge judge =
                LlmGroundednessJudge.builder().chatModel(model).build()) {
            verdict = judge.judge(response.toString(), MANUAL);
        }

        assertThat(expectedSentences).isGreaterThan(10_000);
        assertThat(verdict.sentences()).hasSize(expectedSentences);
        assertThat(verdict.score()).isEqualTo(0.5);
        assertThat(maxInFlight.get()).isLessThanOrEqualTo(8);
        assertThat(callers).hasSizeLessThanOrEqualTo(8);
        // Other tests may start threads meanwhile; a thread per sentence would add thousands.
        assertThat(maxThreads.get() - threadsBefore).isLessThanOrEqualTo(8 + 16);
    }

    @Test
    void nonEnglishTextIsSplitAndJudgedLikeAnyOther() {
        ScriptedChatModel model = ScriptedChatModel.answering(request -> "Score: 10");

        try (LlmGroundednessJudge judge = judge(model)) {
            GroundednessVerdict verdict = judge.judge(
                    "Der Router hat vier Anschlüsse. Die Garantie gilt zwei Jahre.",
                    "Der Router X200 hat vier Ethernet-Anschlüsse. Die Garantie gilt zwei Jahre.");
            assertThat(verdict.sentences())
                    .extracting(SentenceVerdict::sentence)
                    .containsExactly("Der Router hat vier Anschlüsse.", "Die Garantie gilt zwei Jahre.");
        }
    }

    @Test
    void aSourceOfThousandsOfSentencesIsSentWholeWithEachSentence() {
        StringBuilder source = new StringBuilder();
        for (int i = 0; i < 5_000; i++) {
            source.append("Fact ").append(i).append(" is recorded in the manual. ");
        }
        ScriptedChatModel model = ScriptedChatModel.answering(request -> "Score: 10");

        try (LlmGroundednessJudge judge = judge(model)) {
            assertThat(judge.judge("Fact 4999 is recorded. Fact 0 is too.", source.toString())
                            .score())
                    .isEqualTo(1.0);
        }
        assertThat(model.requests())
                .hasSize(2)
                .allSatisfy(request ->
                        assertThat(ScriptedChatModel.lastUserText(request)).contains("Fact 0 is", "Fact 4999 is"));
    }

    @Test
    void badInputIsRejectedWithWhatAndHowToFix() {
        try (LlmGroundednessJudge judge = judge(ScriptedChatModel.answering(request -> "Score: 10"))) {
            // An answer with nothing to judge fails as a verdict, with no judge call: the application produced it.
            assertThat(judge.judge(null, MANUAL).sentences())
                    .singleElement()
                    .satisfies(s -> assertThat(s.reason()).startsWith("the response is null"));
            assertThat(judge.judge("  \n", MANUAL).score()).isZero();
            assertThat(judge.judge("... --- !!!", MANUAL).sentences())
                    .singleElement()
                    .satisfies(s -> assertThat(s.reason()).startsWith("the response holds no words"));
            assertThatThrownBy(() -> judge.judge("Fine.", List.of()))
                    .isInstanceOf(IllegalArgumentException.class)
                    .hasMessageContaining("No sources")
                    .hasMessageContaining("Fix:");
            assertThatThrownBy(() -> judge.judge("Fine.", (List<String>) null))
                    .isInstanceOf(IllegalArgumentException.class)
                    .hasMessageContaining("No sources");
            assertThatThrownBy(() -> judge.judge("Fine.", (String[]) null))
                    .isInstanceOf(IllegalArgumentException.class)
                    .hasMessageContaining("sources must not be null");
            assertThatThrownBy(() -> judge.judge("Fine.", MANUAL, " "))
                    .isInstanceOf(IllegalArgumentException.class)
                    .hasMessageContaining("Source 2 of 2 is blank")
                    .hasMessageContaining("Fix:");
            assertThatThrownBy(() -> judge.judge("Fine.", Arrays.asList(MANUAL, null)))
                    .isInstanceOf(IllegalArgumentException.class)
                    .hasMessageContaining("Source 2 of 2 is null");
        }
    }

    @Test
    void theBuilderRejectsImpossibleSettings() {
        assertThatThrownBy(() -> LlmGroundednessJudge.builder().concurrency(0))
                .hasMessageContaining("concurrency must be between 1 and 256, but is: 0");
        assertThatThrownBy(() -> LlmGroundednessJudge.builder().maxRetries(-1))
                .hasMessageContaining("maxRetries must be between 0 and 20, but is: -1");
        assertThatThrownBy(() -> LlmGroundednessJudge.builder().build())
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("chatModel must be set");
    }

    @Test
    void closeStopsTheJudgesThreadsAndLaterCallsFail() throws InterruptedException {
        ScriptedChatModel model = ScriptedChatModel.answering(request -> "Score: 10");
        LlmGroundednessJudge judge = LlmGroundednessJudge.builder()
                .chatModel(model)
                .judgeName("closing:judge")
                .build();
        judge.judge("One. Two. Three.", MANUAL);
        List<Thread> threads = judgeThreads("closing:judge");
        assertThat(threads).isNotEmpty().hasSizeLessThanOrEqualTo(8);

        judge.close();
        for (Thread thread : threads) {
            thread.join(10_000);
        }

        assertThat(threads).noneMatch(Thread::isAlive);
        assertThatThrownBy(() -> judge.judge("One.", MANUAL))
                .isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("is closed");
    }

    private static List<Thread> judgeThreads(String judgeName) {
        List<Thread> found = new ArrayList<>();
        for (Thread thread : Thread.getAllStackTraces().keySet()) {
            if (thread.getName().startsWith("llmassert-judge[" + judgeName + "]")) {
                found.add(thread);
            }
        }
        return found;
    }

    private static ChatModel withCapabilities(ChatModel delegate, Set<Capability> capabilities) {
        return new ChatModel() {
            @Override
            public ChatResponse doChat(ChatRequest request) {
                return delegate.chat(request);
            }

            @Override
            public Set<Capability> supportedCapabilities() {
                return capabilities;
            }
        };
    }

    /** Answers "Score: 10"; the n-th response (from 1) is marked replayed when {@code replayed} says so. */
    private static final class ReplayingModel implements ChatModel {
        private final Function<Integer, Boolean> replayed;
        private final AtomicInteger calls = new AtomicInteger();

        ReplayingModel(Function<Integer, Boolean> replayed) {
            this.replayed = replayed;
        }

        @Override
        public ChatResponse doChat(ChatRequest request) {
            int call = calls.incrementAndGet();
            return ChatResponse.builder()
                    .aiMessage(AiMessage.from("Score: 10"))
                    .id(replayed.apply(call) ? Replayed.ID_PREFIX + call : "live-" + call)
                    .build();
        }
    }
}
