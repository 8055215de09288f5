package dev.llmassert.core.calibration;

import dev.llmassert.core.stats.Estimate;
import dev.llmassert.core.stats.Statistics;
import org.apiguardian.api.API;

import java.util.ArrayList;
import java.util.List;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

/**
 * How the person's labels (rows) and the judge's verdicts (columns) meet: {@code count(label, judged)} rows got the
 * label {@code label} from the person and {@code judged} from the judge. The diagonal is agreement.
 *
 * @param labels the labels, in the order of the rows and columns: {@code yes, no} for groundedness, the criteria's
 *               options in its order
 * @param counts one row per label, one count per label the judge gave
 * @param level  the confidence level of {@link #share}'s intervals
 */
@API(status = EXPERIMENTAL, since = "0.1")
public record ConfusionMatrix(List<String> labels, List<List<Integer>> counts, double level) {

    /**
     * Checks that the matrix is square over the labels and copies it.
     *
     * @param labels the labels, in the order of the rows and columns
     * @param counts one row per label, one count per label the judge gave
     * @param level the confidence level of {@link #share}'s intervals
     * @throws IllegalArgumentException when there is not one row per label, or a row has not one count per label
     */
    public ConfusionMatrix {
        labels = List.copyOf(labels);
        List<List<Integer>> copy = new ArrayList<>(counts.size());
        for (List<Integer> row : counts) {
            if (row.size() != labels.size()) {
                throw new IllegalArgumentException(
                        "A confusion matrix row has " + row.size() + " counts for " + labels.size() + " labels.");
            }
            copy.add(List.copyOf(row));
        }
        if (copy.size() != labels.size()) {
            throw new IllegalArgumentException(
                    "A confusion matrix has " + copy.size() + " rows for " + labels.size() + " labels.");
        }
        counts = List.copyOf(copy);
    }

    static ConfusionMatrix of(List<String> labels, int[][] counts, double level) {
        List<List<Integer>> rows = new ArrayList<>(counts.length);
        for (int[] row : counts) {
            List<Integer> cells = new ArrayList<>(row.length);
            for (int count : row) {
                cells.add(count);
            }
            rows.add(cells);
        }
        return new ConfusionMatrix(labels, rows, level);
    }

    /**
     * The rows the person labelled {@code label} and the judge {@code judged}.
     *
     * @param label the person's label
     * @param judged the judge's
     * @return the number of such rows
     * @throws IllegalArgumentException when either is not one of {@link #labels()}
     */
    public int count(String label, String judged) {
        return counts.get(index(label)).get(index(judged));
    }

    /**
     * The rows the person labelled {@code label}.
     *
     * @param label the person's label
     * @return the number of such rows, whatever the judge said
     * @throws IllegalArgumentException when {@code label} is not one of {@link #labels()}
     */
    public int total(String label) {
        return counts.get(index(label)).stream().mapToInt(Integer::intValue).sum();
    }

    /**
     * The share of the rows labelled {@code label} that the judge labelled {@code judged}, with its Wilson interval;
     * {@code null} when no row has the label.
     *
     * @param label the person's label
     * @param judged the judge's
     * @return the share with its interval, or {@code null}
     * @throws IllegalArgumentException when either is not one of {@link #labels()}
     */
    public Estimate share(String label, String judged) {
        int total = total(label);
        if (total == 0) {
            return null;
        }
        int count = count(label, judged);
        return new Estimate((double) count / total, Statistics.wilson(count, total, level), total);
    }

    private int index(String label) {
        int index = labels.indexOf(label);
        if (index < 0) {
            throw new IllegalArgumentException(
                    "'" + label + "' is not a label of this confusion matrix; its labels " + "are " + labels + ".");
        }
        return index;
    }
}
