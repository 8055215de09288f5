package dev.llmassert.core.record;

import dev.langchain4j.model.chat.ChatModel;
import dev.llmassert.core.record.internal.ReplyTap;
import dev.llmassert.core.record.internal.ReplyTaps;
import dev.llmassert.core.testing.ScriptedChatModel;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;

import static org.assertj.core.api.Assertions.assertThat;

/** The way in of the mutation check: the application's recorded answers through the thread's tap, judges' never. */
class ReplyTapTest {

    @TempDir
    Path dir;

    @Test
    void theApplicationsAnswerGoesThroughTheTapAndTheFileKeepsTheRecordedOne() throws Exception {
        Path file = dir.resolve("app.json");
        Recordings.wrap(ScriptedChatModel.replying("It costs 30 dollars."), file, RecordingMode.RECORD)
                .chat("How much?");
        String recorded = Files.readString(file);
        List<ReplyTap.ServedAnswer> seen = new CopyOnWriteArrayList<>();
        ChatModel app = Recordings.wrap(ScriptedChatModel.replying("never called"), file, RecordingMode.REPLAY);

        String answer;
        try (ReplyTaps.Binding binding = ReplyTaps.bind(tap(seen, "It costs 60 dollars."))) {
            answer = app.chat("How much?");
        }

        assertThat(answer).isEqualTo("It costs 60 dollars.");
        assertThat(seen).singleElement().satisfies(served -> {
            assertThat(served.text()).isEqualTo("It costs 30 dollars.");
            assertThat(served.position()).isZero();
            assertThat(served.replayed()).isTrue();
            assertThat(served.requestText()).contains("How much?");
            assertThat(served.file()).isEqualTo(file.toAbsolutePath().normalize());
        });
        assertThat(Files.readString(file)).as("the recording is never changed").isEqualTo(recorded);
        assertThat(Recordings.wrap(ScriptedChatModel.replying("never called"), file, RecordingMode.REPLAY)
                        .chat("How much?"))
                .as("no tap, no change")
                .isEqualTo("It costs 30 dollars.");
    }

    @Test
    void aJudgesModelIsNeverTapped() {
        RecordingSession session =
                RecordingStore.create().file(dir.resolve("judge.json")).openSession(RecordingMode.RECORD, "test");
        List<ReplyTap.ServedAnswer> seen = new CopyOnWriteArrayList<>();
        ChatModel judge = session.wrap(ScriptedChatModel.replying("Score: 10"));
        ChatModel application = session.wrapApplication(ScriptedChatModel.replying("The warranty is two years."));

        try (ReplyTaps.Binding binding = ReplyTaps.bind(tap(seen, "changed"))) {
            assertThat(judge.chat("judge this")).isEqualTo("Score: 10");
            assertThat(application.chat("How long is the warranty?")).isEqualTo("changed");
        }
        assertThat(seen).extracting(ReplyTap.ServedAnswer::text).containsExactly("The warranty is two years.");
    }

    @Test
    void aTaskCarriesTheTapOfTheThreadThatMadeItAndNoOtherThreadSeesIt() throws Exception {
        List<ReplyTap.ServedAnswer> seen = new CopyOnWriteArrayList<>();
        ReplyTap tap = tap(seen, "x");
        ExecutorService pool = Executors.newSingleThreadExecutor();
        try {
            Runnable carried;
            try (ReplyTaps.Binding binding = ReplyTaps.bind(tap)) {
                carried = ReplyTaps.propagating(
                        () -> assertThat(ReplyTaps.current()).containsSame(tap));
            }
            CompletableFuture.runAsync(carried, pool).get();
            CompletableFuture.runAsync(() -> assertThat(ReplyTaps.current()).isEmpty(), pool)
                    .get();
            assertThat(ReplyTaps.current()).isEmpty();
        } finally {
            pool.shutdownNow();
        }
    }

    private static ReplyTap tap(List<ReplyTap.ServedAnswer> seen, String replacement) {
        return new ReplyTap() {
            @Override
            public String answer(ServedAnswer answer) {
                seen.add(answer);
                return replacement;
            }

            @Override
            public String toolResult(String tool, String result, String request) {
                return result;
            }
        };
    }
}
