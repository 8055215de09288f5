package dev.llmassert.core.io;

import org.apiguardian.api.API;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import java.util.stream.Stream;

import static org.apiguardian.api.API.Status.MAINTAINED;

/**
 * Replaces a file's content in one step: a reader (another test, another JVM, an editor) sees the old bytes or the
 * new ones, never a half-written file, and a crash mid-write leaves the old file as it was.
 *
 * <p>Public on purpose: the recordings, the evaluation records and the JUnit module's run report are all written
 * through it.
 */
@API(status = MAINTAINED, since = "0.1")
public final class AtomicFiles {

    private static final String TEMPORARY_SUFFIX = ".tmp";

    private AtomicFiles() {}

    /**
     * Writes {@code bytes} to a temporary file beside {@code file}, flushes it to disk and renames it over
     * {@code file}. The temporary file is removed on failure.
     *
     * @param file  the file to create or replace; its folder is created if missing
     * @param bytes the whole new content
     * @throws IOException if the folder or the temporary file cannot be written, or the rename fails
     */
    public static void replace(Path file, byte[] bytes) throws IOException {
        Path folder = file.toAbsolutePath().getParent();
        // In the same folder, so the rename stays on one file system and is atomic.
        Path temp = folder.resolve(temporaryPrefix(file) + UUID.randomUUID() + TEMPORARY_SUFFIX);
        try {
            Files.createDirectories(folder);
            try (FileChannel channel =
                    FileChannel.open(temp, StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE)) {
                ByteBuffer buffer = ByteBuffer.wrap(bytes);
                while (buffer.hasRemaining()) {
                    channel.write(buffer);
                }
                channel.force(true);
            }
            try {
                Files.move(temp, file, StandardCopyOption.ATOMIC_MOVE);
            } catch (AtomicMoveNotSupportedException e) {
                Files.move(temp, file, StandardCopyOption.REPLACE_EXISTING);
            }
        } catch (IOException | RuntimeException e) {
            try {
                Files.deleteIfExists(temp);
            } catch (IOException suppressed) {
                e.addSuppressed(suppressed);
            }
            throw e;
        }
    }

    /**
     * Deletes the temporary files that {@link #replace} left beside {@code file} when its process was killed during
     * a write ({@code .<name>.<uuid>.tmp}). Call it only while holding a cross-process lock under which every write
     * of {@code file} happens (as the recordings do): then no temporary file of it can belong to a write still under
     * way.
     *
     * @param file the file whose abandoned temporary files to delete
     * @return the deleted files; empty when there were none, or the folder does not exist
     * @throws IOException if the folder cannot be listed or a temporary file cannot be deleted
     */
    public static List<Path> removeAbandonedTemporaries(Path file) throws IOException {
        Path folder = file.toAbsolutePath().getParent();
        String prefix = temporaryPrefix(file);
        List<Path> removed = new ArrayList<>();
        if (!Files.isDirectory(folder)) {
            return removed;
        }
        try (Stream<Path> files = Files.list(folder)) {
            for (Path candidate : (Iterable<Path>) files::iterator) {
                String name = candidate.getFileName().toString();
                if (name.startsWith(prefix)
                        && name.endsWith(TEMPORARY_SUFFIX)
                        && isUuid(name.substring(prefix.length(), name.length() - TEMPORARY_SUFFIX.length()))
                        && Files.deleteIfExists(candidate)) {
                    removed.add(candidate);
                }
            }
        }
        return removed;
    }

    private static String temporaryPrefix(Path file) {
        return "." + file.getFileName() + ".";
    }

    private static boolean isUuid(String text) {
        try {
            return text.length() == 36 && UUID.fromString(text).toString().equals(text);
        } catch (IllegalArgumentException e) {
            return false;
        }
    }
}
