package dev.llmassert.springai;

import dev.llmassert.core.criteria.CriteriaCatalog;
import dev.llmassert.core.record.RecordingMode;
import dev.llmassert.core.testing.LoopbackChatServer;
import dev.llmassert.core.testing.LoopbackChatServer.Reply;
import dev.llmassert.junit.LlmJudge;
import dev.llmassert.junit.testing.Runs;
import dev.llmassert.springai.boot.support.LoopbackSupportModel;
import dev.llmassert.springai.testing.SpringAiLoopback;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import org.junit.platform.testkit.engine.EngineExecutionResults;
import org.springframework.ai.chat.model.ChatModel;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.test.annotation.DirtiesContext;
import org.springframework.test.context.junit.jupiter.SpringJUnitConfig;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import static dev.llmassert.junit.testing.Runs.failureOf;
import static dev.llmassert.junit.testing.Runs.failures;
import static dev.llmassert.junit.testing.Runs.reportEntries;
import static dev.llmassert.springai.SpringAiAssertions.assertThat;
import static dev.llmassert.springai.SpringAiAssertions.assertThatThrownBy;

/**
 * A Spring AI model as the judge ({@link SpringAiJudge}): Spring AI's real OpenAI client against the loopback server
 * judges groundedness and criteria, its calls recorded on the first run and replayed with the server stopped, and its
 * name is the judge's.
 */
class SpringAiJudgeTest {

    static final String MANUAL = "To reset the router, hold the red button for ten seconds. "
            + "The lights blink green when the reset is done.";
    static final String BASE_URL = "test.judge.base-url";

    @TempDir
    Path dir;

    private final LoopbackChatServer server = LoopbackChatServer.start();

    @AfterEach
    void stop() {
        server.close();
        System.clearProperty(BASE_URL);
    }

    @Test
    void theContextsModelJudgesRecordedThenReplayedWithTheServerStopped() {
        server.respondWith(request -> request.lastUserMessage().contains("STATEMENT:")
                ? LoopbackSupportModel.reply(request)
                : Reply.content("{\"explanation\": \"One short sentence.\", \"selectedOption\": \"Concise\","
                        + " \"feedback\": \"\"}"));
        System.setProperty(BASE_URL, server.baseUrl());

        EngineExecutionResults recording = run(JudgedBySpringAi.class, RecordingMode.RECORD_MISSING);

        assertThat(failures(recording)).isEmpty();
        int calls = server.requestCount();
        assertThat(calls).as("2 sentences, 1 invented sentence, 1 criteria").isEqualTo(4);
        assertThat(check(recording, "grounded"))
                .containsEntry("llmassert.judge", "openai:gpt-4o-mini")
                .containsEntry("llmassert.replayed", "false");

        server.close();
        EngineExecutionResults replay = run(JudgedBySpringAi.class, RecordingMode.REPLAY);

        assertThat(failures(replay)).isEmpty();
        assertThat(server.requestCount()).isEqualTo(calls);
        assertThat(check(replay, "grounded"))
                .containsEntry("llmassert.replayed", "true")
                .containsEntry("llmassert.score", check(recording, "grounded").get("llmassert.score"));
    }

    @Test
    void aModelGivenInCodeJudgesOutsideSpring() {
        server.respondWith(LoopbackSupportModel::reply);
        System.setProperty(BASE_URL, server.baseUrl());

        EngineExecutionResults results = run(JudgedByAGivenModel.class, RecordingMode.RECORD_MISSING);

        assertThat(failures(results)).isEmpty();
        assertThat(server.requestCount()).isEqualTo(2);
    }

    @Test
    void noModelBeanTwoBeansAndAMissingNameEachSayWhatToDo() {
        assertThat(failureOf(run(NoModelBean.class, RecordingMode.REPLAY), "judged"))
                .hasMessageContaining("found no Spring AI ChatModel bean")
                .hasMessageContaining("SpringAiJudge.of(chatModel)");
        assertThat(failureOf(run(TwoModelBeans.class, RecordingMode.REPLAY), "judged"))
                .hasMessageContaining("found 2 Spring AI ChatModel beans")
                .hasMessageContaining("appModel, judgeModel")
                .hasMessageContaining("SpringAiJudge.bean(\"appModel\")");
        assertThat(failureOf(run(NamedMissingBean.class, RecordingMode.REPLAY), "judged"))
                .hasMessageContaining("SpringAiJudge.bean(\"judge\") names no Spring AI ChatModel bean")
                .hasMessageContaining("appModel, judgeModel");
        assertThat(failureOf(run(NotSpring.class, RecordingMode.REPLAY), "judged"))
                .hasMessageContaining("does not run in one")
                .hasMessageContaining("@SpringBootTest");
    }

    private EngineExecutionResults run(Class<?> fixture, RecordingMode mode) {
        return Runs.run(fixture, "llmassert.recordings.mode", mode.id(), "llmassert.recordings.dir", dir.toString());
    }

    private static Map<String, String> check(EngineExecutionResults results, String method) {
        List<Map<String, String>> checks = reportEntries(results, method).stream()
                .filter(e -> e.containsKey("llmassert.check"))
                .toList();
        assertThat(checks).hasSize(1);
        return checks.get(0);
    }

    /** The application context's one model. */
    @Configuration
    static class OneModel {
        @Bean
        ChatModel appModel() {
            return SpringAiLoopback.chatModel(System.getProperty(BASE_URL, SpringAiLoopback.CLOSED));
        }
    }

    @Configuration
    static class TwoModels {
        @Bean
        ChatModel appModel() {
            return SpringAiLoopback.chatModel(SpringAiLoopback.CLOSED);
        }

        @Bean
        ChatModel judgeModel() {
            return SpringAiLoopback.chatModel(SpringAiLoopback.CLOSED, "gpt-4o");
        }
    }

    @Configuration
    static class NoModel {}

    @SpringJUnitConfig(OneModel.class)
    @LlmJudge
    @ExtendWith(SpringAiJudge.class)
    @DirtiesContext
    static class JudgedBySpringAi {

        @Test
        void grounded() {
            assertThat("Hold the red button for ten seconds. The lights blink green when it is done.")
                    .isGroundedIn(MANUAL)
                    .withMinScore(0.7);
        }

        @Test
        void invented() {
            assertThatThrownBy(() -> assertThat("Routers brew espresso every morning.")
                            .isGroundedIn(MANUAL)
                            .withMinScore(0.7))
                    .hasMessageContaining("Judge: openai:gpt-4o-mini (");
        }

        @Test
        void concise() {
            assertThat("Hold the red button.")
                    .meets(CriteriaCatalog.CONCISENESS)
                    .withOption("Concise");
        }
    }

    @LlmJudge
    static class JudgedByAGivenModel {

        @RegisterExtension
        static SpringAiJudge judge = SpringAiJudge.of(SpringAiLoopback.chatModel(System.getProperty(BASE_URL)));

        @Test
        void grounded() {
            assertThat("Hold the red button for ten seconds. The lights blink green when it is done.")
                    .isGroundedIn(MANUAL)
                    .withMinScore(0.7);
        }
    }

    @SpringJUnitConfig(NoModel.class)
    @LlmJudge
    @ExtendWith(SpringAiJudge.class)
    static class NoModelBean {
        @Test
        void judged() {}
    }

    @SpringJUnitConfig(TwoModels.class)
    @LlmJudge
    @ExtendWith(SpringAiJudge.class)
    static class TwoModelBeans {
        @Test
        void judged() {}
    }

    @SpringJUnitConfig(TwoModels.class)
    @LlmJudge
    static class NamedMissingBean {

        @RegisterExtension
        static SpringAiJudge judge = SpringAiJudge.bean("judge");

        @Test
        void judged() {}
    }

    @LlmJudge
    @ExtendWith(SpringAiJudge.class)
    static class NotSpring {
        @Test
        void judged() {}
    }
}
