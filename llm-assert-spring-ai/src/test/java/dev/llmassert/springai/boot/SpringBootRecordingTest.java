package dev.llmassert.springai.boot;

import dev.llmassert.core.conversation.Conversation;
import dev.llmassert.core.record.RecordingMissException;
import dev.llmassert.core.record.RecordingMode;
import dev.llmassert.core.record.Recordings;
import dev.llmassert.core.testing.LoopbackChatServer;
import dev.llmassert.junit.LlmJudge;
import dev.llmassert.junit.testing.Runs;
import dev.llmassert.springai.ChatClientRecorder;
import dev.llmassert.springai.SpringAiConversations;
import dev.llmassert.springai.boot.support.LoopbackSupportModel;
import dev.llmassert.springai.boot.support.SupportApplication;
import dev.llmassert.springai.boot.support.SupportService;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.platform.testkit.engine.EngineExecutionResults;
import org.springframework.ai.chat.client.ChatClientResponse;
import org.springframework.ai.chat.memory.ChatMemory;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.test.annotation.DirtiesContext;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static dev.llmassert.junit.testing.Runs.failureOf;
import static dev.llmassert.junit.testing.Runs.failures;
import static dev.llmassert.springai.SpringAiAssertions.assertThat;

/**
 * The Spring Boot wiring, end to end: an {@code @SpringBootTest} with {@code @LlmJudge} of a support service whose
 * {@code ChatClient} (chat memory, a {@code QuestionAnswerAdvisor}, a {@code @Tool}) runs on Spring AI's real OpenAI
 * client against the loopback server. The first run records; the second replays with the server stopped; a changed
 * question is a miss that shows both questions.
 */
class SpringBootRecordingTest {

    static final String BASE_URL = "spring.ai.openai.base-url";
    static final String QUESTION = "support.question";

    @TempDir
    Path dir;

    private final LoopbackChatServer server = LoopbackChatServer.start().respondWith(LoopbackSupportModel::reply);

    @AfterEach
    void stop() {
        server.close();
        System.clearProperty(BASE_URL);
        System.clearProperty(QUESTION);
    }

    @Test
    void theFirstRunRecordsAndTheNextReplaysWithTheServerStopped() throws IOException {
        System.setProperty(BASE_URL, server.baseUrl());
        EngineExecutionResults recording = run(SupportTest.class, RecordingMode.RECORD_MISSING);

        assertThat(failures(recording)).isEmpty();
        recording.testEvents().assertStatistics(s -> s.started(4).succeeded(4));
        int calls = server.requestCount();
        assertThat(calls)
                .as("1 manual answer, 2 for the order (tool call, answer), 3 for the conversation, 1 stream")
                .isEqualTo(7);
        Path file = Recordings.fileFor(dir, SupportTest.class.getName());
        String recorded = Files.readString(file);
        assertThat(recorded)
                .contains("\"model\": \"gpt-4o-mini\"")
                .contains("orderStatus")
                .contains(LoopbackSupportModel.ORDER_ANSWER)
                .doesNotContain("sk-loopback-test");

        server.close();
        EngineExecutionResults replay = run(SupportTest.class, RecordingMode.REPLAY);

        assertThat(failures(replay)).isEmpty();
        replay.testEvents().assertStatistics(s -> s.started(4).succeeded(4));
        assertThat(server.requestCount()).as("nothing reached the network").isEqualTo(calls);
        assertThat(Files.readString(file)).as("replay never rewrites the file").isEqualTo(recorded);
    }

    @Test
    void aChangedQuestionIsAReplayMissThatShowsBothQuestions() {
        System.setProperty(BASE_URL, server.baseUrl());
        run(SupportTest.class, RecordingMode.RECORD_MISSING);
        server.close();
        String changed = "How do I restore the factory settings with the reset button?";
        System.setProperty(QUESTION, changed);

        EngineExecutionResults replay = run(SupportTest.class, RecordingMode.REPLAY);

        assertThat(failureOf(replay, "answersFromTheManual"))
                .isInstanceOf(RecordingMissException.class)
                .hasMessageContaining(SupportTest.RESET_QUESTION)
                .hasMessageContaining(changed)
                .hasMessageContaining("SupportTest.answersFromTheManual()");
    }

    private EngineExecutionResults run(Class<?> fixture, RecordingMode mode) {
        return Runs.run(fixture, "llmassert.recordings.mode", mode.id(), "llmassert.recordings.dir", dir.toString());
    }

    /** The support service's tests, as a team would write them. */
    @SpringBootTest(
            classes = SupportApplication.class,
            properties = {
                "spring.ai.openai.api-key=sk-loopback-test",
                "spring.ai.openai.chat.model=gpt-4o-mini",
                "spring.ai.openai.chat.temperature=0",
                "spring.ai.openai.max-retries=0",
                "spring.ai.model.embedding=none",
                "spring.ai.model.image=none",
                "spring.ai.model.audio.speech=none",
                "spring.ai.model.audio.transcription=none",
                "spring.ai.model.moderation=none"
            })
    @LlmJudge
    @DirtiesContext
    static class SupportTest {

        static final String RESET_QUESTION = "How do I restore the factory settings?";

        @Autowired
        SupportService support;

        @Autowired
        ChatClientRecorder recorder;

        @Autowired
        ChatMemory memory;

        @Test
        void answersFromTheManual() {
            ChatClientResponse response = support.ask("customer-1", System.getProperty(QUESTION, RESET_QUESTION));

            assertThat(response).sources().containsExactly(SupportApplication.RESET);
            assertThat(response).calledNoTool();
            assertThat(response).isGroundedInItsSources().withMinScore(0.7);
        }

        @Test
        void looksUpTheOrderWithItsTool() {
            ChatClientResponse response = support.ask("customer-2", "Where is my order NR-20417?");

            assertThat(response).calledTool("orderStatus").withArgument("orderNumber", "NR-20417");
            assertThat(response).isGroundedInToolResults().withMinScore(0.7);
        }

        @Test
        void remembersTheOrderNumber() {
            support.ask("customer-3", "My order number is NR-20417.");
            support.ask("customer-3", "When does it arrive?");

            Conversation conversation = recorder.conversation("customer-3");
            assertThat(conversation).hasAtMostTurns(2).remembers("NR-20417");
            assertThat(SpringAiConversations.of(memory, "customer-3").turnCount())
                    .isEqualTo(2);
        }

        @Test
        void streamsTheAnswer() {
            List<String> chunks = support.askStreaming("customer-4", "What is the warranty?")
                    .collectList()
                    .block();

            assertThat(chunks).hasSizeGreaterThan(3);
            assertThat(String.join("", chunks)).isEqualTo(LoopbackSupportModel.WARRANTY_ANSWER);
        }
    }
}
