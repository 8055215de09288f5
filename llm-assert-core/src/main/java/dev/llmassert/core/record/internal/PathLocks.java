package dev.llmassert.core.record.internal;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentMap;
import java.util.concurrent.locks.ReentrantLock;

/**
 * Serialises the read-merge-write of one recordings file across threads and across JVMs (Maven forks, Gradle
 * workers).
 *
 * <p>The lock table is JVM-wide on purpose: an operating-system file lock belongs to the whole JVM, so two threads
 * (or two stores) of one JVM must first agree among themselves, or the second would get an
 * {@code OverlappingFileLockException}. It holds one lock object per recordings file, never test state.
 *
 * <p>The cross-JVM lock is a file in the temporary folder, named after the recordings file's path, so that nothing
 * but recordings ever appears in the recordings folder.
 */
public final class PathLocks {

    private static final Logger LOG = LoggerFactory.getLogger(PathLocks.class);
    private static final ConcurrentMap<Path, ReentrantLock> LOCKS = new ConcurrentHashMap<>();

    private PathLocks() {
    }

    /** Something that holds the lock until closed. */
    public interface Held extends AutoCloseable {
        @Override
        void close();
    }

    /** Takes the lock of {@code file} (an absolute, normalised path), waiting for it. */
    public static Held lock(Path file) {
        ReentrantLock local = LOCKS.computeIfAbsent(file, f -> new ReentrantLock());
        local.lock();
        FileChannel channel = null;
        FileLock osLock = null;
        try {
            Path lockFile = lockFileOf(file);
            channel = FileChannel.open(lockFile, StandardOpenOption.CREATE, StandardOpenOption.WRITE);
            osLock = channel.lock();
        } catch (IOException | NoSuchAlgorithmException | RuntimeException e) {
            // Without a temporary folder we still serialise within this JVM, which covers parallel tests.
            LOG.debug("No cross-process lock for {}: {}", file, e.toString());
            closeQuietly(channel);
            channel = null;
        }
        FileChannel heldChannel = channel;
        FileLock heldLock = osLock;
        return () -> {
            try {
                if (heldLock != null) {
                    heldLock.release();
                }
            } catch (IOException e) {
                LOG.debug("Releasing the lock of {}: {}", file, e.toString());
            } finally {
                closeQuietly(heldChannel);
                local.unlock();
            }
        };
    }

    private static Path lockFileOf(Path file) throws IOException, NoSuchAlgorithmException {
        Path folder = Path.of(System.getProperty("java.io.tmpdir"), "llmassert-locks");
        Files.createDirectories(folder);
        String name = HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256")
                .digest(file.toString().getBytes(StandardCharsets.UTF_8))).substring(0, 32);
        return folder.resolve(name + ".lock");
    }

    private static void closeQuietly(FileChannel channel) {
        if (channel != null) {
            try {
                channel.close();
            } catch (IOException ignored) {
                // Closing releases the lock; nothing more to do.
            }
        }
    }
}
