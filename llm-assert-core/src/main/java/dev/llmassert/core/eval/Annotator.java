package dev.llmassert.core.eval;

import org.apiguardian.api.API;

import java.util.List;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

/**
 * A named check run on every response of every item: a judge or plain code. {@link Annotators} has the built-in
 * ones; {@link #of(String, ResponseAnnotator)} makes one from a lambda.
 *
 * <p>An annotator sees a whole item at once, so it can compare the item's responses (a pairwise judge does). It may
 * be called from several threads at once, for different items.
 */
@API(status = EXPERIMENTAL, since = "0.1")
public interface Annotator {

    /**
     * The annotator's name: the key of its annotations and, by default, of its measurement. Unique in a test.
     *
     * @return the name, not blank
     */
    String name();

    /**
     * One annotation per interaction, in the interactions' order.
     *
     * @param item the test item, with its expected values and context
     * @param interactions the item's responses, in prompt then repeat order
     * @return one annotation per interaction
     * @throws Exception anything; the runner records it as the item's error, with this annotator's name
     */
    List<Annotation> annotate(TestItem item, List<Interaction> interactions) throws Exception;

    /**
     * Who judges, as {@code provider:model}, or {@code null} for plain code. Written to the evaluation record.
     *
     * @return the judge's name; {@code null} by default
     */
    default String judge() {
        return null;
    }

    /**
     * An annotator that looks at one response at a time.
     *
     * @param name the annotator's name, not blank
     * @param annotator annotates one response, not {@code null}
     * @return the annotator
     * @throws IllegalArgumentException for a blank name or a {@code null} annotator
     */
    static Annotator of(String name, ResponseAnnotator annotator) {
        Annotators.requireName(name);
        if (annotator == null) {
            throw new IllegalArgumentException(EvaluationMessages.nullAnnotator(name));
        }
        return new PerResponseAnnotator(name, null, annotator);
    }

    /** Annotates one response. */
    @FunctionalInterface
    @API(status = EXPERIMENTAL, since = "0.1")
    interface ResponseAnnotator {
        /**
         * Annotates one response.
         *
         * @param item the test item, with its expected values and context
         * @param interaction the response and the prompt it answers
         * @return the annotation
         * @throws Exception anything; the runner records it as the item's error, with the annotator's name
         */
        Annotation annotate(TestItem item, Interaction interaction) throws Exception;
    }
}
