package dev.llmassert.junit;

import dev.llmassert.core.agent.Trajectory;
import dev.llmassert.junit.internal.AssertionState;
import dev.llmassert.junit.internal.CallSite;
import dev.llmassert.junit.internal.FailureSink;
import dev.llmassert.junit.internal.PendingCheck;
import dev.llmassert.junit.internal.TestScope;
import dev.llmassert.junit.internal.message.Messages;
import dev.llmassert.junit.internal.report.Check;
import dev.llmassert.junit.internal.report.ReportFormat.AgentTrajectory;
import org.assertj.core.api.AbstractAssert;
import org.assertj.core.api.AssertionErrorCollector;
import org.assertj.core.error.ErrorMessageFactory;
import org.assertj.core.error.ShouldNotBeNull;

import java.util.Map;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Supplier;

/**
 * The work behind every judged assert, so that the public asserts stay thin (as in assertj-vavr): the judged result,
 * where the assertion was made, where failures go, the report, the null check, and the default check that a bare
 * assertion leaves for after the test.
 *
 * @param <SELF>   the concrete assert
 * @param <ACTUAL> the judge's verdict or result
 */
abstract class JudgedAssert<SELF extends JudgedAssert<SELF, ACTUAL>, ACTUAL> extends AbstractAssert<SELF, ACTUAL> {

    /** Scores are compared to this precision, so a score of exactly the minimum is not failed by rounding. */
    static final double TOLERANCE = 1e-9;

    /** Half of the last decimal an agreement is shown with. */
    static final double AGREEMENT_PRECISION = 0.005;

    /**
     * Where a judged result came from.
     *
     * @param response      the asserted response, for messages
     * @param context       the context fields given with {@code inContext(...)}
     * @param failures      where failed checks go
     * @param scope         the running test under the extension, or {@code null}
     * @param site          the caller's stack at the assertion, or {@code null}
     * @param trajectory    the agent's trajectory when the response is its final answer, else {@code null}
     */
    record Origin(
            String response,
            Map<String, String> context,
            FailureSink failures,
            TestScope scope,
            StackTraceElement[] site,
            Trajectory trajectory) {

        /** A result handed to {@code assertThat(...)} directly: checks throw, and nothing is reported. */
        static Origin of(String response) {
            return new Origin(response, Map.of(), FailureSink.THROWING, null, null, null);
        }

        /** Keeps all but where failures go. */
        Origin withFailures(FailureSink sink) {
            return new Origin(response, context, sink, scope, site, trajectory);
        }

        /** The line where the assertion was made, or {@code null} when it is not known. */
        StackTraceElement where() {
            return site == null || site.length == 0 ? null : site[0];
        }
    }

    /** Where the result came from; its failure sink changes only when soft assertions take the assert over. */
    Origin origin;

    final AtomicBoolean settled = new AtomicBoolean();
    /** Whether the asserted response was missing, a failure reported once already. */
    private boolean responseMissing;
    /** The judge a calibration record must be of, outside the extension; {@code null} when none applies. */
    private String calibratedJudge;

    JudgedAssert(ACTUAL actual, Class<?> selfType, Origin origin) {
        super(actual, selfType);
        this.origin = origin;
    }

    /**
     * The check a bare assertion gets when it is given no expectation: after the test method under the extension,
     * at once outside it. Asserts made by a check that is complete by itself leave nothing open.
     *
     * @param afterTest whether it runs after the test method, rather than at once outside the extension
     */
    Optional<AssertionError> checkDefault(boolean afterTest) {
        return Optional.empty();
    }

    /**
     * The minimum a bare check is held to, read when a check needs it: the one place the default minimum is read
     * ({@link TestScope#defaultMinScore}).
     */
    final double defaultMinScore() {
        return TestScope.defaultMinScore(origin.scope(), calibratedJudge);
    }

    /**
     * Opens the check of a response: fails once on a missing response; else leaves the default check for after the
     * test method under the extension, or, outside it, where nothing runs after the test, makes it now.
     *
     * @param judge the judge given to the check, whose calibration record applies outside the extension; or
     *              {@code null}
     */
    final void open(String judge) {
        if (!requireResponse()) {
            return;
        }
        this.calibratedJudge = judge;
        if (origin.scope() != null) {
            origin.scope().register(pendingCheck());
        } else {
            checkDefault(false).ifPresent(origin.failures()::fail);
        }
    }

    /**
     * Whether there is a response: a missing one fails once, as AssertJ's {@code isNotNull()} does, and the assert has
     * nothing left to report (a soft assertion collects the failure and goes on).
     */
    final boolean requireResponse() {
        if (origin.response() != null) {
            return true;
        }
        responseMissing = true;
        origin.failures().fail(failureOf(ShouldNotBeNull.shouldNotBeNull()));
        return false;
    }

    /** Sends the failures of this assert, and of those it makes, to soft assertions. */
    final SELF collectingFailuresIn(AssertionErrorCollector collector) {
        origin = origin.withFailures(FailureSink.collectingIn(collector));
        return myself;
    }

    /** Whether the asserted response was missing, a failure already reported. */
    final boolean responseMissing() {
        return responseMissing;
    }

    /** The asserted response was missing, and that failure was reported already: nothing is left to report. */
    final SELF withResponseMissing() {
        responseMissing = true;
        return myself;
    }

    /** The default check as the test scope runs it after the method, unless an explicit check settled it. */
    private PendingCheck pendingCheck() {
        return new PendingCheck() {
            @Override
            public boolean settled() {
                return settled.get();
            }

            @Override
            public Optional<AssertionError> checkAfterTest() {
                return actual == null ? Optional.empty() : checkDefault(true);
            }
        };
    }

    /** Whether there is a result to check; a null one fails once, as AssertJ's {@code isNotNull()} does. */
    final boolean isNullChecked() {
        if (actual != null) {
            return true;
        }
        if (!responseMissing) {
            origin.failures().fail(failureOf(ShouldNotBeNull.shouldNotBeNull()));
        }
        return false;
    }

    /** Reports the check and hands a failure to the sink. */
    final void check(Check entry, boolean passed, Supplier<ErrorMessageFactory> message) {
        publish(entry);
        if (!passed) {
            origin.failures().fail(failureOf(message.get()));
        }
    }

    final void publish(Check entry) {
        if (origin.scope() != null) {
            Check published = origin.response() == null ? entry : entry.withResponse(origin.response());
            origin.scope()
                    .publish(
                            origin.trajectory() == null
                                    ? published
                                    : published.withTrajectory(AgentTrajectory.of(origin.trajectory())));
        }
    }

    /** The failure of a default check; after the test, its stack leads to the assertion, not the extension. */
    final Optional<AssertionError> failure(boolean passed, Supplier<ErrorMessageFactory> message, boolean afterTest) {
        if (passed) {
            return Optional.empty();
        }
        AssertionError error = failureOf(message.get());
        if (afterTest) {
            pointAtAssertion(error, origin);
        }
        return Optional.of(error);
    }

    /** The failure of this assert, its trace starting at the test's line rather than in llm-assert. */
    final AssertionError failureOf(ErrorMessageFactory message) {
        return CallSite.fromTheTest(assertionError(message));
    }

    /** The next assert of a chain, with what the user set on this one ({@code as(...)}, ...). */
    final <A extends AbstractAssert<?, ?>> A carryTo(A next) {
        AssertionState.copy(info, next.info);
        if (next instanceof JudgedAssert<?, ?> judged) {
            // a missing response was reported once, by this assert
            judged.responseMissing = responseMissing;
        }
        return next;
    }

    /** A failure raised after the test method: its stack should lead to the assertion, not the extension. */
    static void pointAtAssertion(AssertionError error, Origin origin) {
        if (origin.site() != null && origin.site().length > 0) {
            error.setStackTrace(origin.site());
        }
    }

    static boolean passes(double score, double minScore) {
        return score + TOLERANCE >= minScore;
    }

    /** A groundedness minimum: scores are normalised to 0..1. */
    static void requireScore(String method, double minScore) {
        if (!(minScore >= 0.0 && minScore <= 1.0)) {
            throw new IllegalArgumentException(Messages.minScoreOutOfRange(method, minScore));
        }
    }

    /** A share from 0 to 1, such as an agreement. */
    static void requireFraction(String method, double value) {
        if (!(value >= 0.0 && value <= 1.0)) {
            throw new IllegalArgumentException(Messages.fractionOutOfRange(method, value));
        }
    }

    /** A minimum on a criteria's own scale, which may be any finite number. */
    static void requireFinite(String method, double value, String example) {
        if (!Double.isFinite(value)) {
            throw new IllegalArgumentException(Messages.notFinite(method, value, example));
        }
    }

    /**
     * Agreements are shares of a few samples (2 of 3 is 0.666...) and are shown with two decimals, so they are
     * compared at that precision: {@code withAgreementAtLeast(0.67)} accepts 2 of 3, as it reads.
     */
    static boolean agreementReaches(double agreement, double minAgreement) {
        return agreement + AGREEMENT_PRECISION >= minAgreement;
    }
}
