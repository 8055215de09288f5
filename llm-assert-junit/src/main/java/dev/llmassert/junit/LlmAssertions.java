package dev.llmassert.junit;

import dev.llmassert.core.criteria.DirectResult;
import dev.llmassert.core.criteria.MultiCriteriaResult;
import dev.llmassert.core.criteria.PairwiseResult;
import dev.llmassert.core.groundedness.GroundednessVerdict;
import org.assertj.core.annotation.CheckReturnValue;

/**
 * Entry point of the assertions on LLM output.
 *
 * <pre>{@code
 * import static dev.llmassert.junit.LlmAssertions.assertThat;
 *
 * assertThat(answer).isGroundedIn(MANUAL).withMinScore(0.8);
 * assertThat(answer).meets(CriteriaCatalog.CONCISENESS).withOption("Concise");
 * assertThat(answer).satisfies("Does the answer tell the customer which button to press?");
 * assertThat(answer).inContext("question", question).meets(CriteriaCatalog.ANSWER_RELEVANCE).withMinScore(0.75);
 * assertThat(newAnswer).isPreferredOver(oldAnswer).on(CriteriaCatalog.CONCISENESS);
 * assertThat(answer).meetsAll(releaseRubric).withMinScore(0.8);
 * }</pre>
 *
 * <p>A class that also static-imports AssertJ's {@code Assertions.assertThat} cannot import both
 * {@code assertThat(String)}; call this one as {@code LlmAssertions.assertThat(answer)} there.
 */
public final class LlmAssertions {

    private LlmAssertions() {
    }

    /** Assertions on {@code response}, judged by the judge of the running {@link LlmJudge} test. */
    @CheckReturnValue
    public static ResponseAssert assertThat(String response) {
        return new ResponseAssert(response);
    }

    /** Assertions on a verdict obtained from a judge directly. */
    @CheckReturnValue
    public static GroundednessAssert assertThat(GroundednessVerdict verdict) {
        return new GroundednessAssert(verdict);
    }

    /**
     * Assertions on a result obtained from a {@code DirectJudge} directly, e.g. to expect an option other than the
     * best outside the extension: {@code assertThat(judge.evaluate(answer, politeness)).withOption("Impolite")}.
     */
    @CheckReturnValue
    public static CriteriaAssert assertThat(DirectResult result) {
        return new CriteriaAssert(result);
    }

    /** Assertions on a comparison obtained from a {@code PairwiseJudge} directly, for the response at index 0. */
    @CheckReturnValue
    public static PairwiseAssert assertThat(PairwiseResult result) {
        return new PairwiseAssert(result);
    }

    /** Assertions on a multi-criteria result obtained from a {@code DirectJudge} directly. */
    @CheckReturnValue
    public static MultiCriteriaAssert assertThat(MultiCriteriaResult result) {
        return new MultiCriteriaAssert(result);
    }
}
