package dev.llmassert.springai;

import dev.langchain4j.model.chat.ChatModel;
import dev.langchain4j.model.openai.OpenAiChatModel;
import dev.llmassert.core.record.RecordingMissException;
import dev.llmassert.core.record.RecordingMode;
import dev.llmassert.core.record.Recordings;
import dev.llmassert.core.testing.LoopbackChatServer;
import dev.llmassert.core.testing.LoopbackChatServer.Reply;
import dev.llmassert.springai.testing.SpringAiLoopback;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.springframework.ai.chat.messages.SystemMessage;
import org.springframework.ai.chat.messages.UserMessage;
import org.springframework.ai.chat.model.ChatResponse;
import org.springframework.ai.chat.prompt.Prompt;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * A Spring AI model recorded and replayed through {@link SpringAiRecordings#wrap}, with Spring AI's real OpenAI
 * client against the loopback chat-completions server: call and stream, replay with nothing listening, a miss that
 * shows both requests, and one recordings file read alike by Spring AI's and langchain4j's clients.
 */
class SpringAiRecordingsTest {

    static final String SYSTEM = "You are the Nimbus support assistant.";
    static final String QUESTION = "How do I reset the router?";
    static final String ANSWER = "Hold the reset button on the back for 15 seconds, until the light turns amber.";

    @TempDir
    Path dir;

    private final LoopbackChatServer server = LoopbackChatServer.start();

    @AfterEach
    void stop() {
        server.close();
    }

    @Test
    void aCallIsRecordedOnceAndReplayedWithNothingListening() throws IOException {
        Path file = dir.resolve("com.example.SupportTest.json");
        server.enqueue(Reply.content(ANSWER).withUsage(31, 17));
        org.springframework.ai.chat.model.ChatModel recording = SpringAiRecordings.wrap(
                SpringAiLoopback.chatModel(server.baseUrl()), file, RecordingMode.RECORD_MISSING);

        ChatResponse live = recording.call(prompt(QUESTION));

        assertThat(live.getResult().getOutput().getText()).isEqualTo(ANSWER);
        assertThat(server.requestCount()).isEqualTo(1);
        String recorded = Files.readString(file);
        assertThat(recorded)
                .contains("\"model\": \"gpt-4o-mini\"")
                .contains(QUESTION)
                .contains(ANSWER)
                .doesNotContain("sk-loopback-test")
                .doesNotContain("127.0.0.1");

        org.springframework.ai.chat.model.ChatModel replaying = SpringAiRecordings.wrap(
                SpringAiLoopback.chatModel(SpringAiLoopback.CLOSED), file, RecordingMode.REPLAY);
        ChatResponse replayed = replaying.call(prompt(QUESTION));

        assertThat(replayed.getResult().getOutput().getText()).isEqualTo(ANSWER);
        assertThat(replayed.getMetadata().getUsage().getPromptTokens()).isEqualTo(31);
        assertThat(replayed.getMetadata().getUsage().getCompletionTokens()).isEqualTo(17);
        assertThat(replayed.getResult().getMetadata().getFinishReason()).isEqualTo("STOP");
        assertThat(server.requestCount()).as("nothing reached the network").isEqualTo(1);
        assertThat(Files.readString(file)).as("replay never rewrites the file").isEqualTo(recorded);
    }

    @Test
    void aStreamIsRecordedWholeAndReplayedAsAStream() throws IOException {
        Path file = dir.resolve("com.example.StreamTest.json");
        server.enqueue(Reply.content(ANSWER));
        org.springframework.ai.chat.model.ChatModel recording = SpringAiRecordings.wrap(
                SpringAiLoopback.chatModel(server.baseUrl()), file, RecordingMode.RECORD_MISSING);

        List<ChatResponse> live =
                recording.stream(prompt(QUESTION)).collectList().block();

        assertThat(server.requests().get(0).json().path("stream").asBoolean())
                .as("the client streamed")
                .isTrue();
        assertThat(text(live)).isEqualTo(ANSWER);
        assertThat(Files.readString(file)).contains(ANSWER);

        org.springframework.ai.chat.model.ChatModel replaying = SpringAiRecordings.wrap(
                SpringAiLoopback.chatModel(SpringAiLoopback.CLOSED), file, RecordingMode.REPLAY);
        List<ChatResponse> replayed =
                replaying.stream(prompt(QUESTION)).collectList().block();

        assertThat(replayed).as("a chunk a word, then the finish").hasSizeGreaterThan(5);
        assertThat(text(replayed)).isEqualTo(ANSWER);
        assertThat(replayed.get(replayed.size() - 1).getResult().getMetadata().getFinishReason())
                .isEqualTo("STOP");
        assertThat(server.requestCount()).isEqualTo(1);
    }

    @Test
    void aStreamedCallWithNoRecordingFailsSayingWhatToDo() {
        Path file = dir.resolve("com.example.StreamTest.json");
        org.springframework.ai.chat.model.ChatModel replaying = SpringAiRecordings.wrap(
                SpringAiLoopback.chatModel(SpringAiLoopback.CLOSED), file, RecordingMode.REPLAY);

        assertThatThrownBy(() -> replaying.stream(prompt(QUESTION)).blockLast())
                .isInstanceOf(RecordingMissException.class)
                .hasMessageContaining("No recording")
                .hasMessageContaining(QUESTION)
                .hasMessageContaining("record-missing");
    }

    @Test
    void aChangedRequestIsAMissThatShowsBothTexts() {
        Path file = dir.resolve("com.example.SupportTest.json");
        server.enqueue(Reply.content(ANSWER));
        SpringAiRecordings.wrap(SpringAiLoopback.chatModel(server.baseUrl()), file, RecordingMode.RECORD_MISSING)
                .call(prompt(QUESTION));

        org.springframework.ai.chat.model.ChatModel replaying = SpringAiRecordings.wrap(
                SpringAiLoopback.chatModel(SpringAiLoopback.CLOSED), file, RecordingMode.REPLAY);
        String changed = "How do I reset the router to its factory settings?";

        assertThatThrownBy(() -> replaying.call(prompt(changed)))
                .isInstanceOf(RecordingMissException.class)
                .hasMessageContaining(QUESTION)
                .hasMessageContaining(changed);
    }

    @Test
    void oneFileReadsTheSameWhicheverClientRecordedIt() {
        Path file = dir.resolve("com.example.BothClientsTest.json");
        server.enqueue(Reply.content(ANSWER));
        ChatModel langchain4j = OpenAiChatModel.builder()
                .baseUrl(server.baseUrl())
                .apiKey("sk-loopback-test")
                .modelName("gpt-4o-mini")
                .temperature(0.0)
                .maxRetries(0)
                .build();
        Recordings.wrap(langchain4j, file, RecordingMode.RECORD_MISSING)
                // CHECKSTYLE.OFF: QualifiedTypeName - langchain4j's messages beside Spring AI's
                .chat(
                        dev.langchain4j.data.message.SystemMessage.from(SYSTEM),
                        dev.langchain4j.data.message.UserMessage.from(QUESTION));
        // CHECKSTYLE.ON: QualifiedTypeName
        assertThat(server.requestCount()).isEqualTo(1);

        org.springframework.ai.chat.model.ChatModel springAi = SpringAiRecordings.wrap(
                SpringAiLoopback.chatModel(SpringAiLoopback.CLOSED), file, RecordingMode.REPLAY);

        assertThat(springAi.call(prompt(QUESTION)).getResult().getOutput().getText())
                .as("langchain4j's recording replays for Spring AI's client")
                .isEqualTo(ANSWER);
    }

    private static Prompt prompt(String question) {
        return new Prompt(List.of(new SystemMessage(SYSTEM), new UserMessage(question)));
    }

    private static String text(List<ChatResponse> chunks) {
        StringBuilder text = new StringBuilder();
        for (ChatResponse chunk : chunks) {
            if (chunk.getResult() != null && chunk.getResult().getOutput().getText() != null) {
                text.append(chunk.getResult().getOutput().getText());
            }
        }
        return text.toString();
    }
}
