package dev.llmassert.core.model.internal;

import dev.langchain4j.model.output.TokenUsage;
import org.apiguardian.api.API;

import static org.apiguardian.api.API.Status.INTERNAL;

/**
 * A judge reply that parsed.
 *
 * @param value      what the parser made of the reply
 * @param text       the text of the reply that parsed
 * @param tokenUsage tokens used by every call made for this reply, repairs included
 * @param replayed   whether every call was served from a recording
 * @param attempts   how many replies it took, from 1 (the first one parsed) to the repair limit
 * @param retries    how many calls were retried after a transient failure, over all its replies
 * @param <T>        what the reply holds
 */
@API(status = INTERNAL, since = "0.1")
public record JudgeReply<T>(T value, String text, TokenUsage tokenUsage, boolean replayed, int attempts,
                            int retries) {

    /** A reply that took no retry. */
    public JudgeReply(T value, String text, TokenUsage tokenUsage, boolean replayed, int attempts) {
        this(value, text, tokenUsage, replayed, attempts, 0);
    }
}
