package dev.llmassert.springai;

import dev.llmassert.core.config.ConfigKeys;
import dev.llmassert.core.record.RecordingMode;
import dev.llmassert.core.record.Recordings;
import dev.llmassert.core.testing.LoopbackChatServer;
import dev.llmassert.core.testing.LoopbackChatServer.Reply;
import dev.llmassert.junit.LlmJudge;
import dev.llmassert.junit.testing.Runs;
import dev.llmassert.springai.internal.RecordingSpringAiChatModel;
import dev.llmassert.springai.testing.SpringAiLoopback;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.extension.Extension;
import org.junit.jupiter.api.io.TempDir;
import org.junit.platform.testkit.engine.EngineExecutionResults;
import org.mockito.Mockito;
import org.springframework.ai.chat.messages.AssistantMessage;
import org.springframework.ai.chat.model.ChatModel;
import org.springframework.ai.chat.model.ChatResponse;
import org.springframework.ai.chat.model.Generation;
import org.springframework.ai.chat.prompt.Prompt;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.beans.factory.annotation.Qualifier;
import org.springframework.boot.test.system.CapturedOutput;
import org.springframework.boot.test.system.OutputCaptureExtension;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.test.annotation.DirtiesContext;
import org.springframework.test.context.bean.override.mockito.MockitoBean;
import org.springframework.test.context.junit.jupiter.SpringJUnitConfig;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static dev.llmassert.junit.testing.Runs.failureOf;
import static dev.llmassert.junit.testing.Runs.failures;
import static dev.llmassert.springai.SpringAiAssertions.assertThat;

/**
 * The rules of the Spring Boot wiring for the application's {@code ChatModel} beans, each with Spring AI's real OpenAI
 * client against the loopback server: every bean is recorded (two beans, two models, one file); a bean the test
 * replaced with {@code @MockitoBean} is the test's and left alone; {@code llmassert.spring-ai.record=off} leaves every
 * bean alone, and a value it cannot use fails naming it; a call from {@code @BeforeEach} says where calls are
 * recorded; a class without {@code @LlmJudge} gets no wiring.
 */
class SpringWiringRulesTest {

    static final String BASE_URL = "test.wiring.base-url";

    @TempDir
    Path dir;

    private final LoopbackChatServer server = LoopbackChatServer.start()
            .respondWith(request ->
                    Reply.content("Answer of " + request.json().path("model").asText() + "."));

    @AfterEach
    void stop() {
        server.close();
        System.clearProperty(BASE_URL);
    }

    @Test
    void twoBeansAreEachRecordedAndReplayed() throws IOException {
        System.setProperty(BASE_URL, server.baseUrl());
        assertThat(failures(run(TwoBeans.class, RecordingMode.RECORD_MISSING))).isEmpty();
        assertThat(server.requestCount()).isEqualTo(2);
        String file = Files.readString(Recordings.fileFor(dir, TwoBeans.class.getName()));
        assertThat(file).contains("\"model\": \"gpt-4o-mini\"").contains("\"model\": \"gpt-4o\"");

        server.close();
        assertThat(failures(run(TwoBeans.class, RecordingMode.REPLAY))).isEmpty();
        assertThat(server.requestCount()).isEqualTo(2);
    }

    @Test
    void aMockitoBeanIsTheTestsOwnAndNeverRecorded() {
        assertThat(failures(run(MockedBean.class, RecordingMode.RECORD_MISSING)))
                .isEmpty();
        assertThat(Recordings.fileFor(dir, MockedBean.class.getName())).doesNotExist();
        assertThat(server.requestCount()).isZero();
    }

    @Test
    void recordOffLeavesTheBeansAloneAndTheirCallsGoLive() {
        System.setProperty(BASE_URL, server.baseUrl());

        EngineExecutionResults results = run(OneBean.class, RecordingMode.REPLAY, ConfigKeys.SPRING_AI_RECORD, "off");

        assertThat(failures(results)).isEmpty();
        assertThat(server.requestCount())
                .as("called live although the mode replays")
                .isEqualTo(1);
        assertThat(Recordings.fileFor(dir, OneBean.class.getName())).doesNotExist();
    }

    @Test
    void aLiveCallThatFailsWithRecordOffSaysWhy() {
        System.setProperty(BASE_URL, SpringAiLoopback.CLOSED);

        Throwable failure =
                failureOf(run(OneBean.class, RecordingMode.REPLAY, ConfigKeys.SPRING_AI_RECORD, "off"), "answers");

        assertThat(failure.getSuppressed())
                .anySatisfy(s -> assertThat(s.getMessage())
                        .contains("was called live, not recorded, because llmassert.spring-ai.record=off")
                        .contains("remove llmassert.spring-ai.record=off"));
    }

    @Test
    void aValueOfTheKeyThatCannotBeUsedFailsNamingIt() {
        System.setProperty(BASE_URL, server.baseUrl());

        Throwable failure =
                failureOf(run(OneBean.class, RecordingMode.REPLAY, ConfigKeys.SPRING_AI_RECORD, "of"), "answers");

        assertThat(failure)
                .hasMessageContaining("'llmassert.spring-ai.record': 'of'")
                .hasMessageContaining("Allowed: on, off");
        assertThat(server.requestCount()).isZero();
    }

    @Test
    void aCallOutsideTheTestMethodSaysWhereCallsAreRecorded() {
        System.setProperty(BASE_URL, server.baseUrl());

        Throwable failure = failureOf(run(CallsInBeforeEach.class, RecordingMode.RECORD_MISSING), "answers");

        assertThat(failure)
                .hasMessageContaining("was called while no @LlmJudge test method runs")
                .hasMessageContaining("@BeforeEach");
        assertThat(server.requestCount()).isZero();
    }

    @Test
    @ExtendWith(OutputCaptureExtension.class)
    void anApplicationContextWithNoModelBeanSaysThereIsNothingToRecord(CapturedOutput output) {
        assertThat(failures(run(NoModelBean.class, RecordingMode.REPLAY))).isEmpty();

        assertThat(output.getAll())
                .contains("SpringWiringRulesTest$NoModelBean is an @LlmJudge test of a Spring application context with"
                        + " no Spring AI ChatModel bean")
                .contains("set llmassert.spring-ai.record=off when the test needs no model");
    }

    @Test
    void aClassWithoutLlmJudgeGetsNoWiring() {
        System.setProperty(BASE_URL, server.baseUrl());

        assertThat(failures(run(NotJudged.class, RecordingMode.REPLAY))).isEmpty();
        assertThat(server.requestCount()).isEqualTo(1);
    }

    private EngineExecutionResults run(Class<?> fixture, RecordingMode mode, String... more) {
        String[] parameters = new String[4 + more.length];
        parameters[0] = "llmassert.recordings.mode";
        parameters[1] = mode.id();
        parameters[2] = "llmassert.recordings.dir";
        parameters[3] = dir.toString();
        System.arraycopy(more, 0, parameters, 4, more.length);
        return Runs.run(fixture, parameters);
    }

    private static String ask(ChatModel model) {
        return model.call(new Prompt("How do I reset the router?"))
                .getResult()
                .getOutput()
                .getText();
    }

    @Configuration
    static class TwoModels {
        @Bean
        ChatModel appModel() {
            return SpringAiLoopback.chatModel(System.getProperty(BASE_URL, SpringAiLoopback.CLOSED));
        }

        @Bean
        ChatModel summaryModel() {
            return SpringAiLoopback.chatModel(System.getProperty(BASE_URL, SpringAiLoopback.CLOSED), "gpt-4o");
        }
    }

    @Configuration
    static class OneModel {
        @Bean
        ChatModel appModel() {
            return SpringAiLoopback.chatModel(System.getProperty(BASE_URL, SpringAiLoopback.CLOSED));
        }
    }

    @SpringJUnitConfig(TwoModels.class)
    @LlmJudge
    @DirtiesContext
    static class TwoBeans {

        @Autowired
        @Qualifier("appModel")
        ChatModel app;

        @Autowired
        @Qualifier("summaryModel")
        ChatModel summary;

        @Test
        void answers() {
            assertThat(app).isInstanceOf(RecordingSpringAiChatModel.class);
            assertThat(ask(app)).isEqualTo("Answer of gpt-4o-mini.");
            assertThat(ask(summary)).isEqualTo("Answer of gpt-4o.");
        }
    }

    @SpringJUnitConfig(OneModel.class)
    @LlmJudge
    @DirtiesContext
    static class MockedBean {

        @MockitoBean
        ChatModel appModel;

        @Autowired
        ChatModel model;

        @Test
        void answers() {
            Mockito.when(appModel.call(Mockito.any(Prompt.class)))
                    .thenReturn(new ChatResponse(List.of(new Generation(new AssistantMessage("Stubbed.")))));
            assertThat(model).isSameAs(appModel);
            assertThat(ask(model)).isEqualTo("Stubbed.");
        }
    }

    @SpringJUnitConfig(OneModel.class)
    @LlmJudge
    @DirtiesContext
    static class OneBean {

        @Autowired
        ChatModel model;

        @Test
        void answers() {
            assertThat(ask(model)).isEqualTo("Answer of gpt-4o-mini.");
        }
    }

    @SpringJUnitConfig(OneModel.class)
    @LlmJudge
    @DirtiesContext
    static class CallsInBeforeEach {

        @Autowired
        ChatModel model;

        @BeforeEach
        void warmUp() {
            ask(model);
        }

        @Test
        void answers() {}
    }

    @Configuration
    static class NoModel {}

    @SpringJUnitConfig(NoModel.class)
    @LlmJudge
    @DirtiesContext
    static class NoModelBean {
        @Test
        void answers() {}
    }

    @SpringJUnitConfig(OneModel.class)
    @ExtendWith(NoExtension.class)
    @DirtiesContext
    static class NotJudged {

        @Autowired
        ChatModel model;

        @Test
        void answers() {
            assertThat(model).isNotInstanceOf(RecordingSpringAiChatModel.class);
            assertThat(ask(model)).isEqualTo("Answer of gpt-4o-mini.");
        }
    }

    /** No llm-assert extension: a plain Spring test. */
    static class NoExtension implements Extension {}
}
