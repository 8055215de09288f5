package dev.llmassert.core.record;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.llmassert.core.io.AtomicFiles;
import dev.llmassert.core.record.internal.Entry;
import dev.llmassert.core.record.internal.PathLocks;
import dev.llmassert.core.record.internal.RecordedResponse;
import dev.llmassert.core.record.internal.RecordingMessages;
import dev.llmassert.core.record.internal.RecordingsCodec;
import dev.llmassert.core.record.internal.RequestDiff;
import org.apiguardian.api.API;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

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
 * The file is loaded on the first session that reads it. Saving takes a lock on the path (within the JVM, and across
 * processes an OS lock on a hidden {@code .<name>.lock} beside it, deleted after the write), reads the file again,
 * merges what this instance recorded or pruned since its last save into what is on disk, and writes a temporary file
 * in the same folder that is then renamed over the old one. So parallel writers, even in other JVMs, never lose an
 * entry, and a reader never sees half a file; a process killed mid-write leaves the old file whole (and a temporary
 * file that the next save removes). A file that does not parse is never overwritten.
 */
@API(status = EXPERIMENTAL, since = "0.1")
public final class RecordingFile {

    private static final Logger LOG = LoggerFactory.getLogger(RecordingFile.class);

    private final Path path;
    private final Clock clock;
    private final Object monitor = new Object();
    private volatile ConcurrentHashMap<String, Entry> entries;
    private RecordingFileException loadFailure;
    private final Set<String> used = ConcurrentHashMap.newKeySet();
    /**
     * The entries as the file held them when this instance loaded it, minus those changed or removed on disk since
     * (seen at a save) and those pruned: the only candidates for pruning. Written under {@code monitor}.
     */
    private final Map<String, Entry> untouchedSinceLoad = new ConcurrentHashMap<>();
    /** What this instance recorded, by key; guarded by {@code monitor}. */
    private final Map<String, Recorded> recordedHere = new HashMap<>();
    /** Keys recorded since they were last saved, with the {@code version} of their last change; guarded. */
    private final Map<String, Long> unsaved = new HashMap<>();
    /** Keys pruned and not saved yet, with the entry as this instance last saw it; guarded. */
    private final Map<String, Prune> pruned = new HashMap<>();
    /** Pruned keys kept because another writer changed their entry on disk meanwhile; guarded. */
    private final Set<String> pruneRescinded = new HashSet<>();

    private long version;
    private long savedVersion;
    private volatile boolean writableChecked;

    RecordingFile(Path path, Clock clock) {
        this.path = path;
        this.clock = clock;
    }

    /**
     * The absolute path of the file. It need not exist yet.
     *
     * @return the path
     */
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
     * @param mode     how the session records and replays, not {@code null}
     * @param testName names the test in a miss message, e.g. {@code com.example.BotTest.answersFromManual()}
     * @return the session, to wrap models with
     * @throws RecordingFileException when the file cannot be loaded, or the folder cannot be written in record mode
     * @throws IllegalArgumentException for a blank test name
     * @throws NullPointerException for a {@code null} mode
     */
    public RecordingSession openSession(RecordingMode mode, String testName) {
        return openSession(mode, testName, false);
    }

    /**
     * As {@link #openSession(RecordingMode, String)}; with {@code saveEachRecording}, each reply it records is saved
     * at once rather than when the session closes, as {@link Recordings#wrap} does for a wrapper that lives as long
     * as the application (another client's wrapper, such as Spring AI's, among them).
     *
     * @param mode              the session's mode
     * @param testName          the test that makes the calls; miss messages name it
     * @param saveEachRecording whether each recorded reply is saved at once
     * @return the session; close it to save what it recorded
     * @throws RecordingFileException   when the file cannot be loaded, or the folder cannot be written in record mode
     * @throws IllegalArgumentException for a blank test name
     * @throws NullPointerException     for a {@code null} mode
     */
    public RecordingSession openSession(RecordingMode mode, String testName, boolean saveEachRecording) {
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

    /**
     * The number of recorded requests. Loads the file.
     *
     * @return the recorded keys, 0 for a file that does not exist
     * @throws RecordingFileException when the file cannot be loaded
     */
    public int size() {
        return loaded().size();
    }

    /**
     * Every recorded key, sorted. Loads the file.
     *
     * @return the keys, unmodifiable
     * @throws RecordingFileException when the file cannot be loaded
     */
    public SortedSet<String> keys() {
        return Collections.unmodifiableSortedSet(new TreeSet<>(loaded().keySet()));
    }

    /**
     * The keys replayed or recorded by any session of this file so far, sorted.
     *
     * @return the keys, unmodifiable
     */
    public SortedSet<String> usedKeys() {
        return Collections.unmodifiableSortedSet(new TreeSet<>(used));
    }

    /**
     * The recorded keys that no session of this file has used so far, sorted: at the end of a test class, the
     * recordings its tests no longer make. Only entries the file held when this instance loaded it and that are
     * unchanged since count: one that another process (a forked JVM sharing the file) recorded or re-recorded during
     * this run is in use there. Loads the file.
     *
     * @return the keys, unmodifiable
     * @throws RecordingFileException when the file cannot be loaded
     */
    public SortedSet<String> unusedKeys() {
        Map<String, Entry> current = loaded();
        TreeSet<String> unused = new TreeSet<>();
        for (String key : untouchedSinceLoad.keySet()) {
            if (current.containsKey(key) && !used.contains(key)) {
                unused.add(key);
            }
        }
        return Collections.unmodifiableSortedSet(unused);
    }

    /**
     * Removes the {@link #unusedKeys() unused recordings} and saves, when {@code mode} writes
     * ({@link RecordingMode#RECORD_MISSING} or {@link RecordingMode#RECORD}); in other modes it does nothing, so a
     * replay run never changes a file.
     *
     * <p>Call it only after every test that uses this file has run: a test that did not run (filtered out, or in
     * another class that shares the file, perhaps in another JVM) would lose its recordings. As a safeguard against
     * other processes, an entry is removed only if the file still holds it exactly as it was when this instance
     * loaded the file (checked under the file's cross-process lock, at the write): an entry that another process
     * recorded or re-recorded during this run is kept, and not returned.
     *
     * @param mode the mode of the run; only {@link RecordingMode#RECORD_MISSING} and {@link RecordingMode#RECORD}
     *             prune
     * @return the removed keys, sorted
     * @throws RecordingFileException when the file cannot be loaded or written
     */
    public List<String> pruneUnused(RecordingMode mode) {
        if (!mode.writes()) {
            return List.of();
        }
        List<String> candidates = new ArrayList<>();
        synchronized (monitor) {
            for (String key : unusedKeys()) {
                Entry seen = untouchedSinceLoad.remove(key);
                entries.remove(key);
                recordedHere.remove(key);
                unsaved.remove(key);
                pruned.put(key, new Prune(seen));
                candidates.add(key);
            }
            if (!candidates.isEmpty()) {
                version++;
            }
        }
        if (candidates.isEmpty()) {
            return List.of();
        }
        checkWritable(mode);
        save();
        List<String> removed = new ArrayList<>();
        synchronized (monitor) {
            for (String key : candidates) {
                if (!pruneRescinded.remove(key)) {
                    removed.add(key);
                }
            }
        }
        return List.copyOf(removed);
    }

    /** A pruned key's entry as loaded (the object's identity marks one prune). */
    private static final class Prune {
        private final Entry seen;

        Prune(Entry seen) {
            this.seen = seen;
        }
    }

    /**
     * Whether something was recorded or pruned and not saved yet.
     *
     * @return {@code true} when {@link #save()} has something to write
     */
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
        try (PathLocks.Held lock = PathLocks.lock(path)) {
            if (lock.crossProcess()) {
                removeAbandonedTemporaries();
            }
            byte[] existing = readBytes();
            Map<String, Entry> disk = existing == null ? Map.of() : RecordingsCodec.read(path, existing, true);
            TreeMap<String, Entry> merged = new TreeMap<>(disk);
            Map<String, Long> recordedNow;
            Map<String, Prune> prunedNow;
            long snapshot;
            synchronized (monitor) {
                // Only what changed since the last save: a request this instance recorded earlier and another
                // process re-recorded since keeps the newer recording.
                recordedNow = new HashMap<>(unsaved);
                for (String key : recordedNow.keySet()) {
                    Entry entry = entries.get(key);
                    if (entry != null) {
                        merged.put(key, entry);
                    }
                }
                prunedNow = new HashMap<>(pruned);
                for (Map.Entry<String, Prune> prune : prunedNow.entrySet()) {
                    String key = prune.getKey();
                    Entry onDisk = disk.get(key);
                    if (onDisk == null || onDisk.equals(prune.getValue().seen)) {
                        merged.remove(key);
                    } else {
                        // Another process wrote this entry since this instance read it: it is in use.
                        pruned.remove(key);
                        pruneRescinded.add(key);
                    }
                }
                prunedNow.keySet().retainAll(pruned.keySet());
                // What another process changed or removed since the load is in use there: never pruned here.
                untouchedSinceLoad.entrySet().removeIf(e -> !e.getValue().equals(disk.get(e.getKey())));
                // Other writers' entries become visible to this run too.
                for (Entry entry : disk.values()) {
                    if (!recordedHere.containsKey(entry.key()) && !pruned.containsKey(entry.key())) {
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
                // Saved, unless changed again meanwhile.
                unsaved.entrySet().removeIf(e -> e.getValue().equals(recordedNow.get(e.getKey())));
                pruned.entrySet().removeIf(e -> e.getValue() == prunedNow.get(e.getKey()));
            }
        }
    }

    /** Temporary files of writes that were killed midway; only the cross-process lock holder may remove them. */
    private void removeAbandonedTemporaries() {
        try {
            for (Path removed : AtomicFiles.removeAbandonedTemporaries(path)) {
                LOG.info(
                        "Removed {}, left by a write of {} that was interrupted (the process was killed); the "
                                + "recordings file itself was not affected.",
                        removed.getFileName(),
                        path);
            }
        } catch (IOException e) {
            LOG.debug("Could not look for abandoned temporary files of {}: {}", path, e.toString());
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

    record Replay(Entry entry, RecordedResponse response) {}

    /** How many replies are recorded for {@code key}. */
    int recordedCount(String key) {
        Entry entry = loaded().get(key);
        return entry == null ? 0 : entry.responses().size();
    }

    void record(
            String key, String model, ObjectNode request, RecordedResponse response, int position, RecordingMode mode) {
        used.add(key);
        synchronized (monitor) {
            Map<String, Entry> current = loaded();
            Recorded mine = recordedHere.get(key);
            if (mine == null) {
                Entry existing = current.get(key);
                // In record mode this run's replies replace what was there; otherwise they extend it.
                mine = new Recorded(
                        mode == RecordingMode.RECORD || existing == null ? List.of() : existing.responses());
                recordedHere.put(key, mine);
            }
            mine.put(position, response);
            current.put(key, new Entry(key, model, request, mine.responses()));
            pruned.remove(key);
            version++;
            unsaved.put(key, version);
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

    RecordingMissException miss(String key, int position, ObjectNode request, String testName, RecordedModel whose) {
        Map<String, Entry> current = loaded();
        String summary = RequestDiff.summary(request);
        Entry same = current.get(key);
        if (same != null) {
            return new RecordingMissException(
                    RecordingMessages.sequenceExhausted(
                            key, testName, path, summary, same.responses().size(), position + 1, whose),
                    key,
                    testName,
                    path,
                    whose);
        }
        RequestDiff.Nearest nearest = RequestDiff.nearest(request, List.copyOf(current.values()));
        return new RecordingMissException(
                RecordingMessages.miss(
                        key,
                        testName,
                        path,
                        summary,
                        nearest == null ? null : nearest.entry().key(),
                        nearest == null ? List.of() : nearest.differences(),
                        whose),
                key,
                testName,
                path,
                whose);
    }

    void checkWritable(RecordingMode mode) {
        if (writableChecked) {
            return;
        }
        Path folder = path.getParent();
        Path probe = folder.resolve("." + path.getFileName() + "." + UUID.randomUUID() + ".probe");
        try {
            Files.createDirectories(folder);
            Files.newByteChannel(probe, StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE)
                    .close();
            Files.delete(probe);
        } catch (IOException e) {
            throw new RecordingFileException(
                    path, RecordingMessages.folderNotWritable(folder, path, mode.id(), describe(e)), e);
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
                ConcurrentHashMap<String, Entry> read = bytes == null
                        ? new ConcurrentHashMap<>()
                        : new ConcurrentHashMap<>(RecordingsCodec.read(path, bytes, true));
                untouchedSinceLoad.putAll(read);
                entries = read;
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
        String reason = e instanceof FileSystemException fs && fs.getReason() != null ? fs.getReason() : e.getMessage();
        return e.getClass().getSimpleName() + (reason == null ? "" : ": " + reason);
    }
}
