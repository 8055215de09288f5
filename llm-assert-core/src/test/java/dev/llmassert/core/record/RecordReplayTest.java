package dev.llmassert.core.record;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.langchain4j.data.message.UserMessage;
import dev.langchain4j.model.chat.ChatModel;
import dev.langchain4j.model.chat.request.ChatRequest;
import dev.langchain4j.model.chat.request.ResponseFormat;
import dev.langchain4j.model.chat.request.ResponseFormatType;
import dev.langchain4j.model.chat.request.json.JsonObjectSchema;
import dev.langchain4j.model.chat.request.json.JsonSchema;
import dev.langchain4j.model.chat.response.ChatResponse;
import dev.langchain4j.model.output.FinishReason;
import dev.llmassert.core.testing.LoopbackChatServer;
import dev.llmassert.core.testing.LoopbackChatServer.Reply;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;

import static dev.llmassert.core.record.Loopback.judgeRequest;
import static dev.llmassert.core.record.Loopback.openAi;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** Record and replay end to end: the real OpenAI client against the loopback chat-completions server. */
class RecordReplayTest {

    private static final ObjectMapper JSON = new ObjectMapper();

    @TempDir
    Path dir;

    private Path file() {
        return Recordings.fileFor(dir, "com.example.BotTest");
    }

    @Test
    void recordsThenReplaysWithTheServerStoppedAndNoRequestReachesIt() throws IOException {
        LoopbackChatServer server = LoopbackChatServer.start();
        server.respondWith(
                request -> Reply.content("Score: 9. The source says so.").withUsage(42, 7));
        ChatModel model = openAi(server);
        try (RecordingStore store = RecordingStore.create();
                RecordingSession session = store.file(file()).openSession(RecordingMode.RECORD_MISSING, "recordRun")) {
            ChatResponse live = session.wrap(model).chat(judgeRequest("Source: the sky is blue. Statement: blue."));
            assertThat(live.aiMessage().text()).isEqualTo("Score: 9. The source says so.");
            assertThat(Replayed.isReplayed(live)).isFalse();
            assertThat(session.recordedCalls()).isEqualTo(1);
        }
        assertThat(server.requestCount()).isEqualTo(1);
        server.close();

        try (RecordingStore store = RecordingStore.create();
                RecordingSession session = store.file(file()).openSession(RecordingMode.REPLAY, "replayRun")) {
            ChatResponse replayed = session.wrap(model).chat(judgeRequest("Source: the sky is blue. Statement: blue."));
            assertThat(replayed.aiMessage().text()).isEqualTo("Score: 9. The source says so.");
            assertThat(Replayed.isReplayed(replayed)).isTrue();
            assertThat(replayed.metadata().id()).startsWith(Replayed.ID_PREFIX);
            assertThat(replayed.tokenUsage().inputTokenCount()).isEqualTo(42);
            assertThat(replayed.tokenUsage().outputTokenCount()).isEqualTo(7);
            assertThat(replayed.finishReason()).isEqualTo(FinishReason.STOP);
            assertThat(replayed.modelName()).isEqualTo("gpt-4o-mini");
            assertThat(session.replayedCalls()).isEqualTo(1);
        }
        assertThat(server.requestCount()).isEqualTo(1);

        JsonNode root = JSON.readTree(file().toFile());
        assertThat(root.path("format").intValue()).isEqualTo(1);
        JsonNode entry = root.path("entries").get(0);
        assertThat(entry.path("key").asText())
                .isEqualTo(RecordingKeys.keyOf(model, judgeRequest("Source: the sky is blue. Statement: blue.")));
        assertThat(entry.path("model").asText()).isEqualTo("gpt-4o-mini");
        assertThat(entry.path("request").path("model").asText()).isEqualTo("gpt-4o-mini");
        assertThat(entry.path("request").path("parameters").path("temperature").doubleValue())
                .isEqualTo(0.0);
        assertThat(entry.path("request")
                        .path("messages")
                        .get(0)
                        .path("text")
                        .get(2)
                        .asText())
                .isEqualTo("Score from 0 to 10.");
        assertThat(entry.path("responses").get(0).path("recordedAt").asText()).isNotBlank();
        assertThat(Files.readString(file())).doesNotContain("127.0.0.1").doesNotContain(server.baseUrl());
    }

    @Test
    void theWrapperReportsTheWrappedModelsDefaultsAndCapabilitiesSoTheModelNameIsPartOfTheKey() {
        try (LoopbackChatServer server = LoopbackChatServer.start();
                RecordingStore store = RecordingStore.create();
                RecordingSession session = store.file(file()).openSession(RecordingMode.RECORD_MISSING, "models")) {
            server.respondWith(request ->
                    Reply.content("from " + request.json().path("model").asText()));
            ChatModel mini = openAi(server, "gpt-4o-mini", 0.0, "k");
            ChatModel large = openAi(server, "gpt-4o", 0.0, "k");
            RecordingChatModel wrapped = session.wrap(mini);
            assertThat(wrapped.defaultRequestParameters()).isEqualTo(mini.defaultRequestParameters());
            assertThat(wrapped.supportedCapabilities()).isEqualTo(mini.supportedCapabilities());
            assertThat(wrapped.provider()).isEqualTo(mini.provider());

            wrapped.chat(judgeRequest("same question"));
            session.wrap(large).chat(judgeRequest("same question"));
            assertThat(store.file(file()).keys())
                    .hasSize(2)
                    .contains(
                            RecordingKeys.keyOf(mini, judgeRequest("same question")),
                            RecordingKeys.keyOf(large, judgeRequest("same question")));
        }
    }

    @Test
    void structuredOutputRequestsAreRecordedWithTheirSchemaAndReplayed() throws IOException {
        JsonObjectSchema verdict = JsonObjectSchema.builder()
                .addIntegerProperty("score", "0 to 10")
                .addStringProperty("evidence")
                .required("score")
                .build();
        JsonSchema schema =
                JsonSchema.builder().name("verdict").rootElement(verdict).build();
        ChatRequest request = ChatRequest.builder()
                .messages(UserMessage.from("Judge this."))
                .responseFormat(ResponseFormat.builder()
                        .type(ResponseFormatType.JSON)
                        .jsonSchema(schema)
                        .build())
                .build();
        LoopbackChatServer server = LoopbackChatServer.start();
        server.respondWith(r -> Reply.content("{\"score\": 8, \"evidence\": \"line 2\"}"));
        ChatModel model = openAi(server);
        try (RecordingStore store = RecordingStore.create();
                RecordingSession session = store.file(file()).openSession(RecordingMode.RECORD_MISSING, "schema")) {
            session.wrap(model).chat(request);
        }
        assertThat(server.requests()
                        .get(0)
                        .json()
                        .path("response_format")
                        .path("type")
                        .asText())
                .isEqualTo("json_schema");
        server.close();
        try (RecordingStore store = RecordingStore.create();
                RecordingSession session = store.file(file()).openSession(RecordingMode.REPLAY, "schema")) {
            assertThat(session.wrap(model).chat(request).aiMessage().text()).contains("\"score\": 8");
        }
        JsonNode format = JSON.readTree(file().toFile())
                .path("entries")
                .get(0)
                .path("request")
                .path("parameters")
                .path("responseFormat");
        assertThat(format.path("type").asText()).isEqualTo("JSON");
        assertThat(format.path("schema").path("name").asText()).isEqualTo("verdict");
        assertThat(format.path("schema")
                        .path("root")
                        .path("properties")
                        .path("score")
                        .path("type")
                        .asText())
                .isEqualTo("integer");
    }

    @Test
    void threeIdenticalRequestsAtTemperatureAboveZeroRecordThreeRepliesAndReplayThemInOrder() throws IOException {
        LoopbackChatServer server = LoopbackChatServer.start();
        AtomicInteger counter = new AtomicInteger();
        server.respondWith(request -> Reply.content("Score: " + (5 + counter.incrementAndGet())));
        ChatModel model = openAi(server, "gpt-4o-mini", 0.7, "k");
        ChatRequest request = judgeRequest("Sample me.");
        try (RecordingStore store = RecordingStore.create();
                RecordingSession session = store.file(file()).openSession(RecordingMode.RECORD_MISSING, "sampling")) {
            ChatModel wrapped = session.wrap(model);
            for (int i = 0; i < 3; i++) {
                wrapped.chat(request);
            }
        }
        server.close();
        JsonNode entries = JSON.readTree(file().toFile()).path("entries");
        assertThat(entries).hasSize(1);
        assertThat(entries.get(0).path("responses")).hasSize(3);
        assertThat(entries.get(0)
                        .path("request")
                        .path("parameters")
                        .path("temperature")
                        .doubleValue())
                .isEqualTo(0.7);

        try (RecordingStore store = RecordingStore.create()) {
            RecordingFile recordings = store.file(file());
            try (RecordingSession first = recordings.openSession(RecordingMode.REPLAY, "firstTest")) {
                ChatModel wrapped = first.wrap(model);
                List<String> replies = new ArrayList<>();
                for (int i = 0; i < 3; i++) {
                    replies.add(wrapped.chat(request).aiMessage().text());
                }
                assertThat(replies).containsExactly("Score: 6", "Score: 7", "Score: 8");
                assertThatThrownBy(() -> wrapped.chat(request))
                        .isInstanceOf(RecordingMissException.class)
                        .hasMessageContaining("recorded 3 times")
                        .hasMessageContaining("made it 4 times")
                        .hasMessageContaining("firstTest");
            }
            try (RecordingSession second = recordings.openSession(RecordingMode.REPLAY, "secondTest")) {
                assertThat(second.wrap(model).chat(request).aiMessage().text()).isEqualTo("Score: 6");
            }
        }
        assertThat(server.requestCount()).isEqualTo(3);
    }

    @Test
    void recordModeCallsTheModelAgainAndReplacesOnlyTheEntriesItUses() throws IOException {
        try (LoopbackChatServer server = LoopbackChatServer.start()) {
            AtomicInteger counter = new AtomicInteger();
            server.respondWith(request -> Reply.content("reply " + counter.incrementAndGet()));
            ChatModel model = openAi(server);
            try (RecordingStore store = RecordingStore.create();
                    RecordingSession session = store.file(file()).openSession(RecordingMode.RECORD_MISSING, "first")) {
                session.wrap(model).chat(judgeRequest("kept"));
                session.wrap(model).chat(judgeRequest("re-recorded"));
            }
            try (RecordingStore store = RecordingStore.create();
                    RecordingSession session = store.file(file()).openSession(RecordingMode.RECORD, "second")) {
                assertThat(session.wrap(model)
                                .chat(judgeRequest("re-recorded"))
                                .aiMessage()
                                .text())
                        .isEqualTo("reply 3");
            }
            assertThat(server.requestCount()).isEqualTo(3);
            try (RecordingStore store = RecordingStore.create();
                    RecordingSession session = store.file(file()).openSession(RecordingMode.REPLAY, "third")) {
                assertThat(session.wrap(model)
                                .chat(judgeRequest("kept"))
                                .aiMessage()
                                .text())
                        .isEqualTo("reply 1");
                assertThat(session.wrap(model)
                                .chat(judgeRequest("re-recorded"))
                                .aiMessage()
                                .text())
                        .isEqualTo("reply 3");
            }
            assertThat(JSON.readTree(file().toFile()).path("entries").findValues("responses"))
                    .allSatisfy(responses -> assertThat(responses).hasSize(1));
        }
    }

    @Test
    void offModeCallsTheModelAndNeitherReadsNorWrites() throws IOException {
        Files.writeString(file(), "not even json");
        try (LoopbackChatServer server = LoopbackChatServer.start();
                RecordingStore store = RecordingStore.create();
                RecordingSession session = store.file(file()).openSession(RecordingMode.OFF, "off")) {
            server.respondWith(request -> Reply.content("live"));
            assertThat(session.wrap(openAi(server))
                            .chat(judgeRequest("q"))
                            .aiMessage()
                            .text())
                    .isEqualTo("live");
            assertThat(server.requestCount()).isEqualTo(1);
        }
        assertThat(Files.readString(file())).isEqualTo("not even json");
    }

    @Test
    void unusedRecordingsAreReportedAndPrunedOnlyWhenRecording() {
        try (LoopbackChatServer server = LoopbackChatServer.start()) {
            server.respondWith(request -> Reply.content("ok"));
            ChatModel model = openAi(server);
            try (RecordingStore store = RecordingStore.create();
                    RecordingSession session = store.file(file()).openSession(RecordingMode.RECORD_MISSING, "both")) {
                session.wrap(model).chat(judgeRequest("still asked"));
                session.wrap(model).chat(judgeRequest("no longer asked"));
            }
            String unusedKey = RecordingKeys.keyOf(model, judgeRequest("no longer asked"));
            try (RecordingStore store = RecordingStore.create()) {
                RecordingFile recordings = store.file(file());
                try (RecordingSession session = recordings.openSession(RecordingMode.REPLAY, "one")) {
                    session.wrap(model).chat(judgeRequest("still asked"));
                    assertThat(session.usedKeys()).doesNotContain(unusedKey).hasSize(1);
                }
                assertThat(recordings.unusedKeys()).containsExactly(unusedKey);
                assertThat(recordings.pruneUnused(RecordingMode.REPLAY)).isEmpty();
                assertThat(recordings.size()).isEqualTo(2);
                assertThat(recordings.pruneUnused(RecordingMode.RECORD_MISSING)).containsExactly(unusedKey);
            }
            try (RecordingStore store = RecordingStore.create()) {
                assertThat(store.file(file()).keys())
                        .containsExactly(RecordingKeys.keyOf(model, judgeRequest("still asked")));
            }
        }
    }

    @Test
    void wrapRecordsAnApplicationsOwnModelAndSavesEachReplyAtOnce() {
        ChatRequest request = ChatRequest.builder()
                .messages(UserMessage.from("Summarise the ticket."))
                .build();
        LoopbackChatServer server = LoopbackChatServer.start();
        server.respondWith(r -> Reply.content("A summary."));
        ChatModel app = openAi(server);
        RecordingChatModel recording = Recordings.wrap(app, file(), RecordingMode.RECORD_MISSING);
        assertThat(recording.chat(request).aiMessage().text()).isEqualTo("A summary.");
        assertThat(file()).exists();
        server.close();
        ChatModel replaying = Recordings.wrap(app, file(), RecordingMode.REPLAY);
        assertThat(replaying.chat("Summarise the ticket.")).isEqualTo("A summary.");
        assertThat(server.requestCount()).isEqualTo(1);
    }
}
