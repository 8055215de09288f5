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

    /**
     * An exception for a recordings file or folder that cannot be used.
     *
     * @param file    the recordings file, or the file that was to be written in a folder that cannot be used
     * @param message what is wrong with it, and the fix
     * @param cause   the failure behind it, or {@code null}
     */
    public RecordingFileException(Path file, String message, Throwable cause) {
        super(message, cause);
        this.file = file;
    }

    /**
     * The recordings file (or, for a folder problem, the file that was to be written there).
     *
     * @return the file; {@code null} after the exception was serialized
     */
    public Path file() {
        return file;
    }
}
