package dev.llmassert.core.eval;

import dev.llmassert.core.stats.Interval;
import dev.llmassert.core.stats.MeasurementKind;
import dev.llmassert.core.stats.Summary;
import org.apiguardian.api.API;

import java.util.Locale;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

/**
 * The aggregate of one measurement over a set of items.
 *
 * @param name     the measurement
 * @param summary  count, mean, min, max, sum and standard deviation
 * @param interval the confidence interval of the mean
 * @param kind     the kind the test declared, which chose the interval; {@code null} when it was guessed from the
 *                 values
 */
@API(status = EXPERIMENTAL, since = "0.1")
public record MeasurementResult(String name, Summary summary, Interval interval, MeasurementKind kind) {

    /**
     * A measurement whose interval was guessed from its values.
     *
     * @param name the measurement
     * @param summary count, mean, min, max, sum and standard deviation
     * @param interval the confidence interval of the mean
     */
    public MeasurementResult(String name, Summary summary, Interval interval) {
        this(name, summary, interval, null);
    }

    /**
     * How many values the measurement has.
     *
     * @return the summary's count
     */
    public int n() {
        return summary.n();
    }

    /**
     * The mean of the values.
     *
     * @return the summary's mean
     */
    public double mean() {
        return summary.mean();
    }

    @Override
    public String toString() {
        return String.format(Locale.ROOT, "%s: mean %.3f, %s, n %d", name, mean(), interval, n());
    }
}
