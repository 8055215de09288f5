package dev.llmassert.core.stats;

import org.apiguardian.api.API;

import java.util.Locale;
import java.util.Objects;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

/**
 * One figure of a calibration with its confidence interval, e.g. a balanced accuracy of 0.81 in [0.72, 0.88].
 *
 * @param value    the figure
 * @param interval its interval at the calibration's confidence level; its method says how it was computed
 *                 ({@code wilson}, {@code wilson-mover}, {@code bootstrap})
 * @param n        the rows it is computed over
 */
@API(status = EXPERIMENTAL, since = "0.1")
public record Estimate(double value, Interval interval, int n) {

    /**
     * Checks that the figure has an interval.
     *
     * @param value the figure
     * @param interval its interval, not {@code null}
     * @param n the rows it is computed over
     * @throws NullPointerException for a {@code null} interval
     */
    public Estimate {
        Objects.requireNonNull(interval, "interval");
    }

    /** {@code 0.812 [0.724, 0.880] (wilson-mover 95%), n 120}. */
    @Override
    public String toString() {
        return String.format(Locale.ROOT, "%.3f %s, n %d", value, interval, n);
    }
}
