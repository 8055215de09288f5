package dev.llmassert.junit;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.llmassert.core.config.ConfigKeys;
import dev.llmassert.junit.internal.report.ReportRuns;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.platform.launcher.listeners.TestExecutionSummary;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import static dev.llmassert.junit.LlmAssertions.assertThat;

/**
 * The run's summary and report, through the JUnit Platform's launcher with the report listener printing to a stream
 * of the test's own (so that nothing depends on an SLF4J provider): a calibration's headline is printed and counted,
 * and a run that judged nothing still replaces the last run's report and says why it has no check.
 */
class RunSummaryTest {

    private static final ObjectMapper JSON = new ObjectMapper();

    @TempDir
    Path dir;

    private final ByteArrayOutputStream console = new ByteArrayOutputStream();

    @Test
    void aCalibrationsHeadlineIsPrintedAndTheSummaryCountsIt() throws IOException {
        TestExecutionSummary summary = run(CalibrationsTest.Calibrates.class);

        assertThat(summary.getFailures()).isEmpty();
        List<String> lines = lines();
        assertThat(lines)
                .anySatisfy(line -> assertThat(line)
                        .startsWith("Calibrates.calibrates(Evaluator, GroundednessJudge): test:word-overlap over ")
                        .contains(" rows: balanced accuracy "));
        assertThat(lines.get(lines.size() - 1))
                .startsWith("llm-assert: 0 checks, 0 failed, 0 near the bar; 1 calibration; local judge: no tokens,"
                        + " no cost; report: ");
        assertThat(report().path("run").path("calibrations").asInt()).isEqualTo(1);
        assertThat(report().path("run").has("nothingJudged")).isFalse();
    }

    @Test
    void aRunWhoseTestsAllFailBeforeAVerdictReplacesTheLastReportAndSaysWhy() throws IOException {
        run(CalibrationsTest.Calibrates.class);
        String before = report().path("generatedAt").asText();
        console.reset();

        TestExecutionSummary summary = run(OneVerdictPerAssertionTest.BadMinimum.class);

        assertThat(summary.getFailures()).hasSize(4);
        JsonNode report = report();
        assertThat(report.path("generatedAt").asText()).isNotEqualTo(before);
        assertThat(report.path("run").path("checks").asInt()).isZero();
        assertThat(report.path("run").path("calibrations").asInt())
                .as("the last run's calibration is gone")
                .isZero();
        assertThat(report.path("calibrations")).isEmpty();
        assertThat(report.path("run").path("nothingJudged").asText())
                .startsWith("no check reached a verdict, as 4 of 4 tests failed before one; the first: BadMinimum.");
        assertThat(lines().get(lines().size() - 1))
                .startsWith("llm-assert: 0 checks: no check reached a verdict, as 4 of 4 tests failed before one;");
    }

    @Test
    void aRunWithoutAJudgedCheckSaysSo() throws IOException {
        run(NothingJudged.class);

        assertThat(lines().get(lines().size() - 1))
                .startsWith("llm-assert: 0 checks: the test that ran made no judged check, evaluation or"
                        + " calibration; report: ");
        assertThat(report().path("run").path("localOnly").asBoolean()).isTrue();
    }

    private TestExecutionSummary run(Class<?> fixture) {
        return ReportRuns.run(
                Map.of(ConfigKeys.REPORT_DIR, dir.toString()),
                new PrintStream(console, true, StandardCharsets.UTF_8),
                fixture);
    }

    private List<String> lines() {
        return console.toString(StandardCharsets.UTF_8).lines().toList();
    }

    private JsonNode report() throws IOException {
        return JSON.readTree(dir.resolve("report.json").toFile());
    }

    @LlmJudge
    static class NothingJudged {

        @Test
        void checksAStringOnly() {
            assertThat("Hold the reset button for 15 seconds.").contains("15 seconds");
        }
    }
}
