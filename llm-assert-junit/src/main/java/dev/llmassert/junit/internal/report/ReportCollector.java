package dev.llmassert.junit.internal.report;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.llmassert.core.eval.Annotation;
import dev.llmassert.core.eval.EvaluationResults;
import dev.llmassert.core.eval.GroupResult;
import dev.llmassert.core.eval.ItemResult;
import dev.llmassert.core.eval.MeasurementResult;
import org.apiguardian.api.API;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import static org.apiguardian.api.API.Status.INTERNAL;

/**
 * What the run report holds: every judged check and evaluation of one launcher session, in the order they were
 * made. Thread-safe: tests running in parallel add to it at once.
 */
@API(status = INTERNAL, since = "0.1")
public final class ReportCollector {

    private static final ObjectMapper JSON = new ObjectMapper();

    private final List<ObjectNode> checks = new ArrayList<>();
    private final List<ObjectNode> evaluations = new ArrayList<>();
    private volatile boolean enabled = true;

    void disable() {
        enabled = false;
    }

    boolean enabled() {
        return enabled;
    }

    void addCheck(String testId, String className, String displayName, ObjectNode detail) {
        if (!enabled) {
            return;
        }
        ObjectNode check = JSON.createObjectNode();
        check.put("testId", testId);
        check.put("className", className);
        check.put("displayName", displayName);
        check.setAll(detail);
        synchronized (checks) {
            checks.add(check);
        }
    }

    void addEvaluation(String testId, String className, String displayName, EvaluationResults results, Path record) {
        if (!enabled) {
            return;
        }
        ObjectNode evaluation = JSON.createObjectNode();
        evaluation.put("testId", testId);
        evaluation.put("className", className);
        evaluation.put("displayName", displayName);
        evaluation.put("test", results.test());
        evaluation.put("systemUnderTest", results.systemUnderTest());
        evaluation.put("record", record.toString().replace('\\', '/'));
        evaluation.put("items", results.items().size());
        evaluation.put("errors", results.errors().size());
        evaluation.put("recordings", results.recordings());
        evaluation.put("wallMillis", results.timings().wallMillis());
        evaluation.set("judges", JSON.valueToTree(results.annotators()));
        long[] tokens = tokens(results);
        evaluation.putObject("tokens").put("input", tokens[0]).put("output", tokens[1]);
        evaluation.put("replayed", tokens[2] == 0);
        evaluation.set("measurements", measurements(results.results().measurements()));
        var groups = evaluation.putArray("groups");
        for (GroupResult group : results.results().groups()) {
            ObjectNode g = groups.addObject();
            g.put("label", group.label());
            g.put("items", group.items());
            g.set("measurements", measurements(group.measurements()));
        }
        synchronized (evaluations) {
            evaluations.add(evaluation);
        }
    }

    /** Copies of what was collected so far. */
    List<ObjectNode> checks() {
        synchronized (checks) {
            return checks.stream().map(ObjectNode::deepCopy).toList();
        }
    }

    List<ObjectNode> evaluations() {
        synchronized (evaluations) {
            return evaluations.stream().map(ObjectNode::deepCopy).toList();
        }
    }

    private static ObjectNode measurements(Map<String, MeasurementResult> measurements) {
        ObjectNode node = JSON.createObjectNode();
        measurements.forEach((name, m) -> {
            ObjectNode row = node.putObject(name);
            row.put("n", m.n());
            put(row, "mean", m.mean());
            put(row, "lower", m.interval().lower());
            put(row, "upper", m.interval().upper());
            row.put("method", m.interval().method());
        });
        return node;
    }

    /** Tokens in, out, and the judge annotations that were live (not replayed), from the annotations' details. */
    private static long[] tokens(EvaluationResults results) {
        long[] totals = new long[3];
        for (ItemResult item : results.items()) {
            for (List<Annotation> annotations : item.annotations().values()) {
                for (Annotation annotation : annotations) {
                    if (annotation.details().get("tokens") instanceof Map<?, ?> counted) {
                        totals[0] += ((Number) counted.get("input")).longValue();
                        totals[1] += ((Number) counted.get("output")).longValue();
                    }
                    if (Boolean.FALSE.equals(annotation.details().get("replayed"))) {
                        totals[2]++;
                    }
                }
            }
        }
        return totals;
    }

    private static void put(ObjectNode node, String field, double value) {
        if (Double.isFinite(value)) {
            node.put(field, value);
        } else {
            node.putNull(field);
        }
    }
}
