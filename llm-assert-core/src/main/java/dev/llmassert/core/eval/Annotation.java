package dev.llmassert.core.eval;

import org.apiguardian.api.API;

import java.util.Collections;
import java.util.Map;
import java.util.TreeMap;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

/**
 * What one annotator said about one response.
 *
 * @param score       a number, usually from 0 to 1 (a check that passed is 1, one that failed 0)
 * @param passed      whether the response passed the annotator's own bar over its score (a groundedness minimum), or
 *                    {@code null} when it has none, or when the score itself is the verdict (a check)
 * @param label       a short verdict such as the criteria option chosen, or {@code null}
 * @param explanation why, in words, or an empty text
 * @param details     more, e.g. per-sentence scores and evidence; texts, numbers, booleans, lists and maps only;
 *                    kept sorted by key
 */
@API(status = EXPERIMENTAL, since = "0.1")
public record Annotation(double score, Boolean passed, String label, String explanation, Map<String, Object> details) {

    /**
     * Checks the score; a missing explanation becomes {@code ""}, and the details are sorted by key.
     *
     * @param score a finite number
     * @param passed whether the response passed the annotator's own bar, or {@code null}
     * @param label a short verdict, or {@code null}
     * @param explanation why, in words; {@code null} for none
     * @param details more, by key; {@code null} for none
     * @throws IllegalArgumentException for a score that is not finite
     */
    public Annotation {
        if (!Double.isFinite(score)) {
            throw new IllegalArgumentException(EvaluationMessages.scoreNotFinite(score));
        }
        explanation = explanation == null ? "" : explanation;
        // sorted, so that a record of the same outcome is the same text in every run
        details = details == null || details.isEmpty() ? Map.of() : Collections.unmodifiableMap(new TreeMap<>(details));
    }

    /**
     * A score with no bar of its own.
     *
     * @param score a finite number, usually from 0 to 1
     * @return the annotation, with no label, explanation or details
     * @throws IllegalArgumentException for a score that is not finite
     */
    public static Annotation score(double score) {
        return new Annotation(score, null, null, "", Map.of());
    }

    /**
     * A check: score 1 and label {@code pass} when it passed, 0 and {@code fail} when not. The score is the verdict,
     * so there is no separate bar ({@code passed} is {@code null}) and no {@code <name>.passed} measurement.
     *
     * @param passed whether the check passed
     * @return the annotation
     */
    public static Annotation check(boolean passed) {
        return new Annotation(passed ? 1.0 : 0.0, null, passed ? "pass" : "fail", "", Map.of());
    }

    /**
     * The same annotation with another label.
     *
     * @param newLabel a short verdict, or {@code null}
     * @return a new annotation; this one is unchanged
     */
    public Annotation withLabel(String newLabel) {
        return new Annotation(score, passed, newLabel, explanation, details);
    }

    /**
     * The same annotation with another explanation.
     *
     * @param newExplanation why, in words; {@code null} for none
     * @return a new annotation; this one is unchanged
     */
    public Annotation withExplanation(String newExplanation) {
        return new Annotation(score, passed, label, newExplanation, details);
    }

    /**
     * The same annotation with other details.
     *
     * @param newDetails texts, numbers, booleans, lists and maps, by key; {@code null} for none
     * @return a new annotation; this one is unchanged
     */
    public Annotation withDetails(Map<String, Object> newDetails) {
        return new Annotation(score, passed, label, explanation, newDetails);
    }
}
