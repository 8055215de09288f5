package dev.llmassert.core.record.internal;

import org.apiguardian.api.API;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.util.UUID;

import static org.apiguardian.api.API.Status.INTERNAL;

/**
 * Replaces a file's content in one step: a reader (another test, another JVM, an editor) sees the old bytes or the
 * new ones, never a half-written file, and a crash mid-write leaves the old file as it was.
 */
@API(status = INTERNAL, since = "0.1")
public final class AtomicFiles {

    private AtomicFiles() {
    }

    /**
     * Writes {@code bytes} to a temporary file beside {@code file}, flushes it to disk and renames it over
     * {@code file}. The temporary file is removed on failure.
     */
    public static void replace(Path file, byte[] bytes) throws IOException {
        Path folder = file.toAbsolutePath().getParent();
        // In the same folder, so the rename stays on one file system and is atomic.
        Path temp = folder.resolve("." + file.getFileName() + "." + UUID.randomUUID() + ".tmp");
        try {
            Files.createDirectories(folder);
            try (FileChannel channel = FileChannel.open(temp, StandardOpenOption.CREATE_NEW,
                    StandardOpenOption.WRITE)) {
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
}
