package dev.llmassert.junit;

import org.junit.jupiter.api.Test;

import static dev.llmassert.junit.LlmAssertions.assertThat;

/** What a new user meets first: a bare check with the default judge and the default minimum. */
@LlmJudge
class DefaultJudgeTest {

    static final String UW = "The University of Washington, founded in 1861 in Seattle, is a public research "
            + "university with over 45,000 students across three campuses in Seattle, Tacoma, and Bothell. As the "
            + "flagship institution of the six public universities in Washington state, UW encompasses over 500 "
            + "buildings and 20 million square feet of space, including one of the largest library systems in the "
            + "world.";

    @Test
    void aCorrectAnswerThatPartlyParaphrasesItsSourcePassesABareCheck() {
        // Checked after the test against llmassert.groundedness.min-score, 0.7 by default.
        assertThat("The University of Washington was founded in 1861 in Seattle. "
                + "It has more than 45,000 students on three campuses in Seattle, Tacoma, and Bothell.")
                        .isGroundedIn(UW);
    }

    @Test
    void anAnswerWithAnInventedYearFailsAtTheDefaultMinimum() {
        GroundednessAssert check = assertThat("The University of Washington was founded in 1871 in Seattle.")
                .isGroundedIn(UW);

        assertThat(check.verdict().score()).isLessThan(LlmJudge.DEFAULT_MIN_SCORE);
        org.assertj.core.api.Assertions.assertThatThrownBy(() -> check.withMinScore(LlmJudge.DEFAULT_MIN_SCORE))
                .hasMessageContaining("1871");
    }
}
