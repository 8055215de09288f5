package dev.llmassert.core.stats;

import org.apiguardian.api.API;

import java.util.Locale;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

/**
 * A confidence interval of a mean.
 *
 * @param lower  the lower bound
 * @param upper  the upper bound
 * @param level  the confidence level, e.g. {@code 0.95}
 * @param method how it was computed: {@code wilson}, {@code t}, {@code bootstrap} or {@code none} (fewer than two
 *               values: the bounds are the mean)
 */
@API(status = EXPERIMENTAL, since = "0.1")
public record Interval(double lower, double upper, double level, String method) {

    @Override
    public String toString() {
        return String.format(Locale.ROOT, "[%.3f, %.3f] (%s %.0f%%)", lower, upper, method, level * 100);
    }
}
