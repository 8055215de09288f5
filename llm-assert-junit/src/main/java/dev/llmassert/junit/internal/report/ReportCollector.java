package dev.llmassert.junit.internal.report;

import dev.llmassert.core.calibration.Calibration;
import dev.llmassert.core.calibration.MisjudgedRow;
import dev.llmassert.core.eval.Annotation;
import dev.llmassert.core.eval.EvaluationResults;
import dev.llmassert.core.eval.ItemResult;
import dev.llmassert.core.eval.MeasurementResult;
import dev.llmassert.junit.internal.report.ReportFormat.Evaluation;
import dev.llmassert.junit.internal.report.ReportFormat.Group;
import dev.llmassert.junit.internal.report.ReportFormat.Measurement;
import dev.llmassert.junit.internal.report.ReportFormat.ModelUse;
import dev.llmassert.junit.internal.report.ReportFormat.Part;
import dev.llmassert.junit.internal.report.ReportFormat.Tokens;
import org.apiguardian.api.API;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

import static org.apiguardian.api.API.Status.INTERNAL;

/**
 * What the run report holds: every judged check, evaluation and gate of one launcher session, in the order they were
 * made, and which tests passed (a check that failed in a test that passed was expected to fail). Thread-safe: tests
 * running in parallel add to it at once.
 */
@API(status = INTERNAL, since = "0.1")
public final class ReportCollector {

    private final List<Check> checks = new ArrayList<>();
    /** Guarded by itself; keyed by identity, as a gate names the very results it was given. */
    private final Map<EvaluationResults, Entry> evaluations = new IdentityHashMap<>();

    private final Set<String> passedTests = ConcurrentHashMap.newKeySet();
    private final List<CalibrationEntry> calibrations = new ArrayList<>();
    private final List<RepeatEntry> repeats = new ArrayList<>();
    private volatile boolean enabled = true;

    void disable() {
        enabled = false;
    }

    boolean enabled() {
        return enabled;
    }

    /** Adds a check, with the test it was made in. */
    void addCheck(Check check) {
        if (!enabled) {
            return;
        }
        synchronized (checks) {
            checks.add(check);
        }
    }

    /**
     * Adds an evaluation run in the test {@code testId}.
     *
     * @param systemCalls the system under test's model calls that went through the recordings
     */
    void addEvaluation(
            String testId,
            String className,
            String displayName,
            EvaluationResults results,
            Path record,
            ModelUse systemCalls) {
        if (!enabled) {
            return;
        }
        Evaluation evaluation = evaluation(
                testId,
                className,
                displayName,
                results,
                record == null ? null : record.toString().replace('\\', '/'),
                systemCalls);
        synchronized (evaluations) {
            evaluations.put(results, new Entry(evaluations.size(), evaluation, new ArrayList<>()));
        }
    }

    /**
     * Adds a gate run on {@code results}, to the evaluation that gave them; results this run did not make (read from
     * a file) are listed as an evaluation of their own, in the gate's test.
     */
    void addGate(String className, EvaluationResults results, Gate gate) {
        if (!enabled) {
            return;
        }
        synchronized (evaluations) {
            Entry entry = evaluations.computeIfAbsent(
                    results,
                    r -> new Entry(
                            evaluations.size(),
                            evaluation(gate.testId(), className, gate.displayName(), r, null, ModelUse.NONE),
                            new ArrayList<>()));
            entry.gates().add(gate);
        }
    }

    /** Notes that the test or container {@code uniqueId} finished and whether it passed. */
    void testFinished(String uniqueId, boolean passed) {
        if (passed) {
            passedTests.add(uniqueId);
        }
    }

    void addCalibration(String testId, String className, String displayName, Calibration calibration, Path record) {
        if (!enabled) {
            return;
        }
        List<MisjudgedRow> shown = calibration.misjudged().stream()
                .limit(RunReport.MISJUDGED_SHOWN)
                .toList();
        CalibrationEntry entry = new CalibrationEntry(
                testId,
                className,
                displayName,
                calibration.testId(),
                calibration.kind(),
                calibration.judge(),
                calibration.criteria(),
                calibration.labels(),
                record.toString().replace('\\', '/'),
                calibration.items(),
                calibration.errors().size(),
                calibration.recordings(),
                calibration.wallMillis(),
                calibration.confidence(),
                calibration.fittedMinScore(),
                calibration.currentMinScore(),
                calibration.agreement(),
                calibration.atCurrentMinScore(),
                calibration.auc(),
                calibration.curve(),
                shown,
                calibration.misjudged().size());
        synchronized (calibrations) {
            calibrations.add(entry);
        }
    }

    /**
     * Adds a repeated test's pass rate. When its gate passed, its failed runs count as tests that passed: their
     * failed checks are failures the test allowed, as inside {@code assertThatThrownBy}.
     */
    void addRepeat(RepeatEntry entry) {
        if (!enabled) {
            return;
        }
        synchronized (repeats) {
            repeats.add(entry);
        }
        if (entry.passedGate()) {
            entry.runs().forEach(run -> passedTests.add(run.testId()));
        }
    }

    List<RepeatEntry> repeats() {
        synchronized (repeats) {
            return List.copyOf(repeats);
        }
    }

    List<CalibrationEntry> calibrations() {
        synchronized (calibrations) {
            return List.copyOf(calibrations);
        }
    }

    /** What was collected so far. */
    List<Check> checks() {
        synchronized (checks) {
            return List.copyOf(checks);
        }
    }

    /** The evaluations in the order they were added, each with its gates. */
    List<Evaluation> evaluations() {
        synchronized (evaluations) {
            return evaluations.values().stream()
                    .sorted((a, b) -> Integer.compare(a.order(), b.order()))
                    .map(e -> e.evaluation()
                            .listed(e.evaluation().judgeCalls(), e.evaluation().systemCalls(), List.copyOf(e.gates())))
                    .toList();
        }
    }

    /** The unique ids of the tests and containers that passed. */
    Set<String> passedTests() {
        return Set.copyOf(passedTests);
    }

    private static Evaluation evaluation(
            String testId,
            String className,
            String displayName,
            EvaluationResults results,
            String record,
            ModelUse systemCalls) {
        List<Group> groups = results.results().groups().stream()
                .map(group -> new Group(group.label(), group.items(), measurements(group.measurements())))
                .toList();
        ModelUse judgeCalls = judgeCalls(results);
        return new Evaluation(
                testId,
                className,
                displayName,
                results.test(),
                results.systemUnderTest(),
                record,
                results.items().size(),
                results.errors().size(),
                results.recordings(),
                results.timings().wallMillis(),
                results.annotators(),
                judgeCalls.tokens().plus(systemCalls.tokens()),
                judgeCalls.replayed() == judgeCalls.count() && systemCalls.replayed() == systemCalls.count(),
                judgeCalls,
                systemCalls,
                measurements(results.results().measurements()),
                groups,
                List.of());
    }

    private static Map<String, Measurement> measurements(Map<String, MeasurementResult> measurements) {
        Map<String, Measurement> rows = new LinkedHashMap<>();
        measurements.forEach((name, m) -> rows.put(
                name,
                new Measurement(
                        m.n(),
                        m.mean(),
                        m.interval().lower(),
                        m.interval().upper(),
                        m.interval().method())));
        return rows;
    }

    /**
     * The judgements of the evaluation's LLM judges, from its annotations' details (tokens, replayed, and who wrote
     * a replayed reply). A local judge's or a plain check's annotation calls no model and is not counted.
     */
    private static ModelUse judgeCalls(EvaluationResults results) {
        List<Part> parts = new ArrayList<>();
        for (ItemResult item : results.items()) {
            item.annotations().forEach((annotator, annotations) -> {
                String judge = results.annotators().getOrDefault(annotator, "code");
                if (judge.equals("code") || judge.startsWith("local:")) {
                    return;
                }
                for (Annotation annotation : annotations) {
                    if (annotation.details().get("replayed") instanceof Boolean replayed) {
                        Object writer = annotation.details().get("recordedModel");
                        parts.add(new Part(
                                judge,
                                replayed,
                                writer instanceof String recorded ? recorded : null,
                                tokens(annotation)));
                    }
                }
            });
        }
        return ModelUse.of(parts);
    }

    private static Tokens tokens(Annotation annotation) {
        if (annotation.details().get("tokens") instanceof Map<?, ?> counted) {
            return new Tokens(
                    ((Number) counted.get("input")).longValue(), ((Number) counted.get("output")).longValue());
        }
        return Tokens.NONE;
    }

    /** An evaluation, its place in the run, and the gates run on it. */
    private record Entry(int order, Evaluation evaluation, List<Gate> gates) {}
}
