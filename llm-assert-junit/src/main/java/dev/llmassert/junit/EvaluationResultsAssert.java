package dev.llmassert.junit;

import dev.llmassert.core.eval.EvaluationResults;
import dev.llmassert.core.eval.ItemResult;
import dev.llmassert.core.eval.MeasurementResult;
import dev.llmassert.junit.internal.AssertionState;
import dev.llmassert.junit.internal.CurrentTest;
import dev.llmassert.junit.internal.FailureSink;
import dev.llmassert.junit.internal.message.ShouldPassGate;
import dev.llmassert.junit.internal.report.Gate;
import org.apiguardian.api.API;
import org.assertj.core.api.AbstractAssert;
import org.assertj.core.api.AssertionErrorCollector;
import org.assertj.core.error.ErrorMessageFactory;

import java.util.Locale;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

/**
 * Gates on an evaluation's results, from {@link LlmAssertions#assertThat(EvaluationResults)} (or, collected instead
 * of thrown, {@link LlmSoftAssertions#assertThat(EvaluationResults)}).
 *
 * <pre>{@code
 * assertThat(results).measurement("grounded.passed").hasLowerBoundAtLeast(0.8);
 * assertThat(results).measurement("grounded.passed").inGroup("topic", "billing").hasMeanAtLeast(0.7);
 * assertThat(results).measurement("grounded").isNotWorseThan(EvaluationResults.read(baseline));
 * }</pre>
 *
 * <p>Every gate first checks the error rate: results over the items that did not fail are a biased subset once more
 * items failed than {@code llmassert.eval.max-error-rate} allows. Under {@link LlmJudge}, every gate, passed or
 * failed, is listed in the run report with its evaluation: what it asked, the figure, its interval and the verdict.
 */
@API(status = EXPERIMENTAL, since = "0.1")
public class EvaluationResultsAssert extends AbstractAssert<EvaluationResultsAssert, EvaluationResults> {

    private FailureSink failures = FailureSink.THROWING;

    /**
     * The gates on {@code actual}; public, as AssertJ's soft assertions need it.
     *
     * @param actual the results
     */
    public EvaluationResultsAssert(EvaluationResults actual) {
        super(actual, EvaluationResultsAssert.class);
    }

    /**
     * Fails when more items failed than {@code llmassert.eval.max-error-rate} allows (default none).
     *
     * @return this assertion, to chain more checks
     */
    public EvaluationResultsAssert hasErrorRateWithinLimit() {
        isNotNull();
        boolean within = !actual.errorRateExceeded();
        ShouldPassGate failure = within ? null : ShouldPassGate.shouldHaveErrorRateWithinLimit(actual);
        report(actual, errorRateGate(actual, null, within, failure));
        if (!within) {
            fail(failure);
        }
        return myself;
    }

    /**
     * Gates on the measurement {@code name} over all items.
     *
     * @param name the measurement's name, e.g. {@code grounded.passed}
     * @return the gates on the measurement
     * @throws AssertionError when too many items failed, or no item has that measurement (listing the ones there
     *                        are); soft assertions collect it instead, and the gates after it check nothing
     */
    public MeasurementAssert measurement(String name) {
        if (actual == null) {
            fail(ShouldPassGate.shouldHaveResults());
            return new MeasurementAssert(null, null, null, failures);
        }
        if (actual.errorRateExceeded()) {
            ShouldPassGate failure = ShouldPassGate.shouldHaveErrorRateWithinLimit(actual);
            report(actual, errorRateGate(actual, name, false, failure));
            fail(failure);
            return new MeasurementAssert(actual, null, null, failures);
        }
        MeasurementResult result = actual.measurement(name).orElse(null);
        if (result == null) {
            ShouldPassGate failure = ShouldPassGate.shouldHaveMeasurement(actual, name);
            report(
                    actual,
                    Gate.builder("a measurement '" + name + "'", false)
                            .measurement(name)
                            .detail(failure.detail())
                            .build());
            fail(failure);
        }
        return carryTo(new MeasurementAssert(actual, result, null, failures));
    }

    /** Sends this assert's failures, and those of the measurement asserts it makes, to soft assertions. */
    EvaluationResultsAssert collectingFailuresIn(AssertionErrorCollector collector) {
        this.failures = FailureSink.collectingIn(collector);
        return myself;
    }

    private void fail(ErrorMessageFactory message) {
        failures.fail(assertionError(message));
    }

    private MeasurementAssert carryTo(MeasurementAssert next) {
        AssertionState.copy(info, next.info);
        return next;
    }

    private static Gate errorRateGate(
            EvaluationResults results, String measurement, boolean within, ShouldPassGate failure) {
        return Gate.builder(
                        String.format(
                                Locale.ROOT,
                                "error rate <= %.3f",
                                results.settings().maxErrorRate()),
                        within)
                .measurement(measurement)
                .figure(results.errorRate())
                .n(results.items().size())
                .detail(failure == null ? null : failure.detail())
                .build();
    }

    /** Lists the gate in the run report, with the test that ran it, when it runs under the extension. */
    static void report(EvaluationResults results, Gate gate) {
        CurrentTest.scope().ifPresent(scope -> scope.gate(results, gate));
    }

    static boolean hasMeasurement(ItemResult item, String name) {
        return !item.failed() && item.measurements().containsKey(name);
    }
}
