package dev.llmassert.junit;

import dev.llmassert.core.groundedness.GroundednessVerdict;
import dev.llmassert.core.groundedness.SentenceVerdict;
import dev.llmassert.junit.internal.AssertionState;
import dev.llmassert.junit.internal.CheckReport;
import dev.llmassert.junit.internal.FailureSink;
import dev.llmassert.junit.internal.Messages;
import dev.llmassert.junit.internal.PendingCheck;
import dev.llmassert.junit.internal.ShouldBeGrounded;
import dev.llmassert.junit.internal.TestScope;
import org.assertj.core.api.AbstractAssert;
import org.assertj.core.error.ErrorMessageFactory;
import org.assertj.core.error.ShouldNotBeNull;

import java.util.Optional;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.stream.Collectors;

/**
 * Checks a groundedness verdict: the response has been judged already, and each method checks the verdict.
 *
 * <p>Made by {@code assertThat(response).isGroundedIn(sources)}. Under {@link LlmJudge}, a check that is never
 * given a minimum with {@link #withMinScore(double)} is checked after the test method against the configured
 * default minimum ({@value LlmJudge#MIN_SCORE_KEY}, default {@value LlmJudge#DEFAULT_MIN_SCORE}), and its failure
 * names the line where it was made: no check is silently dropped.
 */
public class GroundednessAssert extends AbstractAssert<GroundednessAssert, GroundednessVerdict> {

    /** Scores are compared to this precision, so a mean of exactly the minimum is not failed by rounding. */
    private static final double TOLERANCE = 1e-9;

    private final String response;
    private final FailureSink failures;
    private final TestScope scope;
    private final StackTraceElement[] site;
    private final boolean alreadyFailed;
    private final AtomicBoolean settled = new AtomicBoolean();

    /** Checks a verdict obtained from a judge directly; nothing is checked until a method is called. */
    public GroundednessAssert(GroundednessVerdict verdict) {
        this(verdict, null, FailureSink.THROWING, null, null, false);
    }

    GroundednessAssert(GroundednessVerdict verdict, String response, FailureSink failures, TestScope scope,
                       StackTraceElement[] site, boolean alreadyFailed) {
        super(verdict, GroundednessAssert.class);
        this.response = response != null || verdict == null ? response
                : verdict.sentences().stream().map(SentenceVerdict::sentence).collect(Collectors.joining(" "));
        this.failures = failures;
        this.scope = scope;
        this.site = site;
        this.alreadyFailed = alreadyFailed;
    }

    /**
     * Verifies that the mean sentence score is at least {@code minScore}. The minimum may be above or below the
     * configured default: it replaces the default for this check.
     *
     * @param minScore from 0 to 1
     * @throws IllegalArgumentException if {@code minScore} is outside 0..1
     */
    public GroundednessAssert withMinScore(double minScore) {
        requireScore("withMinScore(minScore)", minScore);
        settled.set(true);
        if (isNullChecked()) {
            check("groundedness", minScore, passes(actual.score(), minScore),
                    ShouldBeGrounded.shouldBeGrounded(response, actual, minScore));
        }
        return myself;
    }

    /**
     * Checks each sentence on its own: stricter than the mean, as one unsupported sentence fails it. It does not
     * replace the mean check; under {@link LlmJudge} a bare {@code isGroundedIn(...)} still gets the default mean
     * check unless {@link #withMinScore(double)} is called.
     */
    public EverySentenceAssert everySentence() {
        EverySentenceAssert every = new EverySentenceAssert(actual, response, failures, scope, site, alreadyFailed);
        AssertionState.copy(info, every.info);
        return every;
    }

    /** The judge's verdict, to inspect scores and evidence yourself; does not count as a check. */
    public GroundednessVerdict verdict() {
        return actual;
    }

    /** The check to run after the test method when no minimum was given. */
    PendingCheck pendingCheck() {
        return new PendingCheck() {
            @Override
            public boolean settled() {
                return settled.get() || alreadyFailed;
            }

            @Override
            public Optional<AssertionError> checkAgainstDefault(double defaultMinScore) {
                return checkDefault(defaultMinScore, true);
            }
        };
    }

    /** Outside the extension nothing runs after the test, so a bare check is checked when it is made. */
    void checkAtOnceAgainstDefault(double defaultMinScore) {
        checkDefault(defaultMinScore, false).ifPresent(failures::fail);
    }

    private Optional<AssertionError> checkDefault(double defaultMinScore, boolean afterTest) {
        if (actual == null) {
            return Optional.empty();
        }
        boolean passed = passes(actual.score(), defaultMinScore);
        report("groundedness", defaultMinScore, passed);
        if (passed) {
            return Optional.empty();
        }
        AssertionError error = assertionError(afterTest
                ? ShouldBeGrounded.shouldBeGroundedByDefault(response, actual, defaultMinScore, where(site))
                : ShouldBeGrounded.shouldBeGroundedOutsideExtension(response, actual, defaultMinScore));
        if (afterTest && site != null && site.length > 0) {
            // the failure is raised after the method; its stack should lead to the assertion, not the extension
            error.setStackTrace(site);
        }
        return Optional.of(error);
    }

    private boolean isNullChecked() {
        if (actual != null) {
            return true;
        }
        if (!alreadyFailed) {
            failures.fail(assertionError(ShouldNotBeNull.shouldNotBeNull()));
        }
        return false;
    }

    private void check(String check, double minScore, boolean passed, ErrorMessageFactory message) {
        report(check, minScore, passed);
        if (!passed) {
            failures.fail(assertionError(message));
        }
    }

    private void report(String check, double minScore, boolean passed) {
        if (scope != null) {
            scope.publish(CheckReport.entry(check, actual, minScore, passed, where(site)));
        }
    }

    /** The line where the assertion was made, or {@code null} when it is not known. */
    static StackTraceElement where(StackTraceElement[] site) {
        return site == null || site.length == 0 ? null : site[0];
    }

    static boolean passes(double score, double minScore) {
        return score + TOLERANCE >= minScore;
    }

    static void requireScore(String what, double minScore) {
        if (!(minScore >= 0.0 && minScore <= 1.0)) {
            throw new IllegalArgumentException(Messages.minScoreOutOfRange(what, minScore));
        }
    }
}
