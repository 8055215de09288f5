package dev.llmassert.examples;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.llmassert.core.config.ConfigKeys;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.platform.launcher.LauncherSession;
import org.junit.platform.launcher.core.LauncherDiscoveryRequestBuilder;
import org.junit.platform.launcher.core.LauncherFactory;
import org.junit.platform.launcher.listeners.SummaryGeneratingListener;
import org.junit.platform.launcher.listeners.TestExecutionSummary;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

import static dev.llmassert.junit.LlmAssertions.assertThat;
import static org.junit.platform.engine.discovery.DiscoverySelectors.selectClass;

/**
 * A newcomer's first run of the quick start, as Maven, Gradle or an IDE runs it: a launcher session of its own, with
 * the session listeners found on the class path (the run report's among them), on {@link QuickStartTest}. Its second
 * check fails inside {@code assertThatThrownBy}, so its test passes, and the run must read "0 failed".
 */
class QuickStartReportTest {

    private static final ObjectMapper JSON = new ObjectMapper();

    @TempDir
    Path dir;

    @Test
    void theQuickStartsRunReadsTwoChecksZeroFailedAndOneFailedAsTheTestExpected() throws IOException {
        ByteArrayOutputStream console = new ByteArrayOutputStream();
        SummaryGeneratingListener tests = new SummaryGeneratingListener();
        PrintStream out = System.out;
        // the report's listener prints its summary to the System.out of the session it was made for
        System.setOut(new PrintStream(console, true, StandardCharsets.UTF_8));
        try (LauncherSession session = LauncherFactory.openSession()) {
            session.getLauncher()
                    .execute(
                            LauncherDiscoveryRequestBuilder.request()
                                    .selectors(selectClass(QuickStartTest.class))
                                    .configurationParameter(ConfigKeys.REPORT_DIR, dir.toString())
                                    .build(),
                            tests);
        } finally {
            System.setOut(out);
        }

        TestExecutionSummary summary = tests.getSummary();
        assertThat(summary.getTestsSucceededCount()).isEqualTo(2);
        assertThat(summary.getTotalFailureCount()).isZero();
        String line = console.toString(StandardCharsets.UTF_8)
                .lines()
                .filter(l -> l.startsWith("llm-assert: "))
                .findFirst()
                .orElseThrow();
        assertThat(line)
                .isEqualTo("llm-assert: 2 checks, 0 failed, 1 failed as the test expected, 0 near the bar; "
                        + "local judge: no tokens, no cost; report: "
                        + dir.resolve("report.html").toString().replace('\\', '/'));

        JsonNode report = JSON.readTree(dir.resolve("report.json").toFile());
        assertThat(report.at("/run/checks").asInt()).isEqualTo(2);
        assertThat(report.at("/run/failed").asInt()).isZero();
        assertThat(report.at("/run/failedAsExpected").asInt()).isEqualTo(1);
        assertThat(report.has("prices")).isFalse();
        assertThat(report.path("checks"))
                .extracting(c ->
                        c.path("displayName").asText() + " " + c.path("passed").asBoolean() + " "
                                + c.path("failedAsExpected").asBoolean(false))
                .containsExactlyInAnyOrder("aGroundedAnswerPasses() true false", "anInventedAnswerFails() false true");
        // the page is drawn from the same figures: they are embedded in it
        assertThat(Files.readString(dir.resolve("report.html")))
                .contains("\"failed\":0", "\"failedAsExpected\":1", "\"localOnly\":true");
    }
}
