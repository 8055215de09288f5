package dev.llmassert.junit;

import dev.llmassert.core.groundedness.GroundednessVerdict;
import org.assertj.core.annotation.CheckReturnValue;

/**
 * Entry point of the assertions on LLM output.
 *
 * <pre>{@code
 * import static dev.llmassert.junit.LlmAssertions.assertThat;
 *
 * assertThat(answer).isGroundedIn(MANUAL).withMinScore(0.8);
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
}
