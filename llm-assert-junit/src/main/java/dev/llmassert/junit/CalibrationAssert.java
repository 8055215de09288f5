package dev.llmassert.junit;

import dev.llmassert.core.calibration.Agreement;
import dev.llmassert.core.calibration.Calibration;
import dev.llmassert.core.config.ConfigKeys;
import dev.llmassert.core.stats.Estimate;
import dev.llmassert.junit.internal.message.Messages;
import org.apiguardian.api.API;
import org.assertj.core.api.AbstractAssert;

import java.util.Locale;
import java.util.stream.Collectors;

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

    public CalibrationAssert(Calibration actual) {
        super(actual, CalibrationAssert.class);
    }

    /** Fails when more rows failed to be judged than {@code llmassert.eval.max-error-rate} allows (default none). */
    public CalibrationAssert hasErrorRateWithinLimit() {
        isNotNull();
        if (actual.errorRateExceeded()) {
            String rows = actual.errors().stream()
                    .limit(5)
                    .map(e -> "\n  - " + e.id() + " (" + e.where() + "): " + e.error())
                    .collect(Collectors.joining());
            failWithMessage(
                    "%s",
                    String.format(
                            Locale.ROOT,
                            "The calibration %s has %s of %d (error rate %.3f), "
                                    + "above %s = %s. Its figures would cover only the rows that were "
                                    + "judged.%s\nFix: correct "
                                    + "what failed (a missing recording, an unreachable judge), or allow some "
                                    + "failures with "
                                    + "%s.",
                            actual.testId(),
                            Messages.count(actual.errors().size(), "row not judged"),
                            actual.items(),
                            actual.errorRate(),
                            ConfigKeys.EVAL_MAX_ERROR_RATE,
                            actual.maxErrorRate(),
                            rows,
                            ConfigKeys.EVAL_MAX_ERROR_RATE));
        }
        return myself;
    }

    /** The balanced accuracy: the mean of each label's recall, with its interval. */
    public AgreementFigureAssert balancedAccuracy() {
        hasErrorRateWithinLimit();
        return figure("balanced accuracy", actual.agreement().balancedAccuracy());
    }

    /** Cohen's kappa: the agreement beyond chance, with its bootstrap interval. */
    public AgreementFigureAssert kappa() {
        hasErrorRateWithinLimit();
        if (actual.agreement().kappa() == null) {
            failWithMessage(
                    "%s",
                    "The calibration " + actual.testId() + " has no kappa: the person or the judge used "
                            + "one label only, so chance explains every agreement. Confusion: "
                            + confusion(actual.agreement())
                            + "\nFix: label rows of every kind; gate on balancedAccuracy() meanwhile.");
        }
        return figure("kappa", actual.agreement().kappa());
    }

    /** The area under the ROC curve of a groundedness judge's scores: how well they rank yes above no. */
    public AgreementFigureAssert auc() {
        hasErrorRateWithinLimit();
        if (actual.auc() == null) {
            failWithMessage(
                    "%s",
                    "The calibration " + actual.testId() + " is of a criteria judge, which gives "
                            + "options, not scores to rank by, so it has no AUC. Fix: gate on balancedAccuracy() "
                            + "or kappa().");
        }
        return figure("AUC", actual.auc());
    }

    /** The share of rows where the judge agrees, with its Wilson interval. */
    public AgreementFigureAssert accuracy() {
        hasErrorRateWithinLimit();
        return figure("accuracy", actual.agreement().accuracy());
    }

    /** The recall of {@code label}: of the rows the person gave it, the share the judge gave it too. */
    public AgreementFigureAssert recall(String label) {
        hasErrorRateWithinLimit();
        if (!actual.labels().contains(label)) {
            failWithMessage(
                    "%s",
                    "The calibration " + actual.testId() + " has no label '" + label + "'; its labels " + "are "
                            + actual.labels() + ". Fix: use one of these.");
        }
        Estimate recall = actual.agreement().recall(label).orElse(null);
        if (recall == null) {
            failWithMessage(
                    "%s",
                    "No row of the calibration " + actual.testId() + " is labelled '" + label + "', so "
                            + "its recall is unknown. Fix: label rows of that kind.");
        }
        return figure("recall of '" + label + "'", recall);
    }

    private AgreementFigureAssert figure(String name, Estimate estimate) {
        return new AgreementFigureAssert(estimate)
                .named(name + " of " + actual.judge()
                        + (actual.fittedBar() == null
                                ? ""
                                : " held out at the fitted bar "
                                        + actual.fittedBar().barText())
                        + " in the calibration " + actual.testId());
    }

    private static String confusion(Agreement agreement) {
        return agreement.confusion().labels() + " x " + agreement.confusion().counts();
    }
}
