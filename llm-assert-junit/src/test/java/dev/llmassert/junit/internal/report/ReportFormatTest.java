package dev.llmassert.junit.internal.report;

import com.fasterxml.jackson.annotation.JsonIgnore;
import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.llmassert.core.agent.ToolCall;
import dev.llmassert.core.agent.Trajectory;
import dev.llmassert.core.calibration.Agreement;
import dev.llmassert.core.calibration.ConfusionMatrix;
import dev.llmassert.core.calibration.CurvePoint;
import dev.llmassert.core.calibration.FittedMinScore;
import dev.llmassert.core.calibration.LabelAgreement;
import dev.llmassert.core.calibration.MisjudgedRow;
import dev.llmassert.core.config.ConfigKeys;
import dev.llmassert.core.stats.Estimate;
import dev.llmassert.core.stats.Interval;
import dev.llmassert.junit.LlmJudge;
import dev.llmassert.junit.internal.report.ReportFormat.Report;
import dev.llmassert.junit.testing.ReportedChecks;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;

import static dev.llmassert.junit.LlmAssertions.assertThat;

/**
 * The report's JSON has a type: a report written in a real run reads back into {@link ReportFormat}'s records with
 * nothing left over or lost, and the guide (its chapter on the run report) names every field of them.
 */
class ReportFormatTest {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final Path GUIDE = Path.of("..", "docs", "guide", "run-report.adoc");

    @TempDir
    Path dir;

    @Test
    void aWrittenReportReadsBackIntoItsRecordsWithNothingLeftOverOrLost() throws IOException {
        ReportRuns.run(
                Map.of(ConfigKeys.REPORT_DIR, dir.toString()),
                new PrintStream(OutputStream.nullOutputStream()),
                ReportedChecks.class);
        Path file = dir.resolve("report.json");

        // unknown fields fail the read, so every field written has a place in the records
        Report report = RunReport.read(file);

        assertThat(report.format()).isEqualTo(ReportFormat.FORMAT);
        assertThat(report.run().checks()).isEqualTo(6).isEqualTo(report.checks().size());
        assertThat(report.checks()).extracting(Check::id).containsExactlyInAnyOrder(1, 2, 3, 4, 5, 6);
        Check grounded = report.checks().stream()
                .filter(c -> c.displayName().equals("grounded()"))
                .findFirst()
                .orElseThrow();
        assertThat(grounded.kind()).isEqualTo("groundedness");
        assertThat(grounded.sentences())
                .singleElement()
                .satisfies(sentence -> assertThat(sentence.evidence()).contains("red button"));
        assertThat(grounded.cost().priceKnown()).isFalse();
        assertThat(grounded.reportEntry())
                .containsEntry("llmassert.check", "groundedness")
                .containsEntry("llmassert.passed", "true")
                .containsEntry("llmassert.sentences", "1");
        assertThat(report.evaluations())
                .singleElement()
                .satisfies(evaluation -> assertThat(evaluation.measurements()).containsKey("mentions-reset"));
        // and written again, the records give the same JSON
        JsonNode writtenAgain = JSON.readTree(JSON.writeValueAsString(report));
        assertThat(writtenAgain).isEqualTo(JSON.readTree(file.toFile()));
    }

    @Test
    void aCheckOfAnAgentsFinalAnswerCarriesItsTrajectory() throws IOException {
        ReportRuns.run(
                Map.of(ConfigKeys.REPORT_DIR, dir.toString()),
                new PrintStream(OutputStream.nullOutputStream()),
                AgentChecks.class);

        Report report = RunReport.read(dir.resolve("report.json"));

        Check check = report.checks().stream()
                .filter(c -> c.displayName().equals("groundedInTheTools()"))
                .findFirst()
                .orElseThrow();
        assertThat(check.trajectory().request()).isEqualTo("Please refund order A-1042.");
        assertThat(check.trajectory().calls())
                .extracting(ReportFormat.ToolCallMade::name)
                .containsExactly("lookupOrder", "refundPayment");
        assertThat(check.trajectory().calls().get(0).arguments()).isEqualTo("{\"orderId\":\"A-1042\"}");
        assertThat(check.trajectory().calls().get(0).result()).isEqualTo("Order A-1042 was paid 198 dollars.");
        Check plain = report.checks().stream()
                .filter(c -> c.displayName().equals("plainAnswer()"))
                .findFirst()
                .orElseThrow();
        assertThat(plain.trajectory()).isNull();
        assertThat(Files.readString(dir.resolve("report.html"))).contains("refundPayment");
    }

    @LlmJudge
    static class AgentChecks {

        static final Trajectory REFUND = new Trajectory(
                "Please refund order A-1042.",
                List.of(
                        ToolCall.of("lookupOrder", "{\"orderId\": \"A-1042\"}", "Order A-1042 was paid 198 dollars."),
                        ToolCall.of(
                                "refundPayment",
                                "{\"orderId\":\"A-1042\",\"amount\":198}",
                                "A refund of 198 dollars has been issued.")),
                "A refund of 198 dollars has been issued.");

        @Test
        void groundedInTheTools() {
            assertThat(REFUND).finalAnswer().isGroundedInToolResults().withMinScore(0.5);
        }

        @Test
        void plainAnswer() {
            assertThat("A refund of 198 dollars has been issued.")
                    .isGroundedIn("A refund of 198 dollars has been issued.")
                    .withMinScore(0.5);
        }
    }

    @Test
    void theGuideNamesEveryFieldOfTheReportWhereItBelongs() throws IOException {
        String guide = Files.readString(GUIDE);
        String section =
                guide.substring(guide.indexOf("* *`+target/llm-assert/report.json+`*"), guide.indexOf("* *Cost*"));
        String run = part(section, "`+run+`:");
        String prices = part(section, "`+prices+`:");
        String checks = part(section, "`+checks[]+`:");
        String evaluations = part(section, "`+evaluations[]+`:");
        String calibrations = part(section, "`+calibrations[]+`");
        String repeats = part(section, "`+repeats[]+`");
        String mutations = part(section, "`+mutations+`");

        assertNamed(section, Report.class);
        assertNamed(run, ReportFormat.Run.class, ReportFormat.Tokens.class, ReportFormat.RunCost.class);
        assertNamed(prices, ReportFormat.PricesUsed.class);
        assertNamed(
                checks,
                Check.class,
                ReportFormat.Sentence.class,
                ReportFormat.CheckCost.class,
                ReportFormat.Tokens.class,
                ReportFormat.AgentTrajectory.class,
                ReportFormat.ToolCallMade.class,
                ConversationTranscript.class,
                ConversationTranscript.TurnShown.class);
        assertNamed(
                evaluations,
                ReportFormat.Evaluation.class,
                ReportFormat.Measurement.class,
                ReportFormat.Group.class,
                ReportFormat.Tokens.class,
                ReportFormat.ModelUse.class,
                ReportFormat.CheckCost.class,
                Gate.class);
        assertNamed(
                calibrations,
                CalibrationEntry.class,
                FittedMinScore.class,
                Agreement.class,
                Estimate.class,
                Interval.class,
                LabelAgreement.class,
                ConfusionMatrix.class,
                CurvePoint.class,
                MisjudgedRow.class);
        assertNamed(repeats, RepeatEntry.class, RepeatEntry.Run.class);
        assertNamed(
                mutations,
                MutationsEntry.class,
                MutationsEntry.Score.class,
                MutationsEntry.JudgeScore.class,
                MutationsEntry.Result.class,
                MutationsEntry.Target.class,
                MutationsEntry.Diff.class,
                MutationsEntry.TestOutcome.class);
    }

    /** The guide's bullet for one part of the report, from its name to the next bullet of the list. */
    private static String part(String section, String name) {
        int start = section.indexOf("** " + name);
        assertThat(start).as("the guide's bullet for %s", name).isNotNegative();
        int end = section.indexOf("\n** ", start + 1);
        return section.substring(start, end < 0 ? section.length() : end);
    }

    /**
     * Every field the records write is named in {@code text}, as {@code `name`} or {@code `name[]`}: a component's
     * name, or the name its {@code @JsonProperty} writes it under.
     */
    private static void assertNamed(String text, Class<?>... records) {
        TreeSet<String> fields = new TreeSet<>();
        for (Class<?> type : records) {
            Arrays.stream(type.getRecordComponents())
                    .filter(c -> !c.getAccessor().isAnnotationPresent(JsonIgnore.class))
                    .map(c -> c.getAccessor().isAnnotationPresent(JsonProperty.class)
                            ? c.getAccessor().getAnnotation(JsonProperty.class).value()
                            : c.getName())
                    .forEach(fields::add);
        }
        assertThat(fields)
                .as("fields of %s that the guide does not name in: %s", List.of(records), text)
                .filteredOn(field -> !text.contains("`+" + field + "+`") && !text.contains("`+" + field + "[]+`"))
                .isEmpty();
    }
}
