package dev.llmassert.junit;

import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;

import static dev.llmassert.junit.LlmAssertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * The shapes support answers take most often, each checked as a new user would: a bare {@code isGroundedIn} with the
 * default judge at the default minimum. A faithful answer passes; a wrong one fails, saying why.
 */
@LlmJudge
class SupportAnswerShapesTest {

    static final String ORDERS = "Order 1234 ships from warehouse W1 within 3 business days. Order 5678 ships from "
            + "warehouse W2 within 7 business days.";

    static final String PLANS = "Plan 3 costs 20 dollars a month and includes 5 users. The Pro plan includes phone "
            + "support. All plans include email support.";

    /** Fails {@code answer} against {@code source} at the default minimum; the failure message, for its reason. */
    private static String failure(String answer, String source) {
        GroundednessAssert check = assertThat(answer).isGroundedIn(source);
        Throwable thrown =
                org.assertj.core.api.Assertions.catchThrowable(() -> check.withMinScore(LlmJudge.DEFAULT_MIN_SCORE));
        org.assertj.core.api.Assertions.assertThat(thrown).as("the check fails").isInstanceOf(AssertionError.class);
        return thrown.getMessage();
    }

    /** Identifiers name a thing; the figures a sentence states about it are compared with its own. */
    @Nested
    class Identifiers {

        @Test
        void aSentenceThatKeepsTheIdentifierAndItsFiguresAndLeavesOutWordsPasses() {
            assertThat("Order 1234 ships within 3 business days.").isGroundedIn(ORDERS);
            assertThat("Plan 3 includes 5 users.").isGroundedIn(PLANS);
        }

        @Test
        void aFigureMovedToAnotherIdentifierFails() {
            org.assertj.core.api.Assertions.assertThat(failure("Order 1234 ships within 7 business days.", ORDERS))
                    .contains("why: the sources give 'within 7 business days' for something else: \"Order 5678 "
                            + "ships from warehouse W2 within 7 business days.\"");
        }

        @Test
        void aChangedFigureFails() {
            org.assertj.core.api.Assertions.assertThat(failure("Plan 3 includes 20 users.", PLANS))
                    .contains("why: the sources say '5 users', not '20 users'");
        }

        @Test
        void aModelCodeIsANameNotAFigure() {
            String manual = "The X200 router has two antennas and supports Wi-Fi 6. The X100 supports Wi-Fi 5.";

            assertThat("The X200 supports Wi-Fi 6.").isGroundedIn(manual);
            org.assertj.core.api.Assertions.assertThat(failure("The X300 supports Wi-Fi 6.", manual))
                    .contains("why: 'X300' is in no source");
        }
    }

    /** Quantities are read as values, in the answer and in the sources. */
    @Nested
    class Quantities {

        @Test
        void aDateInAnotherFormPasses() {
            assertThat("The sale starts on March 1, 2026.").isGroundedIn("The sale starts on 2026-03-01.");
            assertThat("The sale starts on 1 March.").isGroundedIn("The sale starts on 2026-03-01.");
        }

        @Test
        void aVolumeInAnotherUnitPasses() {
            assertThat("The bottle holds 1,500 ml.").isGroundedIn("The bottle holds 1.5 litres.");
        }

        @Test
        void moneyInAnotherFormPasses() {
            assertThat("The Basic plan costs 20 USD a month.").isGroundedIn("The Basic plan costs 20 dollars a month.");
            assertThat("The Basic plan costs $20 per month.").isGroundedIn("The Basic plan costs 20 dollars a month.");
        }

        @Test
        void aTimeInAnotherFormPasses() {
            assertThat("The store opens at 9:00.").isGroundedIn("The store opens at 9 a.m.");
        }

        @Test
        void aDurationInAnotherUnitPasses() {
            assertThat("Returns are accepted within a week.").isGroundedIn("Returns are accepted within 7 days.");
            assertThat("The trial lasts two weeks.").isGroundedIn("The trial lasts 14 days.");
        }

        @Test
        void aPercentageASpelledOutNumberAndARangeInAnotherFormPass() {
            assertThat("The discount is 20%.").isGroundedIn("The discount is 20 percent.");
            assertThat("50% of the users chose the Pro plan.").isGroundedIn("Half of the users chose the Pro plan.");
            assertThat("The trial lasts 14 days.").isGroundedIn("The trial lasts fourteen days.");
            assertThat("Shipping takes 3-5 days.").isGroundedIn("Shipping takes 3 to 5 days.");
        }

        @Test
        void aBoundTheSourcesValueBreaksFails() {
            org.assertj.core.api.Assertions.assertThat(failure(
                            "The router restarts in under a minute.", "The router restarts in about 90 seconds."))
                    .contains("why: the sources say 'about 90 seconds', not 'under a minute'");
            org.assertj.core.api.Assertions.assertThat(
                            failure("The Basic plan includes up to 5 users.", "The Basic plan includes 10 users."))
                    .contains("why: the sources say '10 users', not 'up to 5 users'");
            org.assertj.core.api.Assertions.assertThat(
                            failure("The battery lasts more than 10 hours.", "The battery lasts up to 10 hours."))
                    .contains("why: the sources say 'up to 10 hours', not 'more than 10 hours'");
        }

        @Test
        void aBoundTheSourcesValueMeetsPasses() {
            assertThat("The router restarts in under 2 minutes.")
                    .isGroundedIn("The router restarts in about 90 seconds.");
        }

        @Test
        void aChangedFigureInAnotherUnitFails() {
            org.assertj.core.api.Assertions.assertThat(
                            failure("The bottle holds 2,000 ml.", "The bottle holds 1.5 litres."))
                    .contains("why: the sources say '1.5 litres', not '2,000 ml'");
        }

        @Test
        void aScopeWordAgainstANamedPartFails() {
            org.assertj.core.api.Assertions.assertThat(failure("Every plan includes phone support.", PLANS))
                    .contains("why: it says 'every plan' where its evidence says 'Pro plan'");
            org.assertj.core.api.Assertions.assertThat(
                            failure("Shipping always takes 3 days.", "Shipping usually takes 3 days."))
                    .contains("why: it says 'always' where its evidence says 'usually'");
        }

        @Test
        void aScopeWordTheSourcesUseTooPasses() {
            assertThat("Every plan includes email support.").isGroundedIn(PLANS);
        }
    }

    /** A negation or an opposite on the same content. */
    @Nested
    class Polarity {

        static final String WARRANTY = "The warranty covers manufacturing defects for two years. The warranty does "
                + "not cover water damage.";

        @Test
        void aSentenceThatTurnsANegativeIntoAPositiveFailsSayingSo() {
            org.assertj.core.api.Assertions.assertThat(failure("The warranty covers water damage.", WARRANTY))
                    .contains("why: its evidence negates 'cover', which it states plainly");
        }

        @Test
        void aFaithfulNegativeInOtherWordsPasses() {
            assertThat("Water damage is not covered by the warranty.").isGroundedIn(WARRANTY);
            assertThat("The warranty does not cover water damage.").isGroundedIn(WARRANTY);
        }

        @Test
        void aNegativeThatTheModelMisreadsPassesWhenItsWordingRestatesTheSource() {
            assertThat("It does not cover water damage.")
                    .forQuestion("Does the warranty cover water damage?")
                    .isGroundedIn(WARRANTY);
        }

        @Test
        void anOppositeWordFails() {
            org.assertj.core.api.Assertions.assertThat(
                            failure("Refunds are slower for members.", "Refunds are faster for members."))
                    .contains("why: it says 'slower' where its evidence says 'faster'");
        }
    }

    /** A sentence that opens with a reference back is read with the sentence before it. */
    @Nested
    class References {

        static final String ROUTERS =
                "The X200 router has two antennas and supports Wi-Fi 6. The X100 router supports Wi-Fi 5.";

        @Test
        void aPronounLedSentenceIsReadWithWhatItStandsFor() {
            assertThat("The X200 router has two antennas. It supports Wi-Fi 6.").isGroundedIn(ROUTERS);
        }

        @Test
        void aPronounLedSentenceThatStatesAnotherThingsFigureFails() {
            org.assertj.core.api.Assertions.assertThat(
                            failure("The X200 router has two antennas. It supports Wi-Fi 5.", ROUTERS))
                    .contains("It supports Wi-Fi 5.")
                    .contains("why: the sources give 'Wi-Fi 5' for something else: \"The X100 router supports "
                            + "Wi-Fi 5.\"");
        }
    }

    /** Addresses, versions, decimals, times, initials and abbreviations never end a sentence. */
    @Nested
    class WholeSentences {

        @Test
        void anEmailAddressAndTimesStayInTheirSentence() {
            GroundednessAssert check = assertThat(
                            "You can email help@shop.example Monday to Friday between 9 a.m. " + "and 5 p.m.")
                    .isGroundedIn("Support is reachable by email at help@shop.example from Monday to Friday, 9 a.m. "
                            + "to 5 p.m.");

            org.assertj.core.api.Assertions.assertThat(check.verdict().sentences())
                    .hasSize(1);
        }

        @Test
        void aWebAddressAVersionAndInitialsStayInTheirSentence() {
            GroundednessAssert check = assertThat(
                            "Download version 2.3.1 from www.shop.example/downloads today. Dr. J. Smith wrote it.")
                    .isGroundedIn("Version 2.3.1 can be downloaded from www.shop.example/downloads. It was written by "
                            + "Dr. J. Smith.");

            org.assertj.core.api.Assertions.assertThat(check.verdict().sentences())
                    .extracting(s -> s.sentence())
                    .containsExactly(
                            "Download version 2.3.1 from www.shop.example/downloads today.", "Dr. J. Smith wrote it.");
        }
    }

    /** An answer is what the application produced: it fails as an assertion, never with another exception. */
    @Nested
    class AnswersThatUsedToBreakTheJudge {

        @Test
        void aBareFigureFoundInItsSourcePasses() {
            assertThat("722,664").isGroundedIn("Revenue was 722,664 dollars.");
            assertThat("$1,250.00").isGroundedIn("The total was $1,250.00.");
            assertThat("(722,664)").isGroundedIn("Revenue was 722,664 dollars.");
        }

        @Test
        void punctuationOrSymbolsOnlyFailsAsAnAssertionWithItsReason() {
            for (String answer : new String[] {"-", "...", "?", "👍🎉"}) {
                assertThatThrownBy(
                                () -> assertThat(answer).isGroundedIn(PLANS).withMinScore(LlmJudge.DEFAULT_MIN_SCORE))
                        .isInstanceOf(AssertionError.class)
                        .hasMessageContaining("the response holds no words, only punctuation or symbols");
            }
        }

        @Test
        void aBlankAnswerFailsAsAnAssertionWithItsReason() {
            assertThatThrownBy(() -> assertThat(" \n").isGroundedIn(PLANS).withMinScore(LlmJudge.DEFAULT_MIN_SCORE))
                    .isInstanceOf(AssertionError.class)
                    .hasMessageContaining("the response is blank");
        }

        @Test
        void onlyTheTestsOwnMisuseIsAnIllegalArgument() {
            assertThatIllegalArgumentException()
                    .isThrownBy(() -> assertThat("Plan 3 includes 5 users.").isGroundedIn(" "));
            assertThatIllegalArgumentException()
                    .isThrownBy(() -> assertThat("Plan 3 includes 5 users.")
                            .isGroundedIn(PLANS)
                            .withMinScore(1.5));
        }
    }
}
