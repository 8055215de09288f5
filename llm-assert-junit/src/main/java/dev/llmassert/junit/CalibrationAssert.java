package dev.llmassert.junit;

import dev.llmassert.core.calibration.Calibration;
import dev.llmassert.core.stats.Estimate;
import dev.llmassert.junit.internal.AssertionState;
import dev.llmassert.junit.internal.FailureSink;
import dev.llmassert.junit.internal.message.ShouldAgree;
import org.apiguardian.api.API;
import org.assertj.core.api.AbstractAssert;
import org.assertj.core.api.AssertionErrorCollector;
import org.assertj.core.error.ErrorMessageFactory;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

/**
 * Gates on a calibration, from {@link LlmAssertions#assertThat(Calibration)}: how far the judge agrees with the
 * person's labels, on the interval's bound rather than the figure, so a gate passes on what the labels support.
 *
 * <pre>{@code
 * assertThat(calibration).balancedAccuracy().hasLowerBoundAtLeast(0.75);
 * assertThat(calibration).kappa().hasLowerBoundAtLeast(0.4);
 * assertThat(calibration).recall("no").hasValueAtLeast(0.8);
 * }</pre>
 *
 * <p>The figures of a groundedness judge are held out (each row judged at a bar fitted on the other folds). Every
 * gate first checks the error rate: figures over the rows that were judged are a biased subset once more rows
 * failed than {@code llmassert.eval.max-error-rate} allows.
 */
@API(status = EXPERIMENTAL, since = "0.1")
public class CalibrationAssert extends AbstractAssert<CalibrationAssert, Calibration> {

    private FailureSink failures = FailureSink.THROWING;

    /**
     * Gates on {@code actual}; public, as AssertJ's soft assertions need it.
     *
     * @param actual the calibration
     */
    public CalibrationAssert(Calibration actual) {
        super(actual, CalibrationAssert.class);
    }

    /**
     * Fails when more rows failed to be judged than {@code llmassert.eval.max-error-rate} allows (default none).
     *
     * @return this assertion, to chain more checks
     */
    public CalibrationAssert hasErrorRateWithinLimit() {
        isNotNull();
        withinErrorRate();
        return myself;
    }

    /**
     * The balanced accuracy: the mean of each label's recall, with its interval.
     *
     * @return the gates on the balanced accuracy
     */
    public AgreementFigureAssert balancedAccuracy() {
        isNotNull();
        boolean reported = !withinErrorRate();
        return figure("balanced accuracy", reported ? null : actual.agreement().balancedAccuracy(), 0, reported);
    }

    /**
     * Cohen's kappa: the agreement beyond chance, with its bootstrap interval.
     *
     * @return the gates on kappa
     */
    public AgreementFigureAssert kappa() {
        isNotNull();
        boolean reported = !withinErrorRate();
        if (!reported && actual.agreement().kappa() == null) {
            reported = fail(ShouldAgree.shouldHaveKappa(actual));
        }
        return figure("kappa", reported ? null : actual.agreement().kappa(), -1, reported);
    }

    /**
     * The area under the ROC curve of a groundedness judge's scores: how well they rank yes above no.
     *
     * @return the gates on the area under the curve
     */
    public AgreementFigureAssert auc() {
        isNotNull();
        boolean reported = !withinErrorRate();
        if (!reported && actual.auc() == null) {
            reported = fail(ShouldAgree.shouldHaveAuc(actual));
        }
        return figure("AUC", reported ? null : actual.auc(), 0, reported);
    }

    /**
     * The share of rows where the judge agrees, with its Wilson interval.
     *
     * @return the gates on the accuracy
     */
    public AgreementFigureAssert accuracy() {
        isNotNull();
        boolean reported = !withinErrorRate();
        return figure("accuracy", reported ? null : actual.agreement().accuracy(), 0, reported);
    }

    /**
     * The recall of {@code label}: of the rows the person gave it, the share the judge gave it too.
     *
     * @param label one of the labels, e.g. {@code no}
     * @return the gates on the label's recall
     */
    public AgreementFigureAssert recall(String label) {
        isNotNull();
        boolean reported = !withinErrorRate();
        if (!reported && !actual.labels().contains(label)) {
            reported = fail(ShouldAgree.shouldHaveLabel(actual, label));
        }
        Estimate recall = reported ? null : actual.agreement().recall(label).orElse(null);
        if (!reported && recall == null) {
            reported = fail(ShouldAgree.shouldHaveRowsOf(actual, label));
        }
        return figure("recall of '" + label + "'", recall, 0, reported);
    }

    /** Sends this assert's failures, and those of the figure asserts it makes, to soft assertions. */
    CalibrationAssert collectingFailuresIn(AssertionErrorCollector collector) {
        this.failures = FailureSink.collectingIn(collector);
        return myself;
    }

    /** Whether the error rate is within the limit; a failure when not. */
    private boolean withinErrorRate() {
        return !actual.errorRateExceeded() || !fail(ShouldAgree.shouldHaveErrorRateWithinLimit(actual));
    }

    /** Hands the failure to the sink; {@code true}, as it is reported. */
    private boolean fail(ErrorMessageFactory message) {
        failures.fail(assertionError(message));
        return true;
    }

    private AgreementFigureAssert figure(String name, Estimate estimate, double lowest, boolean reported) {
        AgreementFigureAssert figure = new AgreementFigureAssert(estimate)
                .named(
                        name + " of " + actual.judge()
                                + (actual.fittedMinScore() == null
                                        ? ""
                                        : " held out at the fitted bar "
                                                + actual.fittedMinScore().minScoreText())
                                + " in the calibration " + actual.testId(),
                        lowest,
                        1.0)
                .failingTo(failures, reported);
        AssertionState.copy(info, figure.info);
        return figure;
    }
}
