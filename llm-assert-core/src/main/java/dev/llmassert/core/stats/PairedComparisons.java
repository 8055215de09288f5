package dev.llmassert.core.stats;

import static dev.llmassert.core.stats.Statistics.DEFAULT_RESAMPLES;
import static dev.llmassert.core.stats.Statistics.STANDARD_NORMAL;

/**
 * The item-by-item comparison of a run with a baseline behind {@link Statistics#comparePaired}: the significance
 * test (exact McNemar on pass/fail values, a paired bootstrap bounded by the sign test on scores) and the power
 * check. Its contract is {@link Statistics#comparePaired}'s.
 */
final class PairedComparisons {

    /** The power of the sample-size check: a drop of the requested size is detected 80% of the time. */
    private static final double POWER = 0.8;

    /** Stand-in for the standard deviation of the differences when the data show none (see comparePaired). */
    private static final double FALLBACK_SD = 0.5;

    private PairedComparisons() {}

    static PairedComparison compare(double[] baseline, double[] current, double level, double dropToDetect) {
        Statistics.checkLevel(level);
        Statistics.checkSample(baseline, "baseline");
        Statistics.checkSample(current, "current");
        if (baseline.length != current.length) {
            throw new IllegalArgumentException(StatisticsMessages.unpaired(baseline, current));
        }
        if (!(dropToDetect > 0) || Double.isInfinite(dropToDetect)) {
            throw new IllegalArgumentException(StatisticsMessages.dropToDetectNotPositive(dropToDetect));
        }
        int n = baseline.length;
        double[] differences = new double[n];
        for (int i = 0; i < n; i++) {
            differences[i] = current[i] - baseline[i];
        }
        Summary baselineSummary = Summary.of(baseline);
        Summary currentSummary = Summary.of(current);
        Summary differenceSummary = Summary.of(differences);
        boolean binary = Statistics.isBinary(baseline) && Statistics.isBinary(current);

        int worse = 0;
        int better = 0;
        for (int i = 0; i < n; i++) {
            if (current[i] < baseline[i]) {
                worse++;
            } else if (current[i] > baseline[i]) {
                better++;
            }
        }

        double pValue;
        Interval differenceInterval;
        String method;
        if (binary) {
            method = "mcnemar-exact";
            pValue = Statistics.signTestPValue(worse, better);
            differenceInterval = Statistics.t(differences, level);
        } else {
            method = "paired-bootstrap";
            if (n < 2) {
                pValue = 1.0;
                differenceInterval = new Interval(differences[0], differences[0], level, "none");
            } else {
                double[] means = Bootstrap.means(differences, DEFAULT_RESAMPLES, Bootstrap.seed(baseline, current));
                int atLeastZero = 0;
                for (double mean : means) {
                    if (mean >= 0) {
                        atLeastZero++;
                    }
                }
                // The bootstrap understates the uncertainty of a few pairs (four equal drops give 1/2001), so the
                // p-value is never below the exact sign test's on the same items: a regression must be significant
                // to both.
                pValue = Math.max((atLeastZero + 1.0) / (means.length + 1.0), Statistics.signTestPValue(worse, better));
                differenceInterval =
                        Bootstrap.percentile(means, level, differenceSummary.min(), differenceSummary.max());
            }
        }

        // Hand-rolled: Commons Statistics has no power or sample-size calculation. Normal approximation, one-sided.
        double sd = differenceSummary.standardDeviation();
        if (sd == 0) {
            double larger = Math.max(baselineSummary.standardDeviation(), currentSummary.standardDeviation());
            sd = binary || larger == 0 ? FALLBACK_SD : larger;
        }
        double z = STANDARD_NORMAL.inverseCumulativeProbability(level)
                + STANDARD_NORMAL.inverseCumulativeProbability(POWER);
        double minimumDetectableDrop = z * sd / Math.sqrt(n);
        double pairs = Math.ceil(Math.pow(z * sd / dropToDetect, 2));
        int requiredPairs = pairs >= Integer.MAX_VALUE ? Integer.MAX_VALUE : (int) pairs;

        return new PairedComparison(
                n,
                baselineSummary.mean(),
                currentSummary.mean(),
                differenceSummary.mean(),
                differenceInterval,
                pValue,
                method,
                worse,
                better,
                pValue < 1 - level,
                minimumDetectableDrop,
                requiredPairs,
                minimumDetectableDrop > dropToDetect);
    }
}
