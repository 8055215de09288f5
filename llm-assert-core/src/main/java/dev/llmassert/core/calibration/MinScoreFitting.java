package dev.llmassert.core.calibration;

import org.apache.commons.rng.UniformRandomProvider;
import org.apache.commons.rng.simple.RandomSource;

import java.math.BigDecimal;
import java.math.RoundingMode;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.stream.IntStream;

/**
 * Fits the bar of a groundedness judge: the bar at which its verdicts agree best with the labels (the highest
 * balanced accuracy), and the k-fold cross-validation that measures that fitting on rows it did not see.
 *
 * <p>A bar's verdicts change only where it passes a score, so the candidates are the gaps between neighbouring
 * scores (and below the lowest, above the highest). Among the best gaps the median one is taken, and within a gap
 * the shortest decimal (0.64 rather than 0.6427): every bar in the gap gives the same verdicts. A row passes when
 * its score is at least the bar, as {@code isGroundedIn} checks it.
 */
final class MinScoreFitting {

    /** The precision of a bar comparison, as the assertions compare a score with a minimum. */
    static final double TOLERANCE = 1e-9;

    private MinScoreFitting() {}

    /** Whether {@code score} reaches {@code bar}. */
    static boolean passes(double score, double bar) {
        return score + TOLERANCE >= bar;
    }

    /**
     * The bar with the highest balanced accuracy over the rows {@code rows} of {@code scores} and {@code yes}.
     *
     * @param rows indices of the training rows; at least one of each label
     */
    static double fit(double[] scores, boolean[] yes, int[] rows) {
        Integer[] order = Arrays.stream(rows).boxed().toArray(Integer[]::new);
        Arrays.sort(order, Comparator.comparingDouble(i -> scores[i]));
        int positives = 0;
        for (int row : rows) {
            positives += yes[row] ? 1 : 0;
        }
        int negatives = rows.length - positives;
        // candidate c: the rows order[0..c-1] are below the bar; only between distinct scores
        List<Integer> best = new ArrayList<>();
        double bestAccuracy = -1;
        int yesBelow = 0;
        int noBelow = 0;
        for (int c = 0; c <= order.length; c++) {
            if (c > 0) {
                if (yes[order[c - 1]]) {
                    yesBelow++;
                } else {
                    noBelow++;
                }
            }
            boolean gap = c == 0 || c == order.length || scores[order[c]] - scores[order[c - 1]] > TOLERANCE;
            if (!gap || c == order.length && scores[order[c - 1]] + TOLERANCE >= 1.0) {
                continue; // no bar between equal scores; none above a score of 1
            }
            double accuracy = ((double) (positives - yesBelow) / positives + (double) noBelow / negatives) / 2;
            if (accuracy > bestAccuracy + 1e-12) {
                bestAccuracy = accuracy;
                best.clear();
            }
            if (accuracy > bestAccuracy - 1e-12) {
                best.add(c);
            }
        }
        int c = best.get((best.size() - 1) / 2);
        double below = c == 0 ? Math.min(0.0, scores[order[0]]) - 1 : scores[order[c - 1]];
        double above = c == order.length ? 1.0 : scores[order[c]];
        return Math.max(0.0, shortestDecimal(below, above));
    }

    /**
     * The decimal with the fewest digits in {@code (below, above]}, the one nearest the middle among those; a score
     * equal to {@code above} passes it and one equal to {@code below} does not.
     */
    static double shortestDecimal(double below, double above) {
        double middle = (below + above) / 2;
        for (int digits = 0; digits <= 12; digits++) {
            BigDecimal step = BigDecimal.ONE.movePointLeft(digits);
            BigDecimal highest = BigDecimal.valueOf(above)
                    .divide(step, 0, RoundingMode.FLOOR)
                    .multiply(step);
            if (highest.doubleValue() > below + TOLERANCE) {
                BigDecimal nearest = BigDecimal.valueOf(middle)
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
        return middle;
    }

    /**
     * The fold of each row: the rows of each label shuffled with {@code seed} and dealt in turn, so every fold holds
     * about the same share of each label.
     */
    static int[] folds(boolean[] yes, int k, long seed) {
        UniformRandomProvider random = RandomSource.XO_RO_SHI_RO_128_PP.create(seed);
        int[] fold = new int[yes.length];
        int next = 0;
        for (boolean label : new boolean[] {true, false}) {
            int[] rows =
                    IntStream.range(0, yes.length).filter(i -> yes[i] == label).toArray();
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
    static boolean[] heldOut(double[] scores, boolean[] yes, int[] fold, int k, double[] foldBars) {
        boolean[] passed = new boolean[scores.length];
        for (int f = 0; f < k; f++) {
            int current = f;
            int[] training = IntStream.range(0, scores.length)
                    .filter(i -> fold[i] != current)
                    .toArray();
            foldBars[f] = fit(scores, yes, training);
            for (int i = 0; i < scores.length; i++) {
                if (fold[i] == f) {
                    passed[i] = passes(scores[i], foldBars[f]);
                }
            }
        }
        return passed;
    }
}
