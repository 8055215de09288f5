package dev.llmassert.junit;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.llmassert.core.calibration.Calibration;
import dev.llmassert.core.config.ConfigKeys;
import dev.llmassert.core.groundedness.LocalGroundednessJudge;
import dev.llmassert.core.record.RecordingMode;
import dev.llmassert.core.testing.LoopbackChatServer;
import dev.llmassert.core.testing.LoopbackChatServer.ReceivedRequest;
import dev.llmassert.core.testing.LoopbackChatServer.Reply;
import dev.llmassert.junit.internal.report.ReportRuns;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtensionConfigurationException;
import org.junit.jupiter.api.io.TempDir;
import org.junit.platform.engine.TestExecutionResult;
import org.junit.platform.launcher.listeners.TestExecutionSummary;
import org.junit.platform.testkit.engine.EngineExecutionResults;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import static dev.llmassert.junit.LlmAssertions.assertThat;
import static dev.llmassert.junit.testing.Runs.failureOf;
import static dev.llmassert.junit.testing.Runs.reportEntries;
import static dev.llmassert.junit.testing.Runs.run;

/**
 * The cascade end to end ({@code llmassert.groundedness.cascade=on}): the local judge and claim-check, through
 * langchain4j's real OpenAI client against the loopback server. Only the sentence the local judge is unsure of reaches
 * the server; it is recorded, then replayed with the server stopped; the failure message, the run report and the
 * console summary count the sentences decided locally and sent on, and the calls and tokens not spent.
 */
class CascadeTest {

    static final String MANUAL = "The X200 router has four Ethernet ports. Hold the reset button for ten seconds to "
            + "restore factory settings. The warranty lasts two years and covers hardware faults. Phone support is "
            + "available on weekdays.";

    /** The local judge passes it (0.73), but its wording and its model disagree: it is unsure, and rightly. */
    static final String UNSURE = "Phone support is available on weekends.";

    private static final String MODEL = "bespokelabs/Bespoke-MiniCheck-7B";
    private static final String JUDGE = "openai:" + MODEL;
    private static final ObjectMapper JSON = new ObjectMapper();

    @TempDir
    Path dir;

    private final LoopbackChatServer server = LoopbackChatServer.start();
    private final ByteArrayOutputStream console = new ByteArrayOutputStream();

    @AfterEach
    void stopServer() {
        server.close();
    }

    /** Yes when the manual states the claim word for word, No otherwise, with log-probabilities as vLLM sends them. */
    private static Reply miniCheck(ReceivedRequest request) {
        String claim = claimOf(request);
        return MANUAL.contains(claim)
                ? Reply.content("Yes").withLogprobs(-0.05, Map.of("Yes", -0.05, "No", -3.1))
                : Reply.content("No").withLogprobs(-0.02, Map.of("No", -0.02, "Yes", -3.9));
    }

    private static String claimOf(ReceivedRequest request) {
        String user = request.json().path("messages").get(1).path("content").asText();
        return user.substring(user.lastIndexOf("\nClaim: ") + "\nClaim: ".length());
    }

    private Map<String, String> cascade(RecordingMode mode, String... more) {
        Map<String, String> parameters = new HashMap<>(Map.of(
                ConfigKeys.JUDGE_PROVIDER, "openai",
                ConfigKeys.JUDGE_BASE_URL, server.baseUrl(),
                ConfigKeys.JUDGE_MODEL, MODEL,
                ConfigKeys.GROUNDEDNESS_CASCADE, "on",
                ConfigKeys.RECORDINGS_MODE, mode.id(),
                ConfigKeys.RECORDINGS_DIR, dir.resolve("recordings").toString(),
                ConfigKeys.REPORT_DIR, dir.resolve("report").toString()));
        for (int i = 0; i < more.length; i += 2) {
            parameters.put(more[i], more[i + 1]);
        }
        return parameters;
    }

    private TestExecutionSummary runReported(Map<String, String> parameters) {
        console.reset();
        return ReportRuns.run(parameters, new PrintStream(console, true, StandardCharsets.UTF_8), SupportAnswers.class);
    }

    private String summaryLine() {
        List<String> lines = console.toString(StandardCharsets.UTF_8).lines().toList();
        return lines.get(lines.size() - 1);
    }

    private JsonNode report() throws IOException {
        return JSON.readTree(dir.resolve("report").resolve("report.json").toFile());
    }

    private static String failureMessage(TestExecutionSummary summary) {
        assertThat(summary.getFailures()).hasSize(1);
        return summary.getFailures().get(0).getException().getMessage();
    }

    @Test
    void onlyTheUnsureSentenceReachesTheServerItIsRecordedAndReplayedWithTheServerStoppedAndTheReportCountsIt()
            throws IOException {
        server.respondWith(CascadeTest::miniCheck);

        TestExecutionSummary recorded = runReported(cascade(RecordingMode.RECORD_MISSING));

        assertThat(server.requests())
                .singleElement()
                .satisfies(request -> assertThat(claimOf(request)).isEqualTo(UNSURE));
        String message = failureMessage(recorded);
        assertThat(message)
                .contains("Judge: " + JUDGE + " (live)")
                .contains("Cascade: " + LocalGroundednessJudge.NAME_WITH_EMBEDDINGS
                        + " decided 1 of 2 sentences (confidence at least 0.50), 1 sent on to " + JUDGE)
                .contains("✗ [1] 0.02  \"" + UNSURE + "\"")
                .contains("decided by: " + JUDGE);
        assertThat(console.toString(StandardCharsets.UTF_8).lines())
                .anySatisfy(line -> assertThat(line)
                        .contains("groundedness.every-sentence FAILED score 0.51 (min 0.70), lowest sentence 0.02, "
                                + "2 sentences, judge " + JUDGE + " (cascade: 1 decided locally, 1 sent on), live"));
        String live = summaryLine();
        assertThat(live)
                .startsWith("llm-assert: 2 checks, 1 failed, ")
                .contains("; cascade: 3 sentences decided locally, 1 sent on, 3 calls (~")
                .contains(" tokens) not spent; report: ");
        JsonNode cascade = report().path("run").path("cascade");
        assertThat(cascade.path("decidedLocally").asInt()).isEqualTo(3);
        assertThat(cascade.path("sentOn").asInt()).isEqualTo(1);
        assertThat(cascade.path("callsNotSpent").asInt()).isEqualTo(3);
        assertThat(cascade.path("tokensNotSpent").asLong())
                .as("three prompts holding the manual, 4 characters a token")
                .isGreaterThan(3L * MANUAL.length() / 4);
        String recording =
                Files.readString(dir.resolve("recordings").resolve(SupportAnswers.class.getName() + ".json"));
        assertThat(recording).contains("Claim: " + UNSURE).doesNotContain("Claim: The X200 router");

        server.close();
        TestExecutionSummary replayed = runReported(cascade(RecordingMode.REPLAY));

        assertThat(failureMessage(replayed))
                .contains("Judge: " + JUDGE + " (replayed from a recording)")
                .contains("✗ [1] 0.02  \"" + UNSURE + "\"");
        assertThat(summaryLine())
                .contains("(1 replayed, 1 live)")
                .contains("; cascade: 3 sentences decided locally, 1 sent on, 3 calls (~");
        JsonNode checks = report().path("checks");
        assertThat(checks).hasSize(2);
        JsonNode sentOn = checks.findParents("cascade").stream()
                .filter(c -> c.path("cascade").path("sentOn").asInt() == 1)
                .findFirst()
                .orElseThrow();
        assertThat(sentOn.path("replayed").asBoolean()).isTrue();
        assertThat(sentOn.path("sentences").get(0).path("decidedBy").asText())
                .isEqualTo(LocalGroundednessJudge.NAME_WITH_EMBEDDINGS);
        assertThat(sentOn.path("sentences").get(0).path("confidence").asDouble())
                .isGreaterThan(0.5);
        assertThat(sentOn.path("sentences").get(1).path("decidedBy").asText()).isEqualTo(JUDGE);
    }

    @Test
    void aHigherMinimumSendsMoreOn() {
        server.respondWith(CascadeTest::miniCheck);

        runReported(cascade(RecordingMode.OFF, ConfigKeys.GROUNDEDNESS_CASCADE_MIN_CONFIDENCE, "0.999"));

        assertThat(server.requests())
                .extracting(CascadeTest::claimOf)
                .containsExactlyInAnyOrder(
                        "The X200 router has four Ethernet ports.",
                        UNSURE,
                        "The X200 router has four Ethernet ports.",
                        "Hold the reset button for ten seconds to restore factory settings.");
        assertThat(summaryLine()).contains("; cascade: 0 sentences decided locally, 4 sent on, 0 calls (~0 tokens)");
    }

    @Test
    void withoutAProviderTheCascadeFailsSayingWhatToConfigure() {
        EngineExecutionResults results = run(
                SupportAnswers.class,
                ConfigKeys.GROUNDEDNESS_CASCADE,
                "on",
                ConfigKeys.RECORDINGS_MODE,
                RecordingMode.OFF.id());

        assertThat(failureOf(results, "onlyCopiedSentences"))
                .isInstanceOf(ExtensionConfigurationException.class)
                .hasMessageContaining("llmassert.groundedness.cascade=on sends the sentences the local judge is unsure"
                        + " of on to an LLM judge, but llmassert.judge.provider is local")
                .hasMessageContaining(
                        "Fix: configure the judge behind the cascade, e.g. llmassert.judge.provider=openai"
                                + " with llmassert.judge.model=gpt-4o-mini");
        assertThat(server.requestCount()).isZero();
    }

    @Test
    void aMinimumThatIsNoProbabilityFailsNamingTheKey() {
        EngineExecutionResults results = run(
                SupportAnswers.class,
                ConfigKeys.GROUNDEDNESS_CASCADE_MIN_CONFIDENCE,
                "80%",
                ConfigKeys.RECORDINGS_MODE,
                RecordingMode.OFF.id());

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
                                "'llmassert.groundedness.cascade.min-confidence': '80%'", "a number from 0.0 to 1.0"));
    }

    @Test
    void aCalibrationRecordMadeThroughTheCascadeNamesItsMethod() {
        server.respondWith(request -> claimOf(request).contains("coffee")
                ? Reply.content("No").withLogprobs(-0.02, Map.of("No", -0.02, "Yes", -3.9))
                : Reply.content("Yes").withLogprobs(-0.05, Map.of("Yes", -0.05, "No", -3.1)));

        run(
                        ClaimCheckMethodTest.Calibrates.class,
                        ConfigKeys.JUDGE_PROVIDER,
                        "openai",
                        ConfigKeys.JUDGE_BASE_URL,
                        server.baseUrl(),
                        ConfigKeys.JUDGE_MODEL,
                        MODEL,
                        ConfigKeys.GROUNDEDNESS_CASCADE,
                        "on",
                        ConfigKeys.RECORDINGS_MODE,
                        RecordingMode.OFF.id(),
                        ConfigKeys.REPORT_DIR,
                        dir.toString())
                .testEvents()
                .assertStatistics(s -> s.started(1).succeeded(1));

        Calibration calibration = Calibration.read(dir.resolve("calibrations")
                .resolve(ClaimCheckMethodTest.Calibrates.class.getName() + ".calibrates.json"));
        assertThat(calibration.judge()).isEqualTo(JUDGE);
        assertThat(calibration.method()).isEqualTo("cascade");
    }

    @Test
    void withoutTheCascadeAnUnsureVerdictSaysSoInTheMessageAndTheVerdictLine() {
        EngineExecutionResults results =
                run(LocalOnly.class, ConfigKeys.RECORDINGS_MODE, RecordingMode.OFF.id(), ConfigKeys.CONSOLE, "off");

        assertThat(failureOf(results, "weekendsAndAWarranty"))
                .hasMessageContaining("    [0] 0.73  \"" + UNSURE + "\"\n"
                        + "              evidence: \"Phone support is available on weekdays.\"\n"
                        + "              unsure (0.46): the model and the wording disagree\n")
                .hasMessageContaining("  ✗ [1] 0.01  \"The warranty lasts five years.\"")
                .hasMessageNotContaining("Cascade:");
        assertThat(reportEntries(results, "weekendsAndAWarranty"))
                .anySatisfy(entry -> assertThat(entry).containsEntry("llmassert.unsure", "1"));
    }

    @LlmJudge
    static class LocalOnly {

        @Test
        void weekendsAndAWarranty() {
            assertThat(UNSURE + " The warranty lasts five years.")
                    .isGroundedIn(MANUAL)
                    .everySentence()
                    .hasMinScore(0.7);
        }
    }

    @LlmJudge
    static class SupportAnswers {

        @Test
        void portsAndPhoneSupport() {
            assertThat("The X200 router has four Ethernet ports. " + UNSURE)
                    .isGroundedIn(MANUAL)
                    .everySentence()
                    .hasMinScore(0.7);
        }

        @Test
        void onlyCopiedSentences() {
            assertThat("The X200 router has four Ethernet ports. "
                            + "Hold the reset button for ten seconds to restore factory settings.")
                    .isGroundedIn(MANUAL);
        }
    }
}
