package dev.llmassert.junit;

import dev.langchain4j.agent.tool.ToolExecutionRequest;
import dev.langchain4j.invocation.InvocationContext;
import dev.langchain4j.service.Result;
import dev.langchain4j.service.tool.ToolExecution;
import dev.llmassert.core.calibration.Calibration;
import dev.llmassert.core.calibration.Calibrator;
import dev.llmassert.core.criteria.Contest;
import dev.llmassert.core.criteria.Criteria;
import dev.llmassert.core.criteria.DirectResult;
import dev.llmassert.core.criteria.MultiCriteriaItem;
import dev.llmassert.core.criteria.MultiCriteriaResult;
import dev.llmassert.core.criteria.PairwiseResult;
import dev.llmassert.core.eval.Annotator;
import dev.llmassert.core.eval.Annotators;
import dev.llmassert.core.eval.EvaluationResults;
import dev.llmassert.core.eval.EvaluationRunner;
import dev.llmassert.core.eval.PromptResponseTest;
import dev.llmassert.core.eval.SystemUnderTest;
import dev.llmassert.core.eval.TestItem;
import dev.llmassert.core.groundedness.GroundednessVerdict;
import dev.llmassert.junit.testing.WordOverlapJudge;
import org.junit.jupiter.api.Test;

import java.util.List;

import static dev.llmassert.junit.LlmAssertions.assertThat;
import static dev.llmassert.junit.LlmAssertions.assertThatThrownBy;

/**
 * Every entry point of {@link LlmAssertions} is soft in {@link LlmSoftAssertions}, the asserts reached from them
 * included; a gate's bound the figure cannot reach is an argument error; a tool's calls take a description.
 */
class SoftEntryPointsTest {

    private static final String SOURCE = "The router restarts in two minutes and the light turns white.";
    private static final Criteria CONCISENESS = Criteria.builder("conciseness")
            .description("Is the response concise?")
            .option("Concise", "Nothing could be left out.", 1.0)
            .option("Verbose", "Some of it could be left out.", 0.0)
            .build();

    @Test
    void everyEntryPointCollectsItsFailuresAndTheNextCheckStillRuns() {
        GroundednessVerdict verdict = new WordOverlapJudge().judge("Call us on Sundays.", List.of(SOURCE));
        DirectResult direct = DirectResult.of(CONCISENESS, "Verbose", "It repeats itself.");
        PairwiseResult pairwise =
                PairwiseResult.of(CONCISENESS, 2, List.of(Contest.between(0, 1, 1, "1 is shorter")), null);
        MultiCriteriaResult multi = new MultiCriteriaResult(
                0.5,
                List.of(new MultiCriteriaResult.Item(
                        "conciseness", MultiCriteriaItem.Strategy.TARGET_OPTION, 1.0, 0.5, 0.5, false, true, direct)));
        Calibration calibration =
                Calibrator.builder().build().calibrate(new WordOverlapJudge(), CalibrationsTest.rows());
        Result<String> result = Result.<String>builder()
                .content("Your refund has been issued.")
                .toolExecutions(List.of(ToolExecution.builder()
                        .request(ToolExecutionRequest.builder()
                                .name("lookupOrder")
                                .arguments("{\"orderId\":\"A-1042\"}")
                                .build())
                        .result("Order A-1042 was paid 198 dollars.")
                        .invocationContext(InvocationContext.builder().build())
                        .build()))
                .build();

        LlmSoftAssertions softly = new LlmSoftAssertions();
        softly.assertThat("The router restarts.").isEmpty();
        softly.assertThat(verdict).withMinScore(0.9);
        softly.assertThat(verdict).everySentence().hasMinScore(0.9);
        softly.assertThat(direct).withOption("Concise");
        softly.assertThat(pairwise).isPreferred();
        softly.assertThat(multi).withMinScore(0.8);
        softly.assertThat(evaluation()).measurement("mentions-sundays").hasMeanAtLeast(0.5);
        softly.assertThat(calibration).balancedAccuracy().hasLowerBoundAtLeast(0.99);
        softly.assertThat(calibration).recall("maybe").hasValueAtLeast(0.5);
        softly.assertThat(TrajectoryAssertionsTest.REFUND).calledTool("deleteAccount");
        softly.assertThat(TrajectoryAssertionsTest.REFUND)
                .calledTool("lookupOrder")
                .times(2)
                .finalAnswer()
                .contains("never said");
        softly.assertThat(result).calledToolsExactly("refundPayment");

        assertThat(softly.errorsCollected())
                .extracting(Throwable::getMessage)
                .satisfiesExactly(
                        m -> assertThat(m).contains("Expecting empty but was: \"The router restarts.\""),
                        m -> assertThat(m).contains("to be grounded in its sources with a score of at least 0.90"),
                        m -> assertThat(m).contains("Expecting every sentence of response:"),
                        m -> assertThat(m).contains("with option \"Concise\", but the judge chose \"Verbose\""),
                        m -> assertThat(m).contains("to be preferred over the other response"),
                        m -> assertThat(m).contains("to meet all criteria with an aggregate score of at least 0.80"),
                        m -> assertThat(m).startsWith("Expecting the mean of 'mentions-sundays' to be at least 0.500"),
                        m -> assertThat(m).startsWith("Expecting the lower bound of the balanced accuracy of "),
                        m -> assertThat(m).contains("has no label 'maybe'; its labels are [yes, no]"),
                        m -> assertThat(m).contains("deleteAccount"),
                        m -> assertThat(m).contains("lookupOrder"),
                        m -> assertThat(m).contains("never said"),
                        m -> assertThat(m).contains("refundPayment"));
    }

    @Test
    void aToolsCallsTakeADescriptionAsEveryAssertJAssertDoes() {
        assertThatThrownBy(() -> assertThat(TrajectoryAssertionsTest.REFUND)
                        .calledTool("lookupOrder")
                        .as("the lookup before the refund")
                        .times(2))
                .hasMessageStartingWith("[the lookup before the refund] ");
        assertThatThrownBy(() -> assertThat(TrajectoryAssertionsTest.REFUND)
                        .as("the refund")
                        .calledTool("deleteAccount"))
                .hasMessageStartingWith("[the refund] ");
    }

    @Test
    void aBoundTheFigureCannotReachIsAnArgumentErrorNotAFailedGate() {
        Calibration calibration =
                Calibrator.builder().build().calibrate(new WordOverlapJudge(), CalibrationsTest.rows());

        assertThatThrownBy(() -> assertThat(calibration).balancedAccuracy().hasLowerBoundAtLeast(1.5))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("hasLowerBoundAtLeast(bound) must be between 0.0 and 1.0, but is: 1.5.")
                .hasMessageContaining("Fix: ");
        assertThatThrownBy(() -> assertThat(calibration).kappa().hasValueAtLeast(-1.5))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("must be between -1.0 and 1.0");
        assertThat(calibration).kappa().hasValueAtLeast(-0.5);
        assertThatThrownBy(() ->
                        assertThat(evaluation()).measurement("mentions-sundays").hasMeanAtMost(Double.NaN))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("hasMeanAtMost(bound) must be a finite number, but is: NaN.");
        assertThatThrownBy(() ->
                        assertThat(evaluation()).measurement("mentions-sundays").isNotWorseThan(null))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("isNotWorseThan(baseline) must not be null.");
        assertThatThrownBy(() ->
                        assertThat(evaluation()).measurement("mentions-sundays").isNotWorseThan(evaluation(), 0))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("needs a positive drop to detect, but it is: 0.0.");
    }

    /** Four answers, one of which mentions Sundays: a mean of 0.25. */
    private static EvaluationResults evaluation() {
        PromptResponseTest test = new PromptResponseTest() {
            @Override
            public List<TestItem> makeTestItems() {
                return List.of(
                        TestItem.of("a", "When are you open?"),
                        TestItem.of("b", "Do you open on Sundays?"),
                        TestItem.of("c", "Can I call at night?"),
                        TestItem.of("d", "Where are you?"));
            }

            @Override
            public List<Annotator> annotators() {
                return List.of(Annotators.contains("mentions-sundays", "Sundays"));
            }
        };
        return EvaluationRunner.builder().build().run(test, SystemUnderTest.of("echo", prompt -> prompt));
    }
}
