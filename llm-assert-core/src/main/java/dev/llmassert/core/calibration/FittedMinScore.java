package dev.llmassert.core.calibration;

import com.fasterxml.jackson.annotation.JsonProperty;
import org.apiguardian.api.API;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

/**
 * The minimum score (the bar) fitted for a groundedness judge on a calibration's rows. It stays at the current
 * minimum unless the rows say otherwise: of the bars whose balanced accuracy is within one standard error of the best
 * (as good as the best on what the rows can tell), the one nearest the current minimum; and the current minimum itself
 * when the judge does not tell the labels apart. Its agreement is measured by k-fold cross-validation: each row is
 * judged at a minimum fitted the same way on the other folds only, so the figures are held out, never in-sample. The
 * record keeps the names {@code bar} and {@code foldBars}.
 *
 * @param minScore      the minimum fitted on every row; a response whose score is at least this counts as grounded
 * @param folds         the number of folds of the cross-validation
 * @param seed          the seed that split the rows into folds (within each label), so the split can be made again
 * @param foldMinScores the minimum fitted on each fold's training rows; their spread shows how stable it is
 * @param choice        how it was chosen: {@value #KEPT}, {@value #NEAREST}, {@value #AT_AN_END} or
 *                      {@value #NOT_SEPARATED}; {@code null} in a record older than the rule
 * @param best          the highest balanced accuracy of any bar over every row (in-sample), or {@code null}
 * @param standardError the standard error of {@code best}, the noise of the rows, or {@code null}
 * @param reason        why the minimum is what it is, in words, or {@code null}
 */
@API(status = EXPERIMENTAL, since = "0.1")
public record FittedMinScore(
        @JsonProperty("bar") double minScore,
        int folds,
        long seed,
        @JsonProperty("foldBars") List<Double> foldMinScores,
        String choice,
        Double best,
        Double standardError,
        String reason) {

    /** The current minimum, kept: no bar agrees better by more than one standard error. */
    public static final String KEPT = "kept";
    /** The bar nearest the current minimum whose agreement is within one standard error of the best. */
    public static final String NEAREST = "nearest";
    /** As {@value #NEAREST}, at an end of the scale: it passes every row, or only rows the judge scores 1. */
    public static final String AT_AN_END = "at-an-end";
    /** The current minimum, kept because the judge does not tell the labels apart: no bar would. */
    public static final String NOT_SEPARATED = "not-separated";

    /**
     * Copies the folds' minimums.
     *
     * @param minScore the minimum fitted on every row
     * @param folds the number of folds of the cross-validation
     * @param seed the seed that split the rows into folds
     * @param foldMinScores the minimum fitted on each fold's training rows, not {@code null}
     * @param choice how it was chosen, or {@code null} in an old record
     * @param best the highest in-sample balanced accuracy of any bar, or {@code null}
     * @param standardError the standard error of {@code best}, or {@code null}
     * @param reason why the minimum is what it is, or {@code null}
     */
    public FittedMinScore {
        foldMinScores = List.copyOf(foldMinScores);
    }

    /**
     * The bar of a calibration: {@code fit}'s, or {@code current} when the judge does not tell the labels apart
     * ({@code notSeparated} says why; {@code null} when it does), with the choice and the reason.
     */
    static FittedMinScore chosen(
            MinScoreFitting.Choice fit, double current, String notSeparated, long seed, double[] foldMinScores) {
        String choice = notSeparated != null
                ? NOT_SEPARATED
                : fit.kept() ? KEPT : fit.end() == MinScoreFitting.End.NONE ? NEAREST : AT_AN_END;
        List<Double> folds = new ArrayList<>(foldMinScores.length);
        for (double foldMinScore : foldMinScores) {
            folds.add(foldMinScore);
        }
        return new FittedMinScore(
                notSeparated != null ? current : fit.minScore(),
                foldMinScores.length,
                seed,
                folds,
                choice,
                fit.best(),
                fit.standardError(),
                CalibrationMessages.fittedReason(choice, fit, current, notSeparated));
    }

    /**
     * The minimum as a configuration value, with three decimals.
     *
     * @return e.g. {@code 0.640}, for {@code llmassert.groundedness.min-score}
     */
    public String minScoreText() {
        return String.format(Locale.ROOT, "%.3f", minScore);
    }
}
