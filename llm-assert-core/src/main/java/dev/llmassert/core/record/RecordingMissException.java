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

    private final String key;
    private final String testName;
    private final transient Path file;
    private final transient RecordedModel whose;

    public RecordingMissException(String message, String key, String testName, Path file) {
        this(message, key, testName, file, null);
    }

    /**
     * @param whose whose model made the request: the judge's, the application's, a simulated user's; {@code null}
     *              when not known
     */
    public RecordingMissException(String message, String key, String testName, Path file, RecordedModel whose) {
        super(message);
        this.key = key;
        this.testName = testName;
        this.file = file;
        this.whose = whose;
    }

    /** The key of the request that was not found. */
    public String key() {
        return key;
    }

    /** The test that made the request, as given when the session was opened. */
    public String testName() {
        return testName;
    }

    /** The recordings file that was searched. */
    public Path file() {
        return file;
    }

    /** Whose model made the request, as the message names it; {@code null} when not known. */
    public RecordedModel whose() {
        return whose;
    }
}
