package dev.llmassert.junit.internal.report;

import dev.llmassert.core.calibration.Calibration;
import dev.llmassert.core.calibration.MisjudgedRow;
import dev.llmassert.core.eval.Annotation;
import dev.llmassert.core.eval.EvaluationResults;
import dev.llmassert.core.eval.ItemResult;
import dev.llmassert.core.eval.MeasurementResult;
import dev.llmassert.junit.internal.report.ReportFormat.CalibrationEntry;
import dev.llmassert.junit.internal.report.ReportFormat.Check;
import dev.llmassert.junit.internal.report.ReportFormat.Evaluation;
import dev.llmassert.junit.internal.report.ReportFormat.Group;
import dev.llmassert.junit.internal.report.ReportFormat.Measurement;
import dev.llmassert.junit.internal.report.ReportFormat.Tokens;
import org.apiguardian.api.API;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import static org.apiguardian.api.API.Status.INTERNAL;

/**
 * What the run report holds: every judged check and evaluation of one launcher session, in the order they were
 * made. Thread-safe: tests running in parallel add to it at once.
 */
@API(status = INTERNAL, since = "0.1")
public final class ReportCollector {

    private final List<Check> checks = new ArrayList<>();
    private final List<Evaluation> evaluations = new ArrayList<>();
    private final List<CalibrationEntry> calibrations = new ArrayList<>();
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

    void addEvaluation(String testId, String className, String displayName, EvaluationResults results, Path record) {
        if (!enabled) {
            return;
        }
        List<Group> groups = results.results().groups().stream()
                .map(group -> new Group(group.label(), group.items(), measurements(group.measurements()))).toList();
        Evaluation evaluation = new Evaluation(testId, className, displayName, results.test(),
                results.systemUnderTest(), record.toString().replace('\\', '/'), results.items().size(),
                results.errors().size(), results.recordings(), results.timings().wallMillis(), results.annotators(),
                tokens(results), liveJudgeCalls(results) == 0, measurements(results.results().measurements()),
                groups);
        synchronized (evaluations) {
            evaluations.add(evaluation);
        }
    }

    void addCalibration(String testId, String className, String displayName, Calibration calibration, Path record) {
        if (!enabled) {
            return;
        }
        List<MisjudgedRow> shown = calibration.misjudged().stream().limit(RunReport.MISJUDGED_SHOWN).toList();
        CalibrationEntry entry = new CalibrationEntry(testId, className, displayName, calibration.testId(),
                calibration.kind(), calibration.judge(), calibration.criteria(), calibration.labels(),
                record.toString().replace('\\', '/'), calibration.items(), calibration.errors().size(),
                calibration.recordings(), calibration.wallMillis(), calibration.confidence(),
                calibration.fittedBar(), calibration.currentBar(), calibration.agreement(),
                calibration.atCurrentBar(), calibration.auc(), calibration.curve(), shown,
                calibration.misjudged().size());
        synchronized (calibrations) {
            calibrations.add(entry);
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

    List<Evaluation> evaluations() {
        synchronized (evaluations) {
            return List.copyOf(evaluations);
        }
    }

    private static Map<String, Measurement> measurements(Map<String, MeasurementResult> measurements) {
        Map<String, Measurement> rows = new LinkedHashMap<>();
        measurements.forEach((name, m) -> rows.put(name, new Measurement(m.n(), m.mean(), m.interval().lower(),
                m.interval().upper(), m.interval().method())));
        return rows;
    }

    /** Tokens in and out of the judge annotations, from the annotations' details. */
    private static Tokens tokens(EvaluationResults results) {
        Tokens total = Tokens.NONE;
        for (Annotation annotation : annotations(results)) {
            if (annotation.details().get("tokens") instanceof Map<?, ?> counted) {
                total = total.plus(new Tokens(((Number) counted.get("input")).longValue(),
                        ((Number) counted.get("output")).longValue()));
            }
        }
        return total;
    }

    /** The judge annotations that were live calls, not replayed. */
    private static long liveJudgeCalls(EvaluationResults results) {
        return annotations(results).stream()
                .filter(annotation -> Boolean.FALSE.equals(annotation.details().get("replayed"))).count();
    }

    private static List<Annotation> annotations(EvaluationResults results) {
        List<Annotation> all = new ArrayList<>();
        for (ItemResult item : results.items()) {
            item.annotations().values().forEach(all::addAll);
        }
        return all;
    }
}
