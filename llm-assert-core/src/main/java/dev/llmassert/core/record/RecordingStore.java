package dev.llmassert.core.record;

import org.apiguardian.api.API;

import java.nio.file.Path;
import java.time.Clock;
import java.util.List;
import java.util.concurrent.ConcurrentHashMap;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

/**
 * The recordings files of one test run: one {@link RecordingFile} per path, so that every test class and method that
 * records into a file shares its state. A JUnit extension keeps one store for the whole run (in the root
 * {@code ExtensionContext.Store}) and closes it at the end.
 */
@API(status = EXPERIMENTAL, since = "0.1")
public final class RecordingStore implements AutoCloseable {

    private final ConcurrentHashMap<Path, RecordingFile> files = new ConcurrentHashMap<>();
    private final Clock clock;

    private RecordingStore(Clock clock) {
        this.clock = clock;
    }

    /**
     * A store whose recordings are stamped with the system's UTC time.
     *
     * @return a new, empty store
     */
    public static RecordingStore create() {
        return new RecordingStore(Clock.systemUTC());
    }

    /**
     * A store whose recordings are stamped with {@code clock}'s time.
     *
     * @param clock the clock, not {@code null}; a fixed one gives reproducible files
     * @return a new, empty store
     * @throws IllegalArgumentException for a {@code null} clock
     */
    public static RecordingStore create(Clock clock) {
        if (clock == null) {
            throw new IllegalArgumentException("clock must be given, but is: null");
        }
        return new RecordingStore(clock);
    }

    /**
     * The file at {@code path} (made absolute): the same instance for the same path. It is not read yet.
     *
     * @param path the recordings file, not {@code null}; it need not exist
     * @return the file
     * @throws IllegalArgumentException for a {@code null} path
     */
    public RecordingFile file(Path path) {
        if (path == null) {
            throw new IllegalArgumentException("path must be the recordings file, but is: null");
        }
        Path absolute = path.toAbsolutePath().normalize();
        return files.computeIfAbsent(absolute, p -> new RecordingFile(p, clock));
    }

    /**
     * The file of a test class: {@code file(Recordings.fileFor(dir, className))}.
     *
     * @param dir the recordings folder
     * @param className the class's binary name, e.g. {@code com.example.BotTest}
     * @return the file
     * @throws IllegalArgumentException for a {@code null} folder, or a class name that is blank or holds a slash
     */
    public RecordingFile fileForClass(Path dir, String className) {
        return file(Recordings.fileFor(dir, className));
    }

    /**
     * The files handed out so far.
     *
     * @return the files, in no particular order
     */
    public List<RecordingFile> files() {
        return List.copyOf(files.values());
    }

    /**
     * Saves every file with unsaved recordings. Every file is tried; the first failure is thrown with the others
     * suppressed.
     *
     * @throws RecordingFileException when a file cannot be written
     */
    @Override
    public void close() {
        RecordingFileException first = null;
        for (RecordingFile file : files.values()) {
            try {
                file.save();
            } catch (RecordingFileException e) {
                if (first == null) {
                    first = e;
                } else {
                    first.addSuppressed(e);
                }
            }
        }
        if (first != null) {
            throw first;
        }
    }
}
