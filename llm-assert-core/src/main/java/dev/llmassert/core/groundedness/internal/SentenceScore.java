package dev.llmassert.core.groundedness.internal;

import dev.llmassert.core.groundedness.SentenceVerdict;

/**
 * One judge reply about one sentence.
 *
 * @param score    from 0 (nothing supported) to 10 (all of it), as the judge gave it
 * @param evidence the quoted support, or {@link SentenceVerdict#NOTHING_FOUND}
 */
public record SentenceScore(int score, String evidence) {
}
