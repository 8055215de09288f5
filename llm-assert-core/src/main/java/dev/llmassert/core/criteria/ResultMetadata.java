package dev.llmassert.core.criteria;

import org.apiguardian.api.API;

import java.util.Objects;

import static org.apiguardian.api.API.Status.STABLE;

/**
 * Where a criteria result came from.
 *
 * @param judge    who judged, as {@code provider:model}, e.g. {@code openai:gpt-4o-mini}
 * @param prompt   the prompt of the (first) call
 * @param persona  the judge description the prompt used, or {@code null} for the default evaluator
 * @param replayed whether every reply came from a recording rather than a live call
 */
@API(status = STABLE, since = "0.1")
public record ResultMetadata(String judge, JudgePrompt prompt, String persona, boolean replayed) {

    public ResultMetadata {
        Objects.requireNonNull(judge, "judge");
        Objects.requireNonNull(prompt, "prompt");
    }
}
