package dev.llmassert.junit.internal.report;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.llmassert.core.config.ConfigKeys;
import dev.llmassert.junit.testing.ReportedCounts;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.io.TempDir;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Predicate;

import static dev.llmassert.junit.LlmAssertions.assertThat;

/**
 * One count per idea in the run report, from a real run of {@link ReportedCounts}: the failed, live and replayed
 * counts are the checks that the filters of those names show; a failed run of a repeated test counts in its repeated
 * test's section only; a parameterized invocation is named with its method and arguments; and a check that passed
 * where its test expected a failure is marked and counted, as the mirror of one that failed as expected.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class ReportCountsTest {

    private JsonNode report;
    private String console;

    @BeforeAll
    void runTheFixture(@TempDir Path dir) throws IOException {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ReportRuns.run(
                Map.of(ConfigKeys.REPORT_DIR, dir.toString()),
                new PrintStream(out, true, StandardCharsets.UTF_8),
                ReportedCounts.class);
        report = new ObjectMapper().readTree(dir.resolve("report.json").toFile());
        console = out.toString(StandardCharsets.UTF_8);
    }

    @Test
    void theLiveAndReplayedCountsAreTheChecksJudgedLiveAndReplayed() {
        JsonNode run = report.path("run");

        assertThat(run.path("live").asInt())
                .isEqualTo(count(c ->
                        c.path("replayed").isBoolean() && !c.path("replayed").asBoolean()));
        assertThat(run.path("replayed").asInt())
                .isEqualTo(count(c -> c.path("replayed").asBoolean(false)));
        assertThat(run.path("live").asInt()).as("every check of the fixture").isEqualTo(8);
    }

    @Test
    void aFailedRunOfARepeatedTestCountsInItsSectionOnly() {
        List<JsonNode> inRuns = checks(c -> c.path("inRepeatedRun").asBoolean(false));
        JsonNode repeat = report.path("repeats").get(0);

        assertThat(inRuns).hasSize(5);
        assertThat(inRuns)
                .filteredOn(c -> !c.path("passed").asBoolean())
                .hasSize(2)
                .allSatisfy(c -> assertThat(c.has("failedAsExpected")).isFalse());
        assertThat(repeat.path("failed").asInt()).isEqualTo(2);
        assertThat(repeat.path("passedGate").asBoolean()).isFalse();
        assertThat(report.at("/run/failed").asInt())
                .as("the parameterized test's failed invocation only")
                .isEqualTo(1)
                .isEqualTo(count(c -> !c.path("passed").asBoolean()
                        && !c.path("failedAsExpected").asBoolean(false)
                        && !c.path("inRepeatedRun").asBoolean(false)));
        assertThat(console).contains("llm-assert: 8 checks, 1 failed, 1 passed where the test expected a failure,");
    }

    @Test
    void aParameterizedInvocationIsNamedWithItsMethodAndArguments() {
        // JUnit's own name of the invocation after the method's (JUnit 5 and 6 write the arguments differently)
        assertThat(checks(c -> c.path("displayName").asText().startsWith("answerIsGrounded(String) ")))
                .extracting(c -> c.path("displayName").asText())
                .satisfiesExactly(
                        first -> assertThat(first)
                                .startsWith("answerIsGrounded(String) [1] ")
                                .contains("The warranty lasts two years."),
                        second -> assertThat(second)
                                .startsWith("answerIsGrounded(String) [2] ")
                                .contains("The warranty lasts five years."));
        assertThat(checks(c -> c.path("inRepeatedRun").asBoolean(false)))
                .extracting(c -> c.path("displayName").asText())
                .containsExactly(
                        "repeatedAnswerIsGrounded(TestInfo) run 1 of 5",
                        "repeatedAnswerIsGrounded(TestInfo) run 2 of 5",
                        "repeatedAnswerIsGrounded(TestInfo) run 3 of 5",
                        "repeatedAnswerIsGrounded(TestInfo) run 4 of 5",
                        "repeatedAnswerIsGrounded(TestInfo) run 5 of 5");
        assertThat(console)
                .containsPattern(
                        "ReportedCounts\\.answerIsGrounded\\(String\\) \\[2] .*The warranty lasts five years.*: ");
    }

    @Test
    void aCheckThatPassedWhereItsTestExpectedAFailureIsMarkedAndCounted() {
        List<JsonNode> unexpected = checks(c -> c.path("passedUnexpectedly").asBoolean(false));

        assertThat(unexpected).singleElement().satisfies(check -> {
            assertThat(check.path("displayName").asText()).isEqualTo("expectsAnInventedAnswerToFail()");
            assertThat(check.path("passed").asBoolean()).isTrue();
            assertThat(check.path("expectsFailure").asBoolean()).isTrue();
        });
        assertThat(report.at("/run/passedUnexpectedly").asInt()).isEqualTo(1);
        assertThat(checks(c -> c.path("expectsFailure").asBoolean(false))).hasSize(1);
    }

    private int count(Predicate<JsonNode> which) {
        return checks(which).size();
    }

    private List<JsonNode> checks(Predicate<JsonNode> which) {
        List<JsonNode> matching = new ArrayList<>();
        report.path("checks").forEach(check -> {
            if (which.test(check)) {
                matching.add(check);
            }
        });
        return matching;
    }
}
