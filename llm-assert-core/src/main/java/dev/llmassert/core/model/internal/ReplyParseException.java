package dev.llmassert.core.model.internal;

import org.apiguardian.api.API;

import static org.apiguardian.api.API.Status.INTERNAL;

/**
 * A judge reply that cannot be used. The message is sent back to the judge model when the reply is re-asked, so it
 * says what was wrong and what is expected, for example
 * {@code "the score must be a whole number from 0 to 10, but is 11"}.
 */
@API(status = INTERNAL, since = "0.1")
public class ReplyParseException extends Exception {

    private static final long serialVersionUID = 1L;

    public ReplyParseException(String message) {
        super(message);
    }

    public ReplyParseException(String message, Throwable cause) {
        super(message, cause);
    }
}
