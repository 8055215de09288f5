package dev.llmassert.core.record.internal;

import org.apiguardian.api.API;
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

import static org.apiguardian.api.API.Status.INTERNAL;

/**
 * Serialises the read-merge-write of one recordings file across threads and across JVMs (Maven forks, Gradle
 * workers).
 *
 * <p>The lock table is JVM-wide on purpose: an operating-system file lock belongs to the whole JVM, so two threads
 * (or two stores) of one JVM must first agree among themselves, or the second would get an
 * {@code OverlappingFileLockException}. It holds one lock per recordings file only while some thread holds or waits
 * for it, never test state, so it does not grow with the number of files a long run (or a JVM reused across runs)
 * touches. It is the only lock taken around file I/O, and callers take object monitors only inside it, never
 * around it, so it cannot be part of a lock cycle.
 *
 * <p>The cross-JVM lock is a file in the temporary folder, named after the recordings file's path, so that nothing
 * but recordings ever appears in the recordings folder.
 */
@API(status = INTERNAL, since = "0.1")
public final class PathLocks {

    private static final Logger LOG = LoggerFactory.getLogger(PathLocks.class);
    private static final ConcurrentMap<Path, Slot> LOCKS = new ConcurrentHashMap<>();

    private PathLocks() {
    }

    /** Something that holds the lock until closed. */
    @API(status = INTERNAL, since = "0.1")
    public interface Held extends AutoCloseable {
        @Override
        void close();
    }

    /** Takes the lock of {@code file} (an absolute, normalised path), waiting for it. */
    public static Held lock(Path file) {
        Slot slot = LOCKS.compute(file, (f, existing) -> (existing == null ? new Slot() : existing).join());
        ReentrantLock local = slot.lock;
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
                leave(file);
            }
        };
    }

    /** One thread fewer holds or waits for the lock of {@code file}; the last one removes it from the table. */
    private static void leave(Path file) {
        LOCKS.computeIfPresent(file, (f, slot) -> slot.leave() ? null : slot);
    }

    /** The lock of one file and how many threads hold or wait for it; counted only inside the map's compute. */
    private static final class Slot {

        private final ReentrantLock lock = new ReentrantLock();
        private int users;

        Slot join() {
            users++;
            return this;
        }

        /** Whether no thread holds or waits for the lock any more. */
        boolean leave() {
            return --users == 0;
        }
    }

    /** How many files have a lock in the table now: zero when no save is under way. */
    static int tableSize() {
        return LOCKS.size();
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
