package dev.llmassert.junit.internal.report;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.json.JsonMapper;
import dev.llmassert.core.io.AtomicFiles;
import dev.llmassert.junit.internal.report.ReportFormat.CalibrationEntry;
import dev.llmassert.junit.internal.report.ReportFormat.Check;
import dev.llmassert.junit.internal.report.ReportFormat.CheckCost;
import dev.llmassert.junit.internal.report.ReportFormat.Evaluation;
import dev.llmassert.junit.internal.report.ReportFormat.PricesUsed;
import dev.llmassert.junit.internal.report.ReportFormat.Report;
import dev.llmassert.junit.internal.report.ReportFormat.Run;
import dev.llmassert.junit.internal.report.ReportFormat.RunCost;
import dev.llmassert.junit.internal.report.ReportFormat.Tokens;
import org.apiguardian.api.API;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
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
    private static final ObjectMapper JSON = JsonMapper.builder().enable(SerializationFeature.INDENT_OUTPUT).build();

    private final Report report;

    private RunReport(Report report) {
        this.report = report;
    }

    /** The report of {@code checks} and {@code evaluations}, priced by {@code prices}. */
    static RunReport of(List<Check> checks, List<Evaluation> evaluations, Prices prices, long wallMillis,
                        Instant generatedAt) {
        List<Check> listed = new ArrayList<>(checks.size());
        Set<String> unpriced = new LinkedHashSet<>();
        Tokens tokens = Tokens.NONE;
        long judgeMillis = 0;
        long retries = 0;
        int failed = 0;
        int near = 0;
        int replayed = 0;
        double now = 0;
        double recorded = 0;
        boolean anyPriced = false;
        for (Check check : checks) {
            Tokens used = check.tokens() == null ? Tokens.NONE : check.tokens();
            boolean wasReplayed = Boolean.TRUE.equals(check.replayed());
            boolean nearTheBar = check.score() != null && check.minimum() != null
                    && Math.abs(check.score() - check.minimum()) <= NEAR_THE_BAR;
            Optional<Double> price = priceOf(prices, check.judge(), used.input(), used.output());
            CheckCost cost = price.map(p -> new CheckCost(true, p, wasReplayed ? 0.0 : p))
                    .orElseGet(() -> new CheckCost(false, null, null));
            if (price.isPresent()) {
                anyPriced = true;
                recorded += price.get();
                now += cost.now();
            } else {
                unpriced.add(model(check.judge() == null ? "" : check.judge()));
            }
            failed += check.passed() ? 0 : 1;
            near += nearTheBar ? 1 : 0;
            replayed += wasReplayed ? 1 : 0;
            judgeMillis += check.latencyMillis() == null ? 0 : check.latencyMillis();
            retries += check.retries() == null ? 0 : check.retries();
            tokens = tokens.plus(used);
            listed.add(check.numbered(listed.size() + 1, nearTheBar, cost));
        }
        for (Evaluation evaluation : evaluations) {
            tokens = tokens.plus(evaluation.tokens());
        }
        RunCost cost = new RunCost(anyPriced ? now : null, anyPriced ? recorded : null, CURRENCY,
                List.copyOf(unpriced));
        Run run = new Run(wallMillis, judgeMillis, checks.size(), failed, near, replayed, checks.size() - replayed,
                retries, tokens, cost, evaluations.size());
        PricesUsed priceInfo = new PricesUsed(prices.source(), prices.asOf(), CURRENCY, NEAR_THE_BAR);
        return new RunReport(new Report(ReportFormat.FORMAT, generatedAt.toString(), run, priceInfo, listed,
                evaluations));
    }

    /** This report with the run's calibrations. */
    RunReport withCalibrations(List<CalibrationEntry> calibrations) {
        return new RunReport(new Report(report.format(), report.generatedAt(), report.run(), report.prices(),
                report.checks(), report.evaluations(), calibrations));
    }

    /** The report's records. */
    public Report report() {
        return report;
    }

    /** The report as the JSON tree {@code report.json} holds. */
    public JsonNode json() {
        return JSON.valueToTree(report);
    }

    /** Reads a {@code report.json} back into its records. */
    static Report read(Path file) throws IOException {
        return JSON.readValue(file.toFile(), Report.class);
    }

    /** Writes {@code report.json} and {@code report.html} into {@code dir}, each atomically. */
    void write(Path dir) throws IOException {
        AtomicFiles.replace(dir.resolve("report.json"),
                (JSON.writeValueAsString(report) + "\n").getBytes(StandardCharsets.UTF_8));
        AtomicFiles.replace(dir.resolve("report.html"), ReportHtml.render(json()).getBytes(StandardCharsets.UTF_8));
    }

    /**
     * One block: {@code llm-assert: 42 checks, 2 failed, 3 near the bar; 12.4k tokens, ~$0.004 (37 replayed, 5 live);
     * report: target/llm-assert/report.html}.
     */
    String summary(Path html) {
        Run run = report.run();
        long tokens = run.tokens().input() + run.tokens().output();
        String cost;
        if (run.cost().now() == null) {
            cost = "price unknown";
        } else {
            cost = "~$" + money(run.cost().now());
            if (run.cost().recorded() > run.cost().now()) {
                cost += " now, ~$" + money(run.cost().recorded()) + " when recorded";
            }
            if (!run.cost().unpricedModels().isEmpty()) {
                cost += ", plus unpriced [" + String.join(",", run.cost().unpricedModels()) + "]";
            }
        }
        String evaluations = run.evaluations() == 0 ? "" : ", " + run.evaluations()
                + (run.evaluations() == 1 ? " evaluation" : " evaluations");
        return String.format(Locale.ROOT, "llm-assert: %s, %d failed, %d near the bar%s; %s %s, %s (%d "
                        + "replayed, %d live); report: %s", VerdictLine.count(run.checks(), "check"), run.failed(),
                run.nearTheBar(), evaluations, thousands(tokens), tokens == 1 ? "token" : "tokens", cost,
                run.replayed(), run.live(), html.toString().replace('\\', '/'));
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

    /** {@code openai:gpt-4o-mini} → {@code gpt-4o-mini}. */
    static String model(String judge) {
        int colon = judge.indexOf(':');
        return colon < 0 ? judge : judge.substring(colon + 1);
    }

    private static String money(double amount) {
        return amount == 0 ? "0" : amount < 0.01 ? String.format(Locale.ROOT, "%.4f", amount)
                : String.format(Locale.ROOT, "%.2f", amount);
    }

    private static String thousands(long count) {
        return count < 1000 ? String.valueOf(count) : String.format(Locale.ROOT, "%.1fk", count / 1000.0);
    }
}
