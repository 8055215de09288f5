package dev.llmassert.junit;

import dev.llmassert.core.groundedness.GroundednessJudge;
import dev.llmassert.core.groundedness.GroundednessVerdict;
import dev.llmassert.junit.internal.AssertionState;
import dev.llmassert.junit.internal.CallSite;
import dev.llmassert.junit.internal.ConfigurationResolver;
import dev.llmassert.junit.internal.CurrentTest;
import dev.llmassert.junit.internal.FailureSink;
import dev.llmassert.junit.internal.Messages;
import dev.llmassert.junit.internal.TestScope;
import org.assertj.core.api.AbstractAssert;
import org.assertj.core.api.AssertionErrorCollector;
import org.assertj.core.error.ShouldNotBeNull;

import java.util.Arrays;
import java.util.List;
import java.util.Optional;

/**
 * Assertions on an LLM response, made by {@link LlmAssertions#assertThat(String)}.
 *
 * <p>The judge is the one of the running {@link LlmJudge} test, or the one given to {@link #usingJudge}.
 */
public class ResponseAssert extends AbstractAssert<ResponseAssert, String> {

    private GroundednessJudge judge;
    private FailureSink failures = FailureSink.THROWING;

    public ResponseAssert(String response) {
        super(response, ResponseAssert.class);
    }

    /**
     * Judges with {@code judge} instead of the judge of the running {@link LlmJudge} test; this is also how to
     * assert outside the extension.
     *
     * <p>Outside the extension nothing runs after the test, so a bare {@code isGroundedIn(...)} is checked at once
     * against the default minimum ({@value LlmJudge#MIN_SCORE_KEY} as a system property or environment variable,
     * else {@value LlmJudge#DEFAULT_MIN_SCORE}); a {@link GroundednessAssert#withMinScore(double)} after it adds a
     * check. Under {@link LlmJudge}, {@code withMinScore} replaces the default, higher or lower.
     */
    public ResponseAssert usingJudge(GroundednessJudge judge) {
        if (judge == null) {
            throw new IllegalArgumentException(Messages.nullArgument("usingJudge(judge)",
                    "Pass a GroundednessJudge, e.g. Judges.groundedness(JudgeSettings.defaults()), "
                            + "or drop usingJudge(...) to use the judge of @LlmJudge."));
        }
        this.judge = judge;
        return myself;
    }

    /**
     * Judges the response against {@code sources} now. Finish with
     * {@link GroundednessAssert#withMinScore(double) withMinScore(...)}; without it, the default minimum applies.
     *
     * @throws IllegalArgumentException if there are no sources or one is blank
     * @throws IllegalStateException    if there is no judge: neither {@link LlmJudge} nor {@link #usingJudge}
     */
    public GroundednessAssert isGroundedIn(String... sources) {
        if (sources == null) {
            throw new IllegalArgumentException(Messages.noSources());
        }
        return judgeAgainst(Arrays.asList(sources));
    }

    /** As {@link #isGroundedIn(String...)}, for sources that are several chunks, e.g. retrieval results. */
    public GroundednessAssert isGroundedIn(List<String> sources) {
        if (sources == null) {
            throw new IllegalArgumentException(Messages.noSources());
        }
        return judgeAgainst(sources);
    }

    /** Sends this assert's failures, and those of the asserts it makes, to soft assertions. */
    ResponseAssert collectingFailuresIn(AssertionErrorCollector collector) {
        this.failures = FailureSink.collectingIn(collector);
        return myself;
    }

    private GroundednessAssert judgeAgainst(List<String> sources) {
        if (sources.isEmpty()) {
            throw new IllegalArgumentException(Messages.noSources());
        }
        for (int i = 0; i < sources.size(); i++) {
            if (sources.get(i) == null || sources.get(i).isBlank()) {
                throw new IllegalArgumentException(Messages.blankSource(i));
            }
        }
        StackTraceElement[] site = CallSite.capture();
        Optional<TestScope> scope = CurrentTest.scope();
        if (actual == null) {
            // a soft assertion collects this and goes on; the returned assert then has nothing left to report
            failures.fail(assertionError(ShouldNotBeNull.shouldNotBeNull()));
            return carryState(new GroundednessAssert(null, null, failures, scope.orElse(null), site, true));
        }
        GroundednessJudge chosen = judge != null
                ? judge
                : scope.map(TestScope::groundednessJudge).orElseThrow(() -> new IllegalStateException(Messages.noJudge()));
        GroundednessVerdict verdict = chosen.judge(actual, List.copyOf(sources));
        GroundednessAssert grounded = carryState(
                new GroundednessAssert(verdict, actual, failures, scope.orElse(null), site, false));
        if (scope.isPresent()) {
            scope.get().register(grounded.pendingCheck());
        } else {
            grounded.checkAtOnceAgainstDefault(ConfigurationResolver.outsideJUnit().minScore());
        }
        return grounded;
    }

    private GroundednessAssert carryState(GroundednessAssert next) {
        AssertionState.copy(info, next.info);
        return next;
    }
}
