package dev.llmassert.core.record;

import dev.langchain4j.data.message.UserMessage;
import dev.langchain4j.model.chat.ChatModel;
import dev.langchain4j.model.chat.request.ChatRequest;
import dev.llmassert.core.record.internal.PathLocks;
import dev.llmassert.core.testing.ChildJvm;
import dev.llmassert.core.testing.ScriptedChatModel;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A process killed in the middle of writing a recordings file (SIGKILL: no finally block, no shutdown hook) leaves
 * the previous file whole: parseable, with every entry it had. A real child JVM rewrites a large file again and again
 * and is killed the moment its temporary file appears.
 */
class KilledWriteTest {

    /** About 2.5 MB of recordings, so that each write takes a while. */
    private static final int SEEDED = 300;

    private static final int LINES_PER_REPLY = 120;
    private static final int MID_WRITE_KILLS = 3;
    private static final int MAX_ATTEMPTS = 20;
    private static final Pattern SAVED = Pattern.compile("(?m)^saved (\\d+)$");

    @TempDir
    Path dir;

    @Test
    void aWriterKilledMidWriteLeavesThePreviousFileWholeAndTheNextSaveCleansUp() throws Exception {
        Path folder = Files.createDirectories(dir.resolve("recordings"));
        Path file = folder.resolve("com.example.KilledTest.json");
        try (RecordingStore store = RecordingStore.create();
                RecordingSession session = store.file(file).openSession(RecordingMode.RECORD_MISSING, "seed")) {
            ChatModel model = session.wrap(Writer.model());
            for (int i = 0; i < SEEDED; i++) {
                model.chat(Writer.request(i));
            }
        }

        int midWrite = 0;
        int attempts = 0;
        while (midWrite < MID_WRITE_KILLS) {
            attempts++;
            assertThat(attempts)
                    .as("attempts to kill the writer while its temporary file existed; without such "
                            + "a kill this test proves nothing")
                    .isLessThanOrEqualTo(MAX_ATTEMPTS);
            int before = entriesIn(file);
            // Killed after 0, 1 or 2 completed saves of its own, during the next one.
            int savesFirst = attempts % 3;
            ChildJvm writer =
                    ChildJvm.start("writer-" + attempts, Writer.class, dir, file.toString(), String.valueOf(before));
            try {
                awaitTemporaryFile(writer, folder, file, before, savesFirst);
            } finally {
                writer.kill();
            }
            boolean killedMidWrite = !temporaries(folder, file).isEmpty();
            if (killedMidWrite) {
                midWrite++;
            }
            int lastSaved = lastSaved(writer);
            int mustHave = lastSaved < 0 ? before : lastSaved + 1;
            int after = entriesIn(file);
            assertThat(after)
                    .as(
                            "entries after killing %s (it reported entry %d saved; the file had %d)",
                            writer, lastSaved, before)
                    .isBetween(mustHave, mustHave + 1);
            assertEveryReplyIntact(file, after);
        }

        // The next save, in this JVM, removes what the last killed writer left: its temporary file and the lock file.
        assertThat(temporaries(folder, file)).isNotEmpty();
        assertThat(PathLocks.lockFileOf(file))
                .as("the lock file of the writer killed while holding it")
                .exists();
        int total = entriesIn(file);
        try (RecordingStore store = RecordingStore.create();
                RecordingSession session = store.file(file).openSession(RecordingMode.RECORD_MISSING, "after")) {
            session.wrap(Writer.model()).chat(Writer.request(total));
        }
        assertEveryReplyIntact(file, total + 1);
        try (Stream<Path> files = Files.list(folder)) {
            assertThat(files)
                    .as("after the next save, only the recordings file")
                    .containsExactly(file);
        }
    }

    /**
     * Waits until {@code writer}, started at entry {@code first}, has saved {@code savesFirst} times and the
     * temporary file of its next save exists.
     */
    private static void awaitTemporaryFile(ChildJvm writer, Path folder, Path file, int first, int savesFirst)
            throws IOException, InterruptedException {
        long deadline = System.nanoTime() + ChildJvm.PATIENCE.toNanos();
        List<Path> leftover = temporaries(folder, file);
        while (true) {
            if (!writer.process().isAlive()) {
                throw new AssertionError(writer + " ended by itself (exit code "
                        + writer.process().exitValue() + "). Its output:\n" + writer.output());
            }
            if (System.nanoTime() > deadline) {
                throw new AssertionError(writer + " wrote no temporary file within " + ChildJvm.PATIENCE.toSeconds()
                        + " s. Its output:\n" + writer.output());
            }
            List<Path> now = temporaries(folder, file);
            now.removeAll(leftover);
            if (!now.isEmpty() && lastSaved(writer) + 1 - first >= savesFirst) {
                return;
            }
            Thread.sleep(1);
        }
    }

    /** The last entry the writer reported saved, or -1. */
    private static int lastSaved(ChildJvm writer) throws IOException {
        Matcher m = SAVED.matcher(writer.output());
        int last = -1;
        while (m.find()) {
            last = Integer.parseInt(m.group(1));
        }
        return last;
    }

    private static List<Path> temporaries(Path folder, Path file) throws IOException {
        String prefix = "." + file.getFileName() + ".";
        try (Stream<Path> files = Files.list(folder)) {
            return new ArrayList<>(files.filter(p -> {
                        String name = p.getFileName().toString();
                        return name.startsWith(prefix) && name.endsWith(".tmp");
                    })
                    .toList());
        }
    }

    /** Loads the file as a fresh run would; a file that does not parse fails here with its parse error. */
    private static int entriesIn(Path file) {
        try (RecordingStore store = RecordingStore.create()) {
            return store.file(file).size();
        }
    }

    /** Entries 0 to {@code count - 1} are there, each with its full reply. */
    private static void assertEveryReplyIntact(Path file, int count) {
        try (RecordingStore store = RecordingStore.create()) {
            RecordingFile recordings = store.file(file);
            assertThat(recordings.size()).isEqualTo(count);
            for (int i = 0; i < count; i++) {
                try (RecordingSession session = recordings.openSession(RecordingMode.REPLAY, "check " + i)) {
                    assertThat(session.wrap(ScriptedChatModel.replying())
                                    .chat(Writer.request(i))
                                    .aiMessage()
                                    .text())
                            .as("reply %d", i)
                            .isEqualTo(Writer.reply(i));
                }
            }
        }
    }

    /**
     * The child: records entries from {@code args[1]} on into {@code args[0]}, one save (a rewrite of the whole
     * file) per entry, printing {@code saved <n>} after each, until killed.
     */
    static final class Writer {

        public static void main(String[] args) {
            Path file = Path.of(args[0]);
            int start = Integer.parseInt(args[1]);
            ChatModel model = model();
            RecordingStore store = RecordingStore.create();
            RecordingFile recordings = store.file(file);
            for (int i = start; i < start + 100_000; i++) {
                try (RecordingSession session = recordings.openSession(RecordingMode.RECORD_MISSING, "writer")) {
                    session.wrap(model).chat(request(i));
                }
                System.out.println("saved " + i);
                System.out.flush();
            }
        }

        static ChatModel model() {
            return ScriptedChatModel.answering(r ->
                    reply(Integer.parseInt(ScriptedChatModel.lastUserText(r).substring("question ".length()))));
        }

        static ChatRequest request(int i) {
            return ChatRequest.builder()
                    .messages(UserMessage.from("question " + i))
                    .build();
        }

        static String reply(int i) {
            StringBuilder text = new StringBuilder();
            for (int line = 0; line < LINES_PER_REPLY; line++) {
                text.append("Reply ").append(i).append(", line ").append(line).append(": the lights blink green.\n");
            }
            return text.toString();
        }
    }
}
