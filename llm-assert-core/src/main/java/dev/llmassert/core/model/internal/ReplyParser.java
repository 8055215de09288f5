package dev.llmassert.core.model.internal;

import org.apiguardian.api.API;

import static org.apiguardian.api.API.Status.INTERNAL;

/**
 * Turns the text of a judge reply into a value, or explains why it cannot.
 *
 * <p>Parsers must not guess: a reply that does not hold what was asked for is a {@link ReplyParseException}, which
 * {@link JudgeChat#ask} answers by re-asking the judge with the error.
 *
 * @param <T> what the reply holds
 */
@API(status = INTERNAL, since = "0.1")
@FunctionalInterface
public interface ReplyParser<T> {

    /**
     * @param reply the text of the judge's reply, never {@code null} (an empty reply is {@code ""})
     * @throws ReplyParseException saying what was wrong and what is expected
     */
    T parse(String reply) throws ReplyParseException;
}
