package dev.llmassert.core.record;

/** Something went wrong with recordings: a request that is not recorded, or a file that cannot be used. */
public class RecordingException extends RuntimeException {

    private static final long serialVersionUID = 1L;

    public RecordingException(String message) {
        super(message);
    }

    public RecordingException(String message, Throwable cause) {
        super(message, cause);
    }
}
