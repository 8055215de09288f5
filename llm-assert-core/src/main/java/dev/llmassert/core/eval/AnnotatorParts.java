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

    /**
     * An annotator that looks at one response at a time, judged by {@code judge} ({@code null} for plain code).
     *
     * @param name        the annotator's name
     * @param judge       the judge's name, or {@code null} for an annotator of plain code
     * @param perResponse annotates one interaction
     * @return the annotator, which annotates each interaction of an item in turn
     */
    public static Annotator perResponse(String name, String judge, Annotator.ResponseAnnotator perResponse) {
        return new PerResponseAnnotator(name, judge, perResponse);
    }

    /**
     * Checks an annotator's name.
     *
     * @param name the annotator's name
     * @throws IllegalArgumentException for a blank or null name
     */
    public static void requireName(String name) {
        Annotators.requireName(name);
    }

    /**
     * Checks an annotator's judge.
     *
     * @param name  the annotator's name, for the message
     * @param judge the judge
     * @throws IllegalArgumentException for a null judge, naming the annotator
     */
    public static void requireJudge(String name, Object judge) {
        Annotators.requireJudge(name, judge);
    }

    /**
     * Checks a key an annotator reads, and the annotator's name.
     *
     * @param name  the annotator's name
     * @param value the key
     * @param what  what the key is, for the message (e.g. "the context key of its sources")
     * @throws IllegalArgumentException for a blank or null name, or a null or empty {@code value}, saying it is
     *                                  {@code what}
     */
    public static void requireKey(String name, String value, String what) {
        Annotators.requireKey(name, value, what);
    }

    /**
     * Checks the criteria of an annotator that measures their score.
     *
     * @param name     the annotator's name, for the message
     * @param criteria the criteria
     * @throws IllegalArgumentException for null criteria, or criteria without a score on every option
     */
    public static void requireScoredCriteria(String name, Criteria criteria) {
        Annotators.requireScoredCriteria(name, criteria);
    }

    /**
     * The texts under {@code key} in the prompt's context, else the item's.
     *
     * @param item   the item
     * @param prompt the prompt, or {@code null} to read the item's context only
     * @param key    the context value's name
     * @return its texts; a single text is a list of one
     * @throws IllegalArgumentException naming the item and the keys it has, when neither context has the value
     */
    public static List<String> contextList(TestItem item, Prompt prompt, String key) {
        return Annotators.contextList(item, prompt, key);
    }

    /**
     * The text of the context field {@code field}, for a judge's instance: the prompt's value, else the item's (texts
     * joined by blank lines), else, for {@code question}, {@code prompt}, {@code input} or {@code query}, the prompt's
     * text.
     *
     * @param annotator the annotator's name, for the message
     * @param item      the item
     * @param prompt    the prompt, or {@code null}
     * @param field     the field's name
     * @return the field's text
     * @throws IllegalArgumentException naming the annotator, the field and the item, when there is no such field
     */
    public static String contextField(String annotator, TestItem item, Prompt prompt, String field) {
        return Annotators.contextField(annotator, item, prompt, field);
    }

    /**
     * Tokens in and out, for an annotation's details.
     *
     * @param usage the judge's token usage, or {@code null}
     * @return {@code input} and {@code output}, 0 for what the usage does not count
     */
    public static Map<String, Object> tokens(TokenUsage usage) {
        return Annotators.tokens(usage);
    }

    /**
     * {@code details} with who wrote a replayed reply, when known.
     *
     * @param details       an annotation's details
     * @param recordedModel the model the replayed reply's recording names, or {@code null}
     * @return {@code details} itself when {@code recordedModel} is null, else a copy with {@code recordedModel}
     */
    public static Map<String, Object> judged(Map<String, Object> details, String recordedModel) {
        return Annotators.judged(details, recordedModel);
    }
}
