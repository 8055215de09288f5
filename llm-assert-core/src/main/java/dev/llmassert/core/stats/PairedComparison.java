package dev.llmassert.core.stats;

import org.apiguardian.api.API;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

/**
 * The item-by-item comparison of a current run with a baseline run over the same test items, made by
 * {@link Statistics#comparePaired(double[], double[], double, double)}.
 *
 * @param n                     the number of paired items
 * @param baselineMean          the baseline's mean
 * @param currentMean           the current run's mean
 * @param meanDifference        the mean of {@code current - baseline}; negative when the current run is worse
 * @param differenceInterval    a confidence interval of {@code meanDifference}
 * @param pValue                the one-sided p-value of the hypothesis that the current run is worse
 * @param method                how {@code pValue} was computed: {@code mcnemar-exact} (pass/fail values) or
 *                              {@code paired-bootstrap} (scores)
 * @param worse                 the number of items on which the current run is worse than the baseline
 * @param better                the number of items on which the current run is better than the baseline
 * @param significantRegression whether {@code pValue < 1 - level}
 * @param minimumDetectableDrop the smallest drop in the mean that {@code n} pairs detect with 80% power at the
 *                              comparison's significance level
 * @param requiredPairs         the number of pairs needed to detect the requested drop with 80% power
 * @param underpowered          whether {@code minimumDetectableDrop} exceeds the requested drop, i.e. a regression of
 *                              that size would probably go unnoticed
 */
@API(status = EXPERIMENTAL, since = "0.1")
public record PairedComparison(
        int n,
        double baselineMean,
        double currentMean,
        double meanDifference,
        Interval differenceInterval,
        double pValue,
        String method,
        int worse,
        int better,
        boolean significantRegression,
        double minimumDetectableDrop,
        int requiredPairs,
        boolean underpowered) {}
