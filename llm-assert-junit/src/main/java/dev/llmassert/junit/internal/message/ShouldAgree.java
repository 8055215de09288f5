package dev.llmassert.junit.internal.message;

import dev.llmassert.core.calibration.Agreement;
import dev.llmassert.core.calibration.Calibration;
import dev.llmassert.core.config.ConfigKeys;
import dev.llmassert.core.stats.Estimate;
import org.apiguardian.api.API;

import java.util.Locale;
import java.util.stream.Collectors;

import static org.apiguardian.api.API.Status.INTERNAL;

/**
 * Creates the message of a failed gate on a calibration: the error rate, a figure the calibration does not have, or
 * a figure (or its interval's lower bound) that falls short. Judge names, test ids and labels are arguments, never
 * part of the format.
 */
@API(status = INTERNAL, since = "0.1")
public final class ShouldAgree extends MessageTextFactory {

    private ShouldAgree(MessageText message) {
        super(message);
    }

    /** More rows failed to be judged than {@value ConfigKeys#EVAL_MAX_ERROR_RATE} allows. */
    public static ShouldAgree shouldHaveErrorRateWithinLimit(Calibration calibration) {
        String rows = calibration.errors().stream()
                .limit(5)
                .map(e -> "\n  - " + e.id() + " (" + e.where() + "): " + e.error())
                .collect(Collectors.joining());
        return new ShouldAgree(new MessageText()
                .text("The calibration ")
                .plain(calibration.testId())
                .text(String.format(
                        Locale.ROOT,
                        " has %s of %d (error rate %.3f), above %s = %s. Its figures would cover only the rows that "
                                + "were judged.",
                        Messages.count(calibration.errors().size(), "row not judged"),
                        calibration.items(),
                        calibration.errorRate(),
                        ConfigKeys.EVAL_MAX_ERROR_RATE,
                        calibration.maxErrorRate()))
                .plain(rows)
                .text("\nFix: correct what failed (a missing recording, an unreachable judge), or allow some failures "
                        + "with " + ConfigKeys.EVAL_MAX_ERROR_RATE + "."));
    }

    /** The person or the judge used one label only, so kappa is undefined. */
    public static ShouldAgree shouldHaveKappa(Calibration calibration) {
        Agreement agreement = calibration.agreement();
        return new ShouldAgree(new MessageText()
                .text("The calibration ")
                .plain(calibration.testId())
                .text(" has no kappa: the person or the judge used one label only, so chance explains every "
                        + "agreement. Confusion: ")
                .plain(agreement.confusion().labels() + " x "
                        + agreement.confusion().counts())
                .text("\nFix: label rows of every kind; gate on balancedAccuracy() meanwhile."));
    }

    /** A criteria judge's calibration has no scores to rank by. */
    public static ShouldAgree shouldHaveAuc(Calibration calibration) {
        return new ShouldAgree(new MessageText()
                .text("The calibration ")
                .plain(calibration.testId())
                .text(" is of a criteria judge, which gives options, not scores to rank by, so it has no AUC. Fix: "
                        + "gate on balancedAccuracy() or kappa()."));
    }

    /** The calibration's labels do not include {@code label}. */
    public static ShouldAgree shouldHaveLabel(Calibration calibration, String label) {
        return new ShouldAgree(new MessageText()
                .text("The calibration ")
                .plain(calibration.testId())
                .text(" has no label '")
                .plain(label)
                .text("'; its labels are ")
                .plain(calibration.labels())
                .text(". Fix: use one of these."));
    }

    /** No row is labelled {@code label}, so its recall is unknown. */
    public static ShouldAgree shouldHaveRowsOf(Calibration calibration, String label) {
        return new ShouldAgree(new MessageText()
                .text("No row of the calibration ")
                .plain(calibration.testId())
                .text(" is labelled '")
                .plain(label)
                .text("', so its recall is unknown. Fix: label rows of that kind."));
    }

    /**
     * The {@code what} ({@code value} or {@code lower bound}) of the figure {@code name} is below {@code bound}.
     *
     * @param name e.g. {@code balanced accuracy of local:all-minilm-l6-v2-q ... in the calibration support}
     */
    public static ShouldAgree shouldBeAtLeast(String what, String name, double bound, double value, Estimate figure) {
        return new ShouldAgree(new MessageText()
                .text("Expecting the " + what + " of the ")
                .plain(name)
                .text(String.format(Locale.ROOT, " to be at least %.3f, but it is %.3f: ", bound, value))
                .plain(figure)
                .text("."
                        + (what.equals("value")
                                ? ""
                                : "\nThe lower bound is what the labels support beyond noise; more labelled rows "
                                        + "narrow the interval (see the README's \"Calibrate a judge\").")));
    }
}
