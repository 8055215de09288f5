package dev.llmassert.core.stats;

import org.apache.commons.rng.UniformRandomProvider;
import org.apache.commons.statistics.inference.MannWhitneyUTest;
import org.apiguardian.api.API;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;
import java.util.function.ToDoubleFunction;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

/**
 * The figures of an agreement between a judge and a person, with their intervals.
 *
 * <ul>
 *   <li>A recall and the accuracy are shares of rows: their intervals are Wilson's (Apache Commons Statistics, through
 *       {@link Statistics#wilson}).</li>
 *   <li>The balanced accuracy is the mean of independent recalls (each over its own rows): its interval combines
 *       their Wilson intervals by Newcombe's method of recovering variance estimates (MOVER; Newcombe 1998, method
 *       10, for a difference; Zou and Donner 2008 for sums). The combination is written here, as no library has
 *       it, and is tested against Newcombe's published intervals.</li>
 *   <li>Cohen's kappa has no interval of its own that holds for small samples: a seeded percentile bootstrap over
 *       the rows. The area under the ROC curve is the Mann-Whitney U statistic over both groups' sizes (Commons
 *       Statistics), with a bootstrap that resamples each label's rows apart, so that each resample keeps both.</li>
 * </ul>
 *
 * <p>A bootstrap's seed comes from the caller's seed and its data, so the same rows always give the same interval.
 */
@API(status = EXPERIMENTAL, since = "0.1")
public final class AgreementStatistics {

    /** Resamples of each bootstrap, by default. */
    public static final int RESAMPLES = Bootstrap.RESAMPLES;

    private AgreementStatistics() {}

    /**
     * The interval of a sum of independent estimates, each with its own interval (MOVER): {@code [S - √Σ(v - l)²,
     * S + √Σ(u - v)²]}, {@code S} the sum of the values.
     *
     * @param values the estimates
     * @param lowers each estimate's lower bound, in the same order
     * @param uppers each estimate's upper bound, in the same order
     * @return the lower and upper bound
     */
    public static double[] moverSum(double[] values, double[] lowers, double[] uppers) {
        double sum = 0;
        double below = 0;
        double above = 0;
        for (int i = 0; i < values.length; i++) {
            sum += values[i];
            below += (values[i] - lowers[i]) * (values[i] - lowers[i]);
            above += (uppers[i] - values[i]) * (uppers[i] - values[i]);
        }
        return new double[] {sum - Math.sqrt(below), sum + Math.sqrt(above)};
    }

    /**
     * Each label's recall: of its row of {@code confusion}, the share on the diagonal, with its Wilson interval;
     * {@code null} for a label with no rows.
     *
     * @param confusion the person's labels (rows) against the judge's (columns), square
     * @param level the confidence level, strictly between 0 and 1
     * @return one recall per label, in the rows' order
     */
    public static List<Estimate> recalls(int[][] confusion, double level) {
        List<Estimate> recalls = new ArrayList<>(confusion.length);
        for (int i = 0; i < confusion.length; i++) {
            int total = Arrays.stream(confusion[i]).sum();
            recalls.add(
                    total == 0
                            ? null
                            : new Estimate(
                                    (double) confusion[i][i] / total,
                                    Statistics.wilson(confusion[i][i], total, level),
                                    total));
        }
        return recalls;
    }

    /**
     * The mean recall of the labels that have rows, with the MOVER interval of the Wilson intervals.
     *
     * @param recalls each label's recall, {@code null} for a label with no rows, as {@link #recalls} gives them;
     *                at least one not {@code null}
     * @param level the confidence level of the recalls' intervals
     * @return the balanced accuracy, method {@code wilson-mover}, over the rows of every label
     */
    public static Estimate balancedAccuracy(List<Estimate> recalls, double level) {
        List<Estimate> present = recalls.stream().filter(Objects::nonNull).toList();
        int k = present.size();
        double[] values = new double[k];
        double[] lowers = new double[k];
        double[] uppers = new double[k];
        int n = 0;
        for (int i = 0; i < k; i++) {
            values[i] = present.get(i).value();
            lowers[i] = present.get(i).interval().lower();
            uppers[i] = present.get(i).interval().upper();
            n += present.get(i).n();
        }
        double[] bounds = moverSum(values, lowers, uppers);
        double mean = Arrays.stream(values).sum() / k;
        return new Estimate(mean, new Interval(clamp(bounds[0] / k), clamp(bounds[1] / k), level, "wilson-mover"), n);
    }

    /**
     * The share of rows on the diagonal, with its Wilson interval.
     *
     * @param confusion the person's labels (rows) against the judge's (columns), square, at least one row
     * @param level the confidence level, strictly between 0 and 1
     * @return the accuracy, method {@code wilson}
     * @throws IllegalArgumentException when the matrix counts no row
     */
    public static Estimate accuracy(int[][] confusion, double level) {
        int agreed = 0;
        int n = 0;
        for (int i = 0; i < confusion.length; i++) {
            agreed += confusion[i][i];
            n += Arrays.stream(confusion[i]).sum();
        }
        return new Estimate((double) agreed / n, Statistics.wilson(agreed, n, level), n);
    }

    /**
     * Cohen's kappa, {@code (po - pe) / (1 - pe)}: {@code po} the share of rows on the diagonal, {@code pe} the share
     * chance would put there given how often each side used each label.
     *
     * @param confusion the person's labels (rows) against the judge's (columns), square
     * @return kappa, or {@code NaN} when {@code pe} is 1 (both sides used one and the same label only)
     */
    public static double kappa(int[][] confusion) {
        int k = confusion.length;
        double n = 0;
        double diagonal = 0;
        double[] rows = new double[k];
        double[] columns = new double[k];
        for (int i = 0; i < k; i++) {
            for (int j = 0; j < k; j++) {
                n += confusion[i][j];
                rows[i] += confusion[i][j];
                columns[j] += confusion[i][j];
            }
            diagonal += confusion[i][i];
        }
        double chance = 0;
        for (int i = 0; i < k; i++) {
            chance += rows[i] / n * (columns[i] / n);
        }
        return chance >= 1.0 ? Double.NaN : (diagonal / n - chance) / (1 - chance);
    }

    /**
     * Cohen's kappa of the pairs {@code (labels[i], judged[i])} with a percentile bootstrap interval over the rows.
     *
     * @param labels the person's label of each row, from 0 to {@code k - 1}
     * @param judged the judge's label of each row, in the same order
     * @param k the number of labels
     * @param level the confidence level, strictly between 0 and 1
     * @param seed the caller's seed; the bootstrap's comes from it and the rows
     * @param resamples the bootstrap's resamples
     * @return the estimate, or {@code null} when kappa is undefined on the rows themselves
     */
    public static Estimate kappa(int[] labels, int[] judged, int k, double level, long seed, int resamples) {
        double value = kappa(confusion(labels, judged, k));
        if (Double.isNaN(value)) {
            return null;
        }
        int n = labels.length;
        int[][] counts = new int[k][k];
        double[] resampled = Bootstrap.statistics(Bootstrap.seed(seed, labels, judged), resamples, random -> {
            for (int[] row : counts) {
                Arrays.fill(row, 0);
            }
            for (int i = 0; i < n; i++) {
                int row = random.nextInt(n);
                counts[labels[row]][judged[row]]++;
            }
            return kappa(counts);
        });
        return new Estimate(value, Bootstrap.percentile(resampled, level, -1, 1), n);
    }

    /**
     * The area under the ROC curve of the scores: the chance that a row labelled yes scores above one labelled no
     * (a tie counts half), from the Mann-Whitney U statistic; with a percentile bootstrap interval that resamples
     * each label's rows apart.
     *
     * @param yes the scores of the rows labelled yes, at least one
     * @param no the scores of the rows labelled no, at least one
     * @param level the confidence level, strictly between 0 and 1
     * @param seed the caller's seed; the bootstrap's comes from it and the scores
     * @param resamples the bootstrap's resamples
     * @return the AUC, from 0 to 1, with its interval
     */
    public static Estimate auc(double[] yes, double[] no, double level, long seed, int resamples) {
        MannWhitneyUTest test = MannWhitneyUTest.withDefaults();
        double pairs = (double) yes.length * no.length;
        double value = test.statistic(yes, no) / pairs;
        double[] x = new double[yes.length];
        double[] y = new double[no.length];
        double[] resampled = Bootstrap.statistics(Bootstrap.seed(seed, yes, no), resamples, random -> {
            Bootstrap.draw(random, yes, x);
            Bootstrap.draw(random, no, y);
            return test.statistic(x, y) / pairs;
        });
        return new Estimate(value, Bootstrap.percentile(resampled, level, 0, 1), yes.length + no.length);
    }

    /**
     * The percentile bootstrap interval of a share that the caller recomputes from the start on each resample it draws
     * with the generator given (a calibration's held-out balanced accuracy: the rows resampled, the folds dealt again
     * and every fold's bar fitted again), so the interval holds the variance of every choice made on the rows. The
     * generator's seed comes from {@code seed} and the rows' scores ({@code yes}, {@code no}), by the seed rule of
     * every bootstrap; a resample whose statistic is {@code NaN} is left out.
     *
     * @param yes the scores of the rows labelled yes
     * @param no the scores of the rows labelled no
     * @param seed the caller's seed
     * @param resamples the resamples
     * @param level the confidence level, strictly between 0 and 1
     * @param method the interval's method, e.g. {@code bootstrap-refit}
     * @param statistic the share recomputed on one resample, drawn with the generator it is given
     * @return the interval, within 0 to 1
     */
    public static Interval refitted(
            double[] yes,
            double[] no,
            long seed,
            int resamples,
            double level,
            String method,
            ToDoubleFunction<UniformRandomProvider> statistic) {
        double[] values = Bootstrap.statistics(seed ^ Bootstrap.seed(yes, no), resamples, statistic::applyAsDouble);
        Interval percentile = Bootstrap.percentile(values, level, 0, 1);
        return new Interval(percentile.lower(), percentile.upper(), level, method);
    }

    /**
     * The confusion matrix of the pairs: rows the labels, columns the judge's.
     *
     * @param labels the person's label of each row, from 0 to {@code k - 1}
     * @param judged the judge's label of each row, in the same order
     * @param k the number of labels
     * @return {@code k} rows of {@code k} counts
     */
    public static int[][] confusion(int[] labels, int[] judged, int k) {
        int[][] counts = new int[k][k];
        for (int i = 0; i < labels.length; i++) {
            counts[labels[i]][judged[i]]++;
        }
        return counts;
    }

    private static double clamp(double value) {
        return Math.max(0.0, Math.min(1.0, value));
    }
}
