package dev.llmassert.junit.internal.message;

import org.apiguardian.api.API;
import org.assertj.core.error.ErrorMessageFactory;

import java.util.List;
import java.util.Locale;

import static org.apiguardian.api.API.Status.INTERNAL;

/** Creates the message of a repeated test whose runs passed too rarely. */
@API(status = INTERNAL, since = "0.1")
public final class ShouldHavePassRate extends MessageTextFactory {

    private ShouldHavePassRate(MessageText message) {
        super(message);
    }

    /**
     * The message.
     *
     * @param test       the test's name
     * @param onLowerBound whether the minimum holds the interval's lower bound (else the rate itself)
     * @param runs       each run's mark and failure, e.g. {@code ✗ 3} and its message, in order
     */
    public static ErrorMessageFactory shouldHavePassRate(
            String test,
            int passed,
            int counted,
            double rate,
            double lower,
            double upper,
            double level,
            double minPassRate,
            boolean onLowerBound,
            List<RunLine> runs) {
        String interval = String.format(Locale.ROOT, "%.0f%% Wilson interval [%.2f, %.2f]", level * 100, lower, upper);
        MessageText message = new MessageText().line("Expecting the runs of ").quoted(test);
        if (onLowerBound) {
            message.line(String.format(
                    Locale.ROOT,
                    "to pass at a rate whose %.0f%% lower bound is at least %.2f, but the lower bound was %.2f: %d of"
                            + " %s passed, rate %.2f, %s.",
                    level * 100,
                    minPassRate,
                    lower,
                    passed,
                    Messages.count(counted, "run"),
                    rate,
                    interval));
        } else {
            message.line(String.format(
                    Locale.ROOT,
                    "to pass at a rate of at least %.2f, but %d of %s passed: rate %.2f, %s.",
                    minPassRate,
                    passed,
                    Messages.count(counted, "run"),
                    rate,
                    interval));
        }
        StringBuilder marks = new StringBuilder("Runs:");
        for (RunLine run : runs) {
            marks.append("  ").append(run.mark()).append(' ').append(run.index());
        }
        message.line(marks.toString());
        for (RunLine run : runs) {
            if (run.failure() != null) {
                message.line("  run " + run.index() + ": ").plain(MessageText.shorten(run.failure(), 200));
            }
        }
        message.line(
                onLowerBound
                        ? "Fix: make the application pass more often, or run it more times: the bound narrows with"
                                + " the runs."
                        : "Fix: make the application pass more often; the failed runs' own failures are in their"
                                + " reports.");
        return new ShouldHavePassRate(message);
    }

    /**
     * One run of the test in the message.
     *
     * @param mark    {@code ✓}, {@code ✗} or {@code -} (skipped)
     * @param failure the first line of its failure, or {@code null}
     */
    @API(status = INTERNAL, since = "0.1")
    public record RunLine(int index, String mark, String failure) {}
}
