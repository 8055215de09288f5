package dev.llmassert.junit;

import org.assertj.core.api.AbstractSoftAssertions;
import org.assertj.core.annotation.CheckReturnValue;

/**
 * Collects every failing check of a test instead of stopping at the first, so a suite that checks several answers
 * reports all of them.
 *
 * <pre>{@code
 * LlmSoftAssertions softly = new LlmSoftAssertions();
 * softly.assertThat(answer1).isGroundedIn(MANUAL).withMinScore(0.8);
 * softly.assertThat(answer2).isGroundedIn(MANUAL).withMinScore(0.8);
 * softly.assertAll();
 * }</pre>
 *
 * <p>Also works as an {@code @InjectSoftAssertions} field or parameter of AssertJ's {@code SoftAssertionsExtension}.
 * A bare {@code isGroundedIn(...)} without {@code withMinScore(...)} is not collected: under {@link LlmJudge} the
 * extension checks it after the test method, as for plain assertions, so it cannot be lost when
 * {@code assertAll()} has already run.
 */
public class LlmSoftAssertions extends AbstractSoftAssertions {

    /** Soft assertions on {@code response}: its failing checks are collected. */
    @CheckReturnValue
    public ResponseAssert assertThat(String response) {
        return proxy(ResponseAssert.class, String.class, response).collectingFailuresIn(this);
    }
}
