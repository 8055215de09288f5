package dev.llmassert.junit;

import dev.llmassert.core.eval.EvaluationResults;
import dev.llmassert.core.eval.GroupResult;
import dev.llmassert.core.eval.ItemResult;
import dev.llmassert.core.eval.MeasurementResult;
import dev.llmassert.core.stats.PairedComparison;
import dev.llmassert.core.stats.Statistics;
import dev.llmassert.junit.internal.AssertionState;
import dev.llmassert.junit.internal.CurrentTest;
import dev.llmassert.junit.internal.FailureSink;
import dev.llmassert.junit.internal.message.Messages;
import dev.llmassert.junit.internal.message.ShouldPassGate;
import dev.llmassert.junit.internal.report.Gate;
import org.apiguardian.api.API;
import org.assertj.core.api.AbstractAssert;
import org.assertj.core.error.ErrorMessageFactory;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.ToDoubleFunction;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

/**
 * Gates on one measurement of an evaluation, over all items or one group: on its mean, on the bounds of its
 * confidence interval (the gate that noise cannot pass by chance), and against a baseline, item by item. Each gate is
 * listed in the run report with what it asked, the figure, its interval and whether it passed.
 *
 * <p>From soft assertions ({@link LlmSoftAssertions#assertThat(EvaluationResults)}), a failed gate is collected and
 * the next one runs; after a measurement that could not be found, the gates on it check nothing more. A bound that is
 * not a finite number is an argument error ({@link IllegalArgumentException}), not a failed gate.
 */
@API(status = EXPERIMENTAL, since = "0.1")
public final class MeasurementAssert extends AbstractAssert<MeasurementAssert, MeasurementResult> {

    /** The drop {@link #isNotWorseThan(EvaluationResults)} checks it has the items to detect. */
    public static final double DEFAULT_DROP_TO_DETECT = 0.05;

    private static final Logger LOG = LoggerFactory.getLogger("dev.llmassert.junit.evaluations");

    private final EvaluationResults results;
    private final GroupResult group;
    private final FailureSink failures;

    MeasurementAssert(EvaluationResults results, MeasurementResult actual, GroupResult group, FailureSink failures) {
        super(actual, MeasurementAssert.class);
        this.results = results;
        this.group = group;
        this.failures = failures;
    }

    /**
     * The same measurement over the items whose context has {@code key = value}.
     *
     * @param key the context field the items are grouped by
     * @param value the group's value of it
     * @return the gates on the group's measurement
     * @throws AssertionError when there is no such group, or its items lack the measurement
     */
    public MeasurementAssert inGroup(String key, String value) {
        if (actual == null) {
            return this;
        }
        GroupResult found = results.group(key, value).orElse(null);
        if (found == null) {
            missing(
                    key + "=" + value,
                    "a group " + key + "=" + value,
                    ShouldPassGate.shouldHaveGroup(results, key, value));
            return new MeasurementAssert(results, null, null, failures);
        }
        MeasurementResult inGroup = found.measurement(actual.name()).orElse(null);
        if (inGroup == null) {
            missing(
                    found.label(),
                    "the measurement '" + actual.name() + "' in the group " + found.label(),
                    ShouldPassGate.shouldHaveMeasurementInGroup(found.label(), actual.name()));
            return new MeasurementAssert(results, null, null, failures);
        }
        return carryTo(new MeasurementAssert(results, inGroup, found, failures));
    }

    /**
     * The mean is at least {@code minimum}.
     *
     * @param minimum the least the mean may be
     * @return this assertion, to chain more checks
     */
    public MeasurementAssert hasMeanAtLeast(double minimum) {
        return check("mean", "hasMeanAtLeast", m -> m.mean(), minimum, true);
    }

    /**
     * The mean is at most {@code maximum}.
     *
     * @param maximum the most the mean may be
     * @return this assertion, to chain more checks
     */
    public MeasurementAssert hasMeanAtMost(double maximum) {
        return check("mean", "hasMeanAtMost", m -> m.mean(), maximum, false);
    }

    /**
     * The lower bound of the interval is at least {@code minimum}: the mean is above it, beyond reasonable noise.
     *
     * @param minimum the least the lower bound may be
     * @return this assertion, to chain more checks
     */
    public MeasurementAssert hasLowerBoundAtLeast(double minimum) {
        return check("lower bound", "hasLowerBoundAtLeast", m -> m.interval().lower(), minimum, true);
    }

    /**
     * The upper bound of the interval is at most {@code maximum}: the mean is below it, beyond reasonable noise.
     *
     * @param maximum the most the upper bound may be
     * @return this assertion, to chain more checks
     */
    public MeasurementAssert hasUpperBoundAtMost(double maximum) {
        return check("upper bound", "hasUpperBoundAtMost", m -> m.interval().upper(), maximum, false);
    }

    /**
     * {@link #isNotWorseThan(EvaluationResults, double)} with a drop to detect of {@value #DEFAULT_DROP_TO_DETECT}.
     *
     * @param baseline the results of an earlier run, e.g. read back from its record
     * @return this assertion, to chain more checks
     */
    public MeasurementAssert isNotWorseThan(EvaluationResults baseline) {
        return isNotWorseThan(baseline, DEFAULT_DROP_TO_DETECT);
    }

    /**
     * Compares this run with {@code baseline} item by item (items paired by id): the exact McNemar test for 0/1
     * measurements, a paired bootstrap (never more significant than the sign test) for scores, one-sided at the
     * evaluation's confidence. Fails only on a significant regression. When the paired items are too few to detect
     * a drop of {@code dropToDetect}, it says so in the log and the test's report, and passes: the comparison proves
     * little either way.
     *
     * @param baseline the results of an earlier run, e.g. read back from its record
     * @param dropToDetect the drop of the mean the comparison is sized to detect
     * @return this assertion, to chain more checks
     * @throws IllegalArgumentException for a null baseline, or a drop to detect that is not a positive number
     */
    public MeasurementAssert isNotWorseThan(EvaluationResults baseline, double dropToDetect) {
        if (baseline == null) {
            throw new IllegalArgumentException(Messages.nullArgument(
                    "isNotWorseThan(baseline)",
                    "Read a committed record, e.g. EvaluationResults.read("
                            + "Path.of(\"src/test/resources/baselines/<test id>.json\"))."));
        }
        if (!(dropToDetect > 0.0 && Double.isFinite(dropToDetect))) {
            throw new IllegalArgumentException(Messages.dropToDetectNotPositive(dropToDetect));
        }
        if (actual == null) {
            return this;
        }
        String asked = "not significantly worse than the baseline " + baseline.testId();
        String name = actual.name();
        Map<String, ItemResult> before = new HashMap<>();
        baseline.items().stream()
                .filter(i -> inScope(i) && EvaluationResultsAssert.hasMeasurement(i, name))
                .forEach(i -> before.put(i.id(), i));
        List<Double> then = new ArrayList<>();
        List<Double> now = new ArrayList<>();
        for (ItemResult item : results.items()) {
            ItemResult old = before.get(item.id());
            if (old != null && inScope(item) && EvaluationResultsAssert.hasMeasurement(item, name)) {
                then.add(old.measurement(name));
                now.add(item.measurement(name));
            }
        }
        if (then.isEmpty()) {
            return failed(
                    asked,
                    ShouldPassGate.shouldHavePairedItems(
                            name, where(), baseline.testId(), baseline.items().size()));
        }
        PairedComparison comparison = Statistics.comparePaired(
                then.stream().mapToDouble(d -> d).toArray(),
                now.stream().mapToDouble(d -> d).toArray(),
                results.settings().confidence(),
                dropToDetect);
        String figures = String.format(
                Locale.ROOT,
                "mean %.3f now against %.3f in the baseline, over %s "
                        + "(%d worse, %d better); difference %.3f, interval %s; one-sided p = %.4g (%s)",
                comparison.currentMean(),
                comparison.baselineMean(),
                Messages.count(comparison.n(), "paired item"),
                comparison.worse(),
                comparison.better(),
                comparison.meanDifference(),
                comparison.differenceInterval(),
                comparison.pValue(),
                comparison.method());
        String power = comparison.underpowered()
                ? String.format(
                        Locale.ROOT,
                        "%s cannot reliably "
                                + "detect a drop of %.3f in '%s'%s: the smallest drop they detect (at %.0f%% "
                                + "confidence, 80%% "
                                + "power) is %.3f; about %d items would be needed.",
                        Messages.count(comparison.n(), "paired item"),
                        dropToDetect,
                        name,
                        where(),
                        results.settings().confidence() * 100,
                        comparison.minimumDetectableDrop(),
                        comparison.requiredPairs())
                : null;
        boolean passed = !comparison.significantRegression();
        EvaluationResultsAssert.report(
                results,
                Gate.builder(asked, passed)
                        .measurement(name)
                        .group(groupLabel())
                        .figure(comparison.meanDifference())
                        .mean(comparison.meanDifference())
                        .lower(comparison.differenceInterval().lower())
                        .upper(comparison.differenceInterval().upper())
                        .method(comparison.method())
                        .n(comparison.n())
                        .detail(figures + (power == null ? "" : ". " + power))
                        .build());
        if (!passed) {
            fail(ShouldPassGate.shouldNotBeWorse(
                    name,
                    where(),
                    baseline.testId(),
                    figures,
                    1 - results.settings().confidence(),
                    power));
        }
        if (power != null) {
            LOG.warn("{} ({} against {})", power, results.test(), baseline.testId());
            CurrentTest.scope()
                    .ifPresent(scope -> scope.report(
                            Map.of("llm-assert.comparison", figures, "llm-assert.comparison.underpowered", power)));
        }
        return myself;
    }

    private boolean inScope(ItemResult item) {
        return group == null || group.value().equals(item.item().context().get(group.key()));
    }

    /** A gate on {@code figure}; a bound that is not a finite number is an argument error, not a failed gate. */
    private MeasurementAssert check(
            String what, String method, ToDoubleFunction<MeasurementResult> figure, double bound, boolean atLeast) {
        if (!Double.isFinite(bound)) {
            throw new IllegalArgumentException(Messages.boundOutOfRange(
                    method + "(bound)", bound, "a finite number", method + "(" + (atLeast ? "0.8" : "0.2") + ")"));
        }
        if (actual == null) {
            return this;
        }
        double value = figure.applyAsDouble(actual);
        String asked = String.format(Locale.ROOT, "%s %s %.3f", what, atLeast ? ">=" : "<=", bound);
        boolean holds = atLeast ? value >= bound - 1e-12 : value <= bound + 1e-12;
        EvaluationResultsAssert.report(
                results,
                Gate.builder(asked, holds)
                        .measurement(actual.name())
                        .group(groupLabel())
                        .figure(value)
                        .mean(actual.mean())
                        .lower(actual.interval().lower())
                        .upper(actual.interval().upper())
                        .method(actual.interval().method())
                        .n(actual.n())
                        .build());
        if (!holds) {
            fail(ShouldPassGate.shouldHaveFigure(what, actual, where(), atLeast, bound, value));
        }
        return myself;
    }

    /** A gate that could not be checked: listed as failed, with why. */
    private MeasurementAssert failed(String asked, ShouldPassGate failure) {
        EvaluationResultsAssert.report(
                results,
                Gate.builder(asked, false)
                        .measurement(actual.name())
                        .group(groupLabel())
                        .detail(failure.detail())
                        .build());
        fail(failure);
        return myself;
    }

    /** A group or measurement that is not there: listed as a failed gate, then the failure. */
    private void missing(String label, String asked, ShouldPassGate failure) {
        EvaluationResultsAssert.report(
                results,
                Gate.builder(asked, false)
                        .measurement(actual.name())
                        .group(label)
                        .detail(failure.detail())
                        .build());
        fail(failure);
    }

    private void fail(ErrorMessageFactory message) {
        failures.fail(assertionError(message));
    }

    private MeasurementAssert carryTo(MeasurementAssert next) {
        AssertionState.copy(info, next.info);
        return next;
    }

    private String groupLabel() {
        return group == null ? null : group.label();
    }

    private String where() {
        return group == null ? "" : " in the group " + group.label();
    }
}
