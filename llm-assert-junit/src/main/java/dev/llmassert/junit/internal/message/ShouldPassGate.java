package dev.llmassert.junit.internal.message;

import dev.llmassert.core.config.ConfigKeys;
import dev.llmassert.core.eval.EvaluationResults;
import dev.llmassert.core.eval.GroupResult;
import dev.llmassert.core.eval.MeasurementResult;
import org.apiguardian.api.API;
import org.assertj.core.description.TextDescription;
import org.assertj.core.presentation.StandardRepresentation;

import java.util.Locale;
import java.util.stream.Collectors;

import static org.apiguardian.api.API.Status.INTERNAL;

/**
 * Creates the message of a failed gate on an evaluation's results: the error rate, a measurement or group that is not
 * there, a mean or bound that falls short, a regression against the baseline. Names of measurements, groups and tests
 * are arguments, never part of the format.
 */
@API(status = INTERNAL, since = "0.1")
public final class ShouldPassGate extends MessageTextFactory {

    private ShouldPassGate(MessageText message) {
        super(message);
    }

    /** The message as the run report lists it with the gate: without the assertion's description. */
    public String detail() {
        return create(new TextDescription(""), StandardRepresentation.STANDARD_REPRESENTATION);
    }

    /** More items failed than {@value ConfigKeys#EVAL_MAX_ERROR_RATE} allows. */
    public static ShouldPassGate shouldHaveErrorRateWithinLimit(EvaluationResults results) {
        String items = results.errors().stream()
                .limit(5)
                .map(i -> "\n  - " + i.id() + ": " + i.error().describe())
                .collect(Collectors.joining());
        int more = results.errors().size() - 5;
        return new ShouldPassGate(new MessageText()
                .text("The evaluation ")
                .plain(results.test())
                .text(String.format(
                        Locale.ROOT,
                        " has %s of %d (error rate %.3f), above %s = %s. Its results would judge only the items that "
                                + "did not fail.",
                        Messages.count(results.errors().size(), "failed item"),
                        results.items().size(),
                        results.errorRate(),
                        ConfigKeys.EVAL_MAX_ERROR_RATE,
                        results.settings().maxErrorRate()))
                .plain(items)
                .text((more > 0 ? "\n  ... and " + more + " more" : "") + "\nFix: correct what failed (see each "
                        + "item's test), or allow some failures with " + ConfigKeys.EVAL_MAX_ERROR_RATE + "."));
    }

    /** The results are null. */
    public static ShouldPassGate shouldHaveResults() {
        return new ShouldPassGate(new MessageText()
                .text("The evaluation results are null. Fix: pass the results of evaluator.run(...), or of "
                        + "EvaluationResults.read(path) for a committed record."));
    }

    /** No item has the measurement {@code name}. */
    public static ShouldPassGate shouldHaveMeasurement(EvaluationResults results, String name) {
        return new ShouldPassGate(new MessageText()
                .text("The evaluation ")
                .plain(results.test())
                .text(" has no measurement '")
                .plain(name)
                .text("'; it has ")
                .plain(results.results().measurements().keySet())
                .text(". Fix: use one of these names; each annotator gives one named after it (and '<name>.passed' "
                        + "when it has a bar), or measureQuality names its own."));
    }

    /** There is no group {@code key = value}. */
    public static ShouldPassGate shouldHaveGroup(EvaluationResults results, String key, String value) {
        return new ShouldPassGate(new MessageText()
                .text("The evaluation ")
                .plain(results.test())
                .text(" has no group ")
                .plain(key + "=" + value)
                .text("; its groups are ")
                .plain(results.results().groups().stream()
                        .map(GroupResult::label)
                        .toList())
                .text(" (grouped by ")
                .plain(results.groupBy())
                .text("). Fix: use one of these, or group by '")
                .plain(key)
                .text("' by overriding groupBy in the test."));
    }

    /** No item of the group has the measurement. */
    public static ShouldPassGate shouldHaveMeasurementInGroup(String group, String name) {
        return new ShouldPassGate(new MessageText()
                .text("No item of the group ")
                .plain(group)
                .text(" has the measurement '")
                .plain(name)
                .text("'."));
    }

    /**
     * The {@code what} ({@code mean}, {@code lower bound}, {@code upper bound}) of the measurement is not at least
     * (or at most) {@code bound}.
     *
     * @param where {@code ""}, or {@code " in the group topic=billing"}
     */
    public static ShouldPassGate shouldHaveFigure(
            String what, MeasurementResult measurement, String where, boolean atLeast, double bound, double value) {
        return new ShouldPassGate(new MessageText()
                .text("Expecting the " + what + " of '")
                .plain(measurement.name())
                .text("'")
                .plain(where)
                .text(String.format(
                        Locale.ROOT,
                        " to be at %s %.3f, but it is %.3f: mean %.3f, interval %s, n %d.%s",
                        atLeast ? "least" : "most",
                        bound,
                        value,
                        measurement.mean(),
                        measurement.interval(),
                        measurement.n(),
                        what.equals("mean")
                                ? ""
                                : "\nThe " + what + " is what the data support beyond noise; more items narrow the "
                                        + "interval.")));
    }

    /**
     * The measurement is significantly worse than in the baseline.
     *
     * @param figures the comparison's figures, e.g. {@code mean 0.500 now against 0.900 in the baseline, ...}
     * @param power   why the comparison cannot detect the drop asked for, or {@code null}
     */
    public static ShouldPassGate shouldNotBeWorse(
            String name, String where, String baseline, String figures, double alpha, String power) {
        return new ShouldPassGate(new MessageText()
                .text("'")
                .plain(name)
                .text("'")
                .plain(where)
                .text(" is significantly worse than in the baseline ")
                .plain(baseline)
                .text(": ")
                .plain(figures)
                .text(String.format(Locale.ROOT, " < %.2f.", alpha))
                .plain(power == null ? "" : "\n" + power));
    }

    /** No item has the measurement in both this run and the baseline. */
    public static ShouldPassGate shouldHavePairedItems(String name, String where, String baseline, int baselineItems) {
        return new ShouldPassGate(new MessageText()
                .text("No item has '")
                .plain(name)
                .text("'")
                .plain(where)
                .text(" in both this run and the baseline ")
                .plain(baseline)
                .text(" (" + Messages.count(baselineItems, "item") + "), so they cannot be compared. Fix: compare "
                        + "with a baseline of the same test and dataset, recorded after the measurement was added."));
    }
}
