package dev.llmassert.core.model.internal;

import dev.langchain4j.model.chat.response.ChatResponse;
import org.apiguardian.api.API;

import static org.apiguardian.api.API.Status.INTERNAL;

/**
 * Turns a judge reply into a value from its text and the rest of the response, such as the token log-probabilities
 * an OpenAI-compatible server sends with it ({@code OpenAiChatResponseMetadata.logProbs()}). As with
 * {@link ReplyParser}, a reply that does not hold what was asked for is a {@link ReplyParseException}, never a guess.
 *
 * @param <T> what the reply holds
 */
@API(status = INTERNAL, since = "0.1")
@FunctionalInterface
public interface ResponseParser<T> {

    /**
     * @param reply    the text of the judge's reply, never {@code null} (an empty reply is {@code ""})
     * @param response the whole response the text came from, live or replayed
     * @throws ReplyParseException saying what was wrong and what is expected
     */
    T parse(String reply, ChatResponse response) throws ReplyParseException;
}
