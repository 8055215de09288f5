package dev.llmassert.junit;

import dev.llmassert.core.config.ConfigKeys;
import dev.llmassert.core.groundedness.GroundednessVerdict;
import dev.llmassert.core.model.JudgeCallException;
import dev.llmassert.core.record.RecordingMode;
import dev.llmassert.core.testing.LoopbackChatServer;
import dev.llmassert.core.testing.LoopbackChatServer.ReceivedRequest;
import dev.llmassert.core.testing.LoopbackChatServer.Reply;
import dev.llmassert.core.testing.PromptData;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.platform.testkit.engine.EngineExecutionResults;
import org.junit.platform.testkit.engine.EngineTestKit;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.IntStream;

import static dev.llmassert.junit.LlmAssertions.assertThat;
import static dev.llmassert.junit.testing.Runs.failureOf;
import static dev.llmassert.junit.testing.Runs.reportEntries;
import static org.junit.platform.engine.discovery.DiscoverySelectors.selectClass;

/**
 * A faulty judge endpoint, through the extension and langchain4j's real OpenAI client against the loopback server:
 * connections dropped with no reply and server errors are retried, the retries are reported per check, and a key
 * the endpoint echoes back reaches no message, cause, log line or report entry.
 */
class FaultyEndpointTest {

    static final String MANUAL = "To reset the router, hold the red button for ten seconds. "
            + "The lights blink green when the reset is done.";

    /** Set for the test JVM by this module's Surefire configuration: a key in the real environment. */
    private static final String KEY_VARIABLE = "JUDGE_TEST_API_KEY";

    private final AtomicInteger served = new AtomicInteger();
    private final LoopbackChatServer server = LoopbackChatServer.start();

    @AfterEach
    void stopServer() {
        server.close();
    }

    @Test
    void aHundredParallelChecksAgainstAnEndpointThatDropsAndFailsCallsAllGetTheTrueVerdict() {
        server.respondWith(this::everySeventhDroppedEveryEleventhFailed);

        EngineExecutionResults results = run(
                HundredChecks.class,
                // Calls of parallel checks interleave, so a check's tries land on faulty requests by chance. With 22 %
                // of requests faulty, some check of the hundred gets 4 faulty tries in a row (the default 3 retries)
                // in about 1 run of 4; 11 in a row in fewer than 1 run of 100,000.
                ConfigKeys.JUDGE_MAX_RETRIES,
                "10",
                "junit.jupiter.execution.parallel.enabled",
                "true",
                "junit.jupiter.execution.parallel.mode.default",
                "concurrent",
                "junit.jupiter.execution.parallel.config.strategy",
                "fixed",
                "junit.jupiter.execution.parallel.config.fixed.parallelism",
                "16");

        results.testEvents()
                .assertStatistics(s -> s.started(HundredChecks.CHECKS).succeeded(HundredChecks.CHECKS));
        List<Map<String, String>> checks = reportEntries(results).stream()
                .filter(e -> e.containsKey("llmassert.check"))
                .toList();
        assertThat(checks)
                .hasSize(HundredChecks.CHECKS)
                .allSatisfy(e ->
                        assertThat(e).containsKey("llmassert.retries").containsEntry("llmassert.replayed", "false"));
        int retries = checks.stream()
                .mapToInt(e -> Integer.parseInt(e.get("llmassert.retries")))
                .sum();
        int requests = server.requestCount();
        int faulty = requests / 7 + requests / 11 - requests / 77;
        assertThat(retries)
                .as("retries reported over all checks")
                .isPositive()
                .isEqualTo(requests - HundredChecks.CHECKS)
                .as("one retry for each faulty request")
                .isEqualTo(faulty);
    }

    @Test
    void aKeyTheEndpointEchoesReachesNoMessageCauseLogLineOrReportEntry() {
        String key = System.getenv(KEY_VARIABLE);
        assertThat(key)
                .as(KEY_VARIABLE + " is set by this module's Surefire configuration")
                .startsWith("sk-");
        server.respondWith(request -> {
            String echo = "{\"error\": {\"message\": \"Incorrect API key provided: " + key + ". You sent "
                    + "Authorization: " + request.header("Authorization") + "\"}}";
            return served.incrementAndGet() == 1 ? Reply.status(500, echo) : Reply.status(401, echo);
        });
        ByteArrayOutputStream log = new ByteArrayOutputStream();
        PrintStream stderr = System.err;
        EngineExecutionResults results;
        System.setErr(new PrintStream(log, true, StandardCharsets.UTF_8));
        try {
            results = run(OneCheck.class);
        } finally {
            System.setErr(stderr);
        }

        assertThat(server.requests())
                .hasSize(2)
                .allSatisfy(r -> assertThat(r.header("Authorization")).isEqualTo("Bearer " + key));
        assertThat(log.toString(StandardCharsets.UTF_8))
                .as("slf4j-simple's output, on System.err")
                .contains("got HTTP 500", "Incorrect API key provided: ***")
                .doesNotContain(key);
        Throwable failure = failureOf(results, "grounded");
        assertThat(failure)
                .isInstanceOf(JudgeCallException.class)
                .hasMessageContaining("2 tries: HTTP 500, HTTP 401")
                .hasMessageContaining("the environment variable named by llmassert.judge.api-key-env");
        StringWriter trace = new StringWriter();
        failure.printStackTrace(new PrintWriter(trace));
        assertThat(trace.toString()).contains("Caused by: ").doesNotContain(key);
        for (Throwable t = failure; t != null; t = t.getCause()) {
            assertThat(String.valueOf(t.getMessage())).doesNotContain(key);
        }
        assertThat(reportEntries(results))
                .allSatisfy(e -> assertThat(e.toString()).doesNotContain(key));
    }

    /** Every 7th request gets its connection closed with no reply, every 11th an HTTP 500; the rest a fair judge. */
    private Reply everySeventhDroppedEveryEleventhFailed(ReceivedRequest request) {
        int n = served.incrementAndGet();
        if (n % 7 == 0) {
            return Reply.dropConnection();
        }
        if (n % 11 == 0) {
            return Reply.status(500, "{\"error\": {\"message\": \"The server had an error\"}}");
        }
        return judge(request);
    }

    /** A judge that finds a statement in the source when every word of it is there, quoting it as evidence. */
    private static Reply judge(ReceivedRequest request) {
        String user = request.lastUserMessage();
        String source = PromptData.all(user).get(0).toLowerCase();
        String statement = PromptData.after(user, "STATEMENT:\n");
        List<String> words =
                List.of(statement.toLowerCase().replaceAll("[^a-z0-9 ]", "").split(" +"));
        long found = words.stream().filter(source::contains).count();
        int score = (int) Math.round(10.0 * found / words.size());
        String evidence = score == 0 ? "NOTHING FOUND" : statement.replace("\"", "'");
        return Reply.content("{\"evidence\": \"" + evidence + "\", \"score\": " + score + "}");
    }

    private EngineExecutionResults run(Class<?> fixture, String... more) {
        Map<String, String> parameters = new HashMap<>(Map.of(
                ConfigKeys.JUDGE_PROVIDER,
                "openai",
                ConfigKeys.JUDGE_MODEL,
                "gpt-4o-mini",
                ConfigKeys.JUDGE_BASE_URL,
                server.baseUrl(),
                ConfigKeys.JUDGE_API_KEY_ENV,
                KEY_VARIABLE,
                JudgeRecordings.MODE_KEY,
                RecordingMode.OFF.id()));
        for (int i = 0; i < more.length; i += 2) {
            parameters.put(more[i], more[i + 1]);
        }
        return EngineTestKit.engine("junit-jupiter")
                .selectors(selectClass(fixture))
                .configurationParameters(parameters)
                .execute();
    }

    @LlmJudge
    static class HundredChecks {

        static final int CHECKS = 100;

        static IntStream numbers() {
            return IntStream.range(0, CHECKS);
        }

        /** Even checks are grounded (score 1), odd ones invented (score 0): each must get its own verdict. */
        @ParameterizedTest
        @MethodSource("numbers")
        void judged(int n) {
            if (n % 2 == 0) {
                assertThat("Answer " + n + " says hold the red button.")
                        .isGroundedIn(MANUAL + " This is answer " + n + ", it says hold the red button.")
                        .withMinScore(1.0);
            } else {
                GroundednessVerdict verdict = assertThat("Routers brew espresso " + n + " times a day.")
                        .isGroundedIn(MANUAL)
                        .withMinScore(0.0)
                        .verdict();
                assertThat(verdict.score()).as("the invented answer %d", n).isZero();
            }
        }
    }

    @LlmJudge
    static class OneCheck {

        @Test
        void grounded() {
            assertThat("Hold the red button.").isGroundedIn(MANUAL).withMinScore(0.8);
        }
    }
}
