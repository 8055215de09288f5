package dev.llmassert.core.record;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.langchain4j.data.message.AiMessage;
import dev.langchain4j.model.chat.ChatModel;
import dev.langchain4j.model.chat.request.ChatRequest;
import dev.langchain4j.model.chat.request.ChatRequestParameters;
import dev.langchain4j.model.chat.response.ChatResponse;
import dev.langchain4j.model.openai.OpenAiChatRequestParameters;
import dev.llmassert.core.record.internal.CanonicalRequests;
import dev.llmassert.core.record.internal.RecordedResponse;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

import static dev.llmassert.core.record.Loopback.judgeRequest;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * Self-consistency sampling sends the same request several times in parallel, and the replies come back in any
 * order: every reply is kept, each in the place of the call that asked for it.
 */
class ParallelSamplingTest {

    @TempDir
    Path dir;

    @Test
    void repliesRecordedOutOfOrderKeepTheirPlaceAndNoneIsLost() {
        try (RecordingStore store = RecordingStore.create()) {
            RecordingFile file = store.file(Recordings.fileFor(dir, "com.example.SamplingTest"));
            ObjectNode request = JsonNodeFactory.instance.objectNode().put("model", "m");
            request.putArray("messages").addObject().put("role", "user").put("text", "sample me");
            String key = CanonicalRequests.key(request);
            for (int position : new int[] {2, 0, 1}) {
                file.record(key, "m", request, reply("sample " + position), position, RecordingMode.RECORD_MISSING);
            }
            assertThat(file.recordedCount(key)).isEqualTo(3);
            assertThat(texts(file, key, 3)).containsExactly("sample 0", "sample 1", "sample 2");

            // In record mode a new run replaces the old replies, however its replies arrive.
            try (RecordingStore again = RecordingStore.create()) {
                file.save();
                RecordingFile reread = again.file(file.path());
                for (int position : new int[] {1, 0}) {
                    reread.record(key, "m", request, reply("new " + position), position, RecordingMode.RECORD);
                }
                assertThat(texts(reread, key, 2)).containsExactly("new 0", "new 1");
                assertThat(reread.recordedCount(key)).isEqualTo(2);
            }
        }
    }

    @Test
    void parallelIdenticalCallsOfOneSessionAreAllRecordedAndReplayed() throws Exception {
        int samples = 6;
        ReverseOrderModel model = new ReverseOrderModel(samples);
        Path path = Recordings.fileFor(dir, "com.example.SelfConsistencyTest");
        ChatRequest request = judgeRequest("Sample me at temperature 0.7.");
        ExecutorService pool = Executors.newFixedThreadPool(samples);
        try (RecordingStore store = RecordingStore.create();
                RecordingSession session = store.file(path).openSession(RecordingMode.RECORD_MISSING, "sampling")) {
            ChatModel wrapped = session.wrap(model);
            List<Future<?>> futures = new ArrayList<>();
            for (int i = 0; i < samples; i++) {
                futures.add(pool.submit(() -> {
                    try {
                        wrapped.chat(request);
                    } finally {
                        model.returned();
                    }
                    return null;
                }));
            }
            for (Future<?> future : futures) {
                future.get(60, TimeUnit.SECONDS);
            }
        } finally {
            pool.shutdownNow();
        }

        List<String> replayed = new ArrayList<>();
        try (RecordingStore store = RecordingStore.create();
                RecordingSession session = store.file(path).openSession(RecordingMode.REPLAY, "replay")) {
            assertThat(store.file(path).recordedCount(RecordingKeys.keyOf(model, request)))
                    .isEqualTo(samples);
            ChatModel wrapped = session.wrap(new RefusingModel());
            for (int i = 0; i < samples; i++) {
                replayed.add(wrapped.chat(request).aiMessage().text());
            }
        }
        assertThat(replayed)
                .containsExactlyInAnyOrder("sample 0", "sample 1", "sample 2", "sample 3", "sample 4", "sample 5");
    }

    private static RecordedResponse reply(String text) {
        return new RecordedResponse(text, List.of(), null, null, "STOP", Instant.EPOCH.toString());
    }

    private static List<String> texts(RecordingFile file, String key, int count) {
        List<String> texts = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            texts.add(file.lookup(key, i).response().text());
        }
        return texts;
    }

    /**
     * Holds every call until all have arrived, then lets them return last-arrived first, each only after the one
     * before it has returned to its caller (and so has been recorded).
     */
    private static final class ReverseOrderModel implements ChatModel {

        private final int calls;
        private final AtomicInteger arrivals = new AtomicInteger();
        private final CountDownLatch allArrived;
        private int returned;

        ReverseOrderModel(int calls) {
            this.calls = calls;
            this.allArrived = new CountDownLatch(calls);
        }

        @Override
        public ChatRequestParameters defaultRequestParameters() {
            return OpenAiChatRequestParameters.builder()
                    .modelName("gpt-4o-mini")
                    .temperature(0.0)
                    .build();
        }

        @Override
        public ChatResponse doChat(ChatRequest request) {
            int arrival = arrivals.getAndIncrement();
            allArrived.countDown();
            try {
                if (!allArrived.await(60, TimeUnit.SECONDS)) {
                    throw new AssertionError("only " + arrivals.get() + " of " + calls + " calls arrived");
                }
                synchronized (this) {
                    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
                    while (returned != calls - 1 - arrival) {
                        long left = deadline - System.nanoTime();
                        if (left <= 0) {
                            throw new AssertionError("call " + arrival + " never got its turn");
                        }
                        TimeUnit.NANOSECONDS.timedWait(this, left);
                    }
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new AssertionError("interrupted", e);
            }
            return ChatResponse.builder()
                    .aiMessage(AiMessage.from("sample " + arrival))
                    .modelName("gpt-4o-mini")
                    .build();
        }

        synchronized void returned() {
            returned++;
            notifyAll();
        }
    }
}
