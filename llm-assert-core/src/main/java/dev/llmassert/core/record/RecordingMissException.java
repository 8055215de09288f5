package dev.llmassert.core.record;

import org.apiguardian.api.API;

import java.nio.file.Path;

import static org.apiguardian.api.API.Status.STABLE;

/**
 * A request that has no recording, in {@link RecordingMode#REPLAY} mode. The model was not called. The message gives
 * the key, the test, the file, a summary of the request, how it differs from the nearest recorded request, and the
 * command that records it.
 */
@API(status = STABLE, since = "0.1")
public class RecordingMissException extends RecordingException {

    private static final long serialVersionUID = 1L;

    /** The key of the request that was not found. */
    private final String key;
    /** The test that made the request. */
    private final String testName;

    private final transient Path file;
    private final transient RecordedModel whose;

    /**
     * An exception for a request that has no recording.
     *
     * @param message  the key, the test, the file, the request, its nearest recorded request, and the command that
     *                 records it
     * @param key      the key of the request that was not found
     * @param testName the test that made the request
     * @param file     the recordings file that was searched
     */
    public RecordingMissException(String message, String key, String testName, Path file) {
        this(message, key, testName, file, null);
    }

    /**
     * A miss that knows whose model made the request.
     *
     * @param message  the key, the test, the file, the request, its nearest recorded request, and the command that
     *                 records it
     * @param key      the key of the request that was not found
     * @param testName the test that made the request
     * @param file     the recordings file that was searched
     * @param whose    whose model made the request: the judge's, the application's, a simulated user's; {@code null}
     *                 when not known
     */
    public RecordingMissException(String message, String key, String testName, Path file, RecordedModel whose) {
        super(message);
        this.key = key;
        this.testName = testName;
        this.file = file;
        this.whose = whose;
    }

    /**
     * The key of the request that was not found.
     *
     * @return the key, the SHA-256 of the canonical request
     */
    public String key() {
        return key;
    }

    /**
     * The test that made the request, as given when the session was opened.
     *
     * @return the test's name
     */
    public String testName() {
        return testName;
    }

    /**
     * The recordings file that was searched.
     *
     * @return the file; {@code null} after the exception was serialized
     */
    public Path file() {
        return file;
    }

    /**
     * Whose model made the request, as the message names it.
     *
     * @return whose model; {@code null} when not known, and after the exception was serialized
     */
    public RecordedModel whose() {
        return whose;
    }
}
