package dev.llmassert.junit.internal.report;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.llmassert.core.io.AtomicFiles;
import org.apiguardian.api.API;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Instant;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;

import static org.apiguardian.api.API.Status.INTERNAL;

/**
 * The run report built from what a {@link ReportCollector} holds: {@code report.json} (format 1, documented in the
 * README), {@code report.html}, and the one-block console summary.
 */
@API(status = INTERNAL, since = "0.1")
public final class RunReport {

    /** A check whose score is within this of its minimum is "near the bar". */
    public static final double NEAR_THE_BAR = 0.05;

    private static final ObjectMapper JSON = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);

    private final ObjectNode report;

    private RunReport(ObjectNode report) {
        this.report = report;
    }

    /** The report of {@code checks} and {@code evaluations}, priced by {@code prices}. */
    static RunReport of(List<ObjectNode> checks, List<ObjectNode> evaluations, Prices prices, long wallMillis,
                        Instant generatedAt) {
        ObjectNode root = JSON.createObjectNode();
        root.put("format", 1);
        root.put("generatedAt", generatedAt.toString());
        ObjectNode run = root.putObject("run");
        ObjectNode priceInfo = root.putObject("prices");
        priceInfo.put("source", prices.source());
        priceInfo.put("asOf", prices.asOf());
        priceInfo.put("currency", "USD");
        priceInfo.put("nearTheBarMargin", NEAR_THE_BAR);

        long judgeMillis = 0;
        long input = 0;
        long output = 0;
        int failed = 0;
        int near = 0;
        int replayed = 0;
        long retries = 0;
        double now = 0;
        double recorded = 0;
        boolean anyPriced = false;
        Set<String> unpriced = new LinkedHashSet<>();
        ArrayNode checkArray = root.putArray("checks");
        int id = 0;
        for (ObjectNode check : checks) {
            check.put("id", ++id);
            boolean passed = check.path("passed").asBoolean();
            failed += passed ? 0 : 1;
            boolean nearTheBar = check.has("score") && check.has("minimum")
                    && Math.abs(check.get("score").asDouble() - check.get("minimum").asDouble()) <= NEAR_THE_BAR;
            check.put("nearTheBar", nearTheBar);
            near += nearTheBar ? 1 : 0;
            boolean wasReplayed = check.path("replayed").asBoolean();
            replayed += wasReplayed ? 1 : 0;
            judgeMillis += check.path("latencyMillis").asLong();
            retries += check.path("retries").asLong();
            long in = check.path("tokens").path("input").asLong();
            long out = check.path("tokens").path("output").asLong();
            input += in;
            output += out;
            ObjectNode cost = check.putObject("cost");
            Optional<Double> price = priceOf(prices, check.path("judge").asText(null), in, out);
            cost.put("priceKnown", price.isPresent());
            if (price.isPresent()) {
                anyPriced = true;
                cost.put("recorded", price.get());
                cost.put("now", wasReplayed ? 0.0 : price.get());
                recorded += price.get();
                now += wasReplayed ? 0.0 : price.get();
            } else {
                cost.putNull("recorded");
                cost.putNull("now");
                unpriced.add(model(check.path("judge").asText("")));
            }
            checkArray.add(check);
        }
        ArrayNode evaluationArray = root.putArray("evaluations");
        for (ObjectNode evaluation : evaluations) {
            long in = evaluation.path("tokens").path("input").asLong();
            long out = evaluation.path("tokens").path("output").asLong();
            input += in;
            output += out;
            evaluationArray.add(evaluation);
        }
        run.put("wallMillis", wallMillis);
        run.put("judgeMillis", judgeMillis);
        run.put("checks", checks.size());
        run.put("failed", failed);
        run.put("nearTheBar", near);
        run.put("replayed", replayed);
        run.put("live", checks.size() - replayed);
        run.put("retries", retries);
        run.putObject("tokens").put("input", input).put("output", output);
        ObjectNode cost = run.putObject("cost");
        if (anyPriced) {
            cost.put("now", now);
            cost.put("recorded", recorded);
        } else {
            cost.putNull("now");
            cost.putNull("recorded");
        }
        cost.put("currency", "USD");
        cost.set("unpricedModels", JSON.valueToTree(unpriced));
        run.put("evaluations", evaluations.size());
        return new RunReport(root);
    }

    public ObjectNode json() {
        return report;
    }

    /** Writes {@code report.json} and {@code report.html} into {@code dir}, each atomically. */
    void write(Path dir) throws IOException {
        AtomicFiles.replace(dir.resolve("report.json"),
                (JSON.writeValueAsString(report) + "\n").getBytes(StandardCharsets.UTF_8));
        AtomicFiles.replace(dir.resolve("report.html"), ReportHtml.render(report).getBytes(StandardCharsets.UTF_8));
    }

    /**
     * One block: {@code llm-assert: 42 checks, 2 failed, 3 near the bar; 12.4k tokens, ~$0.004 (37 replayed, 5 live);
     * report: target/llm-assert/report.html}.
     */
    String summary(Path html) {
        ObjectNode run = (ObjectNode) report.get("run");
        long tokens = run.path("tokens").path("input").asLong() + run.path("tokens").path("output").asLong();
        String cost;
        if (run.path("cost").path("now").isNull()) {
            cost = "price unknown";
        } else {
            cost = "~$" + money(run.path("cost").path("now").asDouble());
            if (run.path("cost").path("recorded").asDouble() > run.path("cost").path("now").asDouble()) {
                cost += " now, ~$" + money(run.path("cost").path("recorded").asDouble()) + " when recorded";
            }
            if (!run.path("cost").path("unpricedModels").isEmpty()) {
                cost += ", plus unpriced " + run.path("cost").path("unpricedModels").toString().replace("\"", "");
            }
        }
        String evaluations = run.path("evaluations").asInt() == 0 ? "" : ", " + run.path("evaluations").asInt()
                + (run.path("evaluations").asInt() == 1 ? " evaluation" : " evaluations");
        return String.format(Locale.ROOT, "llm-assert: %d checks, %d failed, %d near the bar%s; %s tokens, %s (%d "
                        + "replayed, %d live); report: %s", run.path("checks").asInt(), run.path("failed").asInt(),
                run.path("nearTheBar").asInt(), evaluations, thousands(tokens), cost, run.path("replayed").asInt(),
                run.path("live").asInt(), html.toString().replace('\\', '/'));
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
