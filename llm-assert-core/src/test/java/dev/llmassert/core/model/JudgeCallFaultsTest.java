package dev.llmassert.core.model;

import dev.langchain4j.data.message.UserMessage;
import dev.langchain4j.exception.AuthenticationException;
import dev.langchain4j.exception.HttpException;
import dev.langchain4j.exception.InternalServerException;
import dev.langchain4j.exception.InvalidRequestException;
import dev.langchain4j.exception.ModelNotFoundException;
import dev.langchain4j.exception.RateLimitException;
import dev.langchain4j.model.chat.ChatModel;
import dev.langchain4j.model.chat.request.ChatRequest;
import dev.llmassert.core.model.internal.JudgeChat;
import dev.llmassert.core.model.internal.JudgeHttpClient;
import dev.llmassert.core.model.internal.JudgeReply;
import dev.llmassert.core.model.internal.Redactor;
import dev.llmassert.core.model.internal.ReplyParser;
import dev.llmassert.core.testing.LoopbackChatServer;
import dev.llmassert.core.testing.LoopbackChatServer.Reply;
import dev.llmassert.core.testing.SimulatedClock;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

import java.io.ByteArrayOutputStream;
import java.io.EOFException;
import java.io.IOException;
import java.io.PrintStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Function;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;

/**
 * Faults of a judge endpoint, through langchain4j's real OpenAI client (and its Ollama client for the waits an
 * endpoint asks for), built by {@link JudgeModels} with their own retries off, against the loopback server: what the
 * client throws for each, which are retried, how long the judge waits (on a simulated clock), and what the final
 * failure says. No test here sleeps for a retry.
 */
class JudgeCallFaultsTest {

    /** Not shaped like any known key, so only the configured variable's value can mask it. */
    private static final String KEY = "7f3a9c0d5e1b8a2f4c6d9e0a1b2c3d4e";

    private static final String KEY_VARIABLE = "FAULTS_TEST_JUDGE_KEY";
    private static final Function<String, String> ENVIRONMENT = Map.of(KEY_VARIABLE, KEY)::get;
    private static final ChatRequest REQUEST =
            ChatRequest.builder().messages(UserMessage.from("Is it so?")).build();
    private static final ReplyParser<String> ANY = reply -> reply;

    private final LoopbackChatServer server = LoopbackChatServer.start();
    private final SimulatedClock clock = new SimulatedClock();

    @AfterEach
    void stopServer() {
        server.close();
    }

    private JudgeSettings settings(int maxRetries) {
        return JudgeSettings.builder()
                .provider(JudgeProvider.OPENAI)
                .baseUrl(server.baseUrl())
                .model("judge-model")
                .apiKeyEnv(KEY_VARIABLE)
                .timeout(Duration.ofSeconds(10))
                .maxRetries(maxRetries)
                .build();
    }

    private ChatModel client() {
        return JudgeModels.chatModel(settings(0), ENVIRONMENT);
    }

    private JudgeChat chat(int maxRetries) {
        JudgeSettings settings = settings(maxRetries);
        return JudgeChat.builder()
                .chatModel(JudgeModels.chatModel(settings, ENVIRONMENT))
                .judgeName(settings.judgeName())
                .maxRetries(maxRetries)
                .sleeper(clock)
                .redactor(Redactor.forVariables(ENVIRONMENT, KEY_VARIABLE))
                .build();
    }

    private static String error(int status) {
        return "{\"error\": {\"message\": \"status " + status + "\"}}";
    }

    @Test
    void whatTheClientThrowsForEachFault() {
        server.enqueue(
                Reply.dropConnection(),
                Reply.status(500, error(500)),
                Reply.status(429, error(429)),
                Reply.status(401, error(401)),
                Reply.status(400, error(400)),
                Reply.status(404, error(404)));
        ChatModel client = client();

        List<Throwable> thrown = new ArrayList<>();
        for (int i = 0; i < 6; i++) {
            thrown.add(catchThrowable(() -> client.chat(REQUEST)));
        }

        // The server closed the connection with no reply: not mapped by langchain4j, a RuntimeException over the
        // JDK client's IOException ("HTTP/1.1 header parser received no bytes"), over an EOFException.
        assertThat(thrown.get(0))
                .isExactlyInstanceOf(RuntimeException.class)
                .hasCauseInstanceOf(IOException.class)
                .hasRootCauseInstanceOf(EOFException.class)
                .hasRootCauseMessage("EOF reached while reading");
        assertThat(thrown.get(1))
                .isInstanceOf(InternalServerException.class)
                .hasCauseInstanceOf(JudgeHttpClient.StatusException.class);
        assertThat(thrown.get(2)).isInstanceOf(RateLimitException.class);
        assertThat(thrown.get(3)).isInstanceOf(AuthenticationException.class);
        assertThat(thrown.get(4)).isInstanceOf(InvalidRequestException.class);
        assertThat(thrown.get(5)).isInstanceOf(ModelNotFoundException.class);
        assertThat(thrown.subList(1, 6))
                .allSatisfy(t -> assertThat(t.getCause()).isInstanceOf(HttpException.class));
        assertThat(server.requestCount()).as("the client's own retries are off").isEqualTo(6);
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"drop", "429", "500", "502", "503", "504"})
    void aTransientFaultIsRetriedAndTheRetryCounted(String fault) {
        Reply first = fault.equals("drop")
                ? Reply.dropConnection()
                : Reply.status(Integer.parseInt(fault), error(Integer.parseInt(fault)));
        server.enqueue(first, Reply.content("yes"));

        JudgeReply<String> reply = chat(3).ask("the question", REQUEST, ANY);

        assertThat(reply.value()).isEqualTo("yes");
        assertThat(reply.retries()).isEqualTo(1);
        assertThat(server.requestCount()).isEqualTo(2);
        assertThat(clock.sleeps())
                .as("one backoff wait, 0.25 to 0.75 s, simulated")
                .singleElement()
                .satisfies(wait -> assertThat(wait).isBetween(Duration.ofMillis(250), Duration.ofMillis(750)));
    }

    @Test
    void aRetryAfterOfOneSecondIsWaitedBeforeEachRetry() {
        Reply tooMany = Reply.status(429, error(429)).withHeader("Retry-After", "1");
        server.enqueue(tooMany, tooMany, Reply.content("yes"));

        JudgeReply<String> reply = chat(3).ask("the question", REQUEST, ANY);

        assertThat(reply.value()).isEqualTo("yes");
        assertThat(reply.retries()).isEqualTo(2);
        assertThat(clock.sleeps()).containsExactly(Duration.ofSeconds(1), Duration.ofSeconds(1));
        assertThat(clock.elapsed()).isEqualTo(Duration.ofSeconds(2));
    }

    @Test
    void ollamasRetryAfterIsWaitedBeforeEachRetryAsOpenAisIs() {
        // Ollama's protocol (POST /api/chat) through langchain4j's real Ollama client, built as the judge builds it
        Reply tooMany = Reply.status(429, "{\"error\": \"server busy\"}").withHeader("Retry-After", "2");
        Reply unavailable = Reply.status(503, "{\"error\": \"loading model\"}").withHeader("Retry-After", "1");
        server.enqueue(tooMany, unavailable, Reply.content("yes"));
        JudgeSettings ollama = JudgeSettings.builder()
                .provider(JudgeProvider.OLLAMA)
                .baseUrl(server.ollamaBaseUrl())
                .model("llama3.1")
                .timeout(Duration.ofSeconds(10))
                .maxRetries(3)
                .build();
        JudgeChat chat = JudgeChat.builder()
                .chatModel(JudgeModels.chatModel(ollama, ENVIRONMENT))
                .judgeName(ollama.judgeName())
                .maxRetries(3)
                .sleeper(clock)
                .build();

        JudgeReply<String> reply = chat.ask("the question", REQUEST, ANY);

        assertThat(reply.value()).isEqualTo("yes");
        assertThat(reply.retries()).isEqualTo(2);
        assertThat(server.requests())
                .extracting(LoopbackChatServer.ReceivedRequest::path)
                .containsOnly("/api/chat")
                .hasSize(3);
        assertThat(clock.sleeps())
                .as("the server's waits, not the backoff's")
                .containsExactly(Duration.ofSeconds(2), Duration.ofSeconds(1));
    }

    @Test
    void anOllamaRetryAfterLongerThanAMinuteFailsAtOnceSayingSo() {
        server.enqueue(Reply.status(429, "{\"error\": \"server busy\"}").withHeader("Retry-After", "120"));
        JudgeSettings ollama = JudgeSettings.builder()
                .provider(JudgeProvider.OLLAMA)
                .baseUrl(server.ollamaBaseUrl())
                .model("llama3.1")
                .timeout(Duration.ofSeconds(10))
                .maxRetries(3)
                .build();
        JudgeChat chat = JudgeChat.builder()
                .chatModel(JudgeModels.chatModel(ollama, ENVIRONMENT))
                .judgeName(ollama.judgeName())
                .maxRetries(3)
                .sleeper(clock)
                .build();

        Throwable thrown = catchThrowable(() -> chat.ask("the question", REQUEST, ANY));

        assertThat(thrown)
                .isInstanceOf(JudgeCallException.class)
                .hasMessageContaining("ollama:llama3.1")
                .hasMessageContaining("asked to wait 120 s");
        assertThat(server.requestCount()).isEqualTo(1);
        assertThat(clock.sleeps()).isEmpty();
    }

    @Test
    void openAisResetHeaderIsWaitedForWhenItsLimitIsSpent() {
        server.enqueue(
                Reply.status(429, error(429))
                        .withHeader("x-ratelimit-remaining-tokens", "0")
                        .withHeader("x-ratelimit-reset-tokens", "6.5s"),
                Reply.content("yes"));

        assertThat(chat(3).ask("the question", REQUEST, ANY).value()).isEqualTo("yes");

        assertThat(clock.sleeps()).containsExactly(Duration.ofMillis(6500));
    }

    @ParameterizedTest(name = "HTTP {0}")
    @CsvSource(
            delimiter = '|',
            value = {
                "400|the endpoint rejected the request (HTTP 400)|structuredOutput(false)",
                "401|the endpoint rejected the credentials (HTTP 401)|environment variable named by "
                        + "llmassert.judge.api-key-env",
                "403|the endpoint rejected the credentials (HTTP 403)|environment variable named by "
                        + "llmassert.judge.api-key-env",
                "404|the endpoint does not know the model or the path (HTTP 404)|check llmassert.judge.model"
            })
    void aFaultARetryCannotFixFailsAtOnceSayingWhyAndTheFix(int status, String why, String fix) {
        server.respondWith(request -> Reply.status(status, error(status)));

        Throwable thrown = catchThrowable(() -> chat(3).ask("the question", REQUEST, ANY));

        assertThat(server.requestCount()).as("requests that reached the server").isEqualTo(1);
        assertThat(clock.sleeps()).isEmpty();
        assertThat(thrown).isInstanceOfSatisfying(JudgeCallException.class, e -> {
            assertThat(e.isTransient()).isFalse();
            assertThat(e.attempts()).isEqualTo(1);
            assertThat(e.getMessage())
                    .contains(
                            "The judge openai:judge-model (OpenAI-compatible endpoint) failed "
                                    + "while judging the question",
                            why,
                            "1 try: HTTP " + status,
                            "Provider said: ",
                            "status " + status,
                            "Fix: ",
                            fix,
                            "Not retried");
        });
    }

    @Test
    void aRefusedConnectionIsRetriedThenFailsNamingEveryTryAndTheFix() {
        String deadUrl = server.baseUrl();
        server.close();
        JudgeSettings dead = settings(2).toBuilder().baseUrl(deadUrl).build();
        JudgeChat chat = JudgeChat.builder()
                .chatModel(JudgeModels.chatModel(dead, ENVIRONMENT))
                .judgeName(dead.judgeName())
                .maxRetries(2)
                .sleeper(clock)
                .build();

        Throwable thrown = catchThrowable(() -> chat.ask("the question", REQUEST, ANY));

        assertThat(thrown).isInstanceOfSatisfying(JudgeCallException.class, e -> {
            assertThat(e.attempts()).isEqualTo(3);
            assertThat(e.getMessage())
                    .contains(
                            "could not connect to the endpoint (connection refused)",
                            "3 tries: connection refused, connection refused, connection refused",
                            "Fix: start the server, or correct llmassert.judge.base-url");
        });
        assertThat(clock.sleeps()).hasSize(2);
    }

    @Test
    void aKeyEchoedByTheEndpointIsInNoMessageCauseOrLogLine() {
        // A misconfigured proxy that echoes the request's headers and the key in its error bodies.
        server.respondWith(request -> {
            String echo = "{\"error\": {\"message\": \"Incorrect API key provided: " + KEY + "\", \"request\": "
                    + "{\"Authorization\": \"" + request.header("Authorization") + "\"}}}";
            return server.requestCount() == 1 ? Reply.status(500, echo) : Reply.status(401, echo);
        });
        ByteArrayOutputStream log = new ByteArrayOutputStream();
        PrintStream stderr = System.err;
        Throwable thrown;
        System.setErr(new PrintStream(log, true, StandardCharsets.UTF_8));
        try {
            thrown = catchThrowable(() -> chat(3).ask("the question", REQUEST, ANY));
        } finally {
            System.setErr(stderr);
        }

        assertThat(server.requests())
                .as("the key did reach the endpoint")
                .allSatisfy(r -> assertThat(r.header("Authorization")).isEqualTo("Bearer " + KEY));
        String logged = log.toString(StandardCharsets.UTF_8);
        assertThat(logged)
                .as("the retry was logged (slf4j-simple writes to System.err)")
                .contains("got HTTP 500", "Incorrect API key provided: ***", "Bearer ***")
                .doesNotContain(KEY);
        assertThat(thrown)
                .isInstanceOf(JudgeCallException.class)
                .hasMessageContaining("2 tries: HTTP 500, HTTP 401")
                .hasMessageContaining("Incorrect API key provided: ***");
        StringWriter trace = new StringWriter();
        thrown.printStackTrace(new PrintWriter(trace));
        assertThat(trace.toString())
                .as("the whole stack trace, every cause included")
                .contains("Caused by: dev.langchain4j.exception.AuthenticationException (credentials masked")
                .doesNotContain(KEY);
        for (Throwable t = thrown; t != null; t = t.getCause()) {
            assertThat(String.valueOf(t.getMessage())).doesNotContain(KEY);
            assertThat(t.toString()).doesNotContain(KEY);
        }
    }
}
