package dev.llmassert.junit;

import dev.llmassert.core.stats.Estimate;
import dev.llmassert.junit.internal.FailureSink;
import dev.llmassert.junit.internal.message.Messages;
import dev.llmassert.junit.internal.message.ShouldAgree;
import org.apiguardian.api.API;
import org.assertj.core.api.AbstractAssert;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

/**
 * Gates on one figure of a calibration and its interval, from {@link CalibrationAssert}: e.g.
 * {@code assertThat(calibration).balancedAccuracy().hasLowerBoundAtLeast(0.75)}.
 *
 * <p>A bound the figure cannot reach (below its lowest value or above its highest, e.g. 1.5 for a share) is an
 * argument error: {@link IllegalArgumentException}, not a failed gate. From soft assertions, a figure the calibration
 * could not give (its failure collected already) checks nothing.
 */
@API(status = EXPERIMENTAL, since = "0.1")
public class AgreementFigureAssert extends AbstractAssert<AgreementFigureAssert, Estimate> {

    private String name = "figure";
    private double lowest = 0.0;
    private double highest = 1.0;
    private FailureSink failures = FailureSink.THROWING;
    private boolean reported;

    /**
     * Gates on {@code actual}, a calibration's figure with its interval.
     *
     * @param actual the figure
     */
    public AgreementFigureAssert(Estimate actual) {
        super(actual, AgreementFigureAssert.class);
    }

    /** The figure's name for messages, and the range its value lies in (kappa's is -1 to 1, a share's 0 to 1). */
    AgreementFigureAssert named(String value, double min, double max) {
        this.name = value;
        this.lowest = min;
        this.highest = max;
        return myself;
    }

    /** Failures go to {@code sink}; {@code reported} when the figure's absence was reported already. */
    AgreementFigureAssert failingTo(FailureSink sink, boolean alreadyReported) {
        this.failures = sink;
        this.reported = alreadyReported;
        return myself;
    }

    /**
     * The interval's lower bound is at least {@code bound}: the figure the labels support beyond their noise, the
     * gate to use.
     *
     * @param bound the least the interval's lower bound may be
     * @return this assertion, to chain more checks
     * @throws IllegalArgumentException when the figure cannot reach {@code bound}
     */
    public AgreementFigureAssert hasLowerBoundAtLeast(double bound) {
        requireReachable("hasLowerBoundAtLeast(bound)", bound);
        return present() ? check("lower bound", actual.interval().lower(), bound) : myself;
    }

    /**
     * The figure itself is at least {@code bound}, whatever its interval.
     *
     * @param bound the least the figure may be
     * @return this assertion, to chain more checks
     * @throws IllegalArgumentException when the figure cannot reach {@code bound}
     */
    public AgreementFigureAssert hasValueAtLeast(double bound) {
        requireReachable("hasValueAtLeast(bound)", bound);
        return present() ? check("value", actual.value(), bound) : myself;
    }

    private void requireReachable(String method, double bound) {
        if (!(bound >= lowest && bound <= highest)) {
            throw new IllegalArgumentException(Messages.boundOutOfRange(
                    method,
                    bound,
                    "between " + lowest + " and " + highest,
                    method.replace("bound)", (lowest < 0 ? "0.4" : "0.75") + ")")));
        }
    }

    /** Whether there is a figure to check; a missing one fails once. */
    private boolean present() {
        if (actual == null && !reported) {
            isNotNull();
        }
        return actual != null;
    }

    private AgreementFigureAssert check(String what, double value, double bound) {
        if (value < bound - 1e-12) {
            failures.fail(assertionError(ShouldAgree.shouldBeAtLeast(what, name, bound, value, actual)));
        }
        return myself;
    }
}
