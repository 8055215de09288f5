package dev.llmassert.core.calibration;

import org.apiguardian.api.API;

import java.util.List;
import java.util.Locale;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

/**
 * The bar fitted for a groundedness judge on a calibration's rows: the bar at which the judge's verdicts agree best
 * with the person's labels (the highest balanced accuracy). Its agreement is measured by k-fold cross-validation:
 * each row is judged at a bar fitted on the other folds only, so the figures are held out, never in-sample.
 *
 * @param bar      the bar fitted on every row; a response whose score is at least this counts as grounded
 * @param folds    the number of folds of the cross-validation
 * @param seed     the seed that split the rows into folds (within each label), so the split can be made again
 * @param foldBars the bar fitted on each fold's training rows; their spread shows how stable the bar is
 */
@API(status = EXPERIMENTAL, since = "0.1")
public record FittedBar(double bar, int folds, long seed, List<Double> foldBars) {

    public FittedBar {
        foldBars = List.copyOf(foldBars);
    }

    /** The bar as a configuration value, with three decimals. */
    public String barText() {
        return String.format(Locale.ROOT, "%.3f", bar);
    }
}
