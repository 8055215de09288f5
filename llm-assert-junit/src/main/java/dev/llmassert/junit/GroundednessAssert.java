package dev.llmassert.junit;

import dev.llmassert.core.groundedness.GroundednessVerdict;
import dev.llmassert.core.groundedness.SentenceVerdict;
import dev.llmassert.junit.internal.CheckReport;
import dev.llmassert.junit.internal.message.ShouldBeGrounded;
import org.apiguardian.api.API;

import java.util.Optional;
import java.util.stream.Collectors;

import static org.apiguardian.api.API.Status.STABLE;

/**
 * Checks a groundedness verdict: the response has been judged already, and each method checks the verdict.
 *
 * <p>Made by {@code assertThat(response).isGroundedIn(sources)}. Under {@link LlmJudge}, a check that is never
 * given a minimum with {@link #withMinScore(double)} is checked after the test method against the configured
 * default minimum ({@value LlmJudge#MIN_SCORE_KEY}, default {@value LlmJudge#DEFAULT_MIN_SCORE}), and its failure
 * names the line where it was made: no check is silently dropped.
 */
@API(status = STABLE, since = "0.1")
public class GroundednessAssert extends JudgedAssert<GroundednessAssert, GroundednessVerdict> {

    /**
     * Checks a verdict obtained from a judge directly; nothing is checked until a method is called.
     *
     * @param verdict the verdict
     */
    public GroundednessAssert(GroundednessVerdict verdict) {
        this(verdict, Origin.of(responseOf(verdict)));
    }

    GroundednessAssert(GroundednessVerdict verdict, Origin origin) {
        super(verdict, GroundednessAssert.class, origin);
    }

    /**
     * Verifies that the mean sentence score is at least {@code minScore}. The minimum may be above or below the
     * configured default: it replaces the default for this check.
     *
     * @param minScore from 0 to 1
     * @return this assertion, to chain more checks
     * @throws IllegalArgumentException if {@code minScore} is outside 0..1
     */
    public GroundednessAssert withMinScore(double minScore) {
        settle();
        requireScore("withMinScore(minScore)", minScore);
        if (isNullChecked()) {
            boolean passed = passes(actual.score(), minScore);
            check(
                    CheckReport.groundedness("groundedness", actual, minScore, passed, origin.where()),
                    passed,
                    () -> ShouldBeGrounded.shouldBeGrounded(origin.response(), actual, minScore));
        }
        return myself;
    }

    /**
     * Checks each sentence on its own instead of the mean: stricter, as one unsupported sentence fails it. It
     * replaces the default mean check, so one assertion gives one verdict; under {@link LlmJudge} an
     * {@code everySentence()} never given {@link EverySentenceAssert#hasMinScore(double)} is checked after the test
     * method against the default minimum. Call {@link #withMinScore(double)} first to check the mean as well.
     *
     * @return the check of every sentence
     */
    public EverySentenceAssert everySentence() {
        return handOver(new EverySentenceAssert(actual, origin));
    }

    /**
     * The judge's verdict, to inspect scores and evidence yourself; does not count as a check.
     *
     * @return the verdict
     */
    public GroundednessVerdict verdict() {
        return actual;
    }

    @Override
    Optional<AssertionError> checkDefault(boolean afterTest) {
        double minScore = defaultMinScore();
        boolean passed = passes(actual.score(), minScore);
        publish(CheckReport.groundedness("groundedness", actual, minScore, passed, origin.where()));
        return failure(
                passed,
                () -> afterTest
                        ? ShouldBeGrounded.shouldBeGroundedByDefault(
                                origin.response(), actual, minScore, origin.where())
                        : ShouldBeGrounded.shouldBeGroundedOutsideExtension(origin.response(), actual, minScore),
                afterTest);
    }

    /** A verdict judged outside {@code assertThat(response)} still holds the response, as its sentences. */
    static String responseOf(GroundednessVerdict verdict) {
        return verdict == null
                ? null
                : verdict.sentences().stream().map(SentenceVerdict::sentence).collect(Collectors.joining(" "));
    }
}
