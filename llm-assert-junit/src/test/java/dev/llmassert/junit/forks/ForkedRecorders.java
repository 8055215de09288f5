package dev.llmassert.junit.forks;

import dev.langchain4j.model.chat.ChatModel;
import dev.llmassert.core.record.RecordingMode;
import dev.llmassert.core.record.Recordings;
import dev.llmassert.core.testing.ScriptedChatModel;

import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.stream.IntStream;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * What the two forked recorders share: each records {@value #REQUESTS} requests of its own, eight at a time, into the
 * one file named by {@code forks.recordings}, saving each reply at once, so both JVMs' saves meet on the file.
 */
final class ForkedRecorders {

    static final int REQUESTS = 60;

    private ForkedRecorders() {}

    static Path file() {
        return Path.of(System.getProperty("forks.recordings", "target/forked-recordings/shared.json"));
    }

    static String run() {
        return System.getProperty("forks.run", "unnamed-run");
    }

    static String question(String recorder, int i) {
        return "run " + run() + ", " + recorder + ", question " + i;
    }

    static void record(String recorder) throws Exception {
        ScriptedChatModel live = ScriptedChatModel.answering(
                        request -> "answer to " + ScriptedChatModel.lastUserText(request))
                .modelName("forked-scripted-model");
        ChatModel recorded = Recordings.wrap(live, file(), RecordingMode.RECORD_MISSING, recorder);
        ExecutorService pool = Executors.newFixedThreadPool(8);
        try {
            List<Future<String>> answers = IntStream.rangeClosed(1, REQUESTS)
                    .mapToObj(i -> pool.submit(() -> recorded.chat(question(recorder, i))))
                    .toList();
            for (int i = 0; i < REQUESTS; i++) {
                assertThat(answers.get(i).get()).isEqualTo("answer to " + question(recorder, i + 1));
            }
        } finally {
            pool.shutdownNow();
        }
        assertThat(live.requestCount()).isEqualTo(REQUESTS);
    }
}
