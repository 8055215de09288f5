package dev.llmassert.core.record;

import org.apiguardian.api.API;

import java.nio.file.Path;

import static org.apiguardian.api.API.Status.STABLE;

/**
 * A recordings file or folder that cannot be used: unreadable, corrupt, of an unknown format, or not writable when
 * recording. A file that fails to load is never overwritten.
 */
@API(status = STABLE, since = "0.1")
public class RecordingFileException extends RecordingException {

    private static final long serialVersionUID = 1L;

    private final transient Path file;

    public RecordingFileException(Path file, String message, Throwable cause) {
        super(message, cause);
        this.file = file;
    }

    /** The recordings file (or, for a folder problem, the file that was to be written there). */
    public Path file() {
        return file;
    }
}
