package dev.llmassert.junit;

import dev.llmassert.core.groundedness.GroundednessVerdict;
import dev.llmassert.junit.internal.CheckReport;
import dev.llmassert.junit.internal.message.ShouldHaveEverySentenceGrounded;
import org.apiguardian.api.API;

import java.util.Optional;

import static org.apiguardian.api.API.Status.STABLE;

/** Checks every sentence of a judged response on its own, made by {@link GroundednessAssert#everySentence()}. */
@API(status = STABLE, since = "0.1")
public class EverySentenceAssert extends JudgedAssert<EverySentenceAssert, GroundednessVerdict> {

    /**
     * Checks the sentences of a verdict obtained from a judge directly.
     *
     * @param verdict the verdict
     */
    public EverySentenceAssert(GroundednessVerdict verdict) {
        this(verdict, Origin.of(GroundednessAssert.responseOf(verdict)));
    }

    EverySentenceAssert(GroundednessVerdict verdict, Origin origin) {
        super(verdict, EverySentenceAssert.class, origin);
    }

    /**
     * Verifies that no sentence scores below {@code minScore}.
     *
     * @param minScore from 0 to 1
     * @return this assertion, to chain more checks
     * @throws IllegalArgumentException if {@code minScore} is outside 0..1
     */
    public EverySentenceAssert hasMinScore(double minScore) {
        settle();
        requireScore("everySentence().hasMinScore(minScore)", minScore);
        if (isNullChecked()) {
            boolean passed = actual.sentences().stream().allMatch(s -> passes(s.score(), minScore));
            check(
                    CheckReport.groundedness("groundedness.every-sentence", actual, minScore, passed, origin.where()),
                    passed,
                    () -> ShouldHaveEverySentenceGrounded.shouldHaveEverySentenceGrounded(
                            origin.response(), actual, minScore));
        }
        return myself;
    }

    /** An {@code everySentence()} never given a minimum is held to the default minimum, sentence by sentence. */
    @Override
    Optional<AssertionError> checkDefault(boolean afterTest) {
        double minScore = defaultMinScore();
        boolean passed = actual.sentences().stream().allMatch(s -> passes(s.score(), minScore));
        publish(CheckReport.groundedness("groundedness.every-sentence", actual, minScore, passed, origin.where()));
        return failure(
                passed,
                () -> ShouldHaveEverySentenceGrounded.shouldHaveEverySentenceGroundedByDefault(
                        origin.response(), actual, minScore, origin.where()),
                afterTest);
    }
}
