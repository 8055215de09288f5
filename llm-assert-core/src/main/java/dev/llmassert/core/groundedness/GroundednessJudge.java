package dev.llmassert.core.groundedness;

import org.apiguardian.api.API;

import java.util.Arrays;
import java.util.List;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;
import static org.apiguardian.api.API.Status.STABLE;

/**
 * Judges how well a response is supported by its sources, sentence by sentence.
 *
 * <p>Implementations are thread-safe: one judge serves many tests at once. A judge that holds threads or
 * connections releases them in {@link #close()}.
 */
@API(status = STABLE, since = "0.1")
public interface GroundednessJudge extends AutoCloseable {

    /** The {@link #method()} of a judge with a method of its own, such as the local judge. */
    @API(status = EXPERIMENTAL, since = "0.1")
    String OWN_METHOD = "own";

    /**
     * Judges {@code response} against {@code sources}, which may be several chunks. A response with nothing to judge
     * (null, blank, or punctuation and symbols only) is what the application produced: it gets a verdict of score 0
     * whose one sentence says why, never an exception.
     *
     * @param response the text to judge, split into sentences; a blank one, or one of punctuation or symbols only, is
     *                 a failing verdict with its reason
     * @param sources  the texts the response should rest on, at least one
     * @return the verdict: the score and each sentence's score, evidence and reason
     * @throws IllegalArgumentException if a source is null or blank, or there are no sources
     */
    GroundednessVerdict judge(String response, List<String> sources);

    /**
     * Judges {@code response} against {@code sources}, as an answer to {@code question}. What the answer takes from
     * the question (the user's own figures, names and dates) is not held against it; its claims are still judged
     * against the sources. The default ignores the question: a judge that can use it overrides this.
     *
     * @param response the text to judge, split into sentences
     * @param sources  the texts the response should rest on, at least one
     * @param question the user's question, or {@code null} for none
     * @return the verdict: the score and each sentence's score, evidence and reason
     * @throws IllegalArgumentException if the response or a source is null or blank, or there are no sources
     */
    default GroundednessVerdict judge(String response, List<String> sources, String question) {
        return judge(response, sources);
    }

    /**
     * Judges {@code response} against one or more sources, as {@link #judge(String, List)}.
     *
     * @param response the text to judge, split into sentences
     * @param sources  the texts the response should rest on, at least one
     * @return the verdict: the score and each sentence's score, evidence and reason
     * @throws IllegalArgumentException if {@code sources} is null, or as {@link #judge(String, List)}
     */
    default GroundednessVerdict judge(String response, String... sources) {
        if (sources == null) {
            throw new IllegalArgumentException("sources must not be null: pass at least one source text");
        }
        return judge(response, Arrays.asList(sources));
    }

    /**
     * Who judges, as {@code provider:model}.
     *
     * @return the judge's name, e.g. {@code openai:gpt-4o-mini} or {@code local:all-minilm-l6-v2-q}
     */
    String name();

    /**
     * How it judges, as {@code llmassert.groundedness.method} names it: {@code trulens} or {@code claim-check} for a
     * judge that asks a model; by default {@value #OWN_METHOD}, a method of the judge's own (the local judge's, or
     * that of a judge you write). A calibration record names it beside {@link #name()}, so that it never applies to
     * the same model asked another way.
     *
     * @return the method's name
     */
    @API(status = EXPERIMENTAL, since = "0.1")
    default String method() {
        return OWN_METHOD;
    }

    @Override
    default void close() {}
}
