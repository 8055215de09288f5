package dev.llmassert.junit;

import dev.llmassert.core.config.ConfigKeys;
import dev.llmassert.core.eval.EvaluationResults;
import dev.llmassert.core.eval.ItemResult;
import dev.llmassert.core.eval.MeasurementResult;
import dev.llmassert.junit.internal.CurrentTest;
import dev.llmassert.junit.internal.FailureSink;
import dev.llmassert.junit.internal.message.Messages;
import dev.llmassert.junit.internal.report.Gate;
import org.apiguardian.api.API;
import org.assertj.core.api.AbstractAssert;
import org.assertj.core.api.AssertionErrorCollector;

import java.util.Locale;
import java.util.stream.Collectors;

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

    /** The gates on {@code actual}; public, as AssertJ's soft assertions need it. */
    public EvaluationResultsAssert(EvaluationResults actual) {
        super(actual, EvaluationResultsAssert.class);
    }

    /** Fails when more items failed than {@code llmassert.eval.max-error-rate} allows (default none). */
    public EvaluationResultsAssert hasErrorRateWithinLimit() {
        isNotNull();
        boolean within = !actual.errorRateExceeded();
        report(
                actual,
                Gate.builder(
                                String.format(
                                        Locale.ROOT,
                                        "error rate <= %.3f",
                                        actual.settings().maxErrorRate()),
                                within)
                        .figure(actual.errorRate())
                        .n(actual.items().size())
                        .detail(within ? null : errorRateMessage(actual))
                        .build());
        if (!within) {
            fail(errorRateMessage(actual));
        }
        return myself;
    }

    /**
     * Gates on the measurement {@code name} over all items.
     *
     * @throws AssertionError when too many items failed, or no item has that measurement (listing the ones there
     *                        are); soft assertions collect it instead, and the gates after it check nothing
     */
    public MeasurementAssert measurement(String name) {
        if (actual == null) {
            fail("The evaluation results are null. Fix: pass the results of evaluator.run(...), or of "
                    + "EvaluationResults.read(path) for a committed record.");
            return new MeasurementAssert(null, null, null, failures);
        }
        if (actual.errorRateExceeded()) {
            report(
                    actual,
                    Gate.builder(
                                    String.format(
                                            Locale.ROOT,
                                            "error rate <= %.3f",
                                            actual.settings().maxErrorRate()),
                                    false)
                            .measurement(name)
                            .figure(actual.errorRate())
                            .n(actual.items().size())
                            .detail(errorRateMessage(actual))
                            .build());
            fail(errorRateMessage(actual));
            return new MeasurementAssert(actual, null, null, failures);
        }
        MeasurementResult result = actual.measurement(name).orElse(null);
        if (result == null) {
            String message = "The evaluation " + actual.test() + " has no measurement '" + name + "'; it has "
                    + actual.results().measurements().keySet() + ". Fix: use one of these names; each annotator "
                    + "gives one named after it (and '<name>.passed' when it has a bar), or measureQuality "
                    + "names its own.";
            report(
                    actual,
                    Gate.builder("a measurement '" + name + "'", false)
                            .measurement(name)
                            .detail(message)
                            .build());
            fail(message);
        }
        return new MeasurementAssert(actual, result, null, failures);
    }

    /** Sends this assert's failures, and those of the measurement asserts it makes, to soft assertions. */
    EvaluationResultsAssert collectingFailuresIn(AssertionErrorCollector collector) {
        this.failures = FailureSink.collectingIn(collector);
        return myself;
    }

    private void fail(String message) {
        try {
            failWithMessage("%s", message);
        } catch (AssertionError e) {
            failures.fail(e);
        }
    }

    /** Lists the gate in the run report, with the test that ran it, when it runs under the extension. */
    static void report(EvaluationResults results, Gate gate) {
        CurrentTest.scope().ifPresent(scope -> scope.gate(results, gate));
    }

    static String errorRateMessage(EvaluationResults results) {
        String items = results.errors().stream()
                .limit(5)
                .map(i -> "\n  - " + i.id() + ": " + i.error().describe())
                .collect(Collectors.joining());
        int more = results.errors().size() - 5;
        return String.format(
                Locale.ROOT,
                "The evaluation %s has %s of %d (error rate %.3f), above %s "
                        + "= %s. Its results would judge only the items that did not fail.%s%s\nFix: correct what "
                        + "failed (see each item's test), or allow some failures with %s.",
                results.test(),
                Messages.count(results.errors().size(), "failed item"),
                results.items().size(),
                results.errorRate(),
                ConfigKeys.EVAL_MAX_ERROR_RATE,
                results.settings().maxErrorRate(),
                items,
                more > 0 ? "\n  ... and " + more + " more" : "",
                ConfigKeys.EVAL_MAX_ERROR_RATE);
    }

    static boolean hasMeasurement(ItemResult item, String name) {
        return !item.failed() && item.measurements().containsKey(name);
    }
}
