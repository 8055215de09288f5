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
 */
@API(status = EXPERIMENTAL, since = "0.1")
public record ItemResult(TestItem item, List<Interaction> interactions, Map<String, List<Annotation>> annotations,
                         Map<String, Double> measurements, ItemError error) {

    public ItemResult {
        interactions = List.copyOf(interactions);
        annotations = new AnnotatedItem(item, interactions, annotations).annotations();
        measurements = Collections.unmodifiableMap(new TreeMap<>(measurements));
    }

    public String id() {
        return item.id();
    }

    public boolean failed() {
        return error != null;
    }

    /** The measurement {@code name}, or {@code NaN} when the item has none by that name. */
    public double measurement(String name) {
        Double value = measurements.get(name);
        return value == null ? Double.NaN : value;
    }
}
