package dev.llmassert.core.criteria;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.langchain4j.model.ModelProvider;
import dev.langchain4j.model.chat.Capability;
import dev.langchain4j.model.chat.ChatModel;
import dev.langchain4j.model.chat.request.ChatRequest;
import dev.langchain4j.model.chat.request.ChatRequestParameters;
import dev.langchain4j.model.chat.response.ChatResponse;
import dev.llmassert.core.model.JudgeModels;
import dev.llmassert.core.model.JudgeProvider;
import dev.llmassert.core.model.JudgeSettings;
import dev.llmassert.core.record.RecordingMode;
import dev.llmassert.core.record.RecordingSession;
import dev.llmassert.core.record.RecordingStore;
import dev.llmassert.core.testing.LoopbackChatServer;
import dev.llmassert.core.testing.LoopbackChatServer.Reply;
import dev.llmassert.core.testing.PromptData;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Function;
import java.util.stream.StreamSupport;

import static dev.llmassert.core.criteria.DirectJudgeTest.CLARITY;
import static dev.llmassert.core.criteria.DirectJudgeTest.reply;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

/**
 * The criteria judges through langchain4j's real OpenAI client, built by {@link JudgeModels}, against a loopback
 * server speaking the chat-completions protocol: structured output on the wire, repair over the wire, pairwise
 * comparison, and self-consistency samples recorded and replayed.
 */
class CriteriaJudgesIntegrationTest {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final Function<String, String> ENVIRONMENT = Map.of("LOOPBACK_JUDGE_KEY", "sk-loopback-FAKE")::get;
    private static final String ANSWER = "Hold the reset button on the back for ten seconds.";

    private LoopbackChatServer server;

    @TempDir
    Path dir;

    @BeforeEach
    void startServer() {
        server = LoopbackChatServer.start();
    }

    @AfterEach
    void stopServer() {
        server.close();
    }

    private JudgeSettings settings(double temperature) {
        return JudgeSettings.builder()
                .provider(JudgeProvider.OPENAI)
                .baseUrl(server.baseUrl())
                .model("judge-model")
                .apiKeyEnv("LOOPBACK_JUDGE_KEY")
                .temperature(temperature)
                .timeout(Duration.ofSeconds(10))
                .maxRetries(0)
                .build();
    }

    private ChatModel model(JudgeSettings settings) {
        return JudgeModels.chatModel(settings, ENVIRONMENT);
    }

    private static List<String> texts(JsonNode array) {
        return StreamSupport.stream(array.spliterator(), false)
                .map(JsonNode::asText)
                .toList();
    }

    @Test
    void theDirectJudgeSendsTheOptionsAsAStrictJsonSchemaEnumAndUsesTheReply() {
        server.respondWith(request -> Reply.content(
                "{\"explanation\": \"One clear step.\", \"selectedOption\":" + " \"Clear\", \"feedback\": \"\"}"));
        JudgeSettings settings = settings(0.0);

        DirectResult result;
        try (DirectJudge judge = DirectJudge.builder()
                .chatModel(model(settings))
                .settings(settings)
                .generateFeedback(true)
                .build()) {
            assertThat(judge.usesStructuredOutput()).isTrue();
            result = judge.evaluate(ANSWER, CLARITY);
        }

        assertThat(result.option()).isEqualTo("Clear");
        assertThat(result.score()).isEqualTo(1.0);
        assertThat(result.feedback())
                .as("empty feedback means nothing to improve")
                .isNull();
        assertThat(result.metadata().judge()).isEqualTo("openai:judge-model");
        assertThat(server.requests()).hasSize(1);
        JsonNode body = server.requests().get(0).json();
        JsonNode format = body.path("response_format");
        assertThat(format.path("type").asText()).isEqualTo("json_schema");
        assertThat(format.path("json_schema").path("name").asText()).isEqualTo("criteria_judgement");
        assertThat(format.path("json_schema").path("strict").asBoolean()).isTrue();
        JsonNode schema = format.path("json_schema").path("schema");
        assertThat(texts(schema.path("properties").path("selectedOption").path("enum")))
                .containsExactly("Clear", "Somewhat clear", "Unclear");
        assertThat(texts(schema.path("required"))).containsExactly("explanation", "selectedOption", "feedback");
        assertThat(schema.path("additionalProperties").asBoolean(true)).isFalse();
        assertThat(body.path("messages").get(0).path("role").asText()).isEqualTo("system");
        assertThat(body.path("messages").get(0).path("content").asText())
                .isEqualTo(result.metadata().prompt().system());
        assertThat(server.requests().get(0).lastUserMessage()).contains("## Criterion: clarity", ANSWER);
    }

    @Test
    void anInvalidOptionIsRepairedOverTheWire() {
        String invalid = reply("Very clear");
        server.enqueue(Reply.content(invalid), Reply.content(reply("Somewhat clear")));
        JudgeSettings settings = settings(0.0);

        DirectResult result;
        try (DirectJudge judge = DirectJudge.builder()
                .chatModel(model(settings))
                .settings(settings)
                .build()) {
            result = judge.evaluate(ANSWER, CLARITY);
        }

        assertThat(result.option()).isEqualTo("Somewhat clear");
        assertThat(server.requests()).hasSize(2);
        JsonNode messages = server.requests().get(1).json().path("messages");
        assertThat(messages).hasSize(4);
        assertThat(messages.get(2).path("role").asText()).isEqualTo("assistant");
        assertThat(messages.get(2).path("content").asText()).isEqualTo(invalid);
        assertThat(messages.get(3).path("role").asText()).isEqualTo("user");
        assertThat(messages.get(3).path("content").asText())
                .contains("\"Very clear\", which is not one of the options")
                .contains("\"Clear\", \"Somewhat clear\", \"Unclear\"");
        assertThat(server.requests()
                        .get(1)
                        .json()
                        .path("response_format")
                        .path("type")
                        .asText())
                .as("the repair keeps the structured output")
                .isEqualTo("json_schema");
    }

    @Test
    void thePairwiseJudgeComparesOverTheWireInBothOrders() {
        List<String> answers = List.of(
                "To reset it, find the button and hold it for a while, ten seconds.", "Hold reset for ten seconds.");
        // The shorter answer wins in whichever position it is shown.
        server.respondWith(request -> {
            int winner = PromptData.after(request.lastUserMessage(), "## Response 1\n\n")
                            .startsWith("Hold reset")
                    ? 1
                    : 2;
            return Reply.content("{\"comparisons\": [{\"first\": 1, \"second\": 2, \"explanation\": \"shorter\","
                    + " \"winner\": " + winner + "}]}");
        });
        JudgeSettings settings = settings(0.0);

        PairwiseResult result;
        try (PairwiseJudge judge = PairwiseJudge.builder()
                .chatModel(model(settings))
                .settings(settings)
                .checkPositionalBias(true)
                .build()) {
            result = judge.compare(
                    answers,
                    CriteriaCatalog.ANSWER_RELEVANCE.withName("brevity"),
                    Instance.of("question", "How do I reset the router?"));
        }

        assertThat(result.ranking()).containsExactly(1, 0);
        assertThat(result.prefers(1, 0)).isTrue();
        assertThat(result.positionalBiasDetected()).isFalse();
        assertThat(server.requests()).hasSize(2).allSatisfy(request -> {
            JsonNode format = request.json().path("response_format");
            assertThat(format.path("json_schema").path("name").asText()).isEqualTo("pairwise_judgement");
            JsonNode comparisons =
                    format.path("json_schema").path("schema").path("properties").path("comparisons");
            assertThat(comparisons.path("type").asText()).isEqualTo("array");
            assertThat(comparisons
                            .path("items")
                            .path("properties")
                            .path("winner")
                            .path("type")
                            .asText())
                    .isEqualTo("integer");
            assertThat(PromptData.after(request.lastUserMessage(), "### question\n\n"))
                    .isEqualTo("How do I reset the router?");
        });
        assertThat(server.requests())
                .extracting(r -> PromptData.after(r.lastUserMessage(), "## Response 1\n\n")
                        .startsWith("Hold reset"))
                .containsExactlyInAnyOrder(true, false);
    }

    @Test
    void selfConsistencySamplesAreRecordedAndReplayedInOrderWithNoCall() throws IOException {
        AtomicInteger served = new AtomicInteger();
        List<String> scripted =
                List.of(reply("Clear", "sample one"), reply("Unclear", "sample two"), reply("Clear", "sample three"));
        server.respondWith(request -> Reply.content(scripted.get(served.getAndIncrement() % 3)));
        JudgeSettings settings = settings(0.7);
        ChatModel live = model(settings);
        Path file = dir.resolve("dev.llmassert.core.criteria.CriteriaJudgesIntegrationTest.json");

        Judged recorded = judgeThrough(live, file, RecordingMode.RECORD_MISSING, settings);
        int callsWhileRecording = server.requestCount();
        server.close();
        Judged replayed = judgeThrough(live, file, RecordingMode.REPLAY, settings);

        assertThat(callsWhileRecording).isEqualTo(3);
        assertThat(server.requestCount()).as("no request during replay").isEqualTo(3);
        assertThat(server.requests())
                .allSatisfy(
                        r -> assertThat(r.json().path("temperature").asDouble()).isEqualTo(0.7));
        assertThat(recorded.replies()).containsExactlyElementsOf(scripted);
        assertThat(replayed.replies()).as("the same replies, in the same order").containsExactlyElementsOf(scripted);
        for (Judged judged : List.of(recorded, replayed)) {
            assertThat(judged.result().option()).isEqualTo("Clear");
            assertThat(judged.result().samples()).isEqualTo(3);
            assertThat(judged.result().agreement()).isCloseTo(2.0 / 3, within(1e-12));
            assertThat(judged.result().score()).isCloseTo(2.0 / 3, within(1e-12));
            assertThat(judged.result().explanation()).isEqualTo("sample one");
        }
        assertThat(recorded.result().metadata().replayed()).isFalse();
        assertThat(replayed.result().metadata().replayed()).isTrue();
        JsonNode entries = JSON.readTree(file.toFile()).path("entries");
        assertThat(entries).hasSize(1);
        assertThat(entries.get(0).path("responses")).hasSize(3);
    }

    private record Judged(DirectResult result, List<String> replies) {}

    private static Judged judgeThrough(ChatModel live, Path file, RecordingMode mode, JudgeSettings settings) {
        try (RecordingStore store = RecordingStore.create();
                RecordingSession session = store.file(file).openSession(mode, "selfConsistency")) {
            Capturing model = new Capturing(session.wrap(live));
            try (DirectJudge judge = DirectJudge.builder()
                    .chatModel(model)
                    .settings(settings)
                    .selfConsistency(3)
                    .build()) {
                return new Judged(judge.evaluate(ANSWER, CLARITY), List.copyOf(model.replies));
            }
        }
    }

    /** Passes calls through and keeps the text of every reply, in order. */
    private static final class Capturing implements ChatModel {
        private final ChatModel delegate;
        private final List<String> replies = new CopyOnWriteArrayList<>();

        Capturing(ChatModel delegate) {
            this.delegate = delegate;
        }

        @Override
        public ChatResponse chat(ChatRequest request) {
            ChatResponse response = delegate.chat(request);
            replies.add(response.aiMessage().text());
            return response;
        }

        @Override
        public ChatRequestParameters defaultRequestParameters() {
            return delegate.defaultRequestParameters();
        }

        @Override
        public Set<Capability> supportedCapabilities() {
            return delegate.supportedCapabilities();
        }

        @Override
        public ModelProvider provider() {
            return delegate.provider();
        }
    }
}
