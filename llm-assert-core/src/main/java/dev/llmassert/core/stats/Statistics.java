package dev.llmassert.core.stats;

import org.apache.commons.statistics.distribution.ChiSquaredDistribution;
import org.apache.commons.statistics.distribution.NormalDistribution;
import org.apache.commons.statistics.inference.AlternativeHypothesis;
import org.apache.commons.statistics.inference.BinomialTest;
import org.apache.commons.statistics.interval.BinomialConfidenceInterval;
import org.apache.commons.statistics.interval.NormalConfidenceInterval;
import org.apiguardian.api.API;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

/**
 * The statistics of prompt-response evaluations: confidence intervals of a mean score or pass rate, and the
 * item-by-item comparison of a run with a baseline.
 *
 * <p>The computations come from Apache Commons Statistics (Wilson and t intervals, the exact binomial test, the normal
 * and chi-squared distributions, quantiles, descriptive statistics) and Apache Commons RNG (a seeded generator). Only
 * the bootstrap resampling loop, the Poisson limits from the chi-squared quantiles and the power formula are written
 * here, because neither library has them.
 *
 * <p>Every method rejects bad input with an {@link IllegalArgumentException} that says what was wrong and how to fix
 * it: a level outside {@code (0, 1)}, {@code null} or empty arrays, {@code NaN} or infinite values.
 */
@API(status = EXPERIMENTAL, since = "0.1")
public final class Statistics {

    /** Resamples of the bootstrap that {@link #meanInterval} and {@link #comparePaired} use. */
    static final int DEFAULT_RESAMPLES = Bootstrap.RESAMPLES;

    static final NormalDistribution STANDARD_NORMAL = NormalDistribution.of(0, 1);

    private Statistics() {}

    /**
     * The Wilson score interval of a proportion, e.g. a pass rate. Unlike the normal approximation it stays within
     * {@code [0, 1]} and keeps its coverage for rates near 0 or 1 and for small {@code n}.
     *
     * @param successes the number of successes, from 0 to {@code n}
     * @param n         the number of trials, at least 1
     * @param level     the confidence level, strictly between 0 and 1, e.g. {@code 0.95}
     * @return the interval, method {@code wilson}
     * @throws IllegalArgumentException if {@code n < 1}, {@code successes} is negative or greater than {@code n},
     *                                  {@code n} exceeds {@link Integer#MAX_VALUE}, or {@code level} is not in
     *                                  {@code (0, 1)}
     */
    public static Interval wilson(long successes, long n, double level) {
        checkLevel(level);
        if (n < 1) {
            throw new IllegalArgumentException(StatisticsMessages.noTrials(n));
        }
        if (successes < 0 || successes > n) {
            throw new IllegalArgumentException(StatisticsMessages.successesOutOfRange(successes, n));
        }
        if (n > Integer.MAX_VALUE) {
            throw new IllegalArgumentException(
                    "A Wilson interval takes at most " + Integer.MAX_VALUE + " trials, but n is " + n + ".");
        }
        org.apache.commons.statistics.interval.Interval interval =
                BinomialConfidenceInterval.WILSON_SCORE.fromErrorRate((int) n, (int) successes, 1 - level);
        // With no successes the exact lower bound is 0, with all successes the exact upper bound is 1; rounding
        // leaves them a hair off (e.g. 2.8e-17), so they are set exactly.
        double lower = successes == 0 ? 0 : clamp(interval.getLowerBound(), 0, 1);
        double upper = successes == n ? 1 : clamp(interval.getUpperBound(), 0, 1);
        return new Interval(lower, upper, level, "wilson");
    }

    /**
     * The Student t interval of the mean: {@code mean ± t(1 - (1 - level) / 2, n - 1) · s / √n}, with {@code s} the
     * sample standard deviation. It assumes the mean is roughly normally distributed.
     *
     * @param values the sample; at least one value, every value finite
     * @param level  the confidence level, strictly between 0 and 1
     * @return the interval, method {@code t}; {@code [mean, mean]} with method {@code t} when all values are equal;
     *         {@code [mean, mean]} with method {@code none} for a single value
     * @throws IllegalArgumentException if {@code values} is {@code null}, empty or holds a non-finite value, or
     *                                  {@code level} is not in {@code (0, 1)}
     */
    public static Interval t(double[] values, double level) {
        checkLevel(level);
        checkSample(values, "values");
        Summary summary = Summary.of(values);
        if (summary.n() < 2) {
            return new Interval(summary.mean(), summary.mean(), level, "none");
        }
        if (summary.min() == summary.max()) {
            return new Interval(summary.min(), summary.min(), level, "t");
        }
        double sd = summary.standardDeviation();
        org.apache.commons.statistics.interval.Interval interval =
                NormalConfidenceInterval.MEAN.fromErrorRate(summary.mean(), sd * sd, summary.n(), 1 - level);
        return new Interval(interval.getLowerBound(), interval.getUpperBound(), level, "t");
    }

    /**
     * The percentile bootstrap interval of the mean: the sample is resampled with replacement {@code resamples}
     * times, and the interval runs between the {@code (1 - level) / 2} and {@code (1 + level) / 2} quantiles of the
     * resampled means. The same values and seed always give the same interval. The interval lies within the
     * smallest and largest value.
     *
     * @param values    the sample; at least one value, every value finite
     * @param level     the confidence level, strictly between 0 and 1
     * @param resamples the number of resamples, at least 1; 2,000 or more for a stable 95% interval
     * @param seed      the seed of the random generator
     * @return the interval, method {@code bootstrap}; {@code [mean, mean]} with method {@code none} for a single
     *         value
     * @throws IllegalArgumentException if {@code values} is {@code null}, empty or holds a non-finite value,
     *                                  {@code level} is not in {@code (0, 1)}, or {@code resamples < 1}
     */
    public static Interval bootstrap(double[] values, double level, int resamples, long seed) {
        checkLevel(level);
        checkSample(values, "values");
        if (resamples < 1) {
            throw new IllegalArgumentException(StatisticsMessages.tooFewResamples(resamples));
        }
        if (values.length < 2) {
            return new Interval(values[0], values[0], level, "none");
        }
        Summary summary = Summary.of(values);
        return Bootstrap.percentile(Bootstrap.means(values, resamples, seed), level, summary.min(), summary.max());
    }

    /**
     * The default interval of a mean score or pass rate. If every value is 0 or 1 it is the {@link #wilson Wilson}
     * interval of the number of ones. Otherwise it is the {@link #bootstrap percentile bootstrap} interval with 2,000
     * resamples and a seed computed from the values, so that the same data always give the same interval. The
     * bootstrap is preferred to the t interval because scores in {@code [0, 1]} are bounded and often skewed (many
     * values at 1), where the t interval can reach past the possible range; the percentile bootstrap stays within the
     * data's range. Scores in {@code [0, 1]} with no spread at all (every value the same) get the Wilson interval of
     * their mean as a share, since a variance of 0 would make any resampling claim certainty.
     *
     * @param values the sample; at least one value, every value finite
     * @param level  the confidence level, strictly between 0 and 1
     * @return the interval, method {@code wilson}, {@code bootstrap}, or {@code none} for a single value that is not 0
     *         or 1
     * @throws IllegalArgumentException if {@code values} is {@code null}, empty or holds a non-finite value, or
     *                                  {@code level} is not in {@code (0, 1)}
     */
    public static Interval meanInterval(double[] values, double level) {
        checkLevel(level);
        checkSample(values, "values");
        if (isBinary(values)) {
            long ones = 0;
            for (double value : values) {
                if (value == 1) {
                    ones++;
                }
            }
            return wilson(ones, values.length, level);
        }
        Summary summary = Summary.of(values);
        if (summary.min() == summary.max() && summary.min() >= 0.0 && summary.max() <= 1.0) {
            // No spread: the bootstrap (and the t interval) would give [mean, mean], a certainty that five equal
            // scores do not carry, and a lower-bound gate would pass any bar. A value in [0, 1] has a variance of at
            // most mean * (1 - mean), so the Wilson interval of the mean as a proportion is a conservative bound.
            return wilsonOfMean(summary.mean(), values.length, level);
        }
        return bootstrap(values, level, DEFAULT_RESAMPLES, Bootstrap.seed(values));
    }

    /**
     * The interval of a mean for a measurement of a declared kind: a {@link MeasurementKind#RATE rate} gets the
     * {@link #wilson Wilson} interval of its ones, a {@link MeasurementKind#COUNT count} the {@link #poisson exact
     * Poisson} interval of its mean, a {@link MeasurementKind#SCORE score} the percentile bootstrap (2,000 resamples,
     * seeded from the values), whatever the values happen to be; a score in {@code [0, 1]} with no spread gets the
     * Wilson interval of its mean, as in {@link #meanInterval(double[], double)}.
     *
     * @param values the sample; at least one value, every value finite
     * @param level  the confidence level, strictly between 0 and 1
     * @param kind the measurement's kind; {@code null} to guess it from the values, as
     *             {@link #meanInterval(double[], double)} does
     * @return the interval; its method ({@code wilson}, {@code poisson}, {@code bootstrap}) says which
     * @throws IllegalArgumentException as {@link #meanInterval(double[], double)}, and when a rate holds a value other
     *                                  than 0 or 1, or a count a value that is not a whole number from 0
     */
    public static Interval meanInterval(double[] values, double level, MeasurementKind kind) {
        if (kind == null) {
            return meanInterval(values, level);
        }
        checkLevel(level);
        checkSample(values, "values");
        switch (kind) {
            case RATE -> {
                if (!isBinary(values)) {
                    throw new IllegalArgumentException(StatisticsMessages.notARate(values));
                }
                return meanInterval(values, level);
            }
            case COUNT -> {
                long total = 0;
                for (double value : values) {
                    if (value < 0 || value != Math.rint(value)) {
                        throw new IllegalArgumentException(StatisticsMessages.notACount(value));
                    }
                    total += (long) value;
                }
                return poisson(total, values.length, level);
            }
            default -> {
                Summary summary = Summary.of(values);
                if (summary.min() == summary.max() && summary.min() >= 0.0 && summary.max() <= 1.0) {
                    return wilsonOfMean(summary.mean(), values.length, level);
                }
                return bootstrap(values, level, DEFAULT_RESAMPLES, Bootstrap.seed(values));
            }
        }
    }

    /**
     * The exact (Garwood) interval of a mean count: {@code total} events over {@code n} items, each count taken as
     * Poisson. From the chi-squared distribution: {@code [χ²(α/2; 2·total) / 2n, χ²(1 - α/2; 2·total + 2) / 2n]}, the
     * lower bound 0 when there are no events. It never claims certainty: no events in 10 items give {@code [0, 0.369]}
     * at 95%.
     *
     * @param total the events counted over all items, from 0
     * @param n     the items, at least 1
     * @param level the confidence level, strictly between 0 and 1
     * @return the interval, method {@code poisson}
     * @throws IllegalArgumentException for a negative total, {@code n < 1} or a level outside {@code (0, 1)}
     */
    public static Interval poisson(long total, int n, double level) {
        checkLevel(level);
        if (total < 0 || n < 1) {
            throw new IllegalArgumentException(StatisticsMessages.badPoissonCounts(total, n));
        }
        double alpha = 1 - level;
        double lower = total == 0
                ? 0.0
                : ChiSquaredDistribution.of(2.0 * total).inverseCumulativeProbability(alpha / 2) / (2.0 * n);
        double upper =
                ChiSquaredDistribution.of(2.0 * total + 2).inverseCumulativeProbability(1 - alpha / 2) / (2.0 * n);
        return new Interval(lower, upper, level, "poisson");
    }

    /**
     * The Wilson score interval with a share that need not be a whole count over n; hand-rolled because Commons
     * Statistics' binomial intervals take whole counts. The same formula: centre (p + z²/2n) / (1 + z²/n), half
     * width z / (1 + z²/n) · √(p(1 - p)/n + z²/4n²).
     */
    private static Interval wilsonOfMean(double p, int n, double level) {
        double z = STANDARD_NORMAL.inverseCumulativeProbability(1 - (1 - level) / 2);
        double z2 = z * z;
        double denominator = 1 + z2 / n;
        double centre = (p + z2 / (2.0 * n)) / denominator;
        double half = z / denominator * Math.sqrt(p * (1 - p) / n + z2 / (4.0 * n * n));
        return new Interval(
                p == 0.0 ? 0.0 : clamp(centre - half, 0, 1),
                p == 1.0 ? 1.0 : clamp(centre + half, 0, 1),
                level,
                "wilson");
    }

    /**
     * Whether the values are pass/fail outcomes.
     *
     * @param values the values, every value finite
     * @return {@code true} if there is at least one value and every value is exactly 0 or 1
     * @throws IllegalArgumentException if {@code values} is {@code null} or holds a non-finite value
     */
    public static boolean isBinary(double[] values) {
        checkFinite(values, "values");
        if (values.length == 0) {
            return false;
        }
        for (double value : values) {
            if (value != 0 && value != 1) {
                return false;
            }
        }
        return true;
    }

    /**
     * The exact one-sided sign test that a change made things worse: {@code P(X >= worse)} for
     * {@code X ~ Binomial(worse + better, 0.5)}. Ties are left out by the caller. On the discordant pairs of
     * pass/fail outcomes this is the exact McNemar test.
     *
     * @param worse  the number of items that got worse, at least 0
     * @param better the number of items that got better, at least 0
     * @return the p-value; {@code 1.0} when {@code worse + better == 0}
     * @throws IllegalArgumentException if a count is negative or their sum exceeds {@link Integer#MAX_VALUE}
     */
    public static double signTestPValue(int worse, int better) {
        if (worse < 0 || better < 0) {
            throw new IllegalArgumentException(StatisticsMessages.negativeSignTestCounts(worse, better));
        }
        long total = (long) worse + better;
        if (total > Integer.MAX_VALUE) {
            throw new IllegalArgumentException("The sign test takes at most " + Integer.MAX_VALUE
                    + " items, but worse + better is " + total + ".");
        }
        if (total == 0) {
            return 1.0;
        }
        return BinomialTest.withDefaults()
                .with(AlternativeHypothesis.GREATER_THAN)
                .test((int) total, worse, 0.5)
                .getPValue();
    }

    /**
     * Compares a current run with a baseline item by item, and tells whether the current run is significantly worse
     * and whether there are enough items to notice a drop of {@code dropToDetect}.
     *
     * <p><b>Pass/fail values</b> (both arrays only 0 and 1): the exact McNemar test, i.e. the
     * {@link #signTestPValue sign test} on the discordant pairs, {@code worse} = baseline 1 and current 0,
     * {@code better} = baseline 0 and current 1; method {@code mcnemar-exact}. The interval of the mean difference is
     * the simple {@link #t t interval} of the paired differences.
     *
     * <p><b>Scores</b>: a paired bootstrap of the mean difference {@code current - baseline} with 2,000 resamples and
     * a seed computed from the data, so the same data always give the same result; method {@code paired-bootstrap}.
     * The one-sided p-value is the share of resampled mean differences {@code >= 0}, as {@code (count + 1) / (B + 1)};
     * the interval is the percentile interval of the resampled mean differences. {@code worse} and {@code better}
     * count the items with {@code current < baseline} and {@code current > baseline}. The bootstrap understates the
     * uncertainty of a few pairs, so the p-value is the larger of the bootstrap's and the exact sign test's on
     * {@code worse} and {@code better}: a regression must be significant to both. With a single pair the p-value is
     * 1 and the interval has method {@code none}.
     *
     * <p><b>Significance</b>: a regression is significant when {@code pValue < 1 - level}.
     *
     * <p><b>Power</b>: with the normal approximation, one-sided {@code alpha = 1 - level} and 80% power, the minimum
     * detectable drop is {@code (z(1 - alpha) + z(0.8)) · sd / √n} and the pairs needed for {@code dropToDetect} are
     * {@code ceil(((z(1 - alpha) + z(0.8)) · sd / dropToDetect)²)} (capped at {@link Integer#MAX_VALUE}), where
     * {@code sd} is the sample standard deviation of the paired differences. When the differences show no spread
     * (e.g. all items tied, or a single pair) that would claim perfect power, so a conservative stand-in is used:
     * 0.5 for pass/fail values; for scores the larger standard deviation of the two samples, or 0.5 if both are 0.
     *
     * @param baseline     the baseline's value per item; at least one, every value finite
     * @param current      the current run's value per item, in the same item order as {@code baseline}
     * @param level        the confidence level, strictly between 0 and 1, e.g. {@code 0.95} for a one-sided
     *                     significance level of 0.05
     * @param dropToDetect the smallest drop in the mean that matters, greater than 0, e.g. {@code 0.05}
     * @return the comparison
     * @throws IllegalArgumentException if an array is {@code null}, empty or holds a non-finite value, the arrays
     *                                  differ in length, {@code level} is not in {@code (0, 1)}, or
     *                                  {@code dropToDetect} is not a positive finite number
     */
    public static PairedComparison comparePaired(
            double[] baseline, double[] current, double level, double dropToDetect) {
        return PairedComparisons.compare(baseline, current, level, dropToDetect);
    }

    private static double clamp(double value, double min, double max) {
        return Math.max(min, Math.min(max, value));
    }

    static void checkLevel(double level) {
        if (!(level > 0 && level < 1)) {
            throw new IllegalArgumentException(StatisticsMessages.levelOutOfRange(level));
        }
    }

    /** Checks that {@code values} is non-null, non-empty and finite. */
    static void checkSample(double[] values, String name) {
        checkFinite(values, name);
        if (values.length == 0) {
            throw new IllegalArgumentException(StatisticsMessages.emptySample(name));
        }
    }

    /** Checks that {@code values} is non-null and holds only finite numbers. */
    static void checkFinite(double[] values, String name) {
        if (values == null) {
            throw new IllegalArgumentException(StatisticsMessages.nullSample(name));
        }
        for (int i = 0; i < values.length; i++) {
            if (!Double.isFinite(values[i])) {
                throw new IllegalArgumentException(StatisticsMessages.notFinite(values, i, name));
            }
        }
    }
}
