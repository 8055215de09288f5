package dev.llmassert.core.record;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.llmassert.core.record.internal.AtomicFiles;
import dev.llmassert.core.record.internal.Entry;
import dev.llmassert.core.record.internal.PathLocks;
import dev.llmassert.core.record.internal.RecordedResponse;
import dev.llmassert.core.record.internal.RecordingMessages;
import dev.llmassert.core.record.internal.RecordingsCodec;
import dev.llmassert.core.record.internal.RequestDiff;
import org.apiguardian.api.API;

import java.io.IOException;
import java.nio.file.AccessDeniedException;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Clock;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.SortedSet;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

/**
 * One recordings file, {@code <dir>/<fully.qualified.ClassName>.json}, shared by every test that records into it.
 * Obtain it from {@link RecordingStore#file(Path)}, which gives one instance per path.
 *
 * <p>Thread-safe. Tests replay and record through {@link #openSession(RecordingMode, String) sessions}, in parallel.
 * The file is loaded on the first session that reads it. Saving takes a lock on the path (within the JVM and across
 * processes), reads the file again, merges what this instance recorded into what is on disk, and writes a temporary
 * file in the same folder that is then renamed over the old one. So parallel writers, even in other JVMs, never lose
 * an entry, and a reader never sees half a file. A file that does not parse is never overwritten.
 */
@API(status = EXPERIMENTAL, since = "0.1")
public final class RecordingFile {

    private final Path path;
    private final Clock clock;
    private final Object monitor = new Object();
    private volatile ConcurrentHashMap<String, Entry> entries;
    private RecordingFileException loadFailure;
    private final Set<String> used = ConcurrentHashMap.newKeySet();
    /** What this instance recorded, by key; guarded by {@code monitor}. */
    private final Map<String, Recorded> recordedHere = new HashMap<>();
    private final Set<String> pruned = new HashSet<>();
    private long version;
    private long savedVersion;
    private volatile boolean writableChecked;

    RecordingFile(Path path, Clock clock) {
        this.path = path;
        this.clock = clock;
    }

    /** The absolute path of the file. It need not exist yet. */
    public Path path() {
        return path;
    }

    /**
     * Opens a session for one test (or another scope): a sequence of calls that replays each request's recorded
     * replies in order from the first. Close it when the test ends; closing saves what it recorded.
     *
     * <p>Any mode but {@link RecordingMode#OFF} loads the file now, so a corrupt file fails here, before the test
     * runs. {@link RecordingMode#RECORD} also checks now that the folder is writable.
     *
     * @param testName names the test in a miss message, e.g. {@code com.example.BotTest.answersFromManual()}
     * @throws RecordingFileException when the file cannot be loaded, or the folder cannot be written in record mode
     */
    public RecordingSession openSession(RecordingMode mode, String testName) {
        return openSession(mode, testName, false);
    }

    RecordingSession openSession(RecordingMode mode, String testName, boolean saveEachRecording) {
        Objects.requireNonNull(mode, "mode");
        if (testName == null || testName.isBlank()) {
            throw new IllegalArgumentException("testName must name the test (it appears in miss messages), but is: "
                    + (testName == null ? "null" : "'" + testName + "'"));
        }
        if (mode != RecordingMode.OFF) {
            loaded();
        }
        if (mode == RecordingMode.RECORD) {
            checkWritable(mode);
        }
        return new RecordingSession(this, mode, testName, saveEachRecording);
    }

    /** The number of recorded requests. Loads the file. */
    public int size() {
        return loaded().size();
    }

    /** Every recorded key, sorted. Loads the file. */
    public SortedSet<String> keys() {
        return Collections.unmodifiableSortedSet(new TreeSet<>(loaded().keySet()));
    }

    /** The keys replayed or recorded by any session of this file so far, sorted. */
    public SortedSet<String> usedKeys() {
        return Collections.unmodifiableSortedSet(new TreeSet<>(used));
    }

    /**
     * The recorded keys that no session of this file has used so far, sorted: at the end of a test class, the
     * recordings its tests no longer make. Loads the file.
     */
    public SortedSet<String> unusedKeys() {
        TreeSet<String> unused = new TreeSet<>(loaded().keySet());
        unused.removeAll(used);
        return Collections.unmodifiableSortedSet(unused);
    }

    /**
     * Removes the {@link #unusedKeys() unused recordings} and saves, when {@code mode} writes
     * ({@link RecordingMode#RECORD_MISSING} or {@link RecordingMode#RECORD}); in other modes it does nothing, so a
     * replay run never changes a file.
     *
     * <p>Call it only after every test that uses this file has run: a test that did not run (filtered out, or in
     * another class that shares the file) would lose its recordings.
     *
     * @return the removed keys, sorted
     */
    public List<String> pruneUnused(RecordingMode mode) {
        if (!mode.writes()) {
            return List.of();
        }
        List<String> removed = new ArrayList<>();
        synchronized (monitor) {
            for (String key : unusedKeys()) {
                entries.remove(key);
                recordedHere.remove(key);
                pruned.add(key);
                removed.add(key);
            }
            if (!removed.isEmpty()) {
                version++;
            }
        }
        if (!removed.isEmpty()) {
            checkWritable(mode);
            save();
        }
        return List.copyOf(removed);
    }

    /** Whether something was recorded or pruned and not saved yet. */
    public boolean hasUnsavedChanges() {
        synchronized (monitor) {
            return version != savedVersion;
        }
    }

    /**
     * Writes what was recorded or pruned, merged with what is on disk now. Does nothing when nothing changed, and
     * does not touch the file when the merged content is byte-for-byte what is there.
     *
     * @throws RecordingFileException when the file on disk no longer parses (it is left as it is), or cannot be
     *                                written
     */
    public void save() {
        if (!hasUnsavedChanges()) {
            return;
        }
        try (PathLocks.Held ignored = PathLocks.lock(path)) {
            byte[] existing = readBytes();
            Map<String, Entry> disk = existing == null ? Map.of() : RecordingsCodec.read(path, existing, true);
            TreeMap<String, Entry> merged = new TreeMap<>(disk);
            long snapshot;
            synchronized (monitor) {
                for (String key : recordedHere.keySet()) {
                    Entry entry = entries.get(key);
                    if (entry != null) {
                        merged.put(key, entry);
                    }
                }
                for (String key : pruned) {
                    merged.remove(key);
                }
                // Other writers' entries become visible to this run too.
                for (Entry entry : disk.values()) {
                    if (!recordedHere.containsKey(entry.key()) && !pruned.contains(entry.key())) {
                        entries.put(entry.key(), entry);
                    }
                }
                snapshot = version;
            }
            byte[] bytes = RecordingsCodec.write(merged.values());
            if (existing == null || !Arrays.equals(existing, bytes)) {
                writeAtomically(bytes);
            }
            synchronized (monitor) {
                savedVersion = Math.max(savedVersion, snapshot);
            }
        }
    }

    @Override
    public String toString() {
        return "RecordingFile[" + path + "]";
    }

    /** A recorded reply to serve, or {@code null}. Marks the key used. */
    Replay lookup(String key, int position) {
        used.add(key);
        Entry entry = loaded().get(key);
        if (entry == null || position >= entry.responses().size()) {
            return null;
        }
        return new Replay(entry, entry.responses().get(position));
    }

    record Replay(Entry entry, RecordedResponse response) {
    }

    /** How many replies are recorded for {@code key}. */
    int recordedCount(String key) {
        Entry entry = loaded().get(key);
        return entry == null ? 0 : entry.responses().size();
    }

    void record(String key, String model, ObjectNode request, RecordedResponse response, int position,
                RecordingMode mode) {
        used.add(key);
        synchronized (monitor) {
            Map<String, Entry> current = loaded();
            Recorded mine = recordedHere.get(key);
            if (mine == null) {
                Entry existing = current.get(key);
                // In record mode this run's replies replace what was there; otherwise they extend it.
                mine = new Recorded(mode == RecordingMode.RECORD || existing == null
                        ? List.of() : existing.responses());
                recordedHere.put(key, mine);
            }
            mine.put(position, response);
            current.put(key, new Entry(key, model, request, mine.responses()));
            pruned.remove(key);
            version++;
        }
    }

    /**
     * The replies of one key this instance recorded, each at the position of the call that asked for it. Parallel
     * identical calls (self-consistency sampling) finish in any order, so a reply cannot simply be appended or set
     * at its index: the one for call 3 may arrive before the one for call 1.
     */
    private static final class Recorded {

        private final List<RecordedResponse> base;
        private final TreeMap<Integer, RecordedResponse> byPosition = new TreeMap<>();

        Recorded(List<RecordedResponse> base) {
            this.base = base;
        }

        void put(int position, RecordedResponse response) {
            byPosition.put(position, response);
        }

        /** The replies in call order; a call still in flight leaves no gap, it is filled in when it arrives. */
        List<RecordedResponse> responses() {
            int end = Math.max(base.size(), byPosition.lastKey() + 1);
            List<RecordedResponse> responses = new ArrayList<>(end);
            for (int i = 0; i < end; i++) {
                RecordedResponse response = byPosition.get(i);
                if (response == null && i < base.size()) {
                    response = base.get(i);
                }
                if (response != null) {
                    responses.add(response);
                }
            }
            return responses;
        }
    }

    Clock clock() {
        return clock;
    }

    RecordingMissException miss(String key, int position, ObjectNode request, String testName) {
        Map<String, Entry> current = loaded();
        String summary = RequestDiff.summary(request);
        Entry same = current.get(key);
        if (same != null) {
            return new RecordingMissException(RecordingMessages.sequenceExhausted(key, testName, path, summary,
                    same.responses().size(), position + 1), key, testName, path);
        }
        RequestDiff.Nearest nearest = RequestDiff.nearest(request, List.copyOf(current.values()));
        return new RecordingMissException(RecordingMessages.miss(key, testName, path, summary,
                nearest == null ? null : nearest.entry().key(),
                nearest == null ? List.of() : nearest.differences()), key, testName, path);
    }

    void checkWritable(RecordingMode mode) {
        if (writableChecked) {
            return;
        }
        Path folder = path.getParent();
        Path probe = folder.resolve("." + path.getFileName() + "." + UUID.randomUUID() + ".probe");
        try {
            Files.createDirectories(folder);
            Files.newByteChannel(probe, StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE).close();
            Files.delete(probe);
        } catch (IOException e) {
            throw new RecordingFileException(path,
                    RecordingMessages.folderNotWritable(folder, path, mode.id(), describe(e)), e);
        }
        writableChecked = true;
    }

    private ConcurrentHashMap<String, Entry> loaded() {
        ConcurrentHashMap<String, Entry> current = entries;
        if (current != null) {
            return current;
        }
        synchronized (monitor) {
            if (entries != null) {
                return entries;
            }
            if (loadFailure != null) {
                // A fresh exception per test, so each failing test shows the same clear cause.
                throw new RecordingFileException(path, loadFailure.getMessage(), loadFailure.getCause());
            }
            try {
                byte[] bytes = readBytes();
                entries = bytes == null ? new ConcurrentHashMap<>()
                        : new ConcurrentHashMap<>(RecordingsCodec.read(path, bytes, true));
                return entries;
            } catch (RecordingFileException e) {
                loadFailure = e;
                throw e;
            }
        }
    }

    private byte[] readBytes() {
        try {
            return Files.readAllBytes(path);
        } catch (NoSuchFileException e) {
            return null;
        } catch (IOException e) {
            throw new RecordingFileException(path, RecordingMessages.cannotRead(path, describe(e)), e);
        }
    }

    private void writeAtomically(byte[] bytes) {
        try {
            AtomicFiles.replace(path, bytes);
        } catch (IOException e) {
            String message = cannotWriteIn(path.getParent(), e)
                    ? RecordingMessages.folderNotWritable(path.getParent(), path, null, describe(e))
                    : RecordingMessages.cannotWrite(path, describe(e));
            throw new RecordingFileException(path, message, e);
        }
    }

    /**
     * Whether the write failed for want of permission (as opposed to, say, a full disk), so that the fix is the
     * folder's permissions or another folder. The folder is asked as well: an immutable folder or a read-only mount
     * fails with a plain "Operation not permitted".
     */
    private static boolean cannotWriteIn(Path folder, IOException e) {
        return e instanceof AccessDeniedException || !Files.isWritable(folder);
    }

    private static String describe(IOException e) {
        String reason = e instanceof FileSystemException fs && fs.getReason() != null
                ? fs.getReason() : e.getMessage();
        return e.getClass().getSimpleName() + (reason == null ? "" : ": " + reason);
    }
}
