package dev.llmassert.core.stats;

import org.apache.commons.rng.UniformRandomProvider;
import org.apache.commons.rng.simple.RandomSource;
import org.apache.commons.statistics.descriptive.Quantile;

import java.util.Arrays;

/**
 * The one bootstrap of llm-assert: every interval that resamples (a score's mean, a paired comparison's difference,
 * a calibration's kappa and AUC) is a percentile interval of statistics drawn here. Commons Statistics has no
 * bootstrap, so the resampling loop is written here; Commons RNG supplies the seeded generator
 * ({@code XO_RO_SHI_RO_128_PP}) and Commons Statistics the quantiles.
 *
 * <p>The seed rule: a bootstrap's seed is a function of its data alone (and of the caller's seed, where it has one,
 * as a calibration does), so the same data always give the same interval, on any machine and JVM; 0.0 and -0.0 are
 * one value. How the data are mixed into the seed differs between the three uses, as it did before they shared this
 * class: changing it would move every published interval.
 */
final class Bootstrap {

    /** The resamples of every bootstrap unless its caller asks for another number. */
    static final int RESAMPLES = 2_000;

    /** The statistic of one resample, drawn with {@code random}; {@code NaN} leaves the resample out. */
    @FunctionalInterface
    interface Statistic {
        double of(UniformRandomProvider random);
    }

    private Bootstrap() {}

    /**
     * The statistics of {@code resamples} resamples, all drawn from one generator seeded with {@code seed}, in the
     * order drawn; those that are {@code NaN} are left out.
     */
    static double[] statistics(long seed, int resamples, Statistic statistic) {
        UniformRandomProvider random = RandomSource.XO_RO_SHI_RO_128_PP.create(seed);
        double[] values = new double[resamples];
        int kept = 0;
        for (int b = 0; b < resamples; b++) {
            double value = statistic.of(random);
            if (!Double.isNaN(value)) {
                values[kept++] = value;
            }
        }
        return kept == resamples ? values : Arrays.copyOf(values, kept);
    }

    /** The means of {@code resamples} resamples with replacement of {@code values}. */
    static double[] means(double[] values, int resamples, long seed) {
        int n = values.length;
        return statistics(seed, resamples, random -> {
            double sum = 0;
            for (int i = 0; i < n; i++) {
                sum += values[random.nextInt(n)];
            }
            return sum / n;
        });
    }

    /** Fills {@code into} with values drawn from {@code from} with replacement. */
    static void draw(UniformRandomProvider random, double[] from, double[] into) {
        for (int i = 0; i < into.length; i++) {
            into[i] = from[random.nextInt(from.length)];
        }
    }

    /**
     * The percentile interval of the resampled statistics: between their {@code (1 - level) / 2} and
     * {@code (1 + level) / 2} quantiles, kept within {@code [min, max]} against rounding; {@code [min, max]} when no
     * resample gave a statistic.
     */
    static Interval percentile(double[] statistics, double level, double min, double max) {
        if (statistics.length == 0) {
            return new Interval(min, max, level, "bootstrap");
        }
        double alpha = 1 - level;
        double[] bounds = Quantile.withDefaults().evaluate(statistics, alpha / 2, 1 - alpha / 2);
        return new Interval(clamp(bounds[0], min, max), clamp(bounds[1], min, max), level, "bootstrap");
    }

    /** The seed of a bootstrap over {@code samples} alone: an evaluation's scores, or the two sides of a pairing. */
    static long seed(double[]... samples) {
        long hash = 1125899906842597L;
        for (double[] sample : samples) {
            hash = 31 * hash + sample.length;
            for (double value : sample) {
                hash = 31 * hash + Double.doubleToLongBits(canonical(value));
            }
        }
        return hash;
    }

    /** The seed of a bootstrap over two groups of scores, from the caller's {@code seed}: a calibration's AUC. */
    static long seed(long seed, double[] first, double[] second) {
        return seed ^ hash(first) ^ 31 * hash(second);
    }

    /** The seed of a bootstrap over paired labels, from the caller's {@code seed}: a calibration's kappa. */
    static long seed(long seed, int[] first, int[] second) {
        return seed ^ (31L * Arrays.hashCode(first) + Arrays.hashCode(second));
    }

    /** 0.0 and -0.0 are the same score. */
    private static double canonical(double value) {
        return value == 0 ? 0.0 : value;
    }

    private static long hash(double[] values) {
        int hash = 1;
        for (double value : values) {
            long bits = Double.doubleToLongBits(canonical(value));
            hash = 31 * hash + (int) (bits ^ (bits >>> 32));
        }
        return hash;
    }

    static double clamp(double value, double min, double max) {
        return Math.max(min, Math.min(max, value));
    }
}
