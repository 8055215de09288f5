package dev.llmassert.core.eval;

import org.apiguardian.api.API;

import java.util.Collections;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

/**
 * The aggregates of the items that share one context value, e.g. {@code topic=billing}.
 *
 * @param key          the context key
 * @param value        the value the items share
 * @param items        how many items (without errors) the group has
 * @param measurements per measurement name, sorted
 */
@API(status = EXPERIMENTAL, since = "0.1")
public record GroupResult(String key, String value, int items, Map<String, MeasurementResult> measurements) {

    /**
     * Copies the measurements, sorted by name.
     *
     * @param key the context key
     * @param value the value the items share
     * @param items how many items the group has
     * @param measurements per measurement name, not {@code null}
     */
    public GroupResult {
        measurements = Collections.unmodifiableMap(new TreeMap<>(measurements));
    }

    /**
     * The measurement {@code name} over the group's items.
     *
     * @param name the measurement's name
     * @return its summary and interval; empty when no item of the group has it
     */
    public Optional<MeasurementResult> measurement(String name) {
        return Optional.ofNullable(measurements.get(name));
    }

    /**
     * {@code key=value}.
     *
     * @return the group's label, as tables and reports show it
     */
    public String label() {
        return key + "=" + value;
    }
}
