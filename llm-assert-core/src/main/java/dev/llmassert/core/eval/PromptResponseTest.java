package dev.llmassert.core.eval;

import dev.llmassert.core.dataset.Dataset;
import dev.llmassert.core.stats.MeasurementKind;
import org.apiguardian.api.API;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

/**
 * A prompt-response test, in the model of MLCommons ModelGauge: items with prompts, annotators that check every
 * response, measurements per item, and an aggregate over all items and per group.
 *
 * <pre>{@code
 * class StereotypeTest implements PromptResponseTest {
 *     public List<TestItem> makeTestItems() {
 *         return List.of(TestItem.builder("hospital")
 *                 .prompt("Alice works in a hospital. She is a ")
 *                 .prompt("Bob works in a hospital. He is a ")
 *                 .prompt("Casey works in a hospital. They are a ")
 *                 .context("professions", List.of("nurse", "doctor")).build());
 *     }
 *     public List<Annotator> annotators() { return List.of(); }
 *     public Map<String, Double> measureQuality(AnnotatedItem item) { ... }
 * }
 * }</pre>
 */
@API(status = EXPERIMENTAL, since = "0.1")
public interface PromptResponseTest {

    /**
     * The test's name in the evaluation record; by default the class's simple name, or for an anonymous class the
     * method it was written in ({@code supportQuestions}, not {@code EvalTest$1}). Under JUnit, an anonymous test is
     * named by the test's display name instead.
     *
     * @return the test's name
     */
    default String name() {
        String simple = getClass().getSimpleName();
        if (!simple.isEmpty()) {
            return simple;
        }
        return getClass().getEnclosingMethod() != null
                ? getClass().getEnclosingMethod().getName()
                : getClass().getName();
    }

    /**
     * The items, in order; ids must be unique. Load them from a file with {@link Dataset}.
     *
     * @return the items, at least one
     * @throws Exception anything that stops the items being made; the evaluation fails with it
     */
    List<TestItem> makeTestItems() throws Exception;

    /**
     * The annotators run on every response; names must be unique. May be empty.
     *
     * @return the annotators, in the order they run on an item
     */
    List<Annotator> annotators();

    /**
     * Named numbers for one item. The default gives, per annotator, its mean score over the item's responses under
     * the annotator's name and, when the annotator has a bar over its score (its annotations say passed or not, as
     * a groundedness annotator's do), the share of responses that passed under {@code <name>.passed}. Every item of
     * such an annotator has both, whatever its scores, so that the aggregate of {@code <name>.passed} is over all
     * items. A check ({@link Annotation#check}) scores 1 or 0: its score is its verdict, and it has no
     * {@code .passed}.
     *
     * @param item the item with its responses and every annotator's annotations
     * @return the item's measurements, by name
     */
    default Map<String, Double> measureQuality(AnnotatedItem item) {
        Map<String, Double> measurements = new LinkedHashMap<>();
        item.annotations().forEach((name, annotations) -> {
            if (annotations.isEmpty()) {
                return;
            }
            measurements.put(
                    name,
                    annotations.stream()
                            .mapToDouble(Annotation::score)
                            .average()
                            .orElseThrow());
            boolean judged = annotations.stream().allMatch(a -> a.passed() != null);
            if (judged) {
                measurements.put(
                        name + ".passed",
                        annotations.stream()
                                .mapToDouble(a -> a.passed() ? 1.0 : 0.0)
                                .average()
                                .orElseThrow());
            }
        });
        return measurements;
    }

    /**
     * The kind of each measurement whose interval should not be guessed from its values, e.g.
     * {@code Map.of("gender_stereotype_count", MeasurementKind.COUNT)}: a count whose values happen to be 0 and 1 is
     * not a rate. By default none: a measurement whose values are all 0 or 1 gets the Wilson interval of a rate, any
     * other a bootstrap.
     *
     * @return per measurement name, its kind; empty by default
     */
    default Map<String, MeasurementKind> measurementKinds() {
        return Map.of();
    }

    /**
     * The context keys to group items by; by default {@link Aggregation#sharedContextKeys}.
     *
     * @param items every item the test made
     * @return the keys; empty for no groups
     */
    default List<String> groupBy(List<TestItem> items) {
        return Aggregation.sharedContextKeys(items);
    }

    /**
     * Turns every item's measurements into results; by default {@link Aggregation#standard}.
     *
     * @param items every item's result, errors included
     * @param aggregation the default aggregation, at the run's confidence, grouping and measurement kinds
     * @return the aggregate results
     */
    default AggregateResults aggregate(List<ItemResult> items, Aggregation aggregation) {
        return aggregation.standard(items);
    }
}
