package dev.llmassert.junit.testing;

import dev.llmassert.junit.LlmJudge;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInfo;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import static dev.llmassert.junit.LlmAssertions.assertThat;
import static dev.llmassert.junit.LlmAssertions.assertThatThrownBy;

/**
 * A fixture run for the run report's counts, on the word-overlap judge: a parameterized test's checks (one per
 * invocation), a repeated test whose gate fails with two failed runs, each run with a grounded check, and a check that
 * passes inside {@code assertThatThrownBy}, so that its test fails. Four of its tests fail on purpose.
 */
@LlmJudge
@ExtendWith(WordOverlapJudgeExtension.class)
public class ReportedCounts {

    public static final String MANUAL = "The warranty lasts two years from the date of purchase.";

    @ParameterizedTest
    @ValueSource(strings = {"The warranty lasts two years.", "The warranty lasts five years."})
    void answerIsGrounded(String answer) {
        assertThat(answer).isGroundedIn(MANUAL).withMinScore(0.9);
    }

    @LlmJudge.Repeat(times = 5, minPassRate = 1.0)
    void repeatedAnswerIsGrounded(TestInfo run) {
        String answer = run.getDisplayName().startsWith("run 2 ")
                        || run.getDisplayName().startsWith("run 4 ")
                ? "The warranty lasts five years."
                : "The warranty lasts two years.";

        assertThat(answer).isGroundedIn(MANUAL).withMinScore(0.9);
    }

    @Test
    void expectsAnInventedAnswerToFail() {
        assertThatThrownBy(() -> assertThat("The warranty lasts two years.")
                        .isGroundedIn(MANUAL)
                        .withMinScore(0.9))
                .isInstanceOf(AssertionError.class);
    }
}
