package dev.llmassert.core.record;

import dev.langchain4j.model.chat.ChatModel;
import dev.llmassert.core.testing.LoopbackChatServer;
import dev.llmassert.core.testing.LoopbackChatServer.Reply;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.Stream;

import static dev.llmassert.core.record.Loopback.judgeRequest;
import static dev.llmassert.core.record.Loopback.openAi;
import static dev.llmassert.core.testing.ReadOnlyFolders.makeReadOnly;
import static dev.llmassert.core.testing.ReadOnlyFolders.makeWritable;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** Corrupt files, parallel writers, read-only folders, credentials and stable bytes. */
class RecordingFileSafetyTest {

    @TempDir
    Path dir;

    private Path file() {
        return Recordings.fileFor(dir, "com.example.SafetyTest");
    }

    @Test
    void aCorruptFileFailsWithItsPathAndTheParseErrorAndIsNeverOverwritten() throws IOException {
        byte[] corrupt = ("{\n  \"format\": 1,\n  \"entries\": [\n    {\n      \"key\": \"abc\",\n" + "<<<<<<< HEAD\n")
                .getBytes(StandardCharsets.UTF_8);
        Files.write(file(), corrupt);
        try (LoopbackChatServer server = LoopbackChatServer.start();
                RecordingStore store = RecordingStore.create()) {
            server.respondWith(request -> Reply.content("live"));
            RecordingFile recordings = store.file(file());
            for (RecordingMode mode :
                    List.of(RecordingMode.REPLAY, RecordingMode.RECORD_MISSING, RecordingMode.RECORD)) {
                assertThatThrownBy(() -> recordings.openSession(mode, "t"))
                        .isInstanceOf(RecordingFileException.class)
                        .hasMessageContaining("cannot be parsed: " + file().toAbsolutePath())
                        .hasMessageContaining("line 6")
                        .hasMessageNotContaining("REDACTED")
                        .hasMessageContaining("It was left unchanged")
                        .hasMessageContaining("Fix:");
            }
            assertThat(server.requestCount()).isZero();
        }
        assertThat(Files.readAllBytes(file())).isEqualTo(corrupt);
    }

    @Test
    void aFileThatBreaksWhileRecordingIsLeftAsItIsAtSaveTime() throws IOException {
        // The store is not closed: its close would try the same save again, and fail again.
        RecordingStore store = RecordingStore.create();
        try (LoopbackChatServer server = LoopbackChatServer.start()) {
            server.respondWith(request -> Reply.content("live"));
            RecordingSession session = store.file(file()).openSession(RecordingMode.RECORD_MISSING, "t");
            session.wrap(openAi(server)).chat(judgeRequest("q"));
            byte[] broken = "{\"format\": 1, \"entries\": [".getBytes(StandardCharsets.UTF_8);
            Files.write(file(), broken);
            assertThatThrownBy(session::close)
                    .isInstanceOf(RecordingFileException.class)
                    .hasMessageContaining(file().toAbsolutePath().toString());
            assertThat(Files.readAllBytes(file())).isEqualTo(broken);
            assertThatThrownBy(store::close).isInstanceOf(RecordingFileException.class);
            assertThat(Files.readAllBytes(file())).isEqualTo(broken);
        }
    }

    @Test
    void anUnknownFormatAndAnEntryWithoutRepliesAreNamed() throws IOException {
        Files.writeString(file(), "{\"format\": 2, \"entries\": []}");
        try (RecordingStore store = RecordingStore.create()) {
            assertThatThrownBy(() -> store.file(file()).openSession(RecordingMode.REPLAY, "t"))
                    .hasMessageContaining("format 2");
        }
        Files.writeString(
                file(), "{\"format\": 1, \"entries\": [{\"request\": {\"messages\": []}, \"responses\": []}]}");
        try (RecordingStore store = RecordingStore.create()) {
            assertThatThrownBy(() -> store.file(file()).openSession(RecordingMode.REPLAY, "t"))
                    .hasMessageContaining("  entries[0].responses");
        }
    }

    @Test
    void twoHundredParallelRecordersIntoOneFileLoseNoEntry() throws Exception {
        int tests = 200;
        try (LoopbackChatServer server = LoopbackChatServer.start();
                RecordingStore methods = RecordingStore.create();
                RecordingStore otherWriter = RecordingStore.create()) {
            server.respondWith(request -> Reply.content("answer to " + request.lastUserMessage()));
            ChatModel model = openAi(server);
            ExecutorService pool = Executors.newFixedThreadPool(32);
            CountDownLatch start = new CountDownLatch(1);
            List<Future<?>> futures = new ArrayList<>();
            for (int i = 0; i < tests; i++) {
                int n = i;
                // Half through a second store: an independent writer (another class's wrap, another JVM) that
                // only the merge at save time reconciles.
                RecordingStore store = i % 2 == 0 ? methods : otherWriter;
                futures.add(pool.submit(() -> {
                    start.await();
                    try (RecordingSession session =
                            store.file(file()).openSession(RecordingMode.RECORD_MISSING, "test" + n)) {
                        session.wrap(model).chat(judgeRequest("question " + n));
                    }
                    return null;
                }));
            }
            start.countDown();
            for (Future<?> future : futures) {
                future.get(60, TimeUnit.SECONDS);
            }
            pool.shutdown();
            assertThat(server.requestCount()).isEqualTo(tests);
        }
        try (RecordingStore store = RecordingStore.create()) {
            RecordingFile recordings = store.file(file());
            assertThat(recordings.size()).isEqualTo(tests);
            for (int i = 0; i < tests; i++) {
                try (RecordingSession session = recordings.openSession(RecordingMode.REPLAY, "check" + i)) {
                    assertThat(session.wrap(new RefusingModel())
                                    .chat(judgeRequest("question " + i))
                                    .aiMessage()
                                    .text())
                            .isEqualTo("answer to question " + i);
                }
            }
        }
        try (Stream<Path> files = Files.list(dir)) {
            assertThat(files).as("no temporary file is left behind").containsExactly(file());
        }
    }

    @Test
    void aReadOnlyFolderInRecordModeNamesTheFolderAndTheFix() throws IOException {
        Path readOnly = Files.createDirectory(dir.resolve("read-only"));
        Path target = Recordings.fileFor(readOnly, "com.example.ReadOnlyTest");
        makeReadOnly(readOnly);
        RecordingStore store = RecordingStore.create();
        try (LoopbackChatServer server = LoopbackChatServer.start()) {
            server.respondWith(request -> Reply.content("live"));
            assertThatThrownBy(() -> store.file(target).openSession(RecordingMode.RECORD, "t"))
                    .isInstanceOf(RecordingFileException.class)
                    .hasMessageContaining("Cannot write recordings in mode record: the folder is not writable: "
                            + readOnly.toAbsolutePath())
                    .hasMessageContaining("Fix: make the folder writable, point llmassert.recordings.dir at a "
                            + "writable folder, or run with -Dllmassert.recordings.mode=replay");
            assertThat(server.requestCount())
                    .as("it fails before calling the model")
                    .isZero();

            RecordingSession missing = store.file(target).openSession(RecordingMode.RECORD_MISSING, "t");
            missing.wrap(openAi(server)).chat(judgeRequest("q"));
            assertThatThrownBy(missing::close)
                    .isInstanceOf(RecordingFileException.class)
                    .hasMessageContaining("the folder is not writable: " + readOnly.toAbsolutePath());
            assertThatThrownBy(store::close)
                    .as("unsaved recordings are not dropped silently")
                    .isInstanceOf(RecordingFileException.class);
        } finally {
            makeWritable(readOnly);
        }
        assertThat(target).doesNotExist();
    }

    @Test
    void anApiKeyNeverReachesAnyFileUnderTheRecordingsFolder() throws IOException {
        String apiKey = "sk-llmassert-secret-" + UUID.randomUUID();
        try (LoopbackChatServer server = LoopbackChatServer.start()) {
            server.respondWith(request -> Reply.content("Score: 3"));
            ChatModel model = openAi(server, "gpt-4o-mini", 0.0, apiKey);
            try (RecordingStore store = RecordingStore.create();
                    RecordingSession session = store.file(file()).openSession(RecordingMode.RECORD, "secret")) {
                session.wrap(model).chat(judgeRequest("Is the key safe?"));
            }
            Recordings.wrap(model, Recordings.fileFor(dir, "com.example.AppTest"), RecordingMode.RECORD_MISSING)
                    .chat(judgeRequest("And here?"));
            assertThat(server.requests())
                    .allSatisfy(request -> assertThat(request.header("Authorization"))
                            .as("the key was really in use")
                            .isEqualTo("Bearer " + apiKey));
            RecordingMissException miss = org.assertj.core.api.Assertions.catchThrowableOfType(
                    RecordingMissException.class,
                    () -> Recordings.wrap(model, file(), RecordingMode.REPLAY).chat(judgeRequest("unrecorded")));
            assertThat(miss.getMessage()).doesNotContain(apiKey);
        }
        List<Path> files;
        try (Stream<Path> walk = Files.walk(dir)) {
            files = walk.filter(Files::isRegularFile).toList();
        }
        assertThat(files).hasSize(2);
        for (Path written : files) {
            assertThat(Files.readString(written)).doesNotContain(apiKey).doesNotContain("sk-llmassert-secret");
        }
    }

    @Test
    void savingWithoutAChangeGivesTheSameBytes() throws IOException {
        try (LoopbackChatServer server = LoopbackChatServer.start()) {
            server.respondWith(request -> Reply.content("Line one.\nLine two: \"quoted\" \u00e9\u4e2d."));
            ChatModel model = openAi(server);
            try (RecordingStore store = RecordingStore.create();
                    RecordingSession session = store.file(file()).openSession(RecordingMode.RECORD_MISSING, "a")) {
                session.wrap(model).chat(judgeRequest("first\nwith two lines"));
                session.wrap(model).chat(judgeRequest("second"));
            }
            byte[] original = Files.readAllBytes(file());

            try (RecordingStore store = RecordingStore.create();
                    RecordingSession session = store.file(file()).openSession(RecordingMode.RECORD_MISSING, "b")) {
                session.wrap(model).chat(judgeRequest("a third one, pruned below"));
            }
            assertThat(Files.readAllBytes(file())).isNotEqualTo(original);

            try (RecordingStore store = RecordingStore.create()) {
                RecordingFile recordings = store.file(file());
                try (RecordingSession session = recordings.openSession(RecordingMode.RECORD_MISSING, "c")) {
                    session.wrap(model).chat(judgeRequest("first\nwith two lines"));
                    session.wrap(model).chat(judgeRequest("second"));
                }
                assertThat(recordings.pruneUnused(RecordingMode.RECORD_MISSING)).hasSize(1);
            }
            assertThat(Files.readAllBytes(file())).isEqualTo(original);
            assertThat(new String(original, StandardCharsets.UTF_8))
                    .startsWith("{\n  \"format\": 1,\n")
                    .endsWith("}\n")
                    .doesNotContain("\r");
        }
    }

    @Test
    void pruningSparesWhatAnotherProcessRecordedDuringTheRunEvenAfterThisOneSawIt() {
        AtomicInteger replies = new AtomicInteger();
        try (LoopbackChatServer server = LoopbackChatServer.start()) {
            server.respondWith(
                    request -> Reply.content(request.lastUserMessage() + ", reply " + replies.incrementAndGet()));
            ChatModel model = openAi(server);
            record(model, RecordingMode.RECORD_MISSING, "still asked", "re-recorded elsewhere", "no longer asked");
            try (RecordingStore store = RecordingStore.create()) {
                RecordingFile mine = store.file(file());
                replay(mine, model, "still asked");
                // Another process (a forked JVM sharing the file) re-records one entry and adds one...
                record(model, RecordingMode.RECORD, "re-recorded elsewhere", "added elsewhere");
                // ...and this one saves a recording of its own, merging theirs into what it sees.
                try (RecordingSession session = mine.openSession(RecordingMode.RECORD_MISSING, "mine")) {
                    session.wrap(model).chat(judgeRequest("recorded here"));
                }
                assertThat(mine.keys()).hasSize(5);

                assertThat(mine.unusedKeys())
                        .as("only what the file held, unchanged, since this run loaded it")
                        .containsExactly(key(model, "no longer asked"));
                assertThat(mine.pruneUnused(RecordingMode.RECORD_MISSING))
                        .containsExactly(key(model, "no longer asked"));
            }
        }
        try (RecordingStore store = RecordingStore.create()) {
            RecordingFile after = store.file(file());
            assertThat(after.keys())
                    .containsExactlyInAnyOrderElementsOf(
                            Stream.of("still asked", "re-recorded elsewhere", "added elsewhere", "recorded here")
                                    .map(q -> key(q))
                                    .toList());
            assertThat(replay(after, new RefusingModel(), "re-recorded elsewhere"))
                    .isEqualTo("re-recorded elsewhere, reply 4");
        }
    }

    @Test
    void pruningRemovesAnEntryOnlyIfTheFileStillHoldsItUnchangedAtTheWrite() {
        AtomicInteger replies = new AtomicInteger();
        try (LoopbackChatServer server = LoopbackChatServer.start()) {
            server.respondWith(
                    request -> Reply.content(request.lastUserMessage() + ", reply " + replies.incrementAndGet()));
            ChatModel model = openAi(server);
            record(model, RecordingMode.RECORD_MISSING, "still asked", "re-recorded elsewhere", "no longer asked");
            try (RecordingStore store = RecordingStore.create()) {
                RecordingFile mine = store.file(file());
                replay(mine, model, "still asked");
                // Another process re-records an entry after this one loaded the file and before it prunes: this one
                // cannot know yet, so the entry is a candidate, and the check at the write keeps it.
                record(model, RecordingMode.RECORD, "re-recorded elsewhere");
                assertThat(mine.unusedKeys())
                        .containsExactlyInAnyOrder(key(model, "re-recorded elsewhere"), key(model, "no longer asked"));

                assertThat(mine.pruneUnused(RecordingMode.RECORD)).containsExactly(key(model, "no longer asked"));
                assertThat(mine.unusedKeys()).isEmpty();
            }
        }
        try (RecordingStore store = RecordingStore.create()) {
            RecordingFile after = store.file(file());
            assertThat(after.keys()).containsExactlyInAnyOrder(key("still asked"), key("re-recorded elsewhere"));
            assertThat(replay(after, new RefusingModel(), "re-recorded elsewhere"))
                    .isEqualTo("re-recorded elsewhere, reply 4");
        }
    }

    @Test
    void aLaterSaveWritesOnlyItsNewRecordingsAndNeverRevertsAnotherProcesssNewerOne() {
        AtomicInteger replies = new AtomicInteger();
        try (LoopbackChatServer server = LoopbackChatServer.start()) {
            server.respondWith(
                    request -> Reply.content(request.lastUserMessage() + ", reply " + replies.incrementAndGet()));
            ChatModel model = openAi(server);
            try (RecordingStore store = RecordingStore.create()) {
                RecordingFile mine = store.file(file());
                try (RecordingSession session = mine.openSession(RecordingMode.RECORD, "first")) {
                    session.wrap(model).chat(judgeRequest("asked by both"));
                }
                record(model, RecordingMode.RECORD, "asked by both");
                try (RecordingSession session = mine.openSession(RecordingMode.RECORD, "second")) {
                    session.wrap(model).chat(judgeRequest("asked here later"));
                }
            }
        }
        try (RecordingStore store = RecordingStore.create()) {
            RecordingFile after = store.file(file());
            assertThat(after.keys()).hasSize(2);
            assertThat(replay(after, new RefusingModel(), "asked by both"))
                    .as("the other process's newer reply")
                    .isEqualTo("asked by both, reply 2");
            assertThat(replay(after, new RefusingModel(), "asked here later")).isEqualTo("asked here later, reply 3");
        }
    }

    /** Records {@code questions} through a store of its own: an independent writer, as another JVM would be. */
    private void record(ChatModel model, RecordingMode mode, String... questions) {
        try (RecordingStore store = RecordingStore.create();
                RecordingSession session = store.file(file()).openSession(mode, "writer")) {
            for (String question : questions) {
                session.wrap(model).chat(judgeRequest(question));
            }
        }
    }

    private static String replay(RecordingFile recordings, ChatModel model, String question) {
        try (RecordingSession session = recordings.openSession(RecordingMode.REPLAY, "replay")) {
            return session.wrap(model).chat(judgeRequest(question)).aiMessage().text();
        }
    }

    private static String key(ChatModel model, String question) {
        return RecordingKeys.keyOf(model, judgeRequest(question));
    }

    private static String key(String question) {
        return RecordingKeys.keyOf(new RefusingModel(), judgeRequest(question));
    }
}
