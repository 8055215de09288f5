package dev.llmassert.core.record;

import dev.langchain4j.model.chat.response.ChatResponse;
import org.apiguardian.api.API;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

/**
 * Marks a {@link ChatResponse} that came from a recording rather than a live call, so that judges can report
 * whether a verdict was replayed without knowing how recordings work.
 */
@API(status = EXPERIMENTAL, since = "0.1")
public final class Replayed {

    /** The prefix of {@code ChatResponse.metadata().id()} on a replayed response. */
    public static final String ID_PREFIX = "llmassert-replayed:";

    private Replayed() {}

    /**
     * Whether {@code response} was served from a recording.
     *
     * @param response a model's response; {@code null} for none
     * @return {@code true} when its id starts with {@link #ID_PREFIX}
     */
    public static boolean isReplayed(ChatResponse response) {
        return response != null
                && response.metadata() != null
                && response.metadata().id() != null
                && response.metadata().id().startsWith(ID_PREFIX);
    }
}
