package dev.llmassert.junit;

import dev.llmassert.core.groundedness.LocalGroundednessJudge;
import dev.llmassert.core.groundedness.SentenceVerdict;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import static dev.llmassert.junit.LlmAssertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

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
        assertThatThrownBy(() -> check.withMinScore(LlmJudge.DEFAULT_MIN_SCORE))
                .hasMessageContaining("1871")
                .hasMessageContaining("why: '1871' is in no source");
    }

    /** A baggage policy, tried as a new user would: each answer is checked bare, at the defaults. */
    @Nested
    @LlmJudge
    class ABaggagePolicy {

        static final String POLICY = "Checked bags may weigh up to 23 kg each. Carry-on bags may weigh up to 7 kg. "
                + "Bags over 23 kg cost a fee of 50 euros per bag, up to a maximum of 32 kg.";

        @ParameterizedTest
        @ValueSource(
                strings = {"Great question!", "I hope this helps!", "Thanks for asking!", "Good news!", "Good question."
                })
        void anOpenerOrACloserMakesNoClaimAndIsLeftOutOfTheScore(String line) {
            GroundednessAssert check = assertThat(line + " Checked bags may weigh up to 23 kg each.")
                    .isGroundedIn(POLICY);

            SentenceVerdict opener = check.verdict().sentences().get(0);
            assertThat(opener.evidence()).isEqualTo(LocalGroundednessJudge.NO_CLAIM);
            assertThat(opener.reason()).isEqualTo("no claim");
            // The response's score is the claim's alone: the opener neither lowers nor raises it.
            assertThat(check.verdict().score())
                    .isEqualTo(check.verdict().sentences().get(1).score());
        }

        @Test
        void aSentenceThatMakesNoClaimShowsAsSuchInAFailure() {
            GroundednessAssert check = assertThat("Great question! Checked bags may weigh up to 30 kg each.")
                    .isGroundedIn(POLICY);

            assertThatThrownBy(() -> check.withMinScore(LlmJudge.DEFAULT_MIN_SCORE))
                    .hasMessageContaining("\"Great question!\"\n              no claim: left out of the score")
                    .hasMessageContaining("why: the sources say 'up to 23 kg', not 'up to 30 kg'");
        }

        @Test
        void aShortAnswerWhoseMeaningIsInTheQuestionCannotBeConfirmed() {
            GroundednessAssert check = assertThat("Unfortunately not.").isGroundedIn(POLICY);

            assertThatThrownBy(() -> check.withMinScore(LlmJudge.DEFAULT_MIN_SCORE))
                    .hasMessageContaining("why: wording the local judge cannot confirm; an LLM judge can decide it");
        }

        @Test
        void aFigureFromTheNamedQuestionIsNotAnInventedOne() {
            // Checked after the test against the default minimum.
            // tag::for-question[]
            assertThat("Your 27 kg bag is over the 23 kg limit, so you pay a fee of 50 euros.")
                    .forQuestion("My checked bag weighs 27 kg. Do I have to pay extra?")
                    .isGroundedIn(POLICY);
            // end::for-question[]
        }

        @Test
        void withoutTheQuestionTheSameFigureIsInventedAndTheMessageSaysSo() {
            GroundednessAssert check = assertThat(
                            "Your 27 kg bag is over the 23 kg limit, so you pay a fee of 50 euros.")
                    .isGroundedIn(POLICY);

            assertThatThrownBy(() -> check.withMinScore(LlmJudge.DEFAULT_MIN_SCORE))
                    .hasMessageContaining("why: '27 kg' is in no source");
        }

        @Test
        void figuresTheSourcesAttachToSomethingElseFailWithWhatTheyAttachThemTo() {
            GroundednessAssert check = assertThat(
                            "Checked bags may weigh up to 7 kg each. Carry-on bags may weigh up to 23 kg.")
                    .isGroundedIn(POLICY);

            assertThatThrownBy(() -> check.withMinScore(LlmJudge.DEFAULT_MIN_SCORE))
                    .hasMessageContaining("why: the sources give 'up to 7 kg' for something else: "
                            + "\"Carry-on bags may weigh up to 7 kg.\"")
                    .hasMessageContaining("why: the sources give 'up to 23 kg' for something else: "
                            + "\"Checked bags may weigh up to 23 kg each.\"");
        }
    }
}
