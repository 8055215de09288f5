package dev.llmassert.core.stats;

import org.apache.commons.statistics.descriptive.DoubleStatistics;
import org.apache.commons.statistics.descriptive.Statistic;
import org.apiguardian.api.API;

import java.util.EnumSet;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

/**
 * A summary of a sample of values, e.g. the scores of one measurement over all test items.
 *
 * @param n                 the number of values
 * @param mean              the mean; {@code NaN} when there are no values
 * @param min               the smallest value; {@code NaN} when there are no values
 * @param max               the largest value; {@code NaN} when there are no values
 * @param sum               the sum; {@code 0} when there are no values
 * @param standardDeviation the sample standard deviation (divisor {@code n - 1}); {@code 0} for one value,
 *                          {@code NaN} when there are no values
 */
@API(status = EXPERIMENTAL, since = "0.1")
public record Summary(int n, double mean, double min, double max, double sum, double standardDeviation) {

    private static final EnumSet<Statistic> STATISTICS =
            EnumSet.of(Statistic.MEAN, Statistic.MIN, Statistic.MAX, Statistic.SUM, Statistic.STANDARD_DEVIATION);

    /**
     * Summarises {@code values}.
     *
     * @param values the values; may be empty, not {@code null}, every value finite
     * @return the summary
     * @throws IllegalArgumentException if {@code values} is {@code null} or holds {@code NaN} or an infinite value
     */
    public static Summary of(double[] values) {
        Statistics.checkFinite(values, "values");
        if (values.length == 0) {
            return new Summary(0, Double.NaN, Double.NaN, Double.NaN, 0, Double.NaN);
        }
        DoubleStatistics stats = DoubleStatistics.of(STATISTICS, values);
        return new Summary(
                values.length,
                stats.getAsDouble(Statistic.MEAN),
                stats.getAsDouble(Statistic.MIN),
                stats.getAsDouble(Statistic.MAX),
                stats.getAsDouble(Statistic.SUM),
                stats.getAsDouble(Statistic.STANDARD_DEVIATION));
    }
}
