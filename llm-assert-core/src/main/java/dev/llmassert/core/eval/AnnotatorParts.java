package dev.llmassert.core.eval;

import dev.langchain4j.model.output.TokenUsage;
import dev.llmassert.core.criteria.Criteria;
import org.apiguardian.api.API;

import java.util.List;
import java.util.Map;

import static org.apiguardian.api.API.Status.INTERNAL;

/**
 * What the annotators of {@link Annotators} are made of, for the annotators of other packages (a conversation's): the
 * checks of their arguments with their messages, the context lookups, and the details of a judged annotation.
 */
@API(status = INTERNAL, since = "0.1")
public final class AnnotatorParts {

    private AnnotatorParts() {}

    /** An annotator that looks at one response at a time, judged by {@code judge} ({@code null} for plain code). */
    public static Annotator perResponse(String name, String judge, Annotator.ResponseAnnotator perResponse) {
        return new PerResponseAnnotator(name, judge, perResponse);
    }

    /**
     * Checks an annotator's name.
     *
     * @throws IllegalArgumentException for a blank or null name
     */
    public static void requireName(String name) {
        Annotators.requireName(name);
    }

    /**
     * Checks an annotator's judge.
     *
     * @throws IllegalArgumentException for a null judge, naming the annotator
     */
    public static void requireJudge(String name, Object judge) {
        Annotators.requireJudge(name, judge);
    }

    /**
     * Checks a key an annotator reads.
     *
     * @throws IllegalArgumentException for a null or empty {@code value}, saying it is {@code what}
     */
    public static void requireKey(String name, String value, String what) {
        Annotators.requireKey(name, value, what);
    }

    /**
     * Checks the criteria of an annotator that measures their score.
     *
     * @throws IllegalArgumentException for null criteria, or criteria without a score on every option
     */
    public static void requireScoredCriteria(String name, Criteria criteria) {
        Annotators.requireScoredCriteria(name, criteria);
    }

    /** The texts under {@code key} in the prompt's context, else the item's. */
    public static List<String> contextList(TestItem item, Prompt prompt, String key) {
        return Annotators.contextList(item, prompt, key);
    }

    /** The text of the context field {@code field}, for a judge's instance. */
    public static String contextField(String annotator, TestItem item, Prompt prompt, String field) {
        return Annotators.contextField(annotator, item, prompt, field);
    }

    /** Tokens in and out, for an annotation's details. */
    public static Map<String, Object> tokens(TokenUsage usage) {
        return Annotators.tokens(usage);
    }

    /** {@code details} with who wrote a replayed reply, when known. */
    public static Map<String, Object> judged(Map<String, Object> details, String recordedModel) {
        return Annotators.judged(details, recordedModel);
    }
}
