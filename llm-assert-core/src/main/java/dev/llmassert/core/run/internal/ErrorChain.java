package dev.llmassert.core.run.internal;

import org.apiguardian.api.API;

import static org.apiguardian.api.API.Status.INTERNAL;

/**
 * An exception and its causes as a record shows them, in one line: its message, then each cause's class and message
 * that the text does not hold already, {@code (caused by SocketTimeoutException: Read timed out)}. The one way
 * llm-assert words an error it keeps (an evaluation item's, a calibration row's).
 */
@API(status = INTERNAL, since = "0.1")
public final class ErrorChain {

    /** Causes shown at most; a deeper chain is a framework's wrapping, not news. */
    static final int MAX_CAUSES = 3;

    private ErrorChain() {}

    /**
     * The error's message, then its causes' that add something: {@code The call failed (caused by
     * SocketTimeoutException: Read timed out)}. For an error without a message, its first cause's class and message.
     */
    public static String message(Throwable error) {
        StringBuilder text = new StringBuilder(error.getMessage() == null ? "" : error.getMessage());
        Throwable cause = error.getCause();
        for (int depth = 0; cause != null && cause != error && depth < MAX_CAUSES; depth++, cause = cause.getCause()) {
            String line =
                    cause.getClass().getSimpleName() + (cause.getMessage() == null ? "" : ": " + cause.getMessage());
            if (text.length() == 0) {
                text.append(line);
            } else if (!text.toString().contains(line)) {
                text.append(" (caused by ").append(line).append(')');
            }
        }
        return text.toString();
    }

    /** The error's class and {@link #message}: {@code IllegalStateException: The judge could not be reached}. */
    public static String describe(Throwable error) {
        String message = message(error);
        return error.getClass().getSimpleName() + (message.isEmpty() ? "" : ": " + message);
    }
}
