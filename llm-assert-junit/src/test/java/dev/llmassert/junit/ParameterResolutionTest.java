package dev.llmassert.junit;

import dev.langchain4j.model.chat.ChatModel;
import dev.llmassert.core.config.ConfigKeys;
import dev.llmassert.core.groundedness.GroundednessJudge;
import dev.llmassert.core.testing.ScriptedChatModel;
import dev.llmassert.junit.internal.config.ExtensionState;
import dev.llmassert.junit.testing.Runs;
import dev.llmassert.junit.testing.WordOverlapJudge;
import dev.llmassert.junit.testing.WordOverlapJudgeExtension;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.ClassOrderer;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestReporter;
import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.jupiter.api.extension.ParameterContext;
import org.junit.jupiter.api.extension.ParameterResolutionException;
import org.junit.jupiter.api.extension.ParameterResolver;
import org.junit.platform.testkit.engine.EngineExecutionResults;
import org.junit.platform.testkit.engine.EngineTestKit;

import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicReference;

import static dev.llmassert.junit.LlmAssertions.assertThat;
import static dev.llmassert.junit.LlmAssertions.assertThatThrownBy;
import static dev.llmassert.junit.testing.Runs.failureOf;
import static dev.llmassert.junit.testing.Runs.reportEntries;
import static dev.llmassert.junit.testing.Runs.run;
import static org.junit.platform.engine.discovery.DiscoverySelectors.selectClass;

/** The judges injected into constructors, lifecycle methods and test methods. */
class ParameterResolutionTest {

    @Test
    void judgeIsInjectedEverywhereAndBuiltOncePerConfiguration() {
        EngineExecutionResults results = run(InjectsJudge.class);

        results.testEvents().assertStatistics(s -> s.started(3).succeeded(3));
        String first = judgeIdentity(results, "first");
        assertThat(judgeIdentity(results, "second")).isEqualTo(first);
        assertThat(judgeIdentity(results, "otherConfiguration")).isNotEqualTo(first);
        assertThat(Runs.reportEntries(results)).contains(Map.of("beforeAllIdentity", first));
        assertThat(reportEntries(results, "first")).contains(Map.of("judge", "local:all-minilm-l6-v2-q"));
    }

    @Test
    void chatModelOfTheLocalJudgeCannotBeResolvedAndTheMessageSaysWhatToChange() {
        Throwable failure = failureOf(run(AsksForChatModel.class), "chatModel");

        assertThat(failure)
                .isInstanceOf(ParameterResolutionException.class)
                .hasMessageContainingAll(
                        "the judge provider is 'local', which judges without a chat model",
                        "@LlmJudge(provider = \"openai\", model = \"gpt-4o-mini\")",
                        "-D" + ConfigKeys.JUDGE_PROVIDER + "=openai",
                        AsksForChatModel.class.getName() + ".chatModel(...)");
    }

    @Test
    void judgeChatModelThatCannotBeBuiltFailsWithTheJudgeName() {
        // Mode off: every call would go to the model. (A replaying mode gets a stand-in; see RecordAndReplayTest.)
        Throwable failure = failureOf(
                run(
                        AsksForChatModel.class,
                        ConfigKeys.JUDGE_PROVIDER,
                        "openai",
                        ConfigKeys.JUDGE_API_KEY_ENV,
                        "JUDGE_TEST_NO_SUCH_KEY",
                        ConfigKeys.RECORDINGS_MODE,
                        "off"),
                "chatModel");

        assertThat(failure).isInstanceOf(ParameterResolutionException.class);
        assertThat(failure).rootCause().isNotNull();
        assertThat(failure.getCause())
                .hasMessageContaining("Could not build the judge chat model for openai:gpt-4o-mini");
    }

    @Test
    void suppliedChatModelIsInjected() {
        EngineExecutionResults results = run(SuppliedChatModel.class);

        results.testEvents().assertStatistics(s -> s.started(1).succeeded(1));
    }

    @Test
    void aJudgeBuiltOnASuppliedChatModelIsClosedWithTheClassThatSuppliedIt() {
        EngineExecutionResults results = EngineTestKit.engine("junit-jupiter")
                .selectors(selectClass(SuppliedModelFirst.class), selectClass(SuppliedModelThen.class))
                .configurationParameter("junit.jupiter.testclass.order.default", ClassOrderer.ClassName.class.getName())
                .execute();

        assertThat(Runs.failures(results)).isEmpty();
        results.testEvents().assertStatistics(s -> s.started(2).succeeded(2));
    }

    @Test
    void suppliedJudgeIsInjectedInNestedClassesToo() {
        EngineExecutionResults results = run(SuppliedJudge.class);

        results.testEvents().assertStatistics(s -> s.started(2).succeeded(2));
        assertThat(reportEntries(results, "outer")).contains(Map.of("judge", WordOverlapJudge.NAME));
        assertThat(reportEntries(results, "inner")).contains(Map.of("judge", WordOverlapJudge.NAME));
    }

    @Test
    void aParameterAnnotatedLocalGetsTheLocalJudgeInAClassConfiguredForAnLlmProvider() {
        EngineExecutionResults results = run(LocalBesideAnLlmJudge.class);

        results.testEvents().assertStatistics(s -> s.started(2).succeeded(2));
        assertThat(reportEntries(results, "both"))
                .contains(Map.of("local", "local:all-minilm-l6-v2-q"), Map.of("configured", "openai:gpt-4o-mini"));
        assertThat(Runs.reportEntries(results)).contains(Map.of("constructor", "local:all-minilm-l6-v2-q"));
        assertThat(judgeIdentity(results, "sameJudgeForTheRun")).isEqualTo(judgeIdentity(results, "both"));
    }

    @Test
    void localOnAParameterOfAnotherTypeSaysWhatToDeclare() {
        Throwable failure = failureOf(run(LocalOnAChatModel.class), "chatModel");

        assertThat(failure)
                .isInstanceOf(ParameterResolutionException.class)
                .hasMessageContainingAll(
                        "@LlmJudge.Local gives the local groundedness judge, and the parameter is " + "a ChatModel",
                        "Fix: declare it as GroundednessJudge",
                        LocalOnAChatModel.class.getName() + ".chatModel(...)");
    }

    private static String judgeIdentity(EngineExecutionResults results, String method) {
        List<String> identities = reportEntries(results, method).stream()
                .filter(e -> e.containsKey("identity"))
                .map(e -> e.get("identity"))
                .toList();
        assertThat(identities).hasSize(1);
        return identities.get(0);
    }

    @LlmJudge
    static class InjectsJudge {

        private final GroundednessJudge fromConstructor;
        private GroundednessJudge fromBeforeEach;

        InjectsJudge(GroundednessJudge judge) {
            this.fromConstructor = judge;
        }

        @BeforeAll
        static void beforeAll(GroundednessJudge judge, TestReporter reporter) {
            reporter.publishEntry("beforeAllIdentity", String.valueOf(System.identityHashCode(judge)));
        }

        @BeforeEach
        void beforeEach(GroundednessJudge judge) {
            this.fromBeforeEach = judge;
        }

        @Test
        void first(GroundednessJudge judge, TestReporter reporter) {
            report(judge, reporter);
        }

        @Test
        void second(GroundednessJudge judge, TestReporter reporter) {
            report(judge, reporter);
        }

        @Test
        @LlmJudge(concurrency = 2)
        void otherConfiguration(GroundednessJudge judge, TestReporter reporter) {
            reporter.publishEntry("identity", String.valueOf(System.identityHashCode(judge)));
        }

        private void report(GroundednessJudge judge, TestReporter reporter) {
            assertThat(judge).isSameAs(fromConstructor).isSameAs(fromBeforeEach);
            reporter.publishEntry("identity", String.valueOf(System.identityHashCode(judge)));
            reporter.publishEntry("judge", judge.name());
        }
    }

    @LlmJudge(provider = "openai", model = "gpt-4o-mini")
    @ExtendWith(ScriptedChatModelExtension.class)
    static class LocalBesideAnLlmJudge {

        LocalBesideAnLlmJudge(@LlmJudge.Local GroundednessJudge local, TestReporter reporter) {
            reporter.publishEntry("constructor", local.name());
        }

        @Test
        void both(@LlmJudge.Local GroundednessJudge local, GroundednessJudge configured, TestReporter reporter) {
            reporter.publishEntry("local", local.name());
            reporter.publishEntry("configured", configured.name());
            reporter.publishEntry("identity", String.valueOf(System.identityHashCode(local)));
            assertThat("Hold the reset button for ten seconds.")
                    .usingJudge(local)
                    .isGroundedIn("Hold the reset button for ten seconds.")
                    .withMinScore(0.9);
        }

        @Test
        void sameJudgeForTheRun(@LlmJudge.Local GroundednessJudge local, TestReporter reporter) {
            reporter.publishEntry("identity", String.valueOf(System.identityHashCode(local)));
        }
    }

    @LlmJudge
    static class LocalOnAChatModel {
        @Test
        void chatModel(@LlmJudge.Local ChatModel model) {}
    }

    @LlmJudge
    static class AsksForChatModel {
        @Test
        void chatModel(ChatModel model) {}
    }

    /** Supplies a chat model the way a recording extension would. */
    static class ScriptedChatModelExtension implements BeforeAllCallback {
        @Override
        public void beforeAll(ExtensionContext context) {
            LlmAssertExtension.useChatModel(context, ScriptedChatModel.replying("pong"));
        }
    }

    @LlmJudge(provider = "openai")
    @ExtendWith(ScriptedChatModelExtension.class)
    static class SuppliedChatModel {
        @Test
        void chatModel(ChatModel model) {
            assertThat(model).isInstanceOf(ScriptedChatModel.class);
            assertThat(model.chat("ping")).isEqualTo("pong");
        }
    }

    /** Hands a judge from one class of a run to the next, through the root store. */
    static class JudgeHandoff implements ParameterResolver {

        final AtomicReference<GroundednessJudge> judge = new AtomicReference<>();

        @Override
        public boolean supportsParameter(ParameterContext parameterContext, ExtensionContext extensionContext) {
            return parameterContext.getParameter().getType() == JudgeHandoff.class;
        }

        @Override
        public Object resolveParameter(ParameterContext parameterContext, ExtensionContext extensionContext) {
            return ExtensionState.getOrCompute(
                    extensionContext.getRoot().getStore(ExtensionContext.Namespace.create(JudgeHandoff.class)),
                    JudgeHandoff.class,
                    JudgeHandoff::new,
                    JudgeHandoff.class);
        }
    }

    @LlmJudge(provider = "openai")
    @ExtendWith({ScriptedChatModelExtension.class, JudgeHandoff.class})
    static class SuppliedModelFirst {
        @Test
        void handOver(GroundednessJudge judge, JudgeHandoff handoff) {
            handoff.judge.set(judge);
        }
    }

    @ExtendWith(JudgeHandoff.class)
    static class SuppliedModelThen {
        @Test
        void judgeOfTheFinishedClassIsClosed(JudgeHandoff handoff) {
            assertThat(handoff.judge.get()).as("handed over by the first class").isNotNull();
            assertThatThrownBy(() -> handoff.judge.get().judge("Hold the button.", List.of("Hold the button.")))
                    .isInstanceOf(IllegalStateException.class)
                    .hasMessageContaining("is closed");
        }
    }

    @LlmJudge
    @ExtendWith(WordOverlapJudgeExtension.class)
    static class SuppliedJudge {
        @Test
        void outer(GroundednessJudge judge, TestReporter reporter) {
            reporter.publishEntry("judge", judge.name());
        }

        @Nested
        class Inner {
            @Test
            void inner(GroundednessJudge judge, TestReporter reporter) {
                reporter.publishEntry("judge", judge.name());
            }
        }
    }
}
