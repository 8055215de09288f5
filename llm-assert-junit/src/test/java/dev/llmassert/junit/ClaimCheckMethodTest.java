package dev.llmassert.junit;

import dev.llmassert.core.config.ConfigKeys;
import dev.llmassert.core.record.RecordingMode;
import dev.llmassert.core.testing.LoopbackChatServer;
import dev.llmassert.core.testing.LoopbackChatServer.ReceivedRequest;
import dev.llmassert.core.testing.LoopbackChatServer.Reply;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtensionConfigurationException;
import org.junit.platform.engine.TestExecutionResult;
import org.junit.platform.testkit.engine.EngineExecutionResults;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;

import static dev.llmassert.junit.LlmAssertions.assertThat;
import static dev.llmassert.junit.testing.Runs.failureOf;
import static dev.llmassert.junit.testing.Runs.run;

/**
 * {@code llmassert.groundedness.method} through the extension, with langchain4j's real Ollama and OpenAI clients
 * against the loopback server: {@code auto} chooses the claim-check judge for a MiniCheck model and the log says so
 * once, {@code claim-check} chooses it for any model, {@code trulens} keeps the TruLens prompt for a MiniCheck model,
 * and a method that cannot be used fails naming the key, the value and the fix.
 */
class ClaimCheckMethodTest {

    static final String MANUAL = "To reset the router, hold the red button for ten seconds. "
            + "The lights blink green when the reset is done.";

    private static final String MINICHECK_SYSTEM_START = "Determine whether the provided claim is consistent";
    private static final String CHOSEN = "is a MiniCheck fact-checking model, so groundedness is checked by "
            + "claim-check (llmassert.groundedness.method=auto)";

    private final LoopbackChatServer server = LoopbackChatServer.start();

    @AfterEach
    void stopServer() {
        server.close();
    }

    /** Yes to a claim about the red button, No to anything else, with log-probabilities as vLLM sends them. */
    private static Reply miniCheck(ReceivedRequest request) {
        String user = request.json().path("messages").get(1).path("content").asText();
        return user.substring(user.lastIndexOf("\nClaim: ")).contains("red button")
                ? Reply.content("Yes").withLogprobs(-0.05, Map.of("Yes", -0.05, "No", -3.1))
                : Reply.content("No").withLogprobs(-0.02, Map.of("No", -0.02, "Yes", -3.9));
    }

    private static String systemPrompt(ReceivedRequest request) {
        return request.json().path("messages").get(0).path("content").asText();
    }

    private EngineExecutionResults runLogged(Class<?> fixture, List<String> log, String... parameters) {
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        PrintStream stderr = System.err;
        System.setErr(new PrintStream(err, true, StandardCharsets.UTF_8));
        try {
            return run(fixture, parameters);
        } finally {
            System.setErr(stderr);
            log.addAll(err.toString(StandardCharsets.UTF_8).lines().toList());
        }
    }

    @Test
    void aMiniCheckModelUnderOllamaIsJudgedClaimByClaimAndTheLogSaysSoOnce() {
        server.respondWith(ClaimCheckMethodTest::miniCheck);
        List<String> log = new ArrayList<>();

        EngineExecutionResults results = runLogged(
                TwoAnswers.class,
                log,
                ConfigKeys.JUDGE_PROVIDER,
                "ollama",
                ConfigKeys.JUDGE_BASE_URL,
                server.ollamaBaseUrl(),
                ConfigKeys.JUDGE_MODEL,
                "bespoke-minicheck",
                JudgeRecordings.MODE_KEY,
                RecordingMode.OFF.id());

        results.testEvents().assertStatistics(s -> s.started(2).succeeded(1).failed(1));
        // Ollama's OpenAI-compatible endpoint, which sends the log-probabilities its own client cannot read
        assertThat(server.requests()).hasSize(3).allSatisfy(request -> {
            assertThat(request.path()).isEqualTo("/v1/chat/completions");
            assertThat(request.json().path("logprobs").asBoolean()).isTrue();
            assertThat(systemPrompt(request)).startsWith(MINICHECK_SYSTEM_START);
            assertThat(request.lastUserMessage()).startsWith("Document: " + MANUAL + "\nClaim: ");
        });
        assertThat(failureOf(results, "invented"))
                .isInstanceOf(AssertionError.class)
                .hasMessageContaining("The router also makes coffee.")
                .hasMessageContaining(
                        "[said No, P(yes) 0.02 from logprobs] nearest in the sources, not a quote: " + "chars ")
                .hasMessageContaining("ollama:bespoke-minicheck");
        assertThat(log)
                .filteredOn(line -> line.contains(CHOSEN))
                .hasSize(1)
                .allSatisfy(line -> assertThat(line).contains("INFO", "bespoke-minicheck"));
    }

    @Test
    void claimCheckByConfigurationWithAnyModelScoresTheProbabilityOfYes() {
        server.respondWith(ClaimCheckMethodTest::miniCheck);
        List<String> log = new ArrayList<>();

        EngineExecutionResults results = runLogged(
                ScoreOfYes.class,
                log,
                ConfigKeys.JUDGE_PROVIDER,
                "openai",
                ConfigKeys.JUDGE_BASE_URL,
                server.baseUrl(),
                ConfigKeys.JUDGE_MODEL,
                "my-fact-checker",
                ConfigKeys.GROUNDEDNESS_METHOD,
                "claim-check",
                JudgeRecordings.MODE_KEY,
                RecordingMode.OFF.id());

        results.testEvents().assertStatistics(s -> s.started(2).succeeded(1).failed(1));
        assertThat(server.requests()).allSatisfy(request -> {
            assertThat(systemPrompt(request)).startsWith(MINICHECK_SYSTEM_START);
            assertThat(request.json().path("logprobs").asBoolean()).isTrue();
        });
        assertThat(failureOf(results, "aboveTheProbabilityOfYes"))
                .hasMessageContaining("0.95")
                .hasMessageContaining("[said Yes, P(yes) 0.95 from logprobs] nearest there, not a quote: "
                        + "chars 1-57 \"To reset the router, hold the red button for ten seconds.\"");
        assertThat(log).noneMatch(line -> line.contains(CHOSEN));
    }

    @Test
    void theChunkSizeKeyCutsTheSourcesOfEachClaimCheck() {
        server.respondWith(ClaimCheckMethodTest::miniCheck);
        String[] parameters = {
            ConfigKeys.JUDGE_PROVIDER,
            "openai",
            ConfigKeys.JUDGE_BASE_URL,
            server.baseUrl(),
            ConfigKeys.JUDGE_MODEL,
            "bespokelabs/Bespoke-MiniCheck-7B",
            JudgeRecordings.MODE_KEY,
            RecordingMode.OFF.id()
        };

        run(LongManual.class, parameters)
                .testEvents()
                .assertStatistics(s -> s.started(1).succeeded(1));
        List<String> whole = documents(server.requests());
        List<String> extended = new ArrayList<>(List.of(parameters));
        extended.addAll(List.of(ConfigKeys.GROUNDEDNESS_CHUNK_SIZE, "200"));
        run(LongManual.class, extended.toArray(String[]::new))
                .testEvents()
                .assertStatistics(s -> s.started(1).succeeded(1));
        List<String> chunked = documents(server.requests()).subList(whole.size(), server.requestCount()).stream()
                .sorted(Comparator.comparing(LongManual.TEXT::indexOf))
                .toList();

        assertThat(LongManual.TEXT).hasSizeGreaterThan(300);
        assertThat(whole).singleElement().isEqualTo(LongManual.TEXT);
        assertThat(chunked)
                .hasSizeGreaterThanOrEqualTo(2)
                .allSatisfy(document -> assertThat(document.length()).isLessThanOrEqualTo(200));
        assertThat(String.join(" ", chunked)).isEqualTo(LongManual.TEXT);
    }

    private static List<String> documents(List<ReceivedRequest> requests) {
        return requests.stream()
                .map(ReceivedRequest::lastUserMessage)
                .map(user -> user.substring("Document: ".length(), user.lastIndexOf("\nClaim: ")))
                .toList();
    }

    @Test
    void trulensKeepsTheTruLensPromptForAMiniCheckModel() {
        server.respondWith(request -> Reply.content("{\"evidence\": \"hold the red button\", \"score\": 10}"));

        EngineExecutionResults results = run(
                OneAnswer.class,
                ConfigKeys.JUDGE_PROVIDER,
                "ollama",
                ConfigKeys.JUDGE_BASE_URL,
                server.ollamaBaseUrl(),
                ConfigKeys.JUDGE_MODEL,
                "bespoke-minicheck",
                ConfigKeys.GROUNDEDNESS_METHOD,
                "trulens",
                JudgeRecordings.MODE_KEY,
                RecordingMode.OFF.id());

        results.testEvents().assertStatistics(s -> s.started(1).succeeded(1));
        assertThat(server.requests())
                .hasSize(1)
                .allSatisfy(request -> assertThat(systemPrompt(request))
                        .doesNotStartWith(MINICHECK_SYSTEM_START)
                        .contains("Rate from 0 to 10"));
    }

    @Test
    void claimCheckWithTheLocalJudgeFailsWithTheFix() {
        EngineExecutionResults results = run(
                OneAnswer.class,
                ConfigKeys.GROUNDEDNESS_METHOD,
                "claim-check",
                JudgeRecordings.MODE_KEY,
                RecordingMode.OFF.id());

        assertThat(failureOf(results, "grounded"))
                .isInstanceOf(ExtensionConfigurationException.class)
                .hasMessageContaining("llmassert.groundedness.method=claim-check needs a judge model, but "
                        + "llmassert.judge.provider is local")
                .hasMessageContaining("Fix: choose a provider and model, e.g. llmassert.judge.provider=ollama and "
                        + "llmassert.judge.model=bespoke-minicheck");
        assertThat(server.requestCount()).isZero();
    }

    @Test
    void anUnknownMethodFailsNamingKeyValueAndTheAllowedValues() {
        EngineExecutionResults results = run(OneAnswer.class, ConfigKeys.GROUNDEDNESS_METHOD, "minicheck");

        results.testEvents().assertStatistics(s -> s.started(0));
        assertThat(results.containerEvents().failed().stream()
                        .map(e -> e.getRequiredPayload(TestExecutionResult.class)
                                .getThrowable()
                                .orElseThrow())
                        .toList())
                .singleElement()
                .isInstanceOf(ExtensionConfigurationException.class)
                .satisfies(e -> assertThat(e.getMessage())
                        .contains(
                                "Unsupported value for configuration key 'llmassert.groundedness.method': 'minicheck'",
                                "Allowed: auto, trulens, claim-check."));
    }

    @LlmJudge
    static class TwoAnswers {

        @Test
        void grounded() {
            assertThat("Hold the red button for ten seconds.")
                    .isGroundedIn(MANUAL)
                    .withMinScore(0.9);
        }

        @Test
        void invented() {
            assertThat("Hold the red button. The router also makes coffee.")
                    .isGroundedIn(MANUAL)
                    .withMinScore(0.9);
        }
    }

    @LlmJudge
    static class ScoreOfYes {

        @Test
        void atTheProbabilityOfYes() {
            assertThat("Hold the red button for ten seconds.")
                    .isGroundedIn(MANUAL)
                    .withMinScore(0.95);
        }

        @Test
        void aboveTheProbabilityOfYes() {
            assertThat("Hold the red button for ten seconds.")
                    .isGroundedIn(MANUAL)
                    .withMinScore(0.96);
        }
    }

    @LlmJudge
    static class LongManual {

        static final String TEXT = MANUAL
                + " The router has four Ethernet ports and one WAN port. The warranty lasts two years from the date of"
                + " purchase. Support is available by chat every day from 8 a.m. to 8 p.m. Firmware updates install"
                + " themselves at night. The power adapter gives 12 volts.";

        @Test
        void grounded() {
            assertThat("Hold the red button for ten seconds.")
                    .isGroundedIn(TEXT)
                    .withMinScore(0.9);
        }
    }

    @LlmJudge
    static class OneAnswer {

        @Test
        void grounded() {
            assertThat("Hold the red button for ten seconds.").isGroundedIn(MANUAL);
        }
    }
}
