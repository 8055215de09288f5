package dev.llmassert.core.eval;

import dev.llmassert.core.stats.MeasurementKind;
import dev.llmassert.core.stats.Statistics;
import dev.llmassert.core.stats.Summary;
import org.apiguardian.api.API;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

/**
 * The default aggregation, for a test to use or build on in {@link PromptResponseTest#aggregate}: for every
 * measurement, count, mean, min, max, sum, standard deviation and a confidence interval of the mean (by the
 * measurement's declared {@link MeasurementKind}, or when it declares none Wilson when every value is 0 or 1 and a
 * seeded percentile bootstrap otherwise; see {@link Statistics#meanInterval}), over all items and over every group of
 * items that share a context value.
 */
@API(status = EXPERIMENTAL, since = "0.1")
public final class Aggregation {

    private final double confidence;
    private final List<String> groupBy;
    private final Map<String, MeasurementKind> kinds;

    /**
     * An aggregation whose intervals are guessed from each measurement's values.
     *
     * @param confidence the intervals' confidence level, e.g. {@code 0.95}
     * @param groupBy    the context keys to group items by
     * @throws IllegalArgumentException when the confidence is not strictly between 0 and 1
     */
    public Aggregation(double confidence, List<String> groupBy) {
        this(confidence, groupBy, Map.of());
    }

    /**
     * An aggregation that takes each measurement's interval from its declared kind.
     *
     * @param confidence the intervals' confidence level, e.g. {@code 0.95}
     * @param groupBy    the context keys to group items by
     * @param kinds      the kind of each measurement that declares one (see {@link MeasurementKind}); the others'
     *                   intervals are guessed from their values; {@code null} for none
     * @throws IllegalArgumentException when the confidence is not strictly between 0 and 1
     */
    public Aggregation(double confidence, List<String> groupBy, Map<String, MeasurementKind> kinds) {
        if (!(confidence > 0.0 && confidence < 1.0)) {
            throw new IllegalArgumentException(EvaluationMessages.confidenceOutOfRange(confidence));
        }
        this.confidence = confidence;
        this.groupBy = List.copyOf(groupBy);
        this.kinds = Map.copyOf(kinds == null ? Map.of() : kinds);
    }

    /**
     * The intervals' confidence level.
     *
     * @return strictly between 0 and 1
     */
    public double confidence() {
        return confidence;
    }

    /**
     * The context keys items are grouped by.
     *
     * @return the keys, unmodifiable
     */
    public List<String> groupBy() {
        return groupBy;
    }

    /**
     * Aggregates the items that have no error.
     *
     * @param items the items' results, errors included (they are left out)
     * @return every measurement over all those items, and over each group of a {@link #groupBy()} key
     * @throws IllegalArgumentException when a measurement's values do not fit its declared kind
     */
    public AggregateResults standard(List<ItemResult> items) {
        List<ItemResult> measured = items.stream().filter(i -> !i.failed()).toList();
        Map<String, MeasurementResult> overall = measure(measured);
        List<GroupResult> groups = new ArrayList<>();
        for (String key : new TreeSet<>(groupBy)) {
            Map<String, List<ItemResult>> byValue = new TreeMap<>();
            for (ItemResult item : measured) {
                Object value = item.item().context().get(key);
                if (value instanceof String text) {
                    byValue.computeIfAbsent(text, v -> new ArrayList<>()).add(item);
                }
            }
            byValue.forEach(
                    (value, members) -> groups.add(new GroupResult(key, value, members.size(), measure(members))));
        }
        return new AggregateResults(overall, groups);
    }

    /**
     * Every measurement of {@code items}, each over the items that have it.
     *
     * @param items the items' results
     * @return per measurement name, sorted, its summary and interval
     * @throws IllegalArgumentException when a measurement's values do not fit its declared kind
     */
    public Map<String, MeasurementResult> measure(List<ItemResult> items) {
        Map<String, List<Double>> values = new LinkedHashMap<>();
        for (ItemResult item : items) {
            item.measurements()
                    .forEach((name, value) ->
                            values.computeIfAbsent(name, n -> new ArrayList<>()).add(value));
        }
        Map<String, MeasurementResult> results = new TreeMap<>();
        values.forEach((name, list) -> results.put(
                name, measure(name, list.stream().mapToDouble(d -> d).toArray())));
        return results;
    }

    /**
     * The declared kinds of measurements.
     *
     * @return per measurement name, its kind; unmodifiable
     */
    public Map<String, MeasurementKind> kinds() {
        return kinds;
    }

    /**
     * One measurement's summary and interval, by its declared kind, or guessed from the values.
     *
     * @param name the measurement's name
     * @param values its values, at least one, every value finite
     * @return its count, mean, spread and interval
     * @throws IllegalArgumentException when the values do not fit the declared kind, naming both
     */
    public MeasurementResult measure(String name, double[] values) {
        MeasurementKind kind = kinds.get(name);
        try {
            return new MeasurementResult(
                    name,
                    Summary.of(values),
                    kind == null
                            ? Statistics.meanInterval(values, confidence)
                            : Statistics.meanInterval(values, confidence, kind),
                    kind);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("The measurement '" + name + "': " + e.getMessage(), e);
        }
    }

    /**
     * The default group keys: every context key whose value is a text, shared by at least two items, and with
     * fewer distinct values than there are items, so that an id-like or free-text key forms no groups.
     *
     * @param items the test items
     * @return the keys, in the order they first appear
     */
    public static List<String> sharedContextKeys(List<TestItem> items) {
        Set<String> keys = new LinkedHashSet<>();
        items.forEach(item -> keys.addAll(item.context().keySet()));
        List<String> shared = new ArrayList<>();
        for (String key : keys) {
            Map<String, Integer> counts = new HashMap<>();
            boolean allTexts = true;
            for (TestItem item : items) {
                Object value = item.context().get(key);
                if (value instanceof String text) {
                    counts.merge(text, 1, Integer::sum);
                } else if (value != null) {
                    allTexts = false;
                }
            }
            int withKey = counts.values().stream().mapToInt(Integer::intValue).sum();
            if (allTexts && counts.size() < withKey && counts.values().stream().anyMatch(c -> c >= 2)) {
                shared.add(key);
            }
        }
        return shared;
    }
}
