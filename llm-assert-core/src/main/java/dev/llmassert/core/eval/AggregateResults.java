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

    public AggregateResults {
        measurements = Collections.unmodifiableMap(new TreeMap<>(measurements));
        groups = List.copyOf(groups);
    }

    public Optional<MeasurementResult> measurement(String name) {
        return Optional.ofNullable(measurements.get(name));
    }

    public Optional<GroupResult> group(String key, String value) {
        return groups.stream()
                .filter(g -> g.key().equals(key) && g.value().equals(value))
                .findFirst();
    }
}
