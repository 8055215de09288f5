package dev.llmassert.core.groundedness;

import com.fasterxml.jackson.databind.JsonNode;
import dev.langchain4j.model.chat.Capability;
import dev.langchain4j.model.chat.ChatModel;
import dev.langchain4j.model.ollama.OllamaChatModel;
import dev.langchain4j.model.openai.OpenAiChatModel;
import dev.llmassert.core.model.JudgeCallException;
import dev.llmassert.core.model.JudgeModels;
import dev.llmassert.core.model.JudgeProvider;
import dev.llmassert.core.model.JudgeSettings;
import dev.llmassert.core.record.RecordingMode;
import dev.llmassert.core.record.RecordingSession;
import dev.llmassert.core.record.RecordingStore;
import dev.llmassert.core.record.Recordings;
import dev.llmassert.core.testing.LoopbackChatServer;
import dev.llmassert.core.testing.LoopbackChatServer.ReceivedRequest;
import dev.llmassert.core.testing.LoopbackChatServer.Reply;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Function;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.catchThrowable;

/**
 * The judge through langchain4j's real OpenAI and Ollama clients, built by {@link JudgeModels}, against a loopback
 * server speaking their protocols: the wire format of structured output, the text fallback, retries, timeouts and
 * refusals.
 */
class LlmGroundednessJudgeIntegrationTest {

    private static final String FAKE_KEY = "sk-FAKE.loopback.key.7f3a9c";
    private static final Function<String, String> ENVIRONMENT = Map.of("LOOPBACK_JUDGE_KEY", FAKE_KEY)::get;
    private static final String MANUAL = "The X200 router has four Ethernet ports. The warranty lasts two years.";
    private static final String JSON_REPLY =
            "{\"evidence\": \"The X200 router has four Ethernet ports.\", " + "\"score\": 9}";

    @TempDir
    Path dir;

    private LoopbackChatServer server;

    @BeforeEach
    void startServer() {
        server = LoopbackChatServer.start();
    }

    @AfterEach
    void stopServer() {
        server.close();
    }

    private JudgeSettings.Builder openAi() {
        return JudgeSettings.builder()
                .provider(JudgeProvider.OPENAI)
                .baseUrl(server.baseUrl())
                .model("judge-model")
                .apiKeyEnv("LOOPBACK_JUDGE_KEY")
                .timeout(Duration.ofSeconds(10))
                .maxRetries(3);
    }

    private static LlmGroundednessJudge judge(JudgeSettings settings) {
        return LlmGroundednessJudge.builder()
                .chatModel(JudgeModels.chatModel(settings, ENVIRONMENT))
                .settings(settings)
                .retryBackoff(Duration.ofMillis(5))
                .build();
    }

    @Test
    void structuredOutputTravelsAsAStrictJsonSchemaAndTheReplyIsUsed() {
        server.respondWith(request -> Reply.content(JSON_REPLY).withUsage(100, 20));

        GroundednessVerdict verdict;
        try (LlmGroundednessJudge judge = judge(openAi().build())) {
            verdict = judge.judge("The router has four ports. It has two years of warranty.", MANUAL);
        }

        assertThat(verdict.score()).isEqualTo(0.9);
        assertThat(verdict.judge()).isEqualTo("openai:judge-model");
        assertThat(verdict.sentences())
                .allSatisfy(s -> assertThat(s.evidence()).isEqualTo("The X200 router has four Ethernet ports."));
        assertThat(verdict.tokenUsage().inputTokenCount()).isEqualTo(200);
        assertThat(verdict.tokenUsage().outputTokenCount()).isEqualTo(40);
        assertThat(verdict.replayed()).isFalse();
        assertThat(server.requests()).hasSize(2).allSatisfy(request -> {
            assertThat(request.path()).isEqualTo("/v1/chat/completions");
            assertThat(request.header("Authorization")).isEqualTo("Bearer " + FAKE_KEY);
            JsonNode format = request.json().path("response_format");
            assertThat(format.path("type").asText()).isEqualTo("json_schema");
            assertThat(format.path("json_schema").path("strict").asBoolean()).isTrue();
            JsonNode schema = format.path("json_schema").path("schema");
            assertThat(schema.path("properties").path("score").path("type").asText())
                    .isEqualTo("integer");
            assertThat(schema.path("properties").path("evidence").path("type").asText())
                    .isEqualTo("string");
            assertThat(schema.path("additionalProperties").asBoolean(true)).isFalse();
            assertThat(request.json().path("model").asText()).isEqualTo("judge-model");
            assertThat(request.json().path("temperature").asDouble(-1)).isEqualTo(0.0);
            assertThat(request.lastUserMessage()).contains("SOURCE:", MANUAL, "STATEMENT:");
        });
    }

    @Test
    void aModelWithoutStructuredOutputGetsTheTextTemplateAndItsReplyParses() {
        server.respondWith(request ->
                Reply.content("Supporting Evidence: \"The X200 router has four Ethernet ports.\"\n**Score:** 8/10"));
        ChatModel plain = OpenAiChatModel.builder()
                .baseUrl(server.baseUrl())
                .apiKey(FAKE_KEY)
                .modelName("plain-model")
                .maxRetries(0)
                .build();

        GroundednessVerdict verdict;
        try (LlmGroundednessJudge judge =
                LlmGroundednessJudge.builder().chatModel(plain).build()) {
            assertThat(judge.usesStructuredOutput()).isFalse();
            verdict = judge.judge("The router has four ports.", MANUAL);
        }

        assertThat(verdict.score()).isEqualTo(0.8);
        assertThat(verdict.judge()).isEqualTo("openai:plain-model");
        assertThat(verdict.sentences().get(0).evidence()).isEqualTo("\"The X200 router has four Ethernet ports.\"");
        ReceivedRequest request = server.requests().get(0);
        assertThat(request.json().has("response_format")).isFalse();
        assertThat(request.json().path("messages").get(0).path("content").asText())
                .contains("Supporting Evidence:", "Score:");
    }

    @Test
    void garbageFromTheServerIsRepairedOverTheWire() {
        server.enqueue(
                Reply.content("I am not sure."),
                Reply.content("{\"evidence\": \"x\", \"score\": 11}"),
                Reply.content(JSON_REPLY));

        try (LlmGroundednessJudge judge = judge(openAi().build())) {
            assertThat(judge.judge("The router has four ports.", MANUAL).score())
                    .isEqualTo(0.9);
        }

        JsonNode lastMessages = server.requests().get(2).json().path("messages");
        assertThat(lastMessages).hasSize(6);
        assertThat(lastMessages.get(4).path("content").asText()).isEqualTo("{\"evidence\": \"x\", \"score\": 11}");
        assertThat(lastMessages.get(5).path("content").asText())
                .contains("the field \"score\" must be a whole number from 0 to 10, but is 11");
    }

    @Test
    void rateLimitsAndServerErrorsAreRetriedThenTheReplyIsUsed() {
        server.enqueue(
                Reply.status(429, "{\"error\":{\"message\":\"Rate limit reached\"}}"),
                Reply.status(500, "{\"error\":{\"message\":\"The server had an error\"}}"),
                Reply.status(503, "{\"error\":{\"message\":\"Overloaded\"}}"),
                Reply.content(JSON_REPLY));

        try (LlmGroundednessJudge judge = judge(openAi().build())) {
            assertThat(judge.judge("The router has four ports.", MANUAL).score())
                    .isEqualTo(0.9);
        }
        assertThat(server.requestCount()).isEqualTo(4);
    }

    @Test
    void rateLimitsBeyondMaxRetriesFailNamingTheJudgeEndpointAndFix() {
        server.respondWith(request -> Reply.status(429, "{\"error\":{\"message\":\"Rate limit reached\"}}"));

        try (LlmGroundednessJudge judge = judge(openAi().maxRetries(2).build())) {
            assertThatThrownBy(() -> judge.judge("The router has four ports.", MANUAL))
                    .isInstanceOfSatisfying(JudgeCallException.class, e -> {
                        assertThat(e.isTransient()).isTrue();
                        assertThat(e.attempts()).isEqualTo(3);
                        assertThat(e.getMessage())
                                .contains(
                                        "openai:judge-model",
                                        "OpenAI-compatible endpoint",
                                        "HTTP 429",
                                        "Rate limit reached",
                                        "llmassert.judge.concurrency",
                                        "Fix:");
                    });
        }
        assertThat(server.requestCount()).isEqualTo(3);
    }

    @Test
    void aSlowCallTimesOutAndIsRetried() {
        server.enqueue(Reply.content(JSON_REPLY).after(Duration.ofMillis(1_500)), Reply.content(JSON_REPLY));

        try (LlmGroundednessJudge judge =
                judge(openAi().timeout(Duration.ofMillis(200)).build())) {
            assertThat(judge.judge("The router has four ports.", MANUAL).score())
                    .isEqualTo(0.9);
        }
        assertThat(server.requestCount()).isEqualTo(2);
    }

    @Test
    void callsThatKeepTimingOutFailWithTheTimeoutFix() {
        server.respondWith(request -> Reply.content(JSON_REPLY).after(Duration.ofMillis(1_500)));

        try (LlmGroundednessJudge judge =
                judge(openAi().timeout(Duration.ofMillis(200)).maxRetries(1).build())) {
            assertThatThrownBy(() -> judge.judge("The router has four ports.", MANUAL))
                    .isInstanceOfSatisfying(JudgeCallException.class, e -> {
                        assertThat(e.isTransient()).isTrue();
                        assertThat(e.attempts()).isEqualTo(2);
                        assertThat(e.getMessage()).contains("timed out", "llmassert.judge.timeout", "Fix:");
                    });
        }
        assertThat(server.requestCount()).isEqualTo(2);
    }

    @Test
    void aRejectedKeyFailsAtOnceWithoutRetrying() {
        server.respondWith(request -> Reply.status(401, "{\"error\":{\"message\":\"Incorrect API key provided\"}}"));

        try (LlmGroundednessJudge judge = judge(openAi().build())) {
            assertThatThrownBy(() -> judge.judge("The router has four ports.", MANUAL))
                    .isInstanceOfSatisfying(JudgeCallException.class, e -> {
                        assertThat(e.isTransient()).isFalse();
                        assertThat(e.attempts()).isEqualTo(1);
                        assertThat(e.getMessage())
                                .contains("rejected the credentials", "HTTP 401", "llmassert.judge.api-key-env");
                    });
        }
        assertThat(server.requestCount()).isEqualTo(1);
    }

    @Test
    void aBadRequestFailsAtOnce() {
        server.respondWith(request ->
                Reply.status(400, "{\"error\":{\"message\":\"response_format json_schema is not supported\"}}"));

        try (LlmGroundednessJudge judge = judge(openAi().build())) {
            assertThatThrownBy(() -> judge.judge("The router has four ports.", MANUAL))
                    .isInstanceOf(JudgeCallException.class)
                    .hasMessageContaining("HTTP 400")
                    .hasMessageContaining("json_schema is not supported")
                    .hasMessageContaining("structuredOutput(false)");
        }
        assertThat(server.requestCount()).isEqualTo(1);
    }

    @Test
    void aLocalServerWithoutAKeyGetsAPlaceholder() {
        server.respondWith(request -> Reply.content(JSON_REPLY));
        JudgeSettings settings = openAi().apiKeyEnv("UNSET_JUDGE_KEY").build();

        try (LlmGroundednessJudge judge = judge(settings)) {
            assertThat(judge.judge("The router has four ports.", MANUAL).score())
                    .isEqualTo(0.9);
        }
        assertThat(server.requests().get(0).header("Authorization")).isEqualTo("Bearer no-key");
    }

    @Test
    void theKeyAppearsInNoMessageOnAnyErrorPath() {
        List<Throwable> errors = new ArrayList<>();
        errors.add(failureWith(openAi().build(), Reply.status(401, "{\"error\":{\"message\":\"bad key\"}}")));
        errors.add(failureWith(openAi().build(), Reply.status(400, "{\"error\":{\"message\":\"bad request\"}}")));
        errors.add(failureWith(openAi().build(), Reply.status(404, "{\"error\":{\"message\":\"no such model\"}}")));
        errors.add(failureWith(openAi().maxRetries(1).build(), Reply.status(429, "{}")));
        errors.add(failureWith(openAi().maxRetries(1).build(), Reply.status(500, "{}")));
        errors.add(failureWith(
                openAi().maxRetries(0).timeout(Duration.ofMillis(100)).build(),
                Reply.content(JSON_REPLY).after(Duration.ofMillis(1_000))));
        errors.add(failureWith(openAi().build(), Reply.content("garbage")));
        String closedPort;
        try (LoopbackChatServer gone = LoopbackChatServer.start()) {
            closedPort = gone.baseUrl();
        }
        errors.add(catchThrowable(() -> {
            try (LlmGroundednessJudge judge =
                    judge(openAi().baseUrl(closedPort).maxRetries(0).build())) {
                judge.judge("The router has four ports.", MANUAL);
            }
        }));
        errors.add(catchThrowable(() -> JudgeModels.chatModel(
                JudgeSettings.builder()
                        .provider(JudgeProvider.OPENAI)
                        .apiKeyEnv(FAKE_KEY)
                        .build(),
                ENVIRONMENT)));

        assertThat(errors).hasSize(9).doesNotContainNull();
        assertThat(errors)
                .extracting(e -> e.getClass().getSimpleName())
                .containsExactly(
                        "JudgeCallException",
                        "JudgeCallException",
                        "JudgeCallException",
                        "JudgeCallException",
                        "JudgeCallException",
                        "JudgeCallException",
                        "JudgeReplyException",
                        "JudgeCallException",
                        "IllegalArgumentException");
        assertThat(errors.get(7)).hasMessageContaining("could not connect").hasMessageContaining("base-url");
        for (Throwable error : errors) {
            for (Throwable t = error; t != null; t = t.getCause()) {
                assertThat(String.valueOf(t.getMessage())).doesNotContain(FAKE_KEY, "FAKE.");
                assertThat(t.toString()).doesNotContain(FAKE_KEY);
            }
        }
    }

    private Throwable failureWith(JudgeSettings settings, Reply reply) {
        server.respondWith(request -> reply);
        return catchThrowable(() -> {
            try (LlmGroundednessJudge judge = judge(settings)) {
                judge.judge("The router has four ports.", MANUAL);
            }
        });
    }

    @Test
    void theOllamaClientAsksForTheSchemaAndTheReplyIsUsed() {
        server.enqueue(Reply.status(500, "{\"error\":\"model is loading\"}"));
        server.respondWith(request -> Reply.content(JSON_REPLY).withUsage(50, 10));
        JudgeSettings settings = JudgeSettings.builder()
                .provider(JudgeProvider.OLLAMA)
                .baseUrl(server.ollamaBaseUrl())
                .model("llama3.1")
                .timeout(Duration.ofSeconds(10))
                .build();

        GroundednessVerdict verdict;
        try (LlmGroundednessJudge judge = judge(settings)) {
            verdict = judge.judge("The router has four ports.", MANUAL);
        }

        assertThat(verdict.score()).isEqualTo(0.9);
        assertThat(verdict.judge()).isEqualTo("ollama:llama3.1");
        assertThat(verdict.tokenUsage().inputTokenCount()).isEqualTo(50);
        assertThat(server.requestCount()).isEqualTo(2);
        ReceivedRequest request = server.requests().get(1);
        assertThat(request.path()).isEqualTo("/api/chat");
        assertThat(request.json()
                        .path("format")
                        .path("properties")
                        .path("score")
                        .path("type")
                        .asText())
                .isEqualTo("integer");
        assertThat(request.json().path("options").path("temperature").asDouble(-1))
                .isEqualTo(0.0);
    }

    /**
     * The judge model for Ollama sends only requests for log-probabilities to the OpenAI-compatible endpoint; every
     * other request keeps the key it had with langchain4j's Ollama client alone, so recordings made with it replay.
     */
    @Test
    void recordingsMadeWithTheOllamaClientAloneReplayThroughTheJudgeModelForOllama() throws IOException {
        server.respondWith(request -> Reply.content(JSON_REPLY));
        JudgeSettings settings = JudgeSettings.builder()
                .provider(JudgeProvider.OLLAMA)
                .baseUrl(server.ollamaBaseUrl())
                .model("llama3.1")
                .timeout(Duration.ofSeconds(10))
                .build();
        ChatModel ollamaClientAlone = OllamaChatModel.builder()
                .baseUrl(server.ollamaBaseUrl())
                .modelName("llama3.1")
                .temperature(0.0)
                .maxRetries(0)
                .supportedCapabilities(Capability.RESPONSE_FORMAT_JSON_SCHEMA)
                .build();
        Path file = Recordings.fileFor(dir, "com.example.OllamaJudgedTest");

        try (RecordingStore store = RecordingStore.create();
                RecordingSession session = store.file(file).openSession(RecordingMode.RECORD_MISSING, "record");
                LlmGroundednessJudge judge = LlmGroundednessJudge.builder()
                        .chatModel(session.wrap(ollamaClientAlone))
                        .settings(settings)
                        .build()) {
            judge.judge("The router has four ports.", MANUAL);
        }
        server.close();

        GroundednessVerdict replayed;
        try (RecordingStore store = RecordingStore.create();
                RecordingSession session = store.file(file).openSession(RecordingMode.REPLAY, "replay");
                LlmGroundednessJudge judge = LlmGroundednessJudge.builder()
                        .chatModel(session.wrap(JudgeModels.chatModel(settings, ENVIRONMENT)))
                        .settings(settings)
                        .build()) {
            replayed = judge.judge("The router has four ports.", MANUAL);
        }

        assertThat(replayed.replayed()).isTrue();
        assertThat(replayed.score()).isEqualTo(0.9);
        assertThat(Files.readString(file)).doesNotContain("logprobs");
    }
}
