package dev.llmassert.junit.internal.config;

import dev.llmassert.core.record.RecordingMode;
import dev.llmassert.core.record.Recordings;
import org.apiguardian.api.API;

import java.nio.file.Path;

import static org.apiguardian.api.API.Status.INTERNAL;

/**
 * How the judge calls of one class or method are recorded.
 *
 * @param mode        when recordings are read and written
 * @param dir         the folder of the per-class files
 * @param file        the one file named by {@code @JudgeRecordings(file = ...)}, or {@code null} for the class's own
 * @param pruneUnused whether unused recordings are removed at the end of the class, when recording
 */
@API(status = INTERNAL, since = "0.1")
public record RecordingConfiguration(RecordingMode mode, Path dir, Path file, boolean pruneUnused) {

    /** The file of the tests of {@code topLevelClassName}: {@link #file()}, else {@code <dir>/<className>.json}. */
    public Path fileFor(String topLevelClassName) {
        return file != null ? file : Recordings.fileFor(dir, topLevelClassName);
    }
}
