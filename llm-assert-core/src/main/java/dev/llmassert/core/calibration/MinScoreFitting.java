package dev.llmassert.core.calibration;

import org.apache.commons.rng.UniformRandomProvider;
import org.apache.commons.rng.simple.RandomSource;

import java.math.BigDecimal;
import java.math.RoundingMode;
import java.util.Arrays;
import java.util.Comparator;
import java.util.stream.IntStream;

/**
 * Fits the bar of a groundedness judge, and the k-fold cross-validation that measures that fitting on rows it did not
 * see.
 *
 * <p>The rule: the bar stays at the current one unless the rows say otherwise. A bar's verdicts change only where it
 * passes a score, so the candidates are the gaps between neighbouring scores (and below the lowest, above the
 * highest). The best gap has the highest balanced accuracy; its standard error, from each label's recall over its
 * rows, is the noise of these rows. Every gap whose balanced accuracy is within one standard error of the best is as
 * good as the best on what the rows can tell; of those, the one nearest the current bar is taken: the current bar
 * itself when its gap is one of them, else the shortest decimal of the nearest gap, nearest the current bar (0.64
 * rather than 0.6427: every bar in the gap gives the same verdicts). A row passes when its score is at least the bar,
 * as {@code isGroundedIn} checks it.
 *
 * <p>Rows are given as weights over the rows sorted by score once ({@link #order}), so that a fold's training rows, or
 * a resample of the rows, are fitted without sorting again.
 */
final class MinScoreFitting {

    /** The precision of a bar comparison, as the assertions compare a score with a minimum. */
    static final double TOLERANCE = 1e-9;

    private MinScoreFitting() {}

    /** Where a fitted bar lies: inside the scores, or at an end of the scale. */
    enum End {
        /** Some rows pass and some fail below a score of 1. */
        NONE,
        /** Every row passes. */
        EVERY_ROW_PASSES,
        /** Only rows the judge scores 1 pass, if any. */
        ONLY_PERFECT_SCORES_PASS
    }

    /**
     * A fitted bar and the figures of its choice, over the rows fitted on.
     *
     * @param minScore         the bar
     * @param kept             whether it is the current bar, kept
     * @param balancedAccuracy the balanced accuracy at it
     * @param best             the highest balanced accuracy of any bar
     * @param standardError    the standard error of the best, the noise of the rows
     * @param atCurrent        the balanced accuracy at the current bar
     * @param end              whether it lies at an end of the scale
     */
    record Choice(
            double minScore,
            boolean kept,
            double balancedAccuracy,
            double best,
            double standardError,
            double atCurrent,
            End end) {}

    /** Whether {@code score} reaches {@code bar}. */
    static boolean passes(double score, double bar) {
        return score + TOLERANCE >= bar;
    }

    /** The indices of the rows, by ascending score. */
    static int[] order(double[] scores) {
        return IntStream.range(0, scores.length)
                .boxed()
                .sorted(Comparator.comparingDouble(i -> scores[i]))
                .mapToInt(Integer::intValue)
                .toArray();
    }

    /** The bar fitted on every row. */
    static Choice fit(double[] scores, boolean[] yes, double current) {
        int[] weight = new int[scores.length];
        Arrays.fill(weight, 1);
        return fit(scores, yes, order(scores), weight, current);
    }

    /**
     * The bar fitted on the rows weighted by {@code weight} (a row of weight 0 is left out; of weight 2, counted
     * twice), preferring {@code current}.
     *
     * @param order the rows by ascending score, {@link #order}
     * @param weight at least one row of each label with a weight above 0
     */
    static Choice fit(double[] scores, boolean[] yes, int[] order, int[] weight, double current) {
        int[] rows = Arrays.stream(order).filter(i -> weight[i] > 0).toArray();
        double positives = 0;
        double negatives = 0;
        for (int row : rows) {
            positives += yes[row] ? weight[row] : 0;
            negatives += yes[row] ? 0 : weight[row];
        }
        // candidate c: the rows rows[0..c-1] are below the bar; only between distinct scores, none above a score of 1
        int m = rows.length;
        double[] accuracy = new double[m + 1];
        double[] errors = new double[m + 1];
        boolean[] candidate = new boolean[m + 1];
        double yesBelow = 0;
        double noBelow = 0;
        int best = -1;
        int atCurrent = -1;
        for (int c = 0; c <= m; c++) {
            if (c > 0) {
                yesBelow += yes[rows[c - 1]] ? weight[rows[c - 1]] : 0;
                noBelow += yes[rows[c - 1]] ? 0 : weight[rows[c - 1]];
            }
            candidate[c] = (c == 0 || c == m || scores[rows[c]] - scores[rows[c - 1]] > TOLERANCE)
                    && !(c == m && scores[rows[c - 1]] + TOLERANCE >= 1.0);
            if (!candidate[c]) {
                continue;
            }
            double recallYes = (positives - yesBelow) / positives;
            double recallNo = noBelow / negatives;
            accuracy[c] = (recallYes + recallNo) / 2;
            errors[c] = Math.sqrt(recallYes * (1 - recallYes) / positives + recallNo * (1 - recallNo) / negatives) / 2;
            if (best < 0 || accuracy[c] > accuracy[best] + 1e-12) {
                best = c;
            }
            if ((c == m || passes(scores[rows[c]], current)) && atCurrent < 0) {
                atCurrent = c;
            }
        }
        double floor = accuracy[best] - errors[best] - 1e-12;
        if (accuracy[atCurrent] >= floor) {
            return new Choice(
                    current, true, accuracy[atCurrent], accuracy[best], errors[best], accuracy[atCurrent], End.NONE);
        }
        int chosen = -1;
        double distance = Double.POSITIVE_INFINITY;
        for (int c = 0; c <= m; c++) {
            if (candidate[c] && accuracy[c] >= floor) {
                double d = Math.max(below(scores, rows, c) - current, current - above(scores, rows, c));
                if (d < distance - 1e-12) {
                    distance = d;
                    chosen = c;
                }
            }
        }
        double below = below(scores, rows, chosen);
        double above = above(scores, rows, chosen);
        double bar = Math.max(0.0, shortestDecimal(below, above, Math.max(below, Math.min(above, current))));
        End end =
                chosen == 0 ? End.EVERY_ROW_PASSES : above + TOLERANCE >= 1.0 ? End.ONLY_PERFECT_SCORES_PASS : End.NONE;
        return new Choice(bar, false, accuracy[chosen], accuracy[best], errors[best], accuracy[atCurrent], end);
    }

    /** The score below the gap of candidate {@code c}: no bar in its gap passes it. */
    private static double below(double[] scores, int[] rows, int c) {
        return c == 0 ? Math.min(0.0, scores[rows[0]]) - 1 : scores[rows[c - 1]];
    }

    /** The score above the gap of candidate {@code c}: every bar in its gap passes it. */
    private static double above(double[] scores, int[] rows, int c) {
        return c == rows.length ? 1.0 : scores[rows[c]];
    }

    /** {@link #shortestDecimal(double, double, double)} nearest the middle of the gap. */
    static double shortestDecimal(double below, double above) {
        return shortestDecimal(below, above, (below + above) / 2);
    }

    /**
     * The decimal with the fewest digits in {@code (below, above]}, the one nearest {@code target} among those; a
     * score equal to {@code above} passes it and one equal to {@code below} does not.
     */
    static double shortestDecimal(double below, double above, double target) {
        for (int digits = 0; digits <= 12; digits++) {
            BigDecimal step = BigDecimal.ONE.movePointLeft(digits);
            BigDecimal highest = BigDecimal.valueOf(above)
                    .divide(step, 0, RoundingMode.FLOOR)
                    .multiply(step);
            if (highest.doubleValue() > below + TOLERANCE) {
                BigDecimal nearest = BigDecimal.valueOf(target)
                        .divide(step, 0, RoundingMode.HALF_UP)
                        .multiply(step);
                if (nearest.doubleValue() > above) {
                    nearest = highest;
                }
                while (nearest.doubleValue() <= below + TOLERANCE) {
                    nearest = nearest.add(step);
                }
                return nearest.doubleValue();
            }
        }
        return target;
    }

    /**
     * The fold of each row: the rows of each label shuffled with {@code seed} and dealt in turn, so every fold holds
     * about the same share of each label.
     */
    static int[] folds(boolean[] yes, int k, long seed) {
        int[] weight = new int[yes.length];
        Arrays.fill(weight, 1);
        return folds(yes, weight, k, RandomSource.XO_RO_SHI_RO_128_PP.create(seed));
    }

    /** As {@link #folds(boolean[], int, long)}, over the rows of a weight above 0 ({@code -1} for the others). */
    private static int[] folds(boolean[] yes, int[] weight, int k, UniformRandomProvider random) {
        int[] fold = new int[yes.length];
        Arrays.fill(fold, -1);
        int next = 0;
        for (boolean label : new boolean[] {true, false}) {
            int[] rows = IntStream.range(0, yes.length)
                    .filter(i -> yes[i] == label && weight[i] > 0)
                    .toArray();
            for (int i = rows.length - 1; i > 0; i--) {
                int j = random.nextInt(i + 1);
                int swap = rows[i];
                rows[i] = rows[j];
                rows[j] = swap;
            }
            for (int row : rows) {
                fold[row] = next;
                next = (next + 1) % k;
            }
        }
        return fold;
    }

    /**
     * The held-out verdicts: each row's score against the bar fitted on the other folds.
     *
     * @param foldBars receives the bar fitted for each fold
     * @return whether each row passes its fold's bar
     */
    static boolean[] heldOut(double[] scores, boolean[] yes, int[] fold, int k, double current, double[] foldBars) {
        int[] weight = new int[scores.length];
        Arrays.fill(weight, 1);
        return heldOut(scores, yes, order(scores), weight, fold, k, current, foldBars);
    }

    private static boolean[] heldOut(
            double[] scores,
            boolean[] yes,
            int[] order,
            int[] weight,
            int[] fold,
            int k,
            double current,
            double[] foldBars) {
        boolean[] passed = new boolean[scores.length];
        int[] training = new int[scores.length];
        for (int f = 0; f < k; f++) {
            for (int i = 0; i < scores.length; i++) {
                training[i] = fold[i] == f ? 0 : weight[i];
            }
            foldBars[f] = fit(scores, yes, order, training, current).minScore();
            for (int i = 0; i < scores.length; i++) {
                if (fold[i] == f) {
                    passed[i] = passes(scores[i], foldBars[f]);
                }
            }
        }
        return passed;
    }

    /**
     * The held-out balanced accuracy of the whole fit on one resample of the rows: each label's rows drawn with
     * replacement as many times as it has rows, the drawn rows dealt into folds again (a row drawn twice stays in one
     * fold), each fold's bar fitted on the others, and the drawn rows judged at their fold's bar. {@code NaN} when a
     * label has fewer than 2 distinct rows drawn, too few to fold.
     */
    static double resampledHeldOut(
            double[] scores, boolean[] yes, int[] order, int folds, double current, UniformRandomProvider random) {
        int[] weight = new int[scores.length];
        for (boolean label : new boolean[] {true, false}) {
            int[] rows =
                    IntStream.range(0, yes.length).filter(i -> yes[i] == label).toArray();
            for (int draw = 0; draw < rows.length; draw++) {
                weight[rows[random.nextInt(rows.length)]]++;
            }
        }
        int distinctYes = 0;
        int distinctNo = 0;
        for (int i = 0; i < weight.length; i++) {
            distinctYes += weight[i] > 0 && yes[i] ? 1 : 0;
            distinctNo += weight[i] > 0 && !yes[i] ? 1 : 0;
        }
        int k = Math.min(folds, Math.min(distinctYes, distinctNo));
        if (k < 2) {
            return Double.NaN;
        }
        int[] fold = folds(yes, weight, k, random);
        boolean[] passed = heldOut(scores, yes, order, weight, fold, k, current, new double[k]);
        double yesPassed = 0;
        double noFailed = 0;
        double positives = 0;
        double negatives = 0;
        for (int i = 0; i < scores.length; i++) {
            if (yes[i]) {
                positives += weight[i];
                yesPassed += passed[i] ? weight[i] : 0;
            } else {
                negatives += weight[i];
                noFailed += passed[i] ? 0 : weight[i];
            }
        }
        return (yesPassed / positives + noFailed / negatives) / 2;
    }
}
