package dev.llmassert.junit.internal;

import dev.langchain4j.model.chat.ChatModel;
import dev.llmassert.core.criteria.DirectJudge;
import dev.llmassert.core.criteria.PairwiseJudge;
import dev.llmassert.core.eval.EvaluationResults;
import dev.llmassert.core.groundedness.GroundednessJudge;
import dev.llmassert.core.record.RecordingMissException;
import dev.llmassert.core.record.RecordingSession;
import dev.llmassert.core.record.internal.ReplyTap;
import dev.llmassert.junit.internal.config.ConfigurationResolver;
import dev.llmassert.junit.internal.mutation.MutationLaunch;
import dev.llmassert.junit.internal.report.Check;
import dev.llmassert.junit.internal.report.Gate;
import dev.llmassert.junit.internal.report.ReportChannel;
import dev.llmassert.junit.internal.report.VerdictLine;
import org.apiguardian.api.API;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentLinkedQueue;

import static org.apiguardian.api.API.Status.INTERNAL;

/**
 * What an assertion made during one test method needs from the extension: the judge, the default minimum, a place
 * to leave checks that wait for the end of the method, and the report.
 */
@API(status = INTERNAL, since = "0.1")
public final class TestScope {

    /**
     * Each verdict line also goes to this logger, for teams that route logs: at INFO when the console does not print
     * it ({@code llmassert.console} is {@code summary} or {@code off}, or {@code failures} and the check passed), at
     * DEBUG when it does, so that a console appender does not show it twice.
     */
    private static final Logger VERDICTS = LoggerFactory.getLogger("dev.llmassert.verdicts");

    private final ExtensionContext context;
    private final ConcurrentLinkedQueue<PendingCheck> pending = new ConcurrentLinkedQueue<>();
    /** The stack at the last judged assertion the test began, for a miss raised on a judge's own thread. */
    private volatile StackTraceElement[] lastAssertion;

    public TestScope(ExtensionContext context) {
        this.context = context;
    }

    /** The instance the test method runs on; empty for a test with none (a dynamic test's context may have none). */
    public Optional<Object> testInstance() {
        return context.getTestInstance();
    }

    /** The test's name, {@code com.example.BotTest.answers()}, for messages. */
    public String testName() {
        return context.getTestClass().map(Class::getName).orElse("") + "."
                + context.getTestMethod().map(m -> m.getName() + "()").orElse(context.getDisplayName());
    }

    /**
     * {@code model} as the application's own model in this test, as {@code evaluator.recorded(model)} gives it:
     * recorded and replayed through the test's recordings (not when their mode is {@code off}), a repeated test's
     * runs sharing one session, and each call counted as the application's in the run report. Wrap each call's
     * model anew: the wrapper is cheap, and the session is the test's.
     */
    public ChatModel applicationModel(ChatModel model) {
        Optional<RecordingSession> session = RecordingSupply.applicationSession(context);
        ChatModel recorded =
                session.<ChatModel>map(s -> s.wrapApplication(model)).orElse(model);
        return new SystemModelCalls(call -> ReportChannel.systemCall(context, call)).counting(recorded);
    }

    /**
     * The reply tap of the test in a mutation check, for a call made on a thread of the application's own, to which
     * the extension did not bind it.
     */
    public Optional<ReplyTap> replyTap() {
        return MutationLaunch.tap(context);
    }

    /** The value of any configuration key for this test (annotation, JUnit parameter, environment), if set. */
    public Optional<String> setting(String key) {
        return ConfigurationResolver.lookup(context).apply(key);
    }

    public GroundednessJudge groundednessJudge() {
        return JudgeSupply.groundednessJudge(context);
    }

    /** The direct criteria judge with {@code samples} samples per judgement, if there is a judge chat model. */
    public Optional<DirectJudge> directJudge(int samples) {
        return JudgeSupply.directJudge(context, samples);
    }

    /** The pairwise criteria judge with {@code samples} samples per comparison, if there is a judge chat model. */
    public Optional<PairwiseJudge> pairwiseJudge(int samples) {
        return JudgeSupply.pairwiseJudge(context, samples);
    }

    /** The judge provider configured for the test, for messages. */
    public String provider() {
        return ConfigurationResolver.of(context).settings().provider().id();
    }

    /**
     * The minimum a bare groundedness check is held to: the running test's under the extension ({@code scope} given),
     * else the one outside it, where a calibration record applies to {@code judge} only.
     */
    public static double defaultMinScore(TestScope scope, GroundednessJudge judge) {
        return ConfigurationResolver.defaultMinScore(scope == null ? null : scope.context, judge);
    }

    /** A judged assertion begins at {@code site}, the caller's stack from the test's line. */
    public void assertionAt(StackTraceElement[] site) {
        lastAssertion = site;
    }

    /**
     * {@code failure} as the test reports it: a recording miss without llm-assert's frames, starting in the test
     * ({@link CallSite#missFromTheTest}); any other failure as it is.
     */
    public Throwable asReported(Throwable failure) {
        if (failure instanceof RecordingMissException) {
            return CallSite.missFromTheTest(
                    failure, context.getTestClass().map(Class::getName).orElse(""), lastAssertion);
        }
        return failure;
    }

    public void register(PendingCheck check) {
        pending.add(check);
    }

    /** Publishes {@code entry} as the test's report entry, without the verdict log line of a judged check. */
    public void report(Map<String, String> entry) {
        context.publishReportEntry(entry);
    }

    /**
     * Publishes the check: its report entry (which the run report's listener prints as a verdict line), the run
     * report, and the verdicts logger.
     */
    public void publish(Check check) {
        Map<String, String> entry = check.reportEntry();
        context.publishReportEntry(entry);
        // made inside assertThatThrownBy (and the like): a pass there fails the test
        ReportChannel.check(context, CallSite.insideAnExpectedFailure() ? check.expectingFailure() : check);
        boolean printed = ConfigurationResolver.of(context).console().printsCheck(check.passed());
        if (printed ? VERDICTS.isDebugEnabled() : VERDICTS.isInfoEnabled()) {
            // a dynamic test's context may have no test class, so the class is optional here
            String test =
                    context.getTestClass().map(c -> c.getSimpleName() + ".").orElse("")
                            + ReportChannel.displayName(context);
            if (printed) {
                VERDICTS.debug("{}: {}", test, VerdictLine.of(entry));
            } else {
                VERDICTS.info("{}: {}", test, VerdictLine.of(entry));
            }
        }
    }

    /** Publishes a gate on {@code results} as a report entry and hands it to the run report. */
    public void gate(EvaluationResults results, Gate gate) {
        context.publishReportEntry("llm-assert.gate", EvaluationText.gate(gate));
        ReportChannel.gate(context, results, gate);
    }

    /** Runs every check the test left open, and returns the failures. */
    public List<AssertionError> checkPending() {
        List<AssertionError> failures = new ArrayList<>();
        for (PendingCheck check; (check = pending.poll()) != null; ) {
            if (!check.settled()) {
                check.checkAfterTest().ifPresent(failures::add);
            }
        }
        return failures;
    }
}
