package dev.llmassert.core.groundedness;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.langchain4j.model.chat.ChatModel;
import dev.langchain4j.model.ollama.OllamaChatModel;
import dev.llmassert.core.groundedness.internal.MiniCheckPrompt;
import dev.llmassert.core.model.JudgeModels;
import dev.llmassert.core.model.JudgeProvider;
import dev.llmassert.core.model.JudgeReplyException;
import dev.llmassert.core.model.JudgeSettings;
import dev.llmassert.core.record.RecordingFileException;
import dev.llmassert.core.record.RecordingMode;
import dev.llmassert.core.record.RecordingSession;
import dev.llmassert.core.record.RecordingStore;
import dev.llmassert.core.record.Recordings;
import dev.llmassert.core.testing.LoopbackChatServer;
import dev.llmassert.core.testing.LoopbackChatServer.ReceivedRequest;
import dev.llmassert.core.testing.LoopbackChatServer.Reply;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

/**
 * The claim-check judge through langchain4j's real OpenAI and Ollama clients, built by {@link JudgeModels}, against
 * a loopback server speaking their protocols (for Ollama, both of its chat endpoints): MiniCheck's own prompt on the
 * wire, one call per sentence (and per chunk), the probability of Yes from the log-probabilities, recordings, chunking
 * and re-asking.
 */
class ClaimCheckGroundednessJudgeIntegrationTest {

    private static final String MANUAL = "The X200 router has four Ethernet ports. The warranty lasts two years.";
    private static final String SUPPORTED = "The router has four ports.";
    private static final String UNSUPPORTED = "The warranty lasts five years.";
    private static final Function<String, String> NO_ENVIRONMENT = name -> null;
    private static final ObjectMapper JSON = new ObjectMapper();

    @TempDir
    Path dir;

    private final LoopbackChatServer server = LoopbackChatServer.start();

    @AfterEach
    void stopServer() {
        server.close();
    }

    private JudgeSettings openAi() {
        return JudgeSettings.builder()
                .provider(JudgeProvider.OPENAI)
                .baseUrl(server.baseUrl())
                .model("bespokelabs/Bespoke-MiniCheck-7B")
                .timeout(Duration.ofSeconds(10))
                .build();
    }

    private JudgeSettings ollama() {
        return JudgeSettings.builder()
                .provider(JudgeProvider.OLLAMA)
                .baseUrl(server.ollamaBaseUrl())
                .model("bespoke-minicheck")
                .timeout(Duration.ofSeconds(10))
                .build();
    }

    /** Yes to a claim about four ports, No to anything else; log-probabilities as vLLM sends them. */
    private static Reply miniCheck(ReceivedRequest request) {
        String claim = claimOf(request);
        return claim.contains("four ports")
                ? Reply.content("Yes").withLogprobs(-0.05, Map.of("Yes", -0.05, "No", -3.1))
                : Reply.content("No").withLogprobs(-0.02, Map.of("No", -0.02, "Yes", -3.9));
    }

    /** MiniCheck's user message: the second message, whatever a re-ask appended after it. */
    private static String miniCheckMessage(ReceivedRequest request) {
        return request.json().path("messages").get(1).path("content").asText();
    }

    private static String claimOf(ReceivedRequest request) {
        String user = miniCheckMessage(request);
        return user.substring(user.lastIndexOf("\nClaim: ") + "\nClaim: ".length());
    }

    private static String documentOf(ReceivedRequest request) {
        String user = miniCheckMessage(request);
        return user.substring("Document: ".length(), user.lastIndexOf("\nClaim: "));
    }

    private static GroundednessJudge judge(JudgeSettings settings, ChatModel model) {
        return Judges.groundedness(settings, model);
    }

    @Test
    void anOpenAiCompatibleServerGetsMiniChecksPromptPerSentenceAndTheScoreIsTheProbabilityOfYes() {
        server.respondWith(ClaimCheckGroundednessJudgeIntegrationTest::miniCheck);

        GroundednessVerdict verdict;
        try (GroundednessJudge judge = judge(openAi(), JudgeModels.chatModel(openAi(), NO_ENVIRONMENT))) {
            assertThat(judge).isInstanceOf(ClaimCheckGroundednessJudge.class);
            verdict = judge.judge(SUPPORTED + " " + UNSUPPORTED, MANUAL);
        }

        assertThat(server.requests()).hasSize(2).allSatisfy(request -> {
            assertThat(request.path()).isEqualTo("/v1/chat/completions");
            JsonNode json = request.json();
            assertThat(json.path("messages")).hasSize(2);
            assertThat(json.path("messages").get(0).path("role").asText()).isEqualTo("system");
            assertThat(json.path("messages").get(0).path("content").asText())
                    .isEqualTo(MiniCheckPrompt.SYSTEM)
                    .startsWith("Determine whether the provided claim is consistent with the corresponding document.")
                    .endsWith("by responding with either \"Yes\" or \"No\".");
            assertThat(json.path("messages").get(1).path("role").asText()).isEqualTo("user");
            assertThat(json.path("temperature").asDouble(-1)).isEqualTo(0.0);
            assertThat(json.path("max_tokens").asInt()).isEqualTo(1);
            assertThat(json.path("logprobs").asBoolean()).isTrue();
            assertThat(json.path("top_logprobs").asInt()).isEqualTo(MiniCheckPrompt.TOP_LOGPROBS);
            assertThat(json.has("response_format")).isFalse();
            assertThat(json.path("model").asText()).isEqualTo("bespokelabs/Bespoke-MiniCheck-7B");
        });
        assertThat(server.requests())
                .extracting(ReceivedRequest::lastUserMessage)
                .containsExactlyInAnyOrder(
                        "Document: " + MANUAL + "\nClaim: " + SUPPORTED,
                        "Document: " + MANUAL + "\nClaim: " + UNSUPPORTED);

        SentenceVerdict yes = verdict.sentences().get(0);
        assertThat(yes.score()).isCloseTo(Math.exp(-0.05), within(1e-9)).isCloseTo(0.95, within(0.002));
        assertThat(yes.evidence())
                .isEqualTo("[said Yes, P(yes) 0.95 from logprobs] nearest there, not a quote: "
                        + "chars 1-40 \"The X200 router has four Ethernet ports.\"");
        SentenceVerdict no = verdict.sentences().get(1);
        assertThat(no.score()).isCloseTo(Math.exp(-3.9), within(1e-9));
        assertThat(no.evidence())
                .isEqualTo("[said No, P(yes) 0.02 from logprobs] nearest in the sources, not a "
                        + "quote: chars 42-70 \"The warranty lasts two years.\"");
        assertThat(verdict.sentencesBelow(0.7)).containsExactly(no);
        assertThat(verdict.score()).isCloseTo((Math.exp(-0.05) + Math.exp(-3.9)) / 2, within(1e-9));
        assertThat(verdict.judge()).isEqualTo("openai:bespokelabs/Bespoke-MiniCheck-7B");
        assertThat(verdict.replayed()).isFalse();
        assertThat(verdict.tokenUsage().inputTokenCount()).isEqualTo(40);
    }

    @Test
    void underOllamaTheCallGoesToItsOpenAiCompatibleEndpointAndTheScoreIsTheProbabilityOfYes() {
        // The loopback server speaks both of Ollama's chat protocols, /api/chat and /v1/chat/completions, and sends
        // log-probabilities at both as Ollama 0.12.11+ does; langchain4j's Ollama client would read none of them.
        server.respondWith(ClaimCheckGroundednessJudgeIntegrationTest::miniCheck);

        GroundednessVerdict verdict;
        try (GroundednessJudge judge = judge(ollama(), JudgeModels.chatModel(ollama(), NO_ENVIRONMENT))) {
            assertThat(judge).isInstanceOf(ClaimCheckGroundednessJudge.class);
            verdict = judge.judge(SUPPORTED + " " + UNSUPPORTED, MANUAL);
        }

        assertThat(server.requests()).hasSize(2).allSatisfy(request -> {
            assertThat(request.path()).isEqualTo("/v1/chat/completions");
            JsonNode json = request.json();
            assertThat(json.path("messages").get(0).path("content").asText()).isEqualTo(MiniCheckPrompt.SYSTEM);
            assertThat(json.path("temperature").asDouble(-1)).isEqualTo(0.0);
            assertThat(json.path("max_tokens").asInt()).isEqualTo(1);
            assertThat(json.path("logprobs").asBoolean()).isTrue();
            assertThat(json.path("top_logprobs").asInt()).isEqualTo(MiniCheckPrompt.TOP_LOGPROBS);
            assertThat(json.has("response_format")).isFalse();
            assertThat(json.path("model").asText()).isEqualTo("bespoke-minicheck");
        });
        assertThat(server.requests())
                .extracting(ReceivedRequest::lastUserMessage)
                .containsExactlyInAnyOrder(
                        "Document: " + MANUAL + "\nClaim: " + SUPPORTED,
                        "Document: " + MANUAL + "\nClaim: " + UNSUPPORTED);
        assertThat(verdict.sentences())
                .extracting(SentenceVerdict::score)
                .containsExactly(Math.exp(-0.05), Math.exp(-3.9))
                .noneMatch(score -> score == 0.0 || score == 1.0);
        assertThat(verdict.sentences().get(0).evidence())
                .startsWith("[said Yes, P(yes) 0.95 from logprobs] nearest there, not a quote:");
        assertThat(verdict.sentences().get(1).evidence())
                .isEqualTo("[said No, P(yes) 0.02 from logprobs] nearest in the sources, not a quote: "
                        + "chars 42-70 \"The warranty lasts two years.\"");
        assertThat(verdict.score()).isCloseTo((Math.exp(-0.05) + Math.exp(-3.9)) / 2, within(1e-9));
        assertThat(verdict.judge()).isEqualTo("ollama:bespoke-minicheck");
    }

    @Test
    void anOllamaThatSendsNoLogprobsGivesOneOrZeroAndTheEvidenceSaysSo() {
        // Ollama before 0.12.11 answers the same request without log-probabilities.
        server.respondWith(request -> Reply.content(claimOf(request).contains("four ports") ? "Yes" : "No"));

        GroundednessVerdict verdict;
        try (GroundednessJudge judge = judge(ollama(), JudgeModels.chatModel(ollama(), NO_ENVIRONMENT))) {
            verdict = judge.judge(SUPPORTED + " " + UNSUPPORTED, MANUAL);
        }

        assertThat(server.requests()).extracting(ReceivedRequest::path).containsOnly("/v1/chat/completions");
        assertThat(verdict.sentences()).extracting(SentenceVerdict::score).containsExactly(1.0, 0.0);
        assertThat(verdict.sentences().get(0).evidence())
                .startsWith("[said Yes, yes/no only (the server sent no logprobs)] nearest there, not a quote:");
        assertThat(verdict.sentences().get(1).evidence())
                .isEqualTo("[said No, yes/no only (the server sent no logprobs)] nearest in the sources, not a "
                        + "quote: chars 42-70 \"The warranty lasts two years.\"");
    }

    @Test
    void anOllamaClientBuiltByHandStillGetsMiniChecksPromptAtApiChatAndScoresYesOrNo() {
        // A user's own OllamaChatModel, not the judge model JudgeModels builds: it speaks /api/chat only and reads
        // no log-probabilities, so the score stays 1 or 0, and the evidence says why.
        server.respondWith(ClaimCheckGroundednessJudgeIntegrationTest::miniCheck);
        ChatModel own = OllamaChatModel.builder()
                .baseUrl(server.ollamaBaseUrl())
                .modelName("bespoke-minicheck")
                .temperature(0.0)
                .maxRetries(0)
                .build();

        GroundednessVerdict verdict;
        try (GroundednessJudge judge = judge(ollama(), own)) {
            verdict = judge.judge(SUPPORTED + " " + UNSUPPORTED, MANUAL);
        }

        assertThat(server.requests()).hasSize(2).allSatisfy(request -> {
            assertThat(request.path()).isEqualTo("/api/chat");
            assertThat(request.json().path("options").path("num_predict").asInt())
                    .isEqualTo(1);
            assertThat(request.json().path("options").path("temperature").asDouble(-1))
                    .isEqualTo(0.0);
        });
        assertThat(verdict.sentences()).extracting(SentenceVerdict::score).containsExactly(1.0, 0.0);
        assertThat(verdict.sentences().get(1).evidence())
                .startsWith("[said No, yes/no only (the server sent no " + "logprobs)]");
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"openai", "ollama"})
    void recordedVerdictsReplayTheSameWithTheServerStopped(String provider) throws IOException {
        server.respondWith(ClaimCheckGroundednessJudgeIntegrationTest::miniCheck);
        JudgeSettings settings = "openai".equals(provider) ? openAi() : ollama();
        Path file = Recordings.fileFor(dir, "com.example.FactCheckTest");
        ChatModel client = JudgeModels.chatModel(settings, NO_ENVIRONMENT);

        GroundednessVerdict live;
        try (RecordingStore store = RecordingStore.create();
                RecordingSession session = store.file(file).openSession(RecordingMode.RECORD_MISSING, "record");
                GroundednessJudge judge = judge(settings, session.wrap(client))) {
            live = judge.judge(SUPPORTED + " " + UNSUPPORTED, MANUAL);
        }
        int calls = server.requestCount();
        server.close();

        GroundednessVerdict replayed;
        try (RecordingStore store = RecordingStore.create();
                RecordingSession session = store.file(file).openSession(RecordingMode.REPLAY, "replay");
                GroundednessJudge judge = judge(settings, session.wrap(client))) {
            replayed = judge.judge(SUPPORTED + " " + UNSUPPORTED, MANUAL);
        }

        assertThat(calls).isEqualTo(2);
        assertThat(live.replayed()).isFalse();
        assertThat(replayed.replayed()).isTrue();
        assertThat(replayed.sentences()).isEqualTo(live.sentences());
        assertThat(replayed.score()).isEqualTo(live.score());
        assertThat(replayed.judge()).isEqualTo(live.judge());
        String recording = Files.readString(file);
        assertThat(recording).contains("\"maxOutputTokens\": 1", "Document: ");
        // Both ask for log-probabilities (Ollama at its OpenAI-compatible endpoint), and the recording keeps them.
        assertThat(replayed.sentences().get(0).score()).isCloseTo(0.95, within(0.002));
        assertThat(recording).contains("\"logprobs\": true", "\"topLogprobs\": 5", "\"logprob\": -0.05", "\"top\": [");
    }

    /**
     * A recording made against the loopback server, then given replies a person wrote, as a team writes an example
     * before it has a model: the entry says {@code "model": "hand-written-example"}, its key is left out, and the
     * written log-probabilities are the score.
     */
    @Test
    void aHandWrittenReplyWithLogprobsReplaysItsScoreAndABadLogprobFailsNamingTheFileAndPlace() throws IOException {
        server.respondWith(ClaimCheckGroundednessJudgeIntegrationTest::miniCheck);
        Path file = Recordings.fileFor(dir, "com.example.HandWrittenFactCheckTest");
        ChatModel client = JudgeModels.chatModel(openAi(), NO_ENVIRONMENT);
        try (RecordingStore store = RecordingStore.create();
                RecordingSession session = store.file(file).openSession(RecordingMode.RECORD_MISSING, "record");
                GroundednessJudge judge = judge(openAi(), session.wrap(client))) {
            judge.judge(SUPPORTED, MANUAL);
        }
        ObjectNode recorded = (ObjectNode) JSON.readTree(file.toFile());
        ObjectNode entry = (ObjectNode) recorded.path("entries").get(0);
        entry.remove("key");
        entry.put("model", "hand-written-example");
        ArrayNode replies = entry.putArray("responses");
        ObjectNode reply = replies.addObject();
        reply.put("text", "Yes");
        ArrayNode tokens = reply.putArray("logprobs");
        ObjectNode token = tokens.addObject().put("token", "Yes").put("logprob", -0.3);
        token.putArray("top")
                .add(JSON.createObjectNode().put("token", "Yes").put("logprob", -0.3))
                .add(JSON.createObjectNode().put("token", "No").put("logprob", -1.35));
        Files.writeString(file, JSON.writerWithDefaultPrettyPrinter().writeValueAsString(recorded));
        server.close();

        try (RecordingStore store = RecordingStore.create();
                RecordingSession session = store.file(file).openSession(RecordingMode.REPLAY, "replay");
                GroundednessJudge judge = judge(openAi(), session.wrap(client))) {
            SentenceVerdict verdict = judge.judge(SUPPORTED, MANUAL).sentences().get(0);
            assertThat(verdict.score()).isCloseTo(Math.exp(-0.3), within(1e-9));
            assertThat(verdict.evidence()).startsWith("[said Yes, P(yes) 0.74 from logprobs]");
        }

        token.put("logprob", 0.4);
        String bad = JSON.writerWithDefaultPrettyPrinter().writeValueAsString(recorded);
        Files.writeString(file, bad);
        try (RecordingStore store = RecordingStore.create()) {
            assertThatThrownBy(() -> store.file(file).openSession(RecordingMode.REPLAY, "replay"))
                    .isInstanceOf(RecordingFileException.class)
                    .hasMessageContaining(file.toString())
                    .hasMessageContaining("responses[0].logprobs[0].logprob")
                    .hasMessageContaining("expected a number of 0 or less (a natural log-probability), but is 0.4");
        }
        assertThat(Files.readString(file)).as("a bad file is never rewritten").isEqualTo(bad);
    }

    @Test
    void aFortyThousandCharacterSourceIsChunkedAndTheVerdictNamesTheChunkThatDecided() {
        StringBuilder text = new StringBuilder();
        for (int i = 1; text.length() < 40_000; i++) {
            text.append("Appendix item ")
                    .append(i)
                    .append(" lists the spare part number ")
                    .append(1000 + i)
                    .append(" for older models.")
                    .append(i % 9 == 0 ? "\n\n" : " ");
            if (i == 500) {
                text.append("The X200 router has four Ethernet ports. ");
            }
        }
        String source = text.toString().strip();
        int fact = source.indexOf("The X200 router has four Ethernet ports.");
        server.respondWith(request -> documentOf(request).contains("four Ethernet ports")
                ? Reply.content("Yes").withLogprobs(-0.1, Map.of("Yes", -0.1, "No", -2.4))
                : Reply.content("No").withLogprobs(-0.01, Map.of("No", -0.01, "Yes", -4.7)));

        GroundednessVerdict verdict;
        try (GroundednessJudge judge = judge(openAi(), JudgeModels.chatModel(openAi(), NO_ENVIRONMENT))) {
            verdict = judge.judge(SUPPORTED, source);
        }

        List<String> documents = server.requests().stream()
                .map(ClaimCheckGroundednessJudgeIntegrationTest::documentOf)
                .sorted((a, b) -> Integer.compare(source.indexOf(a), source.indexOf(b)))
                .toList();
        assertThat(source.length()).isGreaterThanOrEqualTo(40_000);
        assertThat(documents)
                .hasSizeGreaterThanOrEqualTo(10)
                .allSatisfy(
                        d -> assertThat(d.length()).isLessThanOrEqualTo(ClaimCheckGroundednessJudge.DEFAULT_CHUNK_SIZE))
                .allSatisfy(d -> assertThat(source).contains(d));
        assertThat(String.join("", documents).replaceAll("\\s", "")).isEqualTo(source.replaceAll("\\s", ""));
        int deciding = -1;
        for (int i = 0; i < documents.size(); i++) {
            if (documents.get(i).contains("four Ethernet ports")) {
                deciding = i;
            }
        }
        int start = source.indexOf(documents.get(deciding));
        String evidence = verdict.sentences().get(0).evidence();
        assertThat(evidence)
                .startsWith("[chunk " + (deciding + 1) + " of " + documents.size()
                        + " said Yes, P(yes) 0.90 from logprobs: chars " + (start + 1) + "-"
                        + (start + documents.get(deciding).length()) + "] nearest there, not a quote: ");
        Matcher located = Pattern.compile("chars (\\d+)-(\\d+) \"The X200 router has four Ethernet ports.\"")
                .matcher(evidence);
        assertThat(located.find()).isTrue();
        assertThat(Integer.parseInt(located.group(1))).isEqualTo(fact + 1);
        assertThat(verdict.sentences().get(0).score()).isCloseTo(Math.exp(-0.1), within(1e-9));
    }

    @Test
    void aReplyThatIsNeitherYesNorNoIsReAskedThenFailsWithAClearError() {
        server.respondWith(request -> Reply.content("Maybe"));

        try (GroundednessJudge judge = judge(openAi(), JudgeModels.chatModel(openAi(), NO_ENVIRONMENT))) {
            assertThatThrownBy(() -> judge.judge(SUPPORTED, MANUAL))
                    .isInstanceOfSatisfying(JudgeReplyException.class, e -> {
                        assertThat(e.attempts()).isEqualTo(3);
                        assertThat(e.getMessage())
                                .contains(
                                        "openai:bespokelabs/Bespoke-MiniCheck-7B",
                                        "gave no usable reply for sentence 1 of 1 (\"The router has four ports.\")",
                                        "after 3 tries",
                                        "Last reply: \"Maybe\"",
                                        "the reply must be one word, Yes or No, but is \"Maybe\"",
                                        "never guesses",
                                        "Fix:");
                    });
        }
        assertThat(server.requestCount()).isEqualTo(3);
        JsonNode second = server.requests().get(1).json().path("messages");
        assertThat(second).hasSize(4);
        assertThat(second.get(1).path("content").asText()).isEqualTo("Document: " + MANUAL + "\nClaim: " + SUPPORTED);
        assertThat(second.get(2).path("content").asText()).isEqualTo("Maybe");
        assertThat(second.get(3).path("content").asText()).contains("Yes or No");
    }

    @Test
    void aReplyThatIsReAskedAndThenAnswersIsUsed() {
        server.enqueue(Reply.content("The claim"));
        server.respondWith(ClaimCheckGroundednessJudgeIntegrationTest::miniCheck);

        try (GroundednessJudge judge = judge(ollama(), JudgeModels.chatModel(ollama(), NO_ENVIRONMENT))) {
            assertThat(judge.judge(SUPPORTED, MANUAL).score()).isCloseTo(Math.exp(-0.05), within(1e-9));
        }
        assertThat(server.requestCount()).isEqualTo(2);
    }
}
