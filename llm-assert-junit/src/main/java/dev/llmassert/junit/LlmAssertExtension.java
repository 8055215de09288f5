package dev.llmassert.junit;

import dev.langchain4j.model.chat.ChatModel;
import dev.llmassert.core.groundedness.GroundednessJudge;
import dev.llmassert.core.record.internal.ReplyTap;
import dev.llmassert.core.record.internal.ReplyTaps;
import dev.llmassert.junit.internal.CurrentTest;
import dev.llmassert.junit.internal.JudgeSupply;
import dev.llmassert.junit.internal.RecordingSupply;
import dev.llmassert.junit.internal.TestScope;
import dev.llmassert.junit.internal.config.ConfigurationResolver;
import dev.llmassert.junit.internal.config.ResolvedConfiguration;
import dev.llmassert.junit.internal.config.SettingAnnotations;
import dev.llmassert.junit.internal.message.Messages;
import dev.llmassert.junit.internal.mutation.MutationLaunch;
import dev.llmassert.junit.internal.repeat.RepeatedRuns;
import dev.llmassert.junit.internal.resolver.CompositeParameterResolver;
import org.apiguardian.api.API;
import org.junit.jupiter.api.extension.AfterAllCallback;
import org.junit.jupiter.api.extension.AfterEachCallback;
import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.BeforeEachCallback;
import org.junit.jupiter.api.extension.DynamicTestInvocationContext;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.jupiter.api.extension.InvocationInterceptor;
import org.junit.jupiter.api.extension.ParameterContext;
import org.junit.jupiter.api.extension.ParameterResolver;
import org.junit.jupiter.api.extension.ReflectiveInvocationContext;
import org.opentest4j.MultipleFailuresError;
import org.opentest4j.TestAbortedException;

import java.lang.reflect.Method;
import java.util.List;
import java.util.Optional;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;
import static org.apiguardian.api.API.Status.STABLE;

/**
 * The JUnit Jupiter extension behind {@link LlmJudge}: reads the configuration, builds the judges, injects them,
 * records and replays their calls, and checks after each test method what the assertions left open (an
 * {@code isGroundedIn(...)} or {@code meetsAll(...)} without a minimum, a {@code meets(...)} without an option or
 * minimum, an {@code isPreferredOver(...)} never finished with {@code on(...)}).
 *
 * <p>It resolves, in test methods, lifecycle methods and constructors: the test's {@link GroundednessJudge}; the
 * judge's {@link ChatModel}, recorded and replayed through the test's recording (so only with a model provider or
 * a supplied model), and the {@code DirectJudge} and {@code PairwiseJudge} built on it; {@code Criteria} and
 * {@code MultiCriteria} parameters annotated {@link LlmJudge.Criteria}; and the {@link Evaluator}.
 *
 * <p>One instance serves tests run in parallel. Consult the Javadoc for {@link LlmJudge} and {@link JudgeRecordings}
 * for details on the configuration.
 */
@API(status = STABLE, since = "0.1")
public class LlmAssertExtension
        implements BeforeAllCallback,
                BeforeEachCallback,
                AfterEachCallback,
                AfterAllCallback,
                ParameterResolver,
                InvocationInterceptor {

    private final ParameterResolver parameters = CompositeParameterResolver.forTheExtension(
            List.of(new LocalJudgeParameterResolver()),
            List.of(
                    new CriteriaParameterResolver(),
                    new TrajectoryRecorderParameterResolver(),
                    new ConversationRecorderParameterResolver(),
                    new EvaluatorParameterResolver()));

    /** Instantiated by JUnit through {@link LlmJudge} or {@code @ExtendWith}. */
    public LlmAssertExtension() {}

    /**
     * Makes every test under {@code context} (the root, a class or a method) use {@code judge} instead of one
     * built from the configuration. For extensions that bring their own judge: a test double, or a judge the
     * configuration cannot describe. Call it from a callback that runs before the tests, e.g. {@code beforeAll}.
     * The caller keeps ownership of {@code judge} and closes it.
     *
     * @param context the extension context whose tests use the judge
     * @param judge the judge
     */
    @API(status = EXPERIMENTAL, since = "0.1")
    public static void useGroundednessJudge(ExtensionContext context, GroundednessJudge judge) {
        if (context == null || judge == null) {
            throw new IllegalArgumentException(Messages.nullArgument(
                    "context and judge", "Pass the ExtensionContext of your callback and the judge to use."));
        }
        enter(context);
        JudgeSupply.supply(context, judge);
    }

    /**
     * Makes every test under {@code context} use {@code chatModel} as the judge chat model: it is injected into
     * {@link ChatModel} parameters, and the LLM groundedness judge of a model provider asks it. The caller keeps
     * ownership of {@code chatModel}; the judges the extension builds on it are closed when {@code context} ends. It
     * is used as given, not recorded: wrap it with {@code dev.llmassert.core.record.Recordings.wrap} to record and
     * replay it.
     *
     * @param context the extension context whose tests use the model
     * @param chatModel the judge chat model
     */
    @API(status = EXPERIMENTAL, since = "0.1")
    public static void useChatModel(ExtensionContext context, ChatModel chatModel) {
        if (context == null || chatModel == null) {
            throw new IllegalArgumentException(Messages.nullArgument(
                    "context and chatModel", "Pass the ExtensionContext of your callback and the chat model to use."));
        }
        enter(context);
        JudgeSupply.supply(context, chatModel);
    }

    /**
     * As {@link #useChatModel(ExtensionContext, ChatModel)}, but recorded and replayed through each test's
     * recordings, as a judge model built from the configuration is: for a judge model of another client, such as a
     * Spring AI {@code ChatModel} adapted to langchain4j's interface, that must judge offline in CI. Call it from a
     * callback that runs before the judges are used, e.g. {@code beforeEach}.
     *
     * @param context   the extension context whose tests use the model
     * @param chatModel the judge chat model, recorded and replayed through the recordings
     * @throws IllegalArgumentException if {@code context} or {@code chatModel} is {@code null}
     */
    @API(status = EXPERIMENTAL, since = "0.1")
    public static void useRecordedChatModel(ExtensionContext context, ChatModel chatModel) {
        if (context == null || chatModel == null) {
            throw new IllegalArgumentException(Messages.nullArgument(
                    "context and chatModel", "Pass the ExtensionContext of your callback and the chat model to use."));
        }
        JudgeSupply.supplyRecorded(context, chatModel);
    }

    /** Fails the class at once on a bad configuration, rather than in every test. */
    @Override
    public void beforeAll(ExtensionContext context) {
        enter(context);
        ConfigurationResolver.of(context);
    }

    /**
     * Fails the test at once on a bad configuration, including one made on the method, and on a recordings file
     * that cannot be used.
     */
    @Override
    public void beforeEach(ExtensionContext context) {
        enter(context);
        ResolvedConfiguration configuration = ConfigurationResolver.of(context);
        RecordingSupply.testStarted(context);
        MutationLaunch.testStarting(context);
        JudgeSupply.prepareRecording(context);
        if (configuration.calibration() != null) {
            // a calibration record of another judge fails the test before it runs, naming both judges
            JudgeSupply.groundednessJudge(context);
        }
    }

    /**
     * Publishes the trajectories of the test's {@link TrajectoryRecorder}s and the conversations of its
     * {@link ConversationRecorder}s as report entries, then saves what the
     * test recorded. A save that fails fails the test; when the test failed already, JUnit attaches
     * this failure to the test's own as suppressed, so it never hides it.
     */
    @Override
    public void afterEach(ExtensionContext context) {
        enter(context);
        AgentTrajectories.publish(context);
        ConversationRecorders.publish(context);
        MutationLaunch.testFinished(
                context,
                RecordingSupply.missedJudgeCalls(context),
                RepeatedRuns.isRun(context) ? context.getParent().orElseThrow().getUniqueId() : context.getUniqueId());
        RecordingSupply.closeSession(context);
    }

    /** Saves what was recorded at class level, and reports the recordings no test of the class used. */
    @Override
    public void afterAll(ExtensionContext context) {
        enter(context);
        RecordingSupply.classFinished(context);
    }

    @Override
    public boolean supportsParameter(ParameterContext parameterContext, ExtensionContext extensionContext) {
        enter(extensionContext);
        return parameters.supportsParameter(parameterContext, extensionContext);
    }

    @Override
    public Object resolveParameter(ParameterContext parameterContext, ExtensionContext extensionContext) {
        enter(extensionContext);
        return parameters.resolveParameter(parameterContext, extensionContext);
    }

    @Override
    public void interceptTestMethod(
            Invocation<Void> invocation,
            ReflectiveInvocationContext<Method> invocationContext,
            ExtensionContext extensionContext)
            throws Throwable {
        enter(extensionContext);
        runJudged(invocation, extensionContext);
    }

    /** Runs an invocation of a test template; the last one of an {@link LlmJudge.Repeat} test is its gate. */
    @Override
    public void interceptTestTemplateMethod(
            Invocation<Void> invocation,
            ReflectiveInvocationContext<Method> invocationContext,
            ExtensionContext extensionContext)
            throws Throwable {
        enter(extensionContext);
        if (RepeatedRuns.isGate(extensionContext)) {
            invocation.skip();
            RepeatedRuns.gate(extensionContext);
            return;
        }
        runJudged(invocation, extensionContext);
    }

    /** Runs a test factory with its test's reply tap in a mutation check: the factory's evaluation reads answers. */
    @Override
    @SuppressWarnings("try") // the binding holds the tap for the block, and is never read
    public <T> T interceptTestFactoryMethod(
            Invocation<T> invocation,
            ReflectiveInvocationContext<Method> invocationContext,
            ExtensionContext extensionContext)
            throws Throwable {
        enter(extensionContext);
        Optional<ReplyTap> tap = MutationLaunch.tap(extensionContext);
        if (tap.isEmpty()) {
            return invocation.proceed();
        }
        try (ReplyTaps.Binding binding = ReplyTaps.bind(tap.get())) {
            return invocation.proceed();
        }
    }

    @Override
    public void interceptDynamicTest(
            Invocation<Void> invocation,
            DynamicTestInvocationContext invocationContext,
            ExtensionContext extensionContext)
            throws Throwable {
        enter(extensionContext);
        runJudged(invocation, extensionContext);
    }

    /**
     * Hands the configuration the reader of this package's annotations, first thing on every callback: the
     * configuration reads {@code @LlmJudge} and {@code @JudgeRecordings} through it, without depending on them.
     */
    static void enter(ExtensionContext context) {
        SettingAnnotations.install(context, AnnotationSettings.READER);
    }

    /**
     * Runs the test method with its scope bound to the thread, then checks what is still pending against the
     * default minimum. When the method failed by itself, its own failure stays the one reported and the pending
     * failures are attached to it as suppressed. An assumption that aborted the method after a check does not hide
     * that check's failure: the test fails, with the abort attached as suppressed.
     */
    private static void runJudged(Invocation<Void> invocation, ExtensionContext context) throws Throwable {
        TestScope scope = new TestScope(context);
        Throwable testFailure = null;
        CurrentTest.Binding binding = CurrentTest.bind(scope);
        ReplyTaps.Binding tap = MutationLaunch.tap(context).map(ReplyTaps::bind).orElse(null);
        try {
            invocation.proceed();
        } catch (Throwable t) {
            testFailure = scope.asReported(t);
        } finally {
            if (tap != null) {
                tap.close();
            }
            binding.close();
        }
        Throwable outcome = outcome(testFailure, scope.checkPending());
        if (RepeatedRuns.isRun(context)) {
            // a failed run of a repeated test is one verdict among its runs: the pass rate decides
            outcome = RepeatedRuns.settle(context, outcome);
        }
        if (outcome != null) {
            throw outcome;
        }
    }

    /** The test's own failure with the pending failures attached, or the pending failures; {@code null} when none. */
    private static Throwable outcome(Throwable testFailure, List<AssertionError> pending) {
        if (testFailure != null && !(testFailure instanceof TestAbortedException && !pending.isEmpty())) {
            pending.forEach(testFailure::addSuppressed);
            return testFailure;
        }
        if (pending.isEmpty()) {
            return null;
        }
        AssertionError failure = pending.size() == 1
                ? pending.get(0)
                : new MultipleFailuresError(Messages.checksLeftOpenFailed(pending.size()), pending);
        if (testFailure != null) {
            failure.addSuppressed(testFailure);
        }
        return failure;
    }
}
