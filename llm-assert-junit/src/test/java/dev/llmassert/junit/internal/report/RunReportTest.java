package dev.llmassert.junit.internal.report;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.llmassert.core.config.ConfigKeys;
import dev.llmassert.core.testing.ReadOnlyFolders;
import dev.llmassert.junit.testing.EvaluationCosts;
import dev.llmassert.junit.testing.HandWrittenReplies;
import dev.llmassert.junit.testing.LocalJudgeChecks;
import dev.llmassert.junit.testing.ReportedChecks;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.platform.launcher.listeners.TestExecutionSummary;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;

import static dev.llmassert.junit.LlmAssertions.assertThat;
import static dev.llmassert.junit.LlmAssertions.assertThatThrownBy;

/**
 * The run report, written by {@link LlmAssertReportListener} in a real launcher session: fixture classes run with
 * the listener, and the report's JSON, summary and failure modes are checked.
 */
class RunReportTest {

    static final String MANUAL = "To reset the router, hold the red button for ten seconds. "
            + "The lights blink green when the reset is done.";

    private static final ObjectMapper JSON = new ObjectMapper();

    @TempDir
    Path dir;

    private final ByteArrayOutputStream console = new ByteArrayOutputStream();

    @Test
    void everyJudgedCheckAndEvaluationOfTheRunIsInTheReportWithItsTestSourceAndEvidence() throws IOException {
        TestExecutionSummary summary =
                run(Map.of(ConfigKeys.REPORT_DIR, dir.toString(), ConfigKeys.CONSOLE, "summary"), ReportedChecks.class);

        assertThat(summary.getTotalFailureCount()).isEqualTo(1);
        JsonNode report = JSON.readTree(dir.resolve("report.json").toFile());
        assertThat(report.path("format").asInt()).isEqualTo(1);
        List<JsonNode> checks = new ArrayList<>();
        report.path("checks").forEach(checks::add);
        assertThat(checks)
                .extracting(c -> c.path("displayName").asText())
                .containsExactlyInAnyOrder(
                        "concise()", "notVerbose()", "scriptAnswer()", "imageAnswer()", "grounded()", "invented()");

        JsonNode grounded = check(checks, "grounded()");
        assertThat(grounded.path("kind").asText()).isEqualTo("groundedness");
        assertThat(grounded.path("passed").asBoolean()).isTrue();
        assertThat(grounded.path("source").asText()).matches("ReportedChecks\\.java:\\d+");
        assertThat(grounded.path("testId").asText())
                .contains("[class:" + ReportedChecks.class.getName() + "]")
                .contains("[method:grounded()]");
        assertThat(grounded.path("className").asText()).isEqualTo(ReportedChecks.class.getName());
        assertThat(grounded.path("sentences").get(0).path("evidence").asText()).contains("red button");
        assertThat(grounded.path("response").asText()).isEqualTo("Hold the red button for ten seconds.");
        assertThat(grounded.path("cost").path("priceKnown").asBoolean()).isFalse();

        JsonNode concise = check(checks, "concise()");
        assertThat(concise.path("kind").asText()).isEqualTo("criteria");
        assertThat(concise.path("option").asText()).isEqualTo("Concise");
        assertThat(concise.path("explanation").asText()).isEqualTo("Short and complete.");
        assertThat(concise.path("judge").asText()).isEqualTo("other:gpt-4o-mini");
        assertThat(concise.path("replayed").asBoolean()).isFalse();
        assertThat(concise.path("tokens").path("input").asInt()).isEqualTo(10);
        assertThat(concise.path("tokens").path("output").asInt()).isEqualTo(5);
        // gpt-4o-mini at 0.15 and 0.60 dollars per million tokens, a live call: 10 * 0.15e-6 + 5 * 0.60e-6
        assertThat(concise.path("cost").path("now").asDouble()).isCloseTo(4.5e-6, within(1e-12));
        assertThat(concise.path("cost").path("recorded").asDouble()).isCloseTo(4.5e-6, within(1e-12));

        JsonNode notVerbose = check(checks, "notVerbose()");
        assertThat(notVerbose.path("passed").asBoolean()).isFalse();
        assertThat(notVerbose.path("failedAsExpected").asBoolean())
                .as("inside assertThatThrownBy")
                .isTrue();
        assertThat(check(checks, "invented()").has("failedAsExpected")).isFalse();

        JsonNode run = report.path("run");
        assertThat(run.path("checks").asInt()).isEqualTo(6);
        assertThat(run.path("failed").asInt()).isEqualTo(1);
        assertThat(run.path("failedAsExpected").asInt()).isEqualTo(1);
        assertThat(run.path("localOnly").asBoolean()).isFalse();
        assertThat(checks)
                .extracting(c -> c.path("displayName").asText() + "="
                        + c.path("tokens").path("input").asInt())
                .containsExactlyInAnyOrder(
                        "concise()=10",
                        "notVerbose()=10",
                        "scriptAnswer()=10",
                        "imageAnswer()=10",
                        "grounded()=5",
                        "invented()=5");
        assertThat(run.path("tokens").path("input").asInt()).isEqualTo(50);
        assertThat(run.path("cost").path("unpricedModels"))
                .extracting(JsonNode::asText)
                .containsExactly("word-overlap");
        assertThat(run.path("evaluations").asInt()).isEqualTo(1);
        JsonNode evaluation = report.path("evaluations").get(0);
        assertThat(evaluation.path("items").asInt()).isEqualTo(3);
        assertThat(evaluation
                        .path("measurements")
                        .path("mentions-reset")
                        .path("mean")
                        .asDouble())
                .isCloseTo(2.0 / 3, within(1e-9));
        assertThat(evaluation.path("groups")).isEmpty();
        assertThat(Files.readString(dir.resolve("report.html"))).startsWith("<!DOCTYPE html>");
        long tokens = run.path("tokens").path("input").asLong()
                + run.path("tokens").path("output").asLong();
        assertThat(evaluation.path("test").asText())
                .as("an anonymous test, titled by its JUnit test")
                .isEqualTo("evaluation(Evaluator)");
        assertThat(evaluation.path("gates"))
                .extracting(g -> g.path("asked").asText())
                .containsExactly("error rate <= 0.000", "mean >= 0.500");
        assertThat(console.toString(StandardCharsets.UTF_8).strip())
                .matches("llm-assert: 6 checks, 1 failed, 1 "
                        + "failed as the test expected, \\d near the bar; 1 evaluation, 2 gates, 0 failed; " + tokens
                        + " tokens, ~\\$0\\.0000, plus unpriced \\[word-overlap\\] \\(0 replayed, 6 live\\); report: "
                        + ".*/report\\.html");
    }

    @Test
    void aQuickStartShapedRunCountsTheExpectedFailureApartAndSaysNoModelWasCalled() throws IOException {
        TestExecutionSummary summary = run(Map.of(ConfigKeys.REPORT_DIR, dir.toString()), LocalJudgeChecks.class);

        assertThat(summary.getTotalFailureCount()).isZero();
        JsonNode report = JSON.readTree(dir.resolve("report.json").toFile());
        JsonNode run = report.path("run");
        assertThat(run.path("checks").asInt()).isEqualTo(2);
        assertThat(run.path("failed").asInt()).isZero();
        assertThat(run.path("failedAsExpected").asInt()).isEqualTo(1);
        assertThat(run.path("localOnly").asBoolean()).isTrue();
        assertThat(report.has("prices")).as("no model was called: no prices").isFalse();
        List<String> lines = console.toString(StandardCharsets.UTF_8).lines().toList();
        assertThat(lines).hasSize(3);
        assertThat(lines.subList(0, 2))
                .as("the verdict lines, then the summary")
                .anySatisfy(line -> assertThat(line).startsWith("LocalJudgeChecks.invented(): groundedness FAILED"));
        assertThat(lines.get(2))
                .isEqualTo("llm-assert: 2 checks, 0 failed, 1 failed as the test expected, 0 near "
                        + "the bar; local judge: no tokens, no cost; report: "
                        + dir.resolve("report.html").toString().replace('\\', '/'));
    }

    @Test
    void everyGatePassedOrFailedIsListedWithItsEvaluationAndRepliesAPersonWroteAreNamedSo() throws IOException {
        TestExecutionSummary summary = run(Map.of(ConfigKeys.REPORT_DIR, dir.toString()), HandWrittenReplies.class);

        assertThat(summary.getTotalFailureCount()).as("the failing gate").isEqualTo(1);
        JsonNode report = JSON.readTree(dir.resolve("report.json").toFile());
        JsonNode evaluation = report.path("evaluations").get(0);
        assertThat(evaluation.path("test").asText()).isEqualTo("supportAnswers(Evaluator, DirectJudge)");
        List<JsonNode> gates = new ArrayList<>();
        evaluation.path("gates").forEach(gates::add);
        assertThat(gates)
                .extracting(
                        g -> g.path("asked").asText() + " " + g.path("passed").asBoolean())
                .containsExactly("error rate <= 0.000 true", "mean >= 0.500 true", "lower bound >= 0.900 false");
        JsonNode failed = gates.get(2);
        assertThat(failed.path("measurement").asText()).isEqualTo("relevant");
        assertThat(failed.path("displayName").asText()).isEqualTo("results");
        assertThat(failed.path("figure").asDouble()).isCloseTo(0.342, within(0.001));
        assertThat(failed.path("lower").asDouble()).isCloseTo(0.342, within(0.001));
        assertThat(failed.path("upper").asDouble()).isEqualTo(1.0);
        assertThat(failed.path("method").asText()).isEqualTo("wilson");
        assertThat(failed.path("n").asInt()).isEqualTo(2);
        assertThat(report.path("run").path("gates").asInt()).isEqualTo(3);
        assertThat(report.path("run").path("failedGates").asInt()).isEqualTo(1);

        List<JsonNode> checks = new ArrayList<>();
        report.path("checks").forEach(checks::add);
        assertThat(checks).hasSize(3).allSatisfy(check -> {
            assertThat(check.path("judge").asText()).isEqualTo("openai:gpt-4o-mini");
            assertThat(check.path("recordedModel").asText()).isEqualTo("hand-written-example");
            assertThat(check.path("replayed").asBoolean()).isTrue();
        });
        assertThat(evaluation.path("judgeCalls").path("recordedModels"))
                .extracting(JsonNode::asText)
                .containsExactly("hand-written-example");
        assertThat(evaluation.path("systemCalls").path("count").asInt()).isEqualTo(2);
        assertThat(evaluation.path("systemCalls").path("replayed").asInt()).isEqualTo(2);
        assertThat(evaluation.path("systemCalls").path("recordedModels"))
                .extracting(JsonNode::asText)
                .containsExactly("hand-written-example");
        assertThat(evaluation.path("recordings").asText()).endsWith("HandWrittenReplies.json: 2 replayed");
        assertThat(console.toString(StandardCharsets.UTF_8)).contains("1 evaluation, 3 gates, 1 failed");
        // each check's verdict line names the replies' writer beside the configured judge
        assertThat(console.toString(StandardCharsets.UTF_8)
                        .lines()
                        .filter(line -> line.contains(": groundedness ") || line.contains(": criteria ")))
                .hasSize(3)
                .allSatisfy(line -> assertThat(line)
                        .contains("judge hand-written-example (configured openai:gpt-4o-mini), replayed"));
    }

    @Test
    void anEvaluationsSystemAndJudgeCallsAreCountedAndPricedApartAndEachInvocationIsListed() throws IOException {
        run(Map.of(ConfigKeys.REPORT_DIR, dir.toString()), EvaluationCosts.class);

        JsonNode report = JSON.readTree(dir.resolve("report.json").toFile());
        List<JsonNode> evaluations = new ArrayList<>();
        report.path("evaluations").forEach(evaluations::add);
        assertThat(evaluations)
                .extracting(e -> e.path("record").asText().replaceAll(".*/", ""))
                .containsExactlyInAnyOrder(
                        EvaluationCosts.class.getName() + ".answers.json",
                        EvaluationCosts.class.getName() + ".repeated[1].json",
                        EvaluationCosts.class.getName() + ".repeated[2].json");
        JsonNode answers = evaluations.stream()
                .filter(e -> e.path("record").asText().endsWith(".answers.json"))
                .findFirst()
                .orElseThrow();
        JsonNode system = answers.path("systemCalls");
        JsonNode judges = answers.path("judgeCalls");
        // three answers, then three judgements, each 10 tokens in and 5 out on gpt-4o-mini (0.15 and 0.60 per million)
        assertThat(system.path("count").asInt()).isEqualTo(3);
        assertThat(system.path("replayed").asInt()).isZero();
        assertThat(system.path("tokens").path("input").asInt()).isEqualTo(30);
        assertThat(system.path("tokens").path("output").asInt()).isEqualTo(15);
        assertThat(system.path("models")).extracting(JsonNode::asText).containsExactly("gpt-4o-mini");
        assertThat(system.path("cost").path("now").asDouble()).isCloseTo(3 * 4.5e-6, within(1e-12));
        assertThat(judges.path("count").asInt()).isEqualTo(3);
        assertThat(judges.path("tokens").path("input").asInt()).isEqualTo(30);
        assertThat(judges.path("cost").path("now").asDouble()).isCloseTo(3 * 4.5e-6, within(1e-12));
        assertThat(answers.path("tokens").path("input").asInt()).isEqualTo(60);
        assertThat(answers.path("recordings").asText())
                .isEqualTo("off: not recorded (3 live system calls, 3 live " + "judgements)");
        JsonNode run = report.path("run");
        assertThat(run.path("tokens").path("input").asInt()).isEqualTo(60);
        assertThat(run.path("cost").path("now").asDouble()).isCloseTo(6 * 4.5e-6, within(1e-12));
        assertThat(run.path("localOnly").asBoolean()).isFalse();
    }

    @Test
    void theRetriesOfEveryCheckAreSummedForTheRun() {
        ObjectNode twice = JSON.createObjectNode();
        twice.put("kind", "groundedness")
                .put("passed", true)
                .put("judge", "openai:gpt-4o-mini")
                .put("retries", 2);
        ObjectNode once = JSON.createObjectNode();
        once.put("kind", "criteria")
                .put("passed", true)
                .put("judge", "openai:gpt-4o-mini")
                .put("retries", 1);
        ObjectNode before = JSON.createObjectNode();
        before.put("kind", "criteria").put("passed", true).put("judge", "local:all-minilm-l6-v2-q");

        RunReport report =
                RunReport.of(checks(twice, once, before), List.of(), Set.of(), Prices.load(null), 10, Instant.EPOCH);

        assertThat(report.json().path("run").path("retries").asInt()).isEqualTo(3);
        assertThat(report.json().path("checks").get(0).path("retries").asInt()).isEqualTo(2);
    }

    @Test
    void aReplayedCallCostsNothingNowAndShowsWhatItCostWhenRecorded() {
        ObjectNode check = JSON.createObjectNode();
        check.put("kind", "criteria")
                .put("passed", true)
                .put("judge", "openai:gpt-4o")
                .put("replayed", true);
        check.putObject("tokens").put("input", 1_000_000).put("output", 100_000);
        ObjectNode unknown = JSON.createObjectNode();
        unknown.put("kind", "criteria")
                .put("passed", true)
                .put("judge", "ollama:llama3.1")
                .put("replayed", false);
        unknown.putObject("tokens").put("input", 500).put("output", 50);

        RunReport report =
                RunReport.of(checks(check, unknown), List.of(), Set.of(), Prices.load(null), 10, Instant.EPOCH);

        JsonNode priced = report.json().path("checks").get(0).path("cost");
        assertThat(priced.path("now").asDouble()).isEqualTo(0.0);
        // gpt-4o at 2.50 in and 10.00 out per million: 2.50 + 1.00
        assertThat(priced.path("recorded").asDouble()).isCloseTo(3.5, within(1e-9));
        JsonNode unpriced = report.json().path("checks").get(1).path("cost");
        assertThat(unpriced.path("priceKnown").asBoolean()).isFalse();
        assertThat(unpriced.path("now").isNull()).isTrue();
        assertThat(report.json().path("run").path("cost").path("unpricedModels"))
                .extracting(JsonNode::asText)
                .containsExactly("llama3.1");
        assertThat(report.summary(Path.of("target/llm-assert/report.html")))
                .isEqualTo("llm-assert: 2 checks, 0 "
                        + "failed, 0 near the bar; 1100.6k tokens, ~$0 now, ~$3.50 when recorded, plus unpriced "
                        + "[llama3.1] "
                        + "(1 replayed, 1 live); report: target/llm-assert/report.html");
    }

    @Test
    void aCheckThatPassedByNoMoreThanTheMarginIsNearTheBarAndAFailedOneIsNot() {
        ObjectNode near = JSON.createObjectNode()
                .put("kind", "groundedness")
                .put("passed", true)
                .put("score", 0.73)
                .put("minimum", 0.7)
                .put("judge", "local:lexical");
        ObjectNode far = JSON.createObjectNode()
                .put("kind", "groundedness")
                .put("passed", true)
                .put("score", 0.9)
                .put("minimum", 0.7)
                .put("judge", "local:lexical");
        ObjectNode justFailed = JSON.createObjectNode()
                .put("kind", "groundedness")
                .put("passed", false)
                .put("score", 0.68)
                .put("minimum", 0.7)
                .put("judge", "local:lexical");

        RunReport report =
                RunReport.of(checks(near, far, justFailed), List.of(), Set.of(), Prices.load(null), 10, Instant.EPOCH);

        assertThat(report.json().path("checks").get(0).path("nearTheBar").asBoolean())
                .isTrue();
        assertThat(report.json().path("checks").get(1).path("nearTheBar").asBoolean())
                .isFalse();
        assertThat(report.json().path("checks").get(2).path("nearTheBar").asBoolean())
                .as("failed, not near")
                .isFalse();
        assertThat(report.json().path("run").path("nearTheBar").asInt()).isEqualTo(1);
        assertThat(report.json().path("run").path("nearTheBarMargin").asDouble())
                .isEqualTo(0.05);
        // a local judge calls no model: it is free, not unpriced
        assertThat(report.json().path("run").path("cost").path("now").asDouble())
                .isEqualTo(0.0);
    }

    @Test
    void turnedOffThereIsNoReportAndNoSummary() {
        run(Map.of(ConfigKeys.REPORT_DIR, dir.toString(), ConfigKeys.REPORT_ENABLED, "false"), ReportedChecks.class);

        assertThat(dir.resolve("report.json")).doesNotExist();
        assertThat(console.toString(StandardCharsets.UTF_8)).doesNotContain("llm-assert:");
    }

    @Test
    void theConsoleShowsEveryVerdictAsItIsMadeThenTheSummaryByDefault() {
        run(Map.of(ConfigKeys.REPORT_DIR, dir.toString()), ReportedChecks.class);

        List<String> lines = console.toString(StandardCharsets.UTF_8).lines().toList();
        assertThat(lines)
                .contains("ReportedChecks.notVerbose(): criteria FAILED conciseness: option Concise, score "
                        + "1.00, expected option \"Verbose\", judge other:gpt-4o-mini, live");
        assertThat(lines)
                .anySatisfy(line -> assertThat(line)
                        .startsWith("ReportedChecks.grounded(): groundedness "
                                + "PASSED score 1.00 (min 0.50), lowest sentence 1.00, 1 "
                                + "sentence, judge test:word-overlap, live, "));
        assertThat(lines)
                .filteredOn(line -> line.contains(": groundedness ") || line.contains(": criteria "))
                .hasSize(6);
        assertThat(lines)
                .anySatisfy(line -> assertThat(line)
                        .startsWith("ReportedChecks.evaluation(Evaluator): "
                                + "evaluation(Evaluator) on echo: 3 items, 0 errors"));
        assertThat(lines.get(lines.size() - 1))
                .startsWith("llm-assert: 6 checks, 1 failed, 1 failed as the test " + "expected,");
    }

    @Test
    void failuresShowsOnlyTheFailedChecksThenTheSummary() {
        run(Map.of(ConfigKeys.REPORT_DIR, dir.toString(), ConfigKeys.CONSOLE, "failures"), ReportedChecks.class);

        List<String> lines = console.toString(StandardCharsets.UTF_8).lines().toList();
        assertThat(lines).hasSize(3);
        assertThat(lines.get(0) + lines.get(1))
                .contains("notVerbose(): criteria FAILED", "invented(): groundedness " + "FAILED");
        assertThat(lines.get(2)).startsWith("llm-assert: 6 checks, 1 failed, 1 failed as the test expected,");
    }

    @Test
    void summaryShowsTheSummaryAndOffNothing() {
        run(Map.of(ConfigKeys.REPORT_DIR, dir.toString(), ConfigKeys.CONSOLE, "summary"), ReportedChecks.class);
        assertThat(console.toString(StandardCharsets.UTF_8).lines())
                .singleElement()
                .satisfies(line -> assertThat(line).startsWith("llm-assert: 6 checks"));

        console.reset();
        run(Map.of(ConfigKeys.REPORT_DIR, dir.toString(), ConfigKeys.CONSOLE, "OFF"), ReportedChecks.class);
        assertThat(console.toString(StandardCharsets.UTF_8)).isEmpty();
        assertThat(dir.resolve("report.json")).exists();
    }

    @Test
    void aBadConsoleModeFailsTheTestsNamingTheKeyAndTheModes() {
        TestExecutionSummary summary =
                run(Map.of(ConfigKeys.REPORT_DIR, dir.toString(), ConfigKeys.CONSOLE, "verbose"), ReportedChecks.class);

        assertThat(summary.getTestsSucceededCount()).isZero();
        assertThat(summary.getFailures())
                .isNotEmpty()
                .allSatisfy(failure -> assertThat(failure.getException())
                        .hasMessageContaining("Unsupported value for configuration key 'llmassert.console': 'verbose'")
                        .hasMessageContaining("Allowed: verdicts, failures, summary, off."));
    }

    @Test
    void aReportThatCannotBeWrittenIsOneWarningAndTheTestsResultsStand() throws IOException {
        Path readOnly = Files.createDirectories(dir.resolve("read-only"));
        ReadOnlyFolders.makeReadOnly(readOnly);
        try {
            TestExecutionSummary summary =
                    run(Map.of(ConfigKeys.REPORT_DIR, readOnly.resolve("report").toString()), ReportedChecks.class);

            assertThat(summary.getTestsSucceededCount()).isEqualTo(9);
            assertThat(summary.getTotalFailureCount()).isEqualTo(1);
            assertThat(readOnly.resolve("report")).doesNotExist();
            assertThat(console.toString(StandardCharsets.UTF_8)).doesNotContain("llm-assert:");
        } finally {
            ReadOnlyFolders.makeWritable(readOnly);
        }
    }

    @Test
    void aBadPriceTableSaysWhichKeyAndHowToFixIt() throws IOException {
        Path table = Files.writeString(dir.resolve("prices.properties"), "gpt-4o-mini.input=0.15\n");

        assertThatThrownBy(() -> Prices.load(table.toString()))
                .hasMessageContaining("llmassert.report.prices")
                .hasMessageContaining("the model 'gpt-4o-mini' needs both gpt-4o-mini.input and gpt-4o-mini.output");
        assertThatThrownBy(() -> Prices.load("no/such/prices.json"))
                .hasMessageContaining("is neither on the classpath nor a readable file");
        Files.writeString(table, "gpt-4o-mini.input=0.15\ngpt-4o-mini.output=0.6\n");
        assertThat(Prices.load(table.toString()).cost("GPT-4o-mini", 1_000_000, 0))
                .contains(0.15);
    }

    /** The checks as the report's records, read from their JSON as a report is. */
    private static List<Check> checks(ObjectNode... checks) {
        List<Check> records = new ArrayList<>();
        for (ObjectNode check : checks) {
            records.add(JSON.convertValue(check, Check.class));
        }
        return records;
    }

    private TestExecutionSummary run(Map<String, String> parameters, Class<?>... classes) {
        return ReportRuns.run(parameters, new PrintStream(console, true, StandardCharsets.UTF_8), classes);
    }

    private static JsonNode check(List<JsonNode> checks, String displayName) {
        return checks.stream()
                .filter(c -> c.path("displayName").asText().equals(displayName))
                .findFirst()
                .orElseThrow();
    }

    private static org.assertj.core.data.Offset<Double> within(double offset) {
        return org.assertj.core.data.Offset.offset(offset);
    }
}
