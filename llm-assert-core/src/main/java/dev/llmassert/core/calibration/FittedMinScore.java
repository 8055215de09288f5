package dev.llmassert.core.calibration;

import com.fasterxml.jackson.annotation.JsonProperty;
import org.apiguardian.api.API;

import java.util.List;
import java.util.Locale;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

/**
 * The minimum score (the bar) fitted for a groundedness judge on a calibration's rows: the one at which the judge's
 * verdicts agree best with the person's labels (the highest balanced accuracy). Its agreement is measured by k-fold
 * cross-validation: each row is judged at a minimum fitted on the other folds only, so the figures are held out, never
 * in-sample. The record keeps the names {@code bar} and {@code foldBars}.
 *
 * @param minScore      the minimum fitted on every row; a response whose score is at least this counts as grounded
 * @param folds         the number of folds of the cross-validation
 * @param seed          the seed that split the rows into folds (within each label), so the split can be made again
 * @param foldMinScores the minimum fitted on each fold's training rows; their spread shows how stable it is
 */
@API(status = EXPERIMENTAL, since = "0.1")
public record FittedMinScore(
        @JsonProperty("bar") double minScore,
        int folds,
        long seed,
        @JsonProperty("foldBars") List<Double> foldMinScores) {

    public FittedMinScore {
        foldMinScores = List.copyOf(foldMinScores);
    }

    /** The minimum as a configuration value, with three decimals. */
    public String minScoreText() {
        return String.format(Locale.ROOT, "%.3f", minScore);
    }
}
