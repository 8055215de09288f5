package dev.llmassert.core.stats;

import dev.llmassert.core.config.EnumSetting;

import java.util.Arrays;

/**
 * Every message of the statistics that tells a caller what was wrong with the numbers it gave and how to fix it, in
 * one place. The methods that check their input pass the numbers, never build the text themselves.
 */
final class StatisticsMessages {

    private StatisticsMessages() {}

    static String noSuchKind(String id) {
        return "'" + id + "' is no measurement kind. Fix: use "
                + EnumSetting.ids(MeasurementKind.class, MeasurementKind::id).replaceFirst(", (\\w+)$", " or $1") + ".";
    }

    static String unpaired(double[] baseline, double[] current) {
        return "The baseline has " + baseline.length + " values and the current run " + current.length
                + ", but a paired comparison needs one value per item in each. Fix: align "
                + "both arrays by item (e.g. match the items by id) and leave out items missing from either run.";
    }

    static String dropToDetectNotPositive(double dropToDetect) {
        return "dropToDetect is " + dropToDetect + ", but it must be a positive "
                + "number: the smallest drop in the mean that matters. Fix: pass e.g. 0.05 for a drop of five "
                + "percentage points.";
    }

    static String noTrials(long n) {
        return "A Wilson interval needs at least one trial, but n is " + n
                + ". Fix: pass the number of test items that were judged, or report no interval when there are "
                + "none.";
    }

    static String successesOutOfRange(long successes, long n) {
        return "There are " + successes + " successes in " + n + " trials, but the "
                + "successes must be between 0 and the number of trials. Fix: count each trial once, as a "
                + "success or a failure.";
    }

    static String tooFewResamples(int resamples) {
        return "The number of bootstrap resamples is " + resamples
                + ", but it must be at least 1. Fix: use 2000 or more for a stable interval.";
    }

    static String notARate(double[] values) {
        return "it is declared a rate, but holds "
                + Arrays.stream(values)
                        .filter(v -> v != 0 && v != 1)
                        .findFirst()
                        .orElseThrow()
                + ", and a rate's values are 0 or 1. Fix: give 1 for a pass and 0 for a fail, or declare "
                + "it MeasurementKind.SCORE (a share per item) or COUNT.";
    }

    static String notACount(double value) {
        return "it is declared a count, but holds " + value
                + ", and a count is a whole number from 0. Fix: count whole occurrences, or declare it "
                + "MeasurementKind.SCORE.";
    }

    static String badPoissonCounts(long total, int n) {
        return "A Poisson interval needs a total of 0 or more over at least one item, but the total is " + total
                + " over " + n + " items. Fix: pass the sum of the counts and the number of items counted.";
    }

    static String negativeSignTestCounts(int worse, int better) {
        return "The sign test counts items, but worse is " + worse + " and better is " + better
                + ". Fix: pass the number of items that got worse and that got better, both 0 or more.";
    }

    static String levelOutOfRange(double level) {
        return "The confidence level is " + level + ", but it must lie strictly "
                + "between 0 and 1. Fix: pass e.g. 0.95 for 95% confidence (not 95).";
    }

    static String emptySample(String name) {
        return "The " + name + " array is empty, so there is no mean to estimate. "
                + "Fix: pass at least one value, one per test item.";
    }

    static String nullSample(String name) {
        return "The " + name + " array is null. Fix: pass one value per test item.";
    }

    static String notFinite(double[] values, int i, String name) {
        return "Value " + (i + 1) + " of " + values.length + " in the " + name + " array is " + values[i]
                + ", but every value must be a finite number. Fix: leave out "
                + "items that have no score, or give them one (e.g. 0 for a failure).";
    }
}
