package dev.llmassert.core.record.internal;

import org.apiguardian.api.API;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.HexFormat;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentMap;
import java.util.concurrent.locks.ReentrantLock;

import static org.apiguardian.api.API.Status.INTERNAL;

/**
 * Serialises the read-merge-write of one recordings file across threads and across JVMs (Maven forks, Gradle
 * workers).
 *
 * <h2>Two locks</h2>
 * A JVM-wide {@link ReentrantLock} per lock file, then an operating-system lock ({@link FileChannel#lock}) on the
 * lock file. The JVM-wide lock comes first because an OS file lock belongs to the whole JVM: a second thread (or
 * store) of the same JVM asking for it would get an {@code OverlappingFileLockException} instead of waiting. The
 * table holds a lock only while some thread holds or waits for it, so it does not grow with the number of files a
 * long run touches. It is the only lock taken around file I/O, and callers take object monitors only inside it,
 * never around it, so it cannot be part of a lock cycle.
 *
 * <h2>The lock file, and why deleting it is safe</h2>
 * The lock file lies beside the recordings file, hidden: {@code .<name>.lock} (e.g.
 * {@code .com.example.BotTest.json.lock}). Its holder deletes it when it is done, so it exists only while a write is
 * under way (or after a process was killed during one; such a leftover is harmless, as the OS releases a dead
 * process's locks, and the next write uses and deletes it).
 *
 * <p>Deleting a lock file that another process has open and is waiting to lock would, done naively, break mutual
 * exclusion: the waiter would get the lock of a deleted file while a third process creates and locks a new one. So a
 * lock counts only once its holder has checked that the file it locked is still the one at the path:
 * <ol>
 *   <li>open (creating if needed) the lock file and wait for the OS lock;</li>
 *   <li>holding it, give the locked file an identity if it has none: a random token written into it. Only a holder
 *       writes a token, only into a file without one, so no two files ever carry the same token;</li>
 *   <li>open the path again and read its token. The same token means the path still names the locked file; any
 *       other outcome (no file, another token, none yet) means it was deleted meanwhile: release and start again.</li>
 * </ol>
 * Only a checked holder deletes the lock file, as its very last step before releasing. While a checked holder works,
 * the path therefore names its file, so any other process that gets an OS lock holds it on some other (deleted) file
 * and fails the check. The second handle stays open until the lock is released, because closing any handle of a file
 * drops the process's POSIX locks on it.
 *
 * <p>On file systems without POSIX semantics (Windows), where an open file cannot be deleted cleanly, the lock file
 * is kept; the protocol above works the same with it. The OS lock covers a byte range past the token, so that on
 * Windows, where locks are mandatory, the token can still be read.
 *
 * <p>When no OS lock can be had (e.g. a file system without locking), the write still happens under the JVM-wide
 * lock, which covers parallel tests in one JVM, and a warning says that other JVMs could overwrite it.
 */
@API(status = INTERNAL, since = "0.1")
public final class PathLocks {

    private static final Logger LOG = LoggerFactory.getLogger(PathLocks.class);
    private static final ConcurrentMap<Path, Slot> LOCKS = new ConcurrentHashMap<>();
    /** 32 hex digits of a random UUID. */
    private static final int TOKEN_LENGTH = 32;
    /** The OS lock covers one byte here, clear of the token. */
    private static final long LOCKED_POSITION = 1024;
    /** Each retry means another process took and released the lock meanwhile; this many means something is wrong. */
    private static final int MAX_ATTEMPTS = 10_000;

    private PathLocks() {}

    /** Something that holds the lock until closed. */
    @API(status = INTERNAL, since = "0.1")
    public interface Held extends AutoCloseable {

        /**
         * Whether other processes are excluded too (an OS lock is held), not only other threads of this JVM. Only
         * then may the holder treat leftovers of other writers, such as temporary files, as abandoned.
         */
        boolean crossProcess();

        @Override
        void close();
    }

    /** The hidden lock file of {@code file}: {@code .<name>.lock} in the same folder. */
    public static Path lockFileOf(Path file) {
        return file.resolveSibling("." + file.getFileName() + ".lock");
    }

    /**
     * Takes the lock of {@code file} (an absolute, normalised path), waiting for it. Creates the file's folder when
     * it is missing, as the write that follows would.
     */
    public static Held lock(Path file) {
        Path lockFile = lockFileOf(file);
        Path slotKey = lockFile;
        try {
            Files.createDirectories(file.getParent());
            // One slot for every spelling of the folder (symbolic links), as the OS lock is on the real file.
            slotKey = file.getParent().toRealPath().resolve(lockFile.getFileName());
        } catch (IOException e) {
            LOG.debug("No folder for the lock of {}: {}", file, e.toString());
        }
        Path key = slotKey;
        Slot slot = LOCKS.compute(key, (f, existing) -> (existing == null ? new Slot() : existing).join());
        slot.lock.lock();
        OsLock osLock;
        try {
            osLock = OsLock.acquire(key, deletesLockFiles(file));
        } catch (IOException | RuntimeException e) {
            osLock = null;
            noOsLock(file, e);
        } catch (Error e) {
            release(key, slot);
            throw e;
        }
        OsLock held = osLock;
        return new Held() {
            @Override
            public boolean crossProcess() {
                return held != null;
            }

            @Override
            public void close() {
                try {
                    if (held != null) {
                        held.release();
                    }
                } finally {
                    release(key, slot);
                }
            }
        };
    }

    private static void release(Path key, Slot slot) {
        slot.lock.unlock();
        LOCKS.computeIfPresent(key, (f, s) -> s.leave() ? null : s);
    }

    private static void noOsLock(Path file, Exception e) {
        if (Files.isWritable(file.getParent())) {
            LOG.warn(RecordingMessages.noCrossProcessLock(file, e));
        } else {
            // The write fails next, saying the folder is not writable; nothing to add here.
            LOG.debug("No cross-process lock for {}: {}", file, e.toString());
        }
    }

    /** Lock files are deleted after use where an open file can be deleted: POSIX file systems. */
    private static boolean deletesLockFiles(Path file) {
        return file.getFileSystem().supportedFileAttributeViews().contains("posix");
    }

    /** A checked OS lock on the file at the lock path: its channel, its lock and the second handle of the check. */
    private record OsLock(Path path, FileChannel channel, FileLock lock, FileChannel check, boolean deleteAfter) {

        static OsLock acquire(Path path, boolean deleteAfter) throws IOException {
            for (int attempt = 1; attempt <= MAX_ATTEMPTS; attempt++) {
                FileChannel channel = FileChannel.open(
                        path, StandardOpenOption.CREATE, StandardOpenOption.READ, StandardOpenOption.WRITE);
                FileLock lock = null;
                FileChannel check = null;
                try {
                    lock = channel.lock(LOCKED_POSITION, 1, false);
                    String token = tokenOf(channel);
                    check = openIfPresent(path);
                    if (check != null && token.equals(read(check))) {
                        return new OsLock(path, channel, lock, check, deleteAfter);
                    }
                } catch (IOException | RuntimeException | Error e) {
                    closeAll(lock, channel, check);
                    throw e;
                }
                // The path names another file now: the one locked was deleted by its previous holder.
                closeAll(lock, channel, check);
            }
            throw new IOException(
                    "the lock file " + path + " was replaced " + MAX_ATTEMPTS + " times while waiting for it");
        }

        /** Deletes the lock file (the last step of a checked holder), then releases the lock. */
        void release() {
            if (deleteAfter) {
                try {
                    Files.deleteIfExists(path);
                } catch (IOException e) {
                    LOG.debug("Could not delete the lock file {}: {}", path, e.toString());
                }
            }
            closeAll(lock, channel, check);
        }

        /** The token of the locked file, written now when it has none (or a partial one from a killed process). */
        private static String tokenOf(FileChannel channel) throws IOException {
            String existing = read(channel);
            if (existing.length() == TOKEN_LENGTH && existing.chars().allMatch(c -> Character.digit(c, 16) >= 0)) {
                return existing;
            }
            String token = HexFormat.of().formatHex(uuidBytes(UUID.randomUUID()));
            channel.truncate(0);
            ByteBuffer buffer = ByteBuffer.wrap(token.getBytes(StandardCharsets.US_ASCII));
            long position = 0;
            while (buffer.hasRemaining()) {
                position += channel.write(buffer, position);
            }
            return token;
        }

        private static String read(FileChannel channel) throws IOException {
            ByteBuffer buffer = ByteBuffer.allocate(TOKEN_LENGTH + 1);
            long position = 0;
            while (buffer.hasRemaining()) {
                int n = channel.read(buffer, position);
                if (n < 0) {
                    break;
                }
                position += n;
            }
            return new String(buffer.array(), 0, buffer.position(), StandardCharsets.US_ASCII);
        }

        private static FileChannel openIfPresent(Path path) throws IOException {
            try {
                return FileChannel.open(path, StandardOpenOption.READ);
            } catch (NoSuchFileException e) {
                return null;
            }
        }

        private static byte[] uuidBytes(UUID uuid) {
            return ByteBuffer.allocate(16)
                    .putLong(uuid.getMostSignificantBits())
                    .putLong(uuid.getLeastSignificantBits())
                    .array();
        }

        /** Releases the lock before closing any handle, then closes the locked channel before the other one. */
        private static void closeAll(FileLock lock, FileChannel channel, FileChannel check) {
            if (lock != null) {
                try {
                    lock.release();
                } catch (IOException e) {
                    LOG.debug("Releasing a lock file: {}", e.toString());
                }
            }
            closeQuietly(channel);
            closeQuietly(check);
        }
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
