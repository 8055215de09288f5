package dev.llmassert.core.groundedness.internal;

import dev.llmassert.core.groundedness.SentenceVerdict;
import org.apiguardian.api.API;

import static org.apiguardian.api.API.Status.INTERNAL;

/**
 * One judge reply about one sentence.
 *
 * @param score    from 0 (nothing supported) to 10 (all of it), as the judge gave it
 * @param evidence the quoted support, or {@link SentenceVerdict#NOTHING_FOUND}
 */
@API(status = INTERNAL, since = "0.1")
public record SentenceScore(int score, String evidence) {}
