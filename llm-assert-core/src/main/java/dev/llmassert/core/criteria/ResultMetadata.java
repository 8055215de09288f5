package dev.llmassert.core.criteria;

import java.util.Objects;

/**
 * Where a criteria result came from.
 *
 * @param judge    who judged, as {@code provider:model}, e.g. {@code openai:gpt-4o-mini}
 * @param prompt   the prompt of the (first) call
 * @param persona  the judge description the prompt used, or {@code null} for the default evaluator
 * @param replayed whether every reply came from a recording rather than a live call
 */
public record ResultMetadata(String judge, JudgePrompt prompt, String persona, boolean replayed) {

    public ResultMetadata {
        Objects.requireNonNull(judge, "judge");
        Objects.requireNonNull(prompt, "prompt");
    }
}
