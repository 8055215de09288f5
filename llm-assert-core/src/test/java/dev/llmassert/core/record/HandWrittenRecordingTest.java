package dev.llmassert.core.record;

import dev.langchain4j.data.message.SystemMessage;
import dev.langchain4j.data.message.UserMessage;
import dev.langchain4j.model.chat.ChatModel;
import dev.langchain4j.model.chat.request.ChatRequest;
import dev.langchain4j.model.chat.response.ChatResponse;
import dev.langchain4j.model.openai.OpenAiChatModel;
import dev.llmassert.core.model.internal.JudgeChat;
import dev.llmassert.core.model.internal.JudgeReply;
import dev.llmassert.core.testing.LoopbackChatServer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** Recordings written by hand, as the examples module ships them, load and replay through the real path. */
class HandWrittenRecordingTest {

    private static final String HAND_WRITTEN = """
            {
              "format": 1,
              "entries": [
                {
                  "model": "hand-written-example",
                  "request": {
                    "messages": [
                      { "role": "system", "text": ["You are a careful judge.", "Answer with 'Score: N'."] },
                      { "role": "user", "text": "Is the sky blue on a clear day?" }
                    ],
                    "parameters": { "temperature": 0 },
                    "model": "gpt-4o-mini"
                  },
                  "responses": [
                    { "text": "Score: 10" },
                    { "text": "Score: 9", "finishReason": "stop" }
                  ]
                }
              ]
            }
            """;

    @TempDir
    Path dir;

    private final ChatRequest request = ChatRequest.builder()
            .messages(
                    SystemMessage.from("You are a careful judge.\nAnswer with 'Score: N'."),
                    UserMessage.from("Is the sky blue on a clear day?"))
            .build();

    private static ChatModel model(LoopbackChatServer server) {
        return OpenAiChatModel.builder()
                .baseUrl(server.baseUrl())
                .apiKey("unused")
                .modelName("gpt-4o-mini")
                .temperature(0.0)
                .maxRetries(0)
                .build();
    }

    @Test
    void aHandWrittenEntryWithoutAKeyReplaysInOrderAndSaysWhoWroteIt() throws IOException {
        Path file = Recordings.fileFor(dir, "com.example.HandWrittenTest");
        Files.writeString(file, HAND_WRITTEN);
        try (LoopbackChatServer server = LoopbackChatServer.start();
                RecordingStore store = RecordingStore.create();
                RecordingSession session = store.file(file).openSession(RecordingMode.REPLAY, "handWritten")) {
            ChatModel wrapped = session.wrap(model(server));
            ChatResponse first = wrapped.chat(request);
            ChatResponse second = wrapped.chat(request);
            assertThat(first.aiMessage().text()).isEqualTo("Score: 10");
            assertThat(first.modelName()).isEqualTo("hand-written-example");
            assertThat(Replayed.isReplayed(first)).isTrue();
            assertThat(first.tokenUsage()).isNull();
            assertThat(second.aiMessage().text()).isEqualTo("Score: 9");
            assertThat(server.requestCount()).isZero();
            assertThat(store.file(file).keys()).containsExactly(RecordingKeys.keyOf(model(server), request));
        }
        assertThat(Files.readString(file)).as("replay never rewrites a file").isEqualTo(HAND_WRITTEN);
    }

    @Test
    void aJudgeReplyReplayedFromAHandWrittenEntryNamesItsWriterAndOneFromTheJudgesModelNamesNone() throws IOException {
        Path file = Recordings.fileFor(dir, "com.example.HandWrittenTest");
        Files.writeString(file, HAND_WRITTEN);
        ChatRequest other = ChatRequest.builder()
                .messages(UserMessage.from("Is grass green?"))
                .build();
        try (LoopbackChatServer server = LoopbackChatServer.start();
                RecordingStore store = RecordingStore.create()) {
            server.respondWith(r -> LoopbackChatServer.Reply.content("Score: 8"));
            try (RecordingSession recording = store.file(file).openSession(RecordingMode.RECORD_MISSING, "both")) {
                JudgeChat chat = JudgeChat.builder()
                        .chatModel(recording.wrap(model(server)))
                        .build();

                JudgeReply<String> handWritten = chat.ask(request, reply -> reply);
                JudgeReply<String> live = chat.ask(other, reply -> reply);

                assertThat(handWritten.replayed()).isTrue();
                assertThat(handWritten.recordedModel()).isEqualTo("hand-written-example");
                assertThat(live.replayed()).isFalse();
                assertThat(live.recordedModel()).isNull();
            }
            try (RecordingSession replay = store.file(file).openSession(RecordingMode.REPLAY, "again")) {
                JudgeReply<String> recordedFromTheModel = JudgeChat.builder()
                        .chatModel(replay.wrap(model(server)))
                        .build()
                        .ask(other, reply -> reply);

                assertThat(recordedFromTheModel.replayed()).isTrue();
                assertThat(recordedFromTheModel.recordedModel())
                        .as("recorded from gpt-4o-mini itself")
                        .isNull();
                assertThat(JudgeReply.recordedModelOf(List.of(
                                recordedFromTheModel,
                                new JudgeReply<>("x", "x", null, true, 1, 0, "hand-written-example"),
                                new JudgeReply<>("y", "y", null, true, 1, 0, "hand-written-example"))))
                        .isEqualTo("hand-written-example");
            }
        }
    }

    @Test
    void rewriteKeysFillsInTheKeyThatTheRecordingWrapperComputes() throws IOException {
        Path file = Recordings.fileFor(dir, "com.example.HandWrittenTest");
        Files.writeString(file, HAND_WRITTEN);
        assertThat(RecordingKeys.rewriteKeys(file)).isEqualTo(1);
        try (LoopbackChatServer server = LoopbackChatServer.start()) {
            String expected = RecordingKeys.keyOf(model(server), request);
            assertThat(Files.readString(file))
                    .contains("\"key\": \"" + expected + "\"")
                    .contains("\"model\": \"hand-written-example\"");
            assertThat(RecordingKeys.rewriteKeys(file)).isZero();
            assertThat(Recordings.wrap(model(server), file, RecordingMode.REPLAY)
                            .chat(request)
                            .aiMessage()
                            .text())
                    .isEqualTo("Score: 10");
            assertThat(RecordingKeys.keyOfCanonicalRequest(
                            "{\"model\": \"gpt-4o-mini\", \"parameters\": {\"temperature\": 0.0}, \"messages\": ["
                                    + "{\"role\": \"system\", \"text\": "
                                    + "\"You are a careful judge.\\nAnswer with 'Score: N'.\"},"
                                    + "{\"role\": \"user\", \"text\": \"Is the sky blue on a clear day?\"}]}"))
                    .as("field order, 0 vs 0.0 and lines vs one string do not change the key")
                    .isEqualTo(expected);
        }
    }

    @Test
    void aKeyThatNoLongerMatchesItsEditedRequestFailsWithTheFix() throws IOException {
        Path file = Recordings.fileFor(dir, "com.example.HandWrittenTest");
        Files.writeString(file, HAND_WRITTEN);
        RecordingKeys.rewriteKeys(file);
        Files.writeString(file, Files.readString(file).replace("on a clear day", "at night"));
        try (RecordingStore store = RecordingStore.create()) {
            assertThatThrownBy(() -> store.file(file).openSession(RecordingMode.REPLAY, "edited"))
                    .isInstanceOf(RecordingFileException.class)
                    .hasMessageContaining("entries[0] says \"key\"")
                    .hasMessageContaining("delete that entry's \"key\" line")
                    .hasMessageContaining(
                            "dev.llmassert.core.record.RecordingKeys.rewriteKeys(path) for " + file.toAbsolutePath());
        }
    }

    @Test
    void theKeyLeavesOutTheEndpointAndTheCredential() {
        try (LoopbackChatServer one = LoopbackChatServer.start();
                LoopbackChatServer two = LoopbackChatServer.start()) {
            ChatModel a = OpenAiChatModel.builder()
                    .baseUrl(one.baseUrl())
                    .apiKey("sk-one")
                    .modelName("gpt-4o-mini")
                    .temperature(0.0)
                    .build();
            ChatModel b = OpenAiChatModel.builder()
                    .baseUrl(two.baseUrl())
                    .apiKey("sk-two")
                    .modelName("gpt-4o-mini")
                    .temperature(0.0)
                    .build();
            assertThat(RecordingKeys.keyOf(a, request))
                    .isEqualTo(RecordingKeys.keyOf(b, request))
                    .matches("[0-9a-f]{64}");
            assertThat(RecordingKeys.canonicalRequest(RecordingSession.asSent(a, request)))
                    .doesNotContain("sk-one")
                    .doesNotContain("127.0.0.1")
                    .contains("\"temperature\" : 0.0");
        }
    }
}
