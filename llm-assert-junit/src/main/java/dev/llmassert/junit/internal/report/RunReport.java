package dev.llmassert.junit.internal.report;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.json.JsonMapper;
import dev.llmassert.core.io.AtomicFiles;
import dev.llmassert.junit.internal.report.ReportFormat.Cascade;
import dev.llmassert.junit.internal.report.ReportFormat.CheckCost;
import dev.llmassert.junit.internal.report.ReportFormat.Evaluation;
import dev.llmassert.junit.internal.report.ReportFormat.ModelUse;
import dev.llmassert.junit.internal.report.ReportFormat.Part;
import dev.llmassert.junit.internal.report.ReportFormat.PricesUsed;
import dev.llmassert.junit.internal.report.ReportFormat.Report;
import dev.llmassert.junit.internal.report.ReportFormat.Run;
import dev.llmassert.junit.internal.report.ReportFormat.RunCost;
import dev.llmassert.junit.internal.report.ReportFormat.Tokens;
import org.apiguardian.api.API;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;

import static org.apiguardian.api.API.Status.INTERNAL;

/**
 * The run report built from what a {@link ReportCollector} holds: {@code report.json} (the records of
 * {@link ReportFormat}, described in the README), {@code report.html}, and the one-block console summary.
 */
@API(status = INTERNAL, since = "0.1")
public final class RunReport {

    /** A check whose score is within this of its minimum is "near the bar". */
    public static final double NEAR_THE_BAR = 0.05;

    /** The misjudged rows of a calibration that the report shows; its record holds them all. */
    static final int MISJUDGED_SHOWN = 20;

    private static final String CURRENCY = "USD";
    private static final ObjectMapper JSON =
            JsonMapper.builder().enable(SerializationFeature.INDENT_OUTPUT).build();

    private final Report report;

    private RunReport(Report report) {
        this.report = report;
    }

    /**
     * The report of {@code checks} and {@code evaluations} (with their gates), priced by {@code prices}.
     *
     * @param passedTests the unique ids of the tests that passed: a check or gate that failed in one of them was
     *                    expected to fail (an {@code assertThatThrownBy} around it)
     */
    static RunReport of(
            List<Check> checks,
            List<Evaluation> evaluations,
            Set<String> passedTests,
            Prices prices,
            long wallMillis,
            Instant generatedAt) {
        return of(
                checks,
                evaluations,
                List.of(),
                List.of(),
                passedTests,
                Set.of(),
                prices,
                wallMillis,
                generatedAt,
                null);
    }

    /**
     * The report of a run: its checks, evaluations (with their gates) and calibrations, and the application's model
     * calls made outside an evaluation, priced by {@code prices}.
     *
     * @param passedTests   the unique ids of the tests that passed: a check or gate that failed in one of them was
     *                      expected to fail (an {@code assertThatThrownBy} around it)
     * @param repeatedRuns  the unique ids of the runs of repeated tests: their failed checks count in their repeated
     *                      test's pass rate, not as failed
     * @param nothingJudged why the run judged nothing, for a run without checks, evaluations and calibrations; else
     *                      {@code null}
     */
    static RunReport of(
            List<Check> checks,
            List<Evaluation> evaluations,
            List<CalibrationEntry> calibrations,
            List<Part> systemCallsOutsideEvaluations,
            Set<String> passedTests,
            Set<String> repeatedRuns,
            Prices prices,
            long wallMillis,
            Instant generatedAt,
            String nothingJudged) {
        Costs costs = new Costs(prices);
        List<Check> listed = new ArrayList<>(checks.size());
        Tokens tokens = Tokens.NONE;
        long judgeMillis = 0;
        long retries = 0;
        int failed = 0;
        int failedAsExpected = 0;
        int passedUnexpectedly = 0;
        int near = 0;
        int replayed = 0;
        int live = 0;
        boolean modelCalled = false;
        Cascade cascade = null;
        for (Check check : checks) {
            if (check.cascade() != null) {
                cascade = cascade == null ? check.cascade() : cascade.plus(check.cascade());
            }
            Tokens used = check.tokens() == null ? Tokens.NONE : check.tokens();
            boolean wasReplayed = Boolean.TRUE.equals(check.replayed());
            // a run of a repeated test: its pass rate, in the repeated test's section, counts its failures
            boolean inRun = check.testId() != null && repeatedRuns.contains(check.testId());
            boolean testPassed = check.testId() != null && passedTests.contains(check.testId());
            boolean expected = !check.passed() && !inRun && testPassed;
            boolean unexpected = check.passed()
                    && !inRun
                    && Boolean.TRUE.equals(check.expectsFailure())
                    && check.testId() != null
                    && !testPassed;
            boolean nearTheBar = check.passed()
                    && check.score() != null
                    && check.minimum() != null
                    && check.score() - check.minimum() <= NEAR_THE_BAR + 1e-9;
            CheckCost cost = costs.add(check.judge(), wasReplayed, used);
            failed += check.passed() || expected || inRun ? 0 : 1;
            failedAsExpected += expected ? 1 : 0;
            passedUnexpectedly += unexpected ? 1 : 0;
            near += nearTheBar ? 1 : 0;
            replayed += wasReplayed ? 1 : 0;
            live += Boolean.FALSE.equals(check.replayed()) ? 1 : 0;
            judgeMillis += check.latencyMillis() == null ? 0 : check.latencyMillis();
            retries += check.retries() == null ? 0 : check.retries();
            tokens = tokens.plus(used);
            modelCalled |= calledAModel(check.judge());
            listed.add(check.listed(listed.size() + 1, expected, unexpected, inRun, nearTheBar, cost));
        }
        List<Evaluation> listedEvaluations = new ArrayList<>(evaluations.size());
        int gates = 0;
        int failedGates = 0;
        List<Part> systemCalls = new ArrayList<>(systemCallsOutsideEvaluations);
        List<CheckCost> systemCosts = new ArrayList<>();
        for (Evaluation evaluation : evaluations) {
            ModelUse judges = costs.add(evaluation.judgeCalls());
            ModelUse system = costs.add(evaluation.systemCalls());
            systemCalls.addAll(evaluation.systemCalls().parts());
            systemCosts.add(system.cost());
            List<Gate> listedGates = new ArrayList<>();
            for (Gate gate : evaluation.gates()) {
                boolean expected = !gate.passed() && gate.testId() != null && passedTests.contains(gate.testId());
                failedGates += gate.passed() || expected ? 0 : 1;
                listedGates.add(gate.listed(expected));
            }
            gates += listedGates.size();
            tokens = tokens.plus(evaluation.tokens());
            modelCalled |= judges.count() > 0 || system.count() > 0;
            listedEvaluations.add(evaluation.listed(judges, system, listedGates));
        }
        ModelUse outside = costs.add(ModelUse.of(systemCallsOutsideEvaluations));
        systemCosts.add(outside.cost());
        tokens = tokens.plus(outside.tokens());
        ModelUse system = ModelUse.of(systemCalls).priced(CheckCost.sum(systemCosts));
        modelCalled |= system.count() > 0;
        Run run = new Run(
                wallMillis,
                judgeMillis,
                checks.size(),
                failed,
                failedAsExpected,
                passedUnexpectedly,
                near,
                NEAR_THE_BAR,
                replayed,
                live,
                retries,
                tokens,
                costs.total(),
                !modelCalled,
                evaluations.size(),
                gates,
                failedGates,
                calibrations.size(),
                system,
                nothingJudged,
                cascade);
        PricesUsed priceInfo = modelCalled ? new PricesUsed(prices.source(), prices.asOf(), CURRENCY) : null;
        return new RunReport(new Report(
                ReportFormat.FORMAT,
                generatedAt.toString(),
                run,
                priceInfo,
                listed,
                listedEvaluations,
                calibrations,
                List.of(),
                null));
    }

    /** Whether a check by {@code judge} called a model: the local judge and a check with no judge call none. */
    private static boolean calledAModel(String judge) {
        return judge != null && !judge.startsWith("local:");
    }

    /** This report with the run's calibrations. */
    RunReport withCalibrations(List<CalibrationEntry> calibrations) {
        return new RunReport(with(report, report.generatedAt(), calibrations, report.repeats(), report.mutations()));
    }

    /** This report with the run's repeated tests. */
    RunReport withRepeats(List<RepeatEntry> repeats) {
        return new RunReport(with(report, report.generatedAt(), report.calibrations(), repeats, report.mutations()));
    }

    /**
     * Puts a mutation check's section into the run report of {@code dir}: the report its baseline run wrote, or an
     * empty one when that run judged nothing, and writes both files again.
     *
     * @return the section's place, {@code dir/report.html}
     * @throws IOException when the report cannot be read or written
     */
    public static Path writeMutations(Path dir, MutationsEntry mutations, Instant generatedAt) throws IOException {
        Path json = dir.resolve("report.json");
        Report base = Files.exists(json)
                ? read(json)
                : of(List.of(), List.of(), Set.of(), Prices.load(null), mutations.wallMillis(), generatedAt)
                        .report();
        new RunReport(with(base, generatedAt.toString(), base.calibrations(), base.repeats(), mutations)).write(dir);
        return dir.resolve("report.html");
    }

    /** {@code base} with the parts that are added after its checks and evaluations. */
    private static Report with(
            Report base,
            String generatedAt,
            List<CalibrationEntry> calibrations,
            List<RepeatEntry> repeats,
            MutationsEntry mutations) {
        return new Report(
                base.format(),
                generatedAt,
                base.run(),
                base.prices(),
                base.checks(),
                base.evaluations(),
                calibrations,
                repeats,
                mutations);
    }

    /** The report's records. */
    public Report report() {
        return report;
    }

    /** The report as the JSON tree {@code report.json} holds. */
    public JsonNode json() {
        return JSON.valueToTree(report);
    }

    /**
     * The summary line a run printed, from the report it wrote into {@code dir}: for a check of figures quoted from a
     * run (the README's).
     *
     * @throws IOException when {@code dir/report.json} cannot be read
     */
    public static String summaryOf(Path dir) throws IOException {
        return new RunReport(read(dir.resolve("report.json"))).summary(dir.resolve("report.html"));
    }

    /** Reads a {@code report.json} back into its records. */
    static Report read(Path file) throws IOException {
        return JSON.readValue(file.toFile(), Report.class);
    }

    /** Writes {@code report.json} and {@code report.html} into {@code dir}, each atomically. */
    void write(Path dir) throws IOException {
        AtomicFiles.replace(
                dir.resolve("report.json"), (JSON.writeValueAsString(report) + "\n").getBytes(StandardCharsets.UTF_8));
        AtomicFiles.replace(
                dir.resolve("report.html"), ReportHtml.render(json()).getBytes(StandardCharsets.UTF_8));
    }

    /**
     * One block: {@code llm-assert: 42 checks, 2 failed, 1 failed as the test expected, 3 near the bar; 2 evaluations,
     * 5 gates, 0 failed; 12.4k tokens, ~$0.004 (37 replayed, 5 live); report: target/llm-assert/report.html}. A run
     * that called no model says {@code local judge: no tokens, no cost} instead of tokens and prices.
     */
    String summary(Path html) {
        Run run = report.run();
        StringBuilder line = new StringBuilder("llm-assert: ");
        if (run.nothingJudged() != null) {
            // nothing judged: why, and what the application's model cost all the same
            line.append("0 checks: ").append(run.nothingJudged());
            if (!run.localOnly()) {
                modelUse(line, run);
            }
            return line.append("; report: ")
                    .append(html.toString().replace('\\', '/'))
                    .toString();
        }
        line.append(VerdictLine.count(run.checks(), "check"))
                .append(", ")
                .append(run.failed())
                .append(" failed");
        if (run.failedAsExpected() > 0) {
            line.append(", ").append(run.failedAsExpected()).append(" failed as the test expected");
        }
        if (run.passedUnexpectedly() > 0) {
            line.append(", ").append(run.passedUnexpectedly()).append(" passed where the test expected a failure");
        }
        line.append(", ").append(run.nearTheBar()).append(" near the bar");
        if (run.evaluations() > 0) {
            line.append("; ")
                    .append(VerdictLine.count(run.evaluations(), "evaluation"))
                    .append(", ")
                    .append(VerdictLine.count(run.gates(), "gate"))
                    .append(", ")
                    .append(run.failedGates())
                    .append(" failed");
        }
        if (run.calibrations() > 0) {
            line.append("; ").append(VerdictLine.count(run.calibrations(), "calibration"));
        }
        if (!report.repeats().isEmpty()) {
            long below = report.repeats().stream().filter(r -> !r.passedGate()).count();
            line.append("; ")
                    .append(VerdictLine.count(report.repeats().size(), "repeated test"))
                    .append(", ")
                    .append(below)
                    .append(" below its pass rate");
        }
        if (run.localOnly()) {
            line.append("; local judge: no tokens, no cost");
        } else {
            modelUse(line, run);
        }
        if (run.cascade() != null) {
            cascade(line, run.cascade());
        }
        return line.append("; report: ")
                .append(html.toString().replace('\\', '/'))
                .toString();
    }

    /** The run's tokens and cost, and its judge and application model calls, after a "; ". */
    private static void modelUse(StringBuilder line, Run run) {
        long tokens = run.tokens().input() + run.tokens().output();
        line.append("; ")
                .append(thousands(tokens))
                .append(tokens == 1 ? " token, " : " tokens, ")
                .append(cost(run.cost()))
                .append(" (")
                .append(run.replayed())
                .append(" replayed, ")
                .append(run.live())
                .append(" live");
        ModelUse system = run.systemCalls();
        if (system != null && system.count() > 0) {
            line.append("; ")
                    .append(VerdictLine.count(system.count(), "call"))
                    .append(" of the application's model, ")
                    .append(system.replayed())
                    .append(" replayed");
        }
        line.append(')');
    }

    /**
     * {@code ; cascade: 40 sentences decided locally, 6 sent on, 40 calls (~52.3k tokens) not spent}: what the
     * cascades of the run left to the local judge.
     */
    private static void cascade(StringBuilder line, Cascade cascade) {
        line.append("; cascade: ")
                .append(VerdictLine.count(cascade.decidedLocally(), "sentence"))
                .append(" decided locally, ")
                .append(cascade.sentOn())
                .append(" sent on, ")
                .append(VerdictLine.count(cascade.callsNotSpent(), "call"))
                .append(" (~")
                .append(thousands(cascade.tokensNotSpent()))
                .append(cascade.tokensNotSpent() == 1 ? " token)" : " tokens)")
                .append(" not spent");
    }

    private static String cost(RunCost runCost) {
        if (runCost.now() == null) {
            return "price unknown";
        }
        String cost = "~$" + money(runCost.now());
        if (runCost.recorded() > runCost.now()) {
            cost += " now, ~$" + money(runCost.recorded()) + " when recorded";
        }
        if (!runCost.unpricedModels().isEmpty()) {
            cost += ", plus unpriced [" + String.join(",", runCost.unpricedModels()) + "]";
        }
        return cost;
    }

    private static Optional<Double> priceOf(Prices prices, String judge, long in, long out) {
        if (judge == null) {
            return Optional.empty();
        }
        if (judge.startsWith("local:")) {
            return Optional.of(0.0); // no model call: free
        }
        return prices.cost(model(judge), in, out);
    }

    /** The costs of the run's model calls, summed as they are priced. */
    private static final class Costs {
        private final Prices prices;
        private final Set<String> unpriced = new LinkedHashSet<>();
        private double now;
        private double recorded;
        private boolean anyPriced;

        Costs(Prices prices) {
            this.prices = prices;
        }

        /** Prices one check's judge calls, and adds them to the run. */
        CheckCost add(String judge, boolean replayed, Tokens tokens) {
            Optional<Double> price = priceOf(prices, judge, tokens.input(), tokens.output());
            if (price.isEmpty()) {
                unpriced.add(model(judge == null ? "" : judge));
                return new CheckCost(false, null, null);
            }
            anyPriced = true;
            recorded += price.get();
            now += replayed ? 0 : price.get();
            return new CheckCost(true, price.get(), replayed ? 0.0 : price.get());
        }

        /** Prices an evaluation's judge or system calls, and adds them to the run. */
        ModelUse add(ModelUse use) {
            if (use.count() == 0) {
                return use.priced(new CheckCost(true, 0.0, 0.0));
            }
            boolean known = true;
            double useRecorded = 0;
            double useNow = 0;
            for (Part part : use.parts()) {
                CheckCost cost = add(part.model(), part.replayed(), part.tokens());
                known &= cost.priceKnown();
                useRecorded += cost.priceKnown() ? cost.recorded() : 0;
                useNow += cost.priceKnown() ? cost.now() : 0;
            }
            return use.priced(known ? new CheckCost(true, useRecorded, useNow) : new CheckCost(false, null, null));
        }

        RunCost total() {
            return new RunCost(anyPriced ? now : null, anyPriced ? recorded : null, CURRENCY, List.copyOf(unpriced));
        }
    }

    /** {@code openai:gpt-4o-mini} → {@code gpt-4o-mini}. */
    static String model(String judge) {
        int colon = judge.indexOf(':');
        return colon < 0 ? judge : judge.substring(colon + 1);
    }

    private static String money(double amount) {
        return amount == 0
                ? "0"
                : amount < 0.01
                        ? String.format(Locale.ROOT, "%.4f", amount)
                        : String.format(Locale.ROOT, "%.2f", amount);
    }

    private static String thousands(long count) {
        return count < 1000 ? String.valueOf(count) : String.format(Locale.ROOT, "%.1fk", count / 1000.0);
    }
}
