package dev.llmassert.core.record;

import java.nio.file.Path;

/**
 * A recordings file or folder that cannot be used: unreadable, corrupt, of an unknown format, or not writable when
 * recording. A file that fails to load is never overwritten.
 */
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
