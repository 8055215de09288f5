package dev.llmassert.core.criteria;

import dev.langchain4j.model.output.TokenUsage;
import org.apiguardian.api.API;

import java.time.Duration;
import java.util.Objects;

import static org.apiguardian.api.API.Status.STABLE;

/**
 * Where a criteria result came from.
 *
 * @param judge    who judged, as {@code provider:model}, e.g. {@code openai:gpt-4o-mini}
 * @param prompt   the prompt of the (first) call
 * @param persona  the judge description the prompt used, or {@code null} for the default evaluator
 * @param replayed   whether every reply came from a recording rather than a live call
 * @param tokenUsage the tokens of every call the result took (repairs, samples and the reversed run included); a
 *                   replayed call counts the tokens its recording says it used
 * @param duration   how long the judge's calls took, from the first sent to the last answered
 * @param retries    how many of those calls were retried after a transient failure (a dropped connection, a
 *                   timeout, 429 or 5xx)
 * @param recordedModel who wrote the replayed replies when it was not the judge's model: the model their recording
 *                   names, e.g. {@code hand-written-example} for replies a person wrote; {@code null} when every reply
 *                   came from the judge's own model
 */
@API(status = STABLE, since = "0.1")
public record ResultMetadata(
        String judge,
        JudgePrompt prompt,
        String persona,
        boolean replayed,
        TokenUsage tokenUsage,
        Duration duration,
        int retries,
        String recordedModel) {

    /**
     * Checks the metadata; missing tokens count as none and a missing duration as zero.
     *
     * @param judge who judged, as {@code provider:model}; not {@code null}
     * @param prompt the prompt of the (first) call; not {@code null}
     * @param persona the judge description, or {@code null} for the default evaluator
     * @param replayed whether every reply came from a recording
     * @param tokenUsage the tokens of every call; {@code null} for none
     * @param duration how long the calls took; {@code null} for zero
     * @param retries how many calls were retried, 0 or more
     * @param recordedModel who wrote the replayed replies when not the judge's model, or {@code null}
     * @throws IllegalArgumentException for negative retries
     * @throws NullPointerException for a {@code null} judge or prompt
     */
    public ResultMetadata {
        Objects.requireNonNull(judge, "judge");
        Objects.requireNonNull(prompt, "prompt");
        tokenUsage = tokenUsage == null ? new TokenUsage(0, 0) : tokenUsage;
        duration = duration == null ? Duration.ZERO : duration;
        if (retries < 0) {
            throw new IllegalArgumentException("retries must not be negative, but is: " + retries);
        }
    }

    /**
     * Metadata of calls whose replies, if replayed, came from the judge's own model.
     *
     * @param judge who judged, as {@code provider:model}; not {@code null}
     * @param prompt the prompt of the (first) call; not {@code null}
     * @param persona the judge description, or {@code null} for the default evaluator
     * @param replayed whether every reply came from a recording
     * @param tokenUsage the tokens of every call; {@code null} for none
     * @param duration how long the calls took; {@code null} for zero
     * @param retries how many calls were retried, 0 or more
     * @throws IllegalArgumentException for negative retries
     */
    public ResultMetadata(
            String judge,
            JudgePrompt prompt,
            String persona,
            boolean replayed,
            TokenUsage tokenUsage,
            Duration duration,
            int retries) {
        this(judge, prompt, persona, replayed, tokenUsage, duration, retries, null);
    }

    /**
     * Metadata of calls that took no retry.
     *
     * @param judge who judged, as {@code provider:model}; not {@code null}
     * @param prompt the prompt of the (first) call; not {@code null}
     * @param persona the judge description, or {@code null} for the default evaluator
     * @param replayed whether every reply came from a recording
     * @param tokenUsage the tokens of every call; {@code null} for none
     * @param duration how long the calls took; {@code null} for zero
     */
    public ResultMetadata(
            String judge,
            JudgePrompt prompt,
            String persona,
            boolean replayed,
            TokenUsage tokenUsage,
            Duration duration) {
        this(judge, prompt, persona, replayed, tokenUsage, duration, 0, null);
    }

    /**
     * Metadata with no tokens or time counted, e.g. for a result built by hand.
     *
     * @param judge who judged, as {@code provider:model}; not {@code null}
     * @param prompt the prompt of the (first) call; not {@code null}
     * @param persona the judge description, or {@code null} for the default evaluator
     * @param replayed whether every reply came from a recording
     */
    public ResultMetadata(String judge, JudgePrompt prompt, String persona, boolean replayed) {
        this(judge, prompt, persona, replayed, null, null, 0, null);
    }
}
