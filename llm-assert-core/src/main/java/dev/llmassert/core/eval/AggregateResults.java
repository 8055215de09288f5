package dev.llmassert.core.eval;

import org.apiguardian.api.API;

import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

/**
 * What {@link PromptResponseTest#aggregate} gives: every measurement over all items, and over each group.
 *
 * @param measurements per measurement name, over every item without an error, sorted
 * @param groups       per context key and value, sorted by key then value
 */
@API(status = EXPERIMENTAL, since = "0.1")
public record AggregateResults(Map<String, MeasurementResult> measurements, List<GroupResult> groups) {

    /**
     * Copies the measurements (sorted by name) and the groups.
     *
     * @param measurements per measurement name, not {@code null}
     * @param groups per context key and value, not {@code null}
     */
    public AggregateResults {
        measurements = Collections.unmodifiableMap(new TreeMap<>(measurements));
        groups = List.copyOf(groups);
    }

    /**
     * The measurement {@code name} over every item without an error.
     *
     * @param name the measurement's name, as its annotator gave it
     * @return its summary and interval; empty when no item has it
     */
    public Optional<MeasurementResult> measurement(String name) {
        return Optional.ofNullable(measurements.get(name));
    }

    /**
     * The group of the items whose context has {@code key = value}.
     *
     * @param key the context key the items were grouped by
     * @param value the group's value of it
     * @return the group's measurements; empty when there is no such group
     */
    public Optional<GroupResult> group(String key, String value) {
        return groups.stream()
                .filter(g -> g.key().equals(key) && g.value().equals(value))
                .findFirst();
    }
}
