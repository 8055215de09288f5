package dev.llmassert.core.eval;

import org.apiguardian.api.API;

import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

/**
 * One item's outcome: its responses, annotations and measurements, or the error that stopped it.
 *
 * @param item         the test item
 * @param interactions the responses the system gave (some may be missing when the item failed)
 * @param annotations  per annotator, one annotation per interaction; empty when the item failed before them
 * @param measurements named numbers, sorted by name; empty when the item failed
 * @param error        the error, or {@code null}
 * @param index        the item's place among the items the test made, from 0, so that the records of a sharded run
 *                     merge back in the whole run's order; {@code -1} when not known (a record written before)
 */
@API(status = EXPERIMENTAL, since = "0.1")
public record ItemResult(
        TestItem item,
        List<Interaction> interactions,
        Map<String, List<Annotation>> annotations,
        Map<String, Double> measurements,
        ItemError error,
        int index) {

    /**
     * Copies the interactions, annotations and measurements (sorted by name) and checks the index.
     *
     * @param item the test item
     * @param interactions the responses the system gave; not {@code null}
     * @param annotations per annotator, one annotation per interaction; not {@code null}
     * @param measurements named numbers; not {@code null}
     * @param error the error, or {@code null}
     * @param index the item's place among the test's items, from 0, or {@code -1} when not known
     * @throws IllegalArgumentException for an index below {@code -1}
     */
    public ItemResult {
        interactions = List.copyOf(interactions);
        annotations = new AnnotatedItem(item, interactions, annotations).annotations();
        measurements = Collections.unmodifiableMap(new TreeMap<>(measurements));
        if (index < -1) {
            throw new IllegalArgumentException("An item's index is its place among the test's items, from 0, or -1 "
                    + "when not known, but is: " + index);
        }
    }

    /**
     * An item whose place among the test's items is not known.
     *
     * @param item the test item
     * @param interactions the responses the system gave; not {@code null}
     * @param annotations per annotator, one annotation per interaction; not {@code null}
     * @param measurements named numbers; not {@code null}
     * @param error the error, or {@code null}
     */
    public ItemResult(
            TestItem item,
            List<Interaction> interactions,
            Map<String, List<Annotation>> annotations,
            Map<String, Double> measurements,
            ItemError error) {
        this(item, interactions, annotations, measurements, error, -1);
    }

    /**
     * The same result, for the item at {@code place} among the test's items.
     *
     * @param place the item's place, from 0, or {@code -1} when not known
     * @return a new result; this one is unchanged
     * @throws IllegalArgumentException for a place below {@code -1}
     */
    public ItemResult withIndex(int place) {
        return new ItemResult(item, interactions, annotations, measurements, error, place);
    }

    /**
     * The item's id.
     *
     * @return the id of {@link #item()}
     */
    public String id() {
        return item.id();
    }

    /**
     * Whether the item's system call, an annotator or {@code measureQuality} threw.
     *
     * @return {@code true} when {@link #error()} is not {@code null}
     */
    public boolean failed() {
        return error != null;
    }

    /**
     * The measurement {@code name}, or {@code NaN} when the item has none by that name.
     *
     * @param name the measurement's name
     * @return its value for this item
     */
    public double measurement(String name) {
        Double value = measurements.get(name);
        return value == null ? Double.NaN : value;
    }
}
