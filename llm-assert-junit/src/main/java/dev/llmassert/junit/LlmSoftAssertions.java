package dev.llmassert.junit;

import dev.llmassert.core.eval.EvaluationResults;
import org.apiguardian.api.API;
import org.assertj.core.annotation.CheckReturnValue;
import org.assertj.core.api.AbstractSoftAssertions;

import static org.apiguardian.api.API.Status.STABLE;

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
 * <p>The gates of an evaluation are soft too: {@code softly.assertThat(results).measurement("grounded")
 * .hasMeanAtLeast(0.8)} collects a failed gate and goes on to the next.
 *
 * <p>Also works as an {@code @InjectSoftAssertions} field or parameter of AssertJ's {@code SoftAssertionsExtension}.
 * A bare {@code isGroundedIn(...)} without {@code withMinScore(...)} is not collected: under {@link LlmJudge} the
 * extension checks it after the test method, as for plain assertions, so it cannot be lost when
 * {@code assertAll()} has already run.
 */
@API(status = STABLE, since = "0.1")
public class LlmSoftAssertions extends AbstractSoftAssertions {

    /** Soft assertions on {@code response}: its failing checks, string checks and judged ones, are collected. */
    @CheckReturnValue
    public ResponseAssert assertThat(String response) {
        return proxy(ResponseAssert.class, String.class, response).collectingFailuresIn(this);
    }

    /**
     * Soft gates on an evaluation's results: every failing gate is collected, as the hard ones would fail, and the
     * next gate still runs. {@code softly.assertThat(results).measurement("relevant").inGroup("topic", "billing")
     * .hasMeanAtLeast(0.7)}.
     */
    @CheckReturnValue
    public EvaluationResultsAssert assertThat(EvaluationResults results) {
        return proxy(EvaluationResultsAssert.class, EvaluationResults.class, results)
                .collectingFailuresIn(this);
    }
}
