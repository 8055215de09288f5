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

    public GroupResult {
        measurements = Collections.unmodifiableMap(new TreeMap<>(measurements));
    }

    public Optional<MeasurementResult> measurement(String name) {
        return Optional.ofNullable(measurements.get(name));
    }

    /** {@code key=value}. */
    public String label() {
        return key + "=" + value;
    }
}
