package dev.llmassert.junit;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.llmassert.core.config.ConfigKeys;
import dev.llmassert.junit.internal.report.ReportRuns;
import dev.llmassert.junit.testing.WordOverlapJudgeExtension;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.junit.platform.launcher.listeners.TestExecutionSummary;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import static dev.llmassert.junit.LlmAssertions.assertThat;
import static dev.llmassert.junit.testing.Texts.GROUNDED;
import static dev.llmassert.junit.testing.Texts.MANUAL;
import static dev.llmassert.junit.testing.Texts.PARTLY_INVENTED;

/**
 * One assertion gives one verdict: {@code everySentence()} replaces the mean check instead of adding to it, and an
 * expectation with a bad argument leaves no verdict behind. Run through the JUnit Platform's launcher with the run
 * report's listener, which prints the verdict lines and writes the report.
 */
class OneVerdictPerAssertionTest {

    private static final ObjectMapper JSON = new ObjectMapper();

    @TempDir
    Path dir;

    private final ByteArrayOutputStream console = new ByteArrayOutputStream();

    @Test
    void everySentenceIsOneVerdictOneReportRowAndOneFailureWithNothingSuppressed() throws IOException {
        TestExecutionSummary summary = run(EverySentence.class);

        assertThat(summary.getTestsStartedCount()).isEqualTo(3);
        assertThat(summary.getFailures())
                .extracting(f -> f.getTestIdentifier().getDisplayName())
                .containsExactlyInAnyOrder("partlyInvented()", "bareEverySentenceOfAPartlyInventedAnswer()");
        assertThat(summary.getFailures())
                .allSatisfy(f -> assertThat(f.getException().getSuppressed())
                        .as("no mean check of the same assertion beside it")
                        .isEmpty());
        assertThat(rows())
                .extracting(c -> c.path("displayName").asText() + " "
                        + c.path("kind").asText() + " " + c.path("passed").asBoolean())
                .containsExactlyInAnyOrder(
                        "partlyInvented() groundedness.every-sentence false",
                        "grounded() groundedness.every-sentence true",
                        "bareEverySentenceOfAPartlyInventedAnswer() groundedness.every-sentence false");
        List<String> lines = console.toString(StandardCharsets.UTF_8).lines().toList();
        assertThat(lines).filteredOn(line -> line.contains("groundedness")).hasSize(3);
        assertThat(lines.get(lines.size() - 1)).startsWith("llm-assert: 3 checks, 2 failed, 0 near the bar;");
    }

    @Test
    void anEverySentenceNeverGivenAMinimumIsCheckedAfterTheTestAgainstTheDefault() {
        TestExecutionSummary summary = run(EverySentence.class);

        Throwable failure = summary.getFailures().stream()
                .filter(f -> f.getTestIdentifier().getDisplayName().startsWith("bareEverySentence"))
                .findFirst()
                .orElseThrow()
                .getException();
        assertThat(failure)
                .hasMessageContainingAll(
                        "isGroundedIn(...).everySentence() at " + EverySentence.class.getName()
                                + ".bareEverySentenceOfAPartlyInventedAnswer(OneVerdictPerAssertionTest.java:",
                        "had no hasMinScore(...), so it was checked after the test against the default minimum 0.70"
                                + " (llmassert.groundedness.min-score).",
                        "Expecting every sentence of response:",
                        "but 1 of 2 sentences was not (lowest 0.29).");
        assertThat(failure.getStackTrace()[0].getMethodName()).isEqualTo("bareEverySentenceOfAPartlyInventedAnswer");
    }

    @Test
    void aMinimumThatIsNotANumberThrowsAndLeavesNoVerdictOnTheConsoleOrInTheReport() throws IOException {
        TestExecutionSummary summary = run(BadMinimum.class);

        assertThat(summary.getFailures()).hasSize(4).allSatisfy(f -> {
            assertThat(f.getException())
                    .isInstanceOf(IllegalArgumentException.class)
                    .hasMessageContaining("must be between 0.0 and 1.0, but is: NaN");
            assertThat(f.getException().getSuppressed()).isEmpty();
        });
        assertThat(rows()).isEmpty();
        String printed = console.toString(StandardCharsets.UTF_8);
        assertThat(printed).doesNotContain("groundedness PASSED", "groundedness FAILED", "(min 0.70)");
        assertThat(printed.strip())
                .startsWith("llm-assert: 0 checks: no check reached a verdict, as 4 of 4 tests failed before one; the"
                        + " first: BadMinimum.")
                .contains("(), IllegalArgumentException: ")
                .contains("must be between 0.0 and 1.0, but is: NaN");
    }

    private TestExecutionSummary run(Class<?> fixture) {
        return ReportRuns.run(
                Map.of(ConfigKeys.REPORT_DIR, dir.toString()),
                new PrintStream(console, true, StandardCharsets.UTF_8),
                fixture);
    }

    private List<JsonNode> rows() throws IOException {
        List<JsonNode> checks = new ArrayList<>();
        JSON.readTree(dir.resolve("report.json").toFile()).path("checks").forEach(checks::add);
        return checks;
    }

    @LlmJudge
    @ExtendWith(WordOverlapJudgeExtension.class)
    static class EverySentence {

        @Test
        void partlyInvented() {
            assertThat(PARTLY_INVENTED).isGroundedIn(MANUAL).everySentence().hasMinScore(0.7);
        }

        @Test
        void grounded() {
            assertThat(GROUNDED).isGroundedIn(MANUAL).everySentence().hasMinScore(0.7);
        }

        @Test
        void bareEverySentenceOfAPartlyInventedAnswer() {
            assertThat(PARTLY_INVENTED).isGroundedIn(MANUAL).everySentence();
        }
    }

    @LlmJudge
    @ExtendWith(WordOverlapJudgeExtension.class)
    static class BadMinimum {

        @Test
        void mean() {
            assertThat(GROUNDED).isGroundedIn(MANUAL).withMinScore(Double.NaN);
        }

        @Test
        void everySentence() {
            assertThat(GROUNDED).isGroundedIn(MANUAL).everySentence().hasMinScore(Double.NaN);
        }

        @Test
        void meanOfAnInventedAnswer() {
            assertThat(PARTLY_INVENTED).isGroundedIn(MANUAL).withMinScore(Double.NaN);
        }

        @Test
        void everySentenceOfAnInventedAnswer() {
            assertThat(PARTLY_INVENTED).isGroundedIn(MANUAL).everySentence().hasMinScore(Double.NaN);
        }
    }
}
