package dev.llmassert.core.record;

import dev.langchain4j.model.chat.ChatModel;
import dev.langchain4j.model.chat.request.ChatRequest;
import dev.llmassert.core.testing.LoopbackChatServer;
import dev.llmassert.core.testing.LoopbackChatServer.Reply;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;

import static dev.llmassert.core.record.Loopback.SYSTEM;
import static dev.llmassert.core.record.Loopback.judgeRequest;
import static dev.llmassert.core.record.Loopback.openAi;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

/** A replay miss names the key, the test, the file, the request and how it differs from the nearest recording. */
class ReplayMissMessageTest {

    private static final String SOURCE =
            "Source: The router has a reset button. Hold it for ten seconds. " + "The lights blink twice.";

    @TempDir
    Path dir;

    private LoopbackChatServer server;
    private Path file;

    @BeforeEach
    void recordTwoRequests() {
        file = Recordings.fileFor(dir, "com.example.SupportBotTest");
        server = LoopbackChatServer.start();
        server.respondWith(request -> Reply.content("Score: 10"));
        ChatModel model = openAi(server);
        try (RecordingStore store = RecordingStore.create();
                RecordingSession session = store.file(file).openSession(RecordingMode.RECORD_MISSING, "recording")) {
            session.wrap(model).chat(judgeRequest(SOURCE + "\nStatement: hold the button."));
            session.wrap(model).chat(judgeRequest("Source: Paris is in France.\nStatement: Paris is French."));
        }
    }

    @AfterEach
    void stop() {
        server.close();
    }

    private RecordingMissException replay(ChatModel model, ChatRequest request) {
        int before = server.requestCount();
        try (RecordingStore store = RecordingStore.create();
                RecordingSession session = store.file(file)
                        .openSession(RecordingMode.REPLAY, "com.example.SupportBotTest.resetsTheRouter()")) {
            RecordingMissException miss = catchThrowableOfType(
                    RecordingMissException.class, () -> session.wrap(model).chat(request));
            assertThat(server.requestCount())
                    .as("a replay miss never calls the model")
                    .isEqualTo(before);
            return miss;
        }
    }

    @Test
    void anEditedSystemLineIsNamedWithTheKeyTestFileAndTheCommandToRecord() {
        String edited = SYSTEM.replace("Score from 0 to 10.", "Score from 0 to 5.");
        ChatModel model = openAi(server);
        RecordingMissException miss = replay(model, judgeRequest(edited, SOURCE + "\nStatement: hold the button."));

        String key = RecordingKeys.keyOf(model, judgeRequest(edited, SOURCE + "\nStatement: hold the button."));
        assertThat(miss.key()).isEqualTo(key);
        assertThat(miss.file()).isEqualTo(file.toAbsolutePath());
        assertThat(miss.getMessage())
                .contains("key:     " + key)
                .contains("test:    com.example.SupportBotTest.resetsTheRouter()")
                .contains("file:    " + file.toAbsolutePath())
                .contains("model gpt-4o-mini, temperature 0.0, 2 messages:")
                .contains("the system message differs at line 3: recorded 'Score from 0 to 10.' vs now "
                        + "'Score from 0 to 5.'")
                .doesNotContain("the user message differs")
                .contains("-Dllmassert.recordings.mode=record-missing");
    }

    @Test
    void aMissNamesWhoseModelMissedAndTheKeyRecordingItNeeds() {
        ChatRequest request = judgeRequest("Source: Paris is in France.\nStatement: Paris is in Spain.");
        try (RecordingStore store = RecordingStore.create();
                RecordingSession session = store.file(file).openSession(RecordingMode.REPLAY, "t")) {
            ChatModel model = new RefusingModel();

            assertThat(catchThrowableOfType(
                                    RecordingMissException.class,
                                    () -> session.wrap(model, RecordedModel.simulatedUser())
                                            .chat(request))
                            .getMessage())
                    .startsWith("No recording for this request of the simulated user's model (mode replay,")
                    .contains("=record-missing) with the key the simulated user's model needs (as you configured it),"
                            + " then commit ");
            assertThat(catchThrowableOfType(
                                    RecordingMissException.class,
                                    () -> session.wrapApplication(model).chat(request))
                            .getMessage())
                    .startsWith("No recording for this request of the application's model")
                    .contains("with the key the application's model needs (your application reads it; llm-assert"
                            + " never does)");
            assertThat(catchThrowableOfType(
                                    RecordingMissException.class,
                                    () -> session.wrap(model, RecordedModel.judge("OPENAI_API_KEY"))
                                            .chat(request))
                            .getMessage())
                    .startsWith("No recording for this request of the judge")
                    .contains("with the judge's API key in the environment variable OPENAI_API_KEY (named by"
                            + " llmassert.judge.api-key-env)")
                    .doesNotContain("application");
        }
    }

    @Test
    void anEditedSentenceOfTheUserMessageIsNamed() {
        String user = SOURCE.replace("ten seconds", "five seconds") + "\nStatement: hold the button.";
        RecordingMissException miss = replay(openAi(server), judgeRequest(user));
        assertThat(miss.getMessage())
                .contains("the user message differs at line 1, sentence 2: "
                        + "recorded 'Hold it for ten seconds.' vs now 'Hold it for five seconds.'");
    }

    @Test
    void aDifferentTemperatureIsNamed() {
        RecordingMissException miss = replay(
                openAi(server, "gpt-4o-mini", 0.7, "k"),
                judgeRequest("Source: Paris is in France.\nStatement: Paris is French."));
        assertThat(miss.getMessage())
                .contains("temperature differs: recorded 0.0 vs now 0.7")
                .doesNotContain("message differs");
    }

    @Test
    void aDifferentModelIsNamed() {
        RecordingMissException miss = replay(
                openAi(server, "gpt-4o", 0.0, "k"),
                judgeRequest("Source: Paris is in France.\nStatement: Paris is French."));
        assertThat(miss.getMessage()).contains("model differs: recorded gpt-4o-mini vs now gpt-4o");
    }

    @Test
    void anEmptyFileSaysSo() {
        file = Recordings.fileFor(dir, "com.example.NothingRecordedTest");
        RecordingMissException miss = replay(openAi(server), judgeRequest("anything"));
        assertThat(miss.getMessage())
                .contains("The file has no recorded requests (it does not exist).")
                .contains("record-missing");
    }
}
