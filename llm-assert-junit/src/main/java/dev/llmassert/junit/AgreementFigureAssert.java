package dev.llmassert.junit;

import dev.llmassert.core.stats.Estimate;
import org.apiguardian.api.API;
import org.assertj.core.api.AbstractAssert;

import java.util.Locale;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

/**
 * Gates on one figure of a calibration and its interval, from {@link CalibrationAssert}: e.g.
 * {@code assertThat(calibration).balancedAccuracy().hasLowerBoundAtLeast(0.75)}.
 */
@API(status = EXPERIMENTAL, since = "0.1")
public class AgreementFigureAssert extends AbstractAssert<AgreementFigureAssert, Estimate> {

    private String name = "figure";

    public AgreementFigureAssert(Estimate actual) {
        super(actual, AgreementFigureAssert.class);
    }

    AgreementFigureAssert named(String value) {
        this.name = value;
        return myself;
    }

    /**
     * The interval's lower bound is at least {@code bound}: the figure the labels support beyond their noise, the
     * gate to use.
     */
    public AgreementFigureAssert hasLowerBoundAtLeast(double bound) {
        isNotNull();
        return check("lower bound", actual.interval().lower(), bound);
    }

    /** The figure itself is at least {@code bound}, whatever its interval. */
    public AgreementFigureAssert hasValueAtLeast(double bound) {
        isNotNull();
        return check("value", actual.value(), bound);
    }

    private AgreementFigureAssert check(String what, double value, double bound) {
        if (!Double.isFinite(bound)) {
            failWithMessage("%s", "The bound must be a finite number, but is " + bound + ".");
        }
        if (value < bound - 1e-12) {
            failWithMessage(
                    "%s",
                    String.format(
                            Locale.ROOT,
                            "Expecting the %s of the %s to be at least %.3f, but it " + "is %.3f: %s.%s",
                            what,
                            name,
                            bound,
                            value,
                            actual,
                            what.equals("value")
                                    ? ""
                                    : "\nThe lower bound is what the labels support beyond noise; more "
                                            + "labelled rows narrow the interval (see the README's \"Calibrate a "
                                            + "judge\")."));
        }
        return myself;
    }
}
