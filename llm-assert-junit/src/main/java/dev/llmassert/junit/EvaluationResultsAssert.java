package dev.llmassert.junit;

import dev.llmassert.core.config.ConfigKeys;
import dev.llmassert.core.eval.EvaluationResults;
import dev.llmassert.core.eval.ItemResult;
import dev.llmassert.core.eval.MeasurementResult;
import dev.llmassert.junit.internal.Messages;
import org.apiguardian.api.API;
import org.assertj.core.api.AbstractAssert;

import java.util.Locale;
import java.util.stream.Collectors;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

/**
 * Gates on an evaluation's results, from {@link LlmAssertions#assertThat(EvaluationResults)}.
 *
 * <pre>{@code
 * assertThat(results).measurement("grounded.passed").hasLowerBoundAtLeast(0.8);
 * assertThat(results).measurement("grounded.passed").inGroup("topic", "billing").hasMeanAtLeast(0.7);
 * assertThat(results).measurement("grounded").isNotWorseThan(EvaluationResults.read(baseline));
 * }</pre>
 *
 * <p>Every gate first checks the error rate: results over the items that did not fail are a biased subset once more
 * items failed than {@code llmassert.eval.max-error-rate} allows.
 */
@API(status = EXPERIMENTAL, since = "0.1")
public final class EvaluationResultsAssert extends AbstractAssert<EvaluationResultsAssert, EvaluationResults> {

    EvaluationResultsAssert(EvaluationResults actual) {
        super(actual, EvaluationResultsAssert.class);
    }

    /** Fails when more items failed than {@code llmassert.eval.max-error-rate} allows (default none). */
    public EvaluationResultsAssert hasErrorRateWithinLimit() {
        isNotNull();
        if (actual.errorRateExceeded()) {
            failWithMessage("%s", errorRateMessage(actual));
        }
        return myself;
    }

    /**
     * Gates on the measurement {@code name} over all items.
     *
     * @throws AssertionError when no item has that measurement, listing the ones there are
     */
    public MeasurementAssert measurement(String name) {
        hasErrorRateWithinLimit();
        MeasurementResult result = actual.measurement(name).orElse(null);
        if (result == null) {
            failWithMessage("%s", "The evaluation " + actual.test() + " has no measurement '" + name + "'; it has "
                    + actual.results().measurements().keySet() + ". Fix: use one of these names; each annotator "
                    + "gives one named after it (and '<name>.passed' when it has a bar), or measureQuality "
                    + "names its own.");
        }
        return new MeasurementAssert(actual, result, null);
    }

    static String errorRateMessage(EvaluationResults results) {
        String items = results.errors().stream().limit(5)
                .map(i -> "\n  - " + i.id() + ": " + i.error().describe())
                .collect(Collectors.joining());
        int more = results.errors().size() - 5;
        return String.format(Locale.ROOT, "The evaluation %s has %s of %d (error rate %.3f), above %s "
                        + "= %s. Its results would judge only the items that did not fail.%s%s\nFix: correct what "
                        + "failed (see each item's test), or allow some failures with %s.",
                results.test(), Messages.count(results.errors().size(), "failed item"), results.items().size(),
                results.errorRate(),
                ConfigKeys.EVAL_MAX_ERROR_RATE, results.settings().maxErrorRate(), items,
                more > 0 ? "\n  ... and " + more + " more" : "", ConfigKeys.EVAL_MAX_ERROR_RATE);
    }

    static boolean hasMeasurement(ItemResult item, String name) {
        return !item.failed() && item.measurements().containsKey(name);
    }
}
