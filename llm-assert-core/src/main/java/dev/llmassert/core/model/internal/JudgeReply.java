package dev.llmassert.core.model.internal;

import dev.langchain4j.model.output.TokenUsage;
import org.apiguardian.api.API;

import java.util.Collection;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

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
 * @param recordedModel the model named by the recording of a replayed reply when it is not the judge's own model
 *                      (e.g. {@code hand-written-example} for a reply a person wrote), or {@code null}
 * @param <T>        what the reply holds
 */
@API(status = INTERNAL, since = "0.1")
public record JudgeReply<T>(
        T value,
        String text,
        TokenUsage tokenUsage,
        boolean replayed,
        int attempts,
        int retries,
        String recordedModel) {

    /** A reply that took no retry. */
    public JudgeReply(T value, String text, TokenUsage tokenUsage, boolean replayed, int attempts) {
        this(value, text, tokenUsage, replayed, attempts, 0, null);
    }

    /** A reply from the judge's own model, live or replayed. */
    public JudgeReply(T value, String text, TokenUsage tokenUsage, boolean replayed, int attempts, int retries) {
        this(value, text, tokenUsage, replayed, attempts, retries, null);
    }

    /**
     * The other models that wrote some of {@code replies} (see {@link #recordedModel()}), distinct, in order, joined
     * with a comma; {@code null} when every reply came from the judge's own model.
     */
    public static String recordedModelOf(Collection<? extends JudgeReply<?>> replies) {
        Set<String> models = new LinkedHashSet<>();
        for (JudgeReply<?> reply : replies) {
            if (reply.recordedModel() != null) {
                models.addAll(List.of(reply.recordedModel().split(", ")));
            }
        }
        return models.isEmpty() ? null : String.join(", ", models);
    }
}
