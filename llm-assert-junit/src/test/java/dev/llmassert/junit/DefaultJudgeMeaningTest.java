package dev.llmassert.junit;

import dev.llmassert.core.config.ConfigKeys;
import dev.llmassert.core.groundedness.GroundednessJudge;
import dev.llmassert.core.groundedness.LocalGroundednessJudge;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestReporter;
import org.junit.jupiter.api.extension.ExtensionConfigurationException;
import org.junit.platform.engine.TestExecutionResult;
import org.junit.platform.testkit.engine.EngineExecutionResults;

import java.util.Map;

import static dev.llmassert.junit.LlmAssertions.assertThat;
import static dev.llmassert.junit.testing.Runs.failureOf;
import static dev.llmassert.junit.testing.Runs.reportEntries;
import static dev.llmassert.junit.testing.Runs.run;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * The default judge reads meaning: correct answers that reword their source pass a bare check, and answers that edit
 * it fail, each saying why. Each answer is checked as a new user would, at the defaults.
 */
@LlmJudge
class DefaultJudgeMeaningTest {

    static final String RETURNS = "Returns are accepted within 30 days of delivery. Refunds go back to the original "
            + "payment method within 5 business days of receiving the return. Return shipping is free for orders "
            + "over 50 dollars. Opened earbuds cannot be returned for hygiene reasons.";

    @Test
    void aReorderedListPasses() {
        assertThat("Possible side effects include nausea, dizziness and headache.")
                .isGroundedIn("Side effects can include headache, dizziness and nausea.");
    }

    @Test
    void atNoCostForFreePasses() {
        assertThat("Members get shipping at no cost.").isGroundedIn("Shipping is free for members.");
    }

    @Test
    void takesOffForGivesOffPasses() {
        // WordNet lists "take" as an antonym of "give" in another sense: the model reads the sense.
        assertThat("The plan takes 10 percent off every order.")
                .isGroundedIn("The plan gives 10 percent off every order.");
    }

    @Test
    void aCorrectAnswerInOtherWordsPasses() {
        assertThat("You can send it back within 30 days of delivery.").isGroundedIn(RETURNS);
    }

    @Test
    void storeCreditInsteadOfTheOriginalPaymentMethodFailsSayingWhatTheSourcesSay() {
        GroundednessAssert check = assertThat("Refunds are paid as store credit within 5 business days.")
                .isGroundedIn(RETURNS);

        assertThatThrownBy(() -> check.withMinScore(LlmJudge.DEFAULT_MIN_SCORE))
                .hasMessageContaining("why: the sources say otherwise: \"Refunds go back to the original payment "
                        + "method within 5 business days of receiving the return.\"");
    }

    @Test
    void aConditionDroppedFailsSayingWhatTheSourcesSay() {
        GroundednessAssert check =
                assertThat("Return shipping is free for all orders.").isGroundedIn(RETURNS);

        assertThatThrownBy(() -> check.withMinScore(LlmJudge.DEFAULT_MIN_SCORE))
                .hasMessageContaining(
                        "why: the sources say otherwise: \"Return shipping is free for orders over 50 dollars.\"");
    }

    @Test
    void anOfferTheSourcesNeverMakeFailsAndNeverPassesWithNothingFound() {
        GroundednessAssert check =
                assertThat("We also offer free exchanges at any of our stores.").isGroundedIn(RETURNS);

        assertThat(check.verdict().score()).isLessThan(LlmJudge.DEFAULT_MIN_SCORE);
        assertThatThrownBy(() -> check.withMinScore(LlmJudge.DEFAULT_MIN_SCORE))
                .hasMessageContaining("why: the sources do not say this");
    }

    @Test
    void aFigureAttachedToTheNeighbouringGroupFails() {
        GroundednessAssert check = assertThat("Members save 20 percent at weekends.")
                .isGroundedIn("Members save 20 percent on weekdays and 10 percent at weekends.");

        assertThatThrownBy(() -> check.withMinScore(LlmJudge.DEFAULT_MIN_SCORE))
                .hasMessageContaining("why: the sources give '20 percent' for something else");
    }

    /** The key that turns the entailment model off, as a user sets it, through the JUnit Platform. */
    @Nested
    class TheEntailmentKey {

        @Test
        void offGivesTheJudgeOfEarlierVersionsWhichMissesTheParaphrase() {
            EngineExecutionResults results = run(OneParaphrase.class, ConfigKeys.GROUNDEDNESS_LOCAL_ENTAILMENT, "off");

            results.testEvents().assertStatistics(s -> s.started(1).failed(1));
            assertThat(reportEntries(results, "paraphrase"))
                    .contains(Map.of("judge", LocalGroundednessJudge.NAME_WITHOUT_ENTAILMENT));
            assertThat(failureOf(results, "paraphrase")).hasMessageContaining("Members get shipping at no cost.");
        }

        @Test
        void onIsTheDefault() {
            for (EngineExecutionResults results : new EngineExecutionResults[] {
                run(OneParaphrase.class), run(OneParaphrase.class, ConfigKeys.GROUNDEDNESS_LOCAL_ENTAILMENT, "on")
            }) {
                results.testEvents().assertStatistics(s -> s.started(1).succeeded(1));
                assertThat(reportEntries(results, "paraphrase"))
                        .contains(Map.of("judge", LocalGroundednessJudge.NAME_WITH_EMBEDDINGS));
            }
        }

        @Test
        void anotherValueFailsTheRunNamingTheKeyAndTheValues() {
            EngineExecutionResults results = run(OneParaphrase.class, ConfigKeys.GROUNDEDNESS_LOCAL_ENTAILMENT, "yes");

            results.testEvents().assertStatistics(s -> s.started(0));
            assertThat(results.containerEvents().failed().stream()
                            .map(e -> e.getRequiredPayload(TestExecutionResult.class)
                                    .getThrowable()
                                    .orElseThrow())
                            .toList())
                    .singleElement()
                    .isInstanceOf(ExtensionConfigurationException.class)
                    .satisfies(e -> assertThat(e.getMessage())
                            .contains(
                                    "Unsupported value for configuration key "
                                            + "'llmassert.groundedness.local.entailment': 'yes'",
                                    "Allowed: on, off."));
        }
    }

    @LlmJudge
    static class OneParaphrase {

        @Test
        void paraphrase(GroundednessJudge judge, TestReporter reporter) {
            reporter.publishEntry("judge", judge.name());
            assertThat("Members get shipping at no cost.").isGroundedIn("Shipping is free for members.");
        }
    }
}
