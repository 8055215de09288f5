package dev.llmassert.core.eval;

import org.apiguardian.api.API;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

/**
 * An item with its responses and every annotator's annotations: what {@link PromptResponseTest#measureQuality}
 * turns into measurements.
 *
 * @param item         the test item
 * @param interactions every response, in prompt then repeat order
 * @param annotations  per annotator name, one annotation per interaction, in the interactions' order
 */
@API(status = EXPERIMENTAL, since = "0.1")
public record AnnotatedItem(TestItem item, List<Interaction> interactions, Map<String, List<Annotation>> annotations) {

    /**
     * Copies the interactions and the annotations.
     *
     * @param item the test item
     * @param interactions every response, not {@code null}
     * @param annotations per annotator name, one annotation per interaction; not {@code null}
     */
    public AnnotatedItem {
        interactions = List.copyOf(interactions);
        Map<String, List<Annotation>> copy = new LinkedHashMap<>();
        annotations.forEach((name, list) -> copy.put(name, List.copyOf(list)));
        annotations = Collections.unmodifiableMap(copy);
    }

    /**
     * The annotations of {@code annotator}, one per interaction.
     *
     * @param annotator the annotator's name
     * @return its annotations, in the interactions' order
     * @throws IllegalArgumentException naming the annotators there are, when there is no such annotator
     */
    public List<Annotation> annotations(String annotator) {
        List<Annotation> list = annotations.get(annotator);
        if (list == null) {
            throw new IllegalArgumentException(EvaluationMessages.noSuchAnnotator(item, annotator, annotations));
        }
        return list;
    }

    /**
     * The first response to the prompt at {@code promptIndex} (from 0).
     *
     * @param promptIndex the prompt's index in the item, from 0
     * @return the response's text
     * @throws IllegalArgumentException when the item has no such prompt
     */
    public String response(int promptIndex) {
        return interactions.stream()
                .filter(i -> i.promptIndex() == promptIndex)
                .findFirst()
                .map(Interaction::response)
                .orElseThrow(() -> new IllegalArgumentException("The item '" + item.id() + "' has no prompt "
                        + promptIndex + "; it has " + item.prompts().size() + " (indexes from 0)."));
    }

    /**
     * Every response's text, in the interactions' order.
     *
     * @return one text per interaction
     */
    public List<String> responses() {
        return interactions.stream().map(Interaction::response).toList();
    }

    /**
     * The mean score of {@code annotator}'s annotations.
     *
     * @param annotator the annotator's name
     * @return the mean over the interactions; {@code NaN} when there is none
     * @throws IllegalArgumentException naming the annotators there are, when there is no such annotator
     */
    public double meanScore(String annotator) {
        return annotations(annotator).stream()
                .mapToDouble(Annotation::score)
                .average()
                .orElse(Double.NaN);
    }
}
