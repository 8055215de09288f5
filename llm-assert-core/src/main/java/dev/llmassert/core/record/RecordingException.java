package dev.llmassert.core.record;

import org.apiguardian.api.API;

import static org.apiguardian.api.API.Status.STABLE;

/** Something went wrong with recordings: a request that is not recorded, or a file that cannot be used. */
@API(status = STABLE, since = "0.1")
public class RecordingException extends RuntimeException {

    private static final long serialVersionUID = 1L;

    /**
     * An exception with this message.
     *
     * @param message what went wrong, where, and the fix
     */
    public RecordingException(String message) {
        super(message);
    }

    /**
     * An exception with this message and cause.
     *
     * @param message what went wrong, where, and the fix
     * @param cause   the failure behind it
     */
    public RecordingException(String message, Throwable cause) {
        super(message, cause);
    }
}
