package dev.llmassert.junit;

import dev.langchain4j.service.Result;
import dev.llmassert.core.agent.Trajectory;
import dev.llmassert.core.calibration.Calibration;
import dev.llmassert.core.conversation.Conversation;
import dev.llmassert.core.criteria.DirectResult;
import dev.llmassert.core.criteria.MultiCriteriaResult;
import dev.llmassert.core.criteria.PairwiseResult;
import dev.llmassert.core.eval.EvaluationResults;
import dev.llmassert.core.groundedness.GroundednessVerdict;
import org.apiguardian.api.API;
import org.assertj.core.annotation.CheckReturnValue;
import org.assertj.core.api.Assertions;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;
import static org.apiguardian.api.API.Status.STABLE;

/**
 * Entry point of the assertions on LLM output, and of all of AssertJ's: it extends AssertJ's {@link Assertions}, so
 * one static import serves both.
 *
 * <pre>{@code
 * import static dev.llmassert.junit.LlmAssertions.assertThat;
 *
 * assertThat(answer).isNotBlank().doesNotContain("As an AI").isGroundedIn(MANUAL).withMinScore(0.8);
 * assertThat(answer).meets(CriteriaCatalog.CONCISENESS).withOption("Concise");
 * assertThat(answer).satisfies("Does the answer tell the customer which button to press?");
 * assertThat(answer).inContext("question", question).meets(CriteriaCatalog.ANSWER_RELEVANCE).withMinScore(0.75);
 * assertThat(newAnswer).isPreferredOver(oldAnswer).on(CriteriaCatalog.CONCISENESS);
 * assertThat(answer).meetsAll(releaseRubric).withMinScore(0.8);
 * assertThat(verdict.sentences()).hasSize(2);   // AssertJ's own assertThat(List), through the same import
 * }</pre>
 *
 * <p>Import {@code LlmAssertions.assertThat} instead of {@code org.assertj.core.api.Assertions.assertThat}, not
 * beside it: both declare {@code assertThat(String)}, and this one hides AssertJ's with an assert that has all of
 * AssertJ's string checks. As AssertJ's own, the class can be extended to add a project's entry points.
 */
@API(status = STABLE, since = "0.1")
@CheckReturnValue
public class LlmAssertions extends Assertions {

    /** For a project's own entry point that extends this one, as AssertJ's {@link Assertions} allows. */
    protected LlmAssertions() {}

    /**
     * Assertions on {@code response}: AssertJ's string assertions, and the judged checks, judged by the judge of the
     * running {@link LlmJudge} test.
     *
     * @param response the response under test, e.g. the application's answer
     * @return the response's assertions
     */
    public static ResponseAssert assertThat(String response) {
        return new ResponseAssert(response);
    }

    /**
     * Assertions on a verdict obtained from a judge directly.
     *
     * @param verdict a verdict a judge gave
     * @return the verdict's assertions
     */
    public static GroundednessAssert assertThat(GroundednessVerdict verdict) {
        return new GroundednessAssert(verdict);
    }

    /**
     * Assertions on a result obtained from a {@code DirectJudge} directly, e.g. to expect an option other than the
     * best outside the extension: {@code assertThat(judge.evaluate(answer, politeness)).withOption("Impolite")}.
     *
     * @param result the result a direct criteria judge gave
     * @return the result's assertions
     */
    public static CriteriaAssert assertThat(DirectResult result) {
        return new CriteriaAssert(result);
    }

    /**
     * Assertions on a comparison obtained from a {@code PairwiseJudge} directly, for the response at index 0.
     *
     * @param result the comparison a pairwise judge gave
     * @return the comparison's assertions
     */
    public static PairwiseAssert assertThat(PairwiseResult result) {
        return new PairwiseAssert(result);
    }

    /**
     * Gates on an evaluation's results: {@code assertThat(results).measurement("grounded.passed")
     * .hasLowerBoundAtLeast(0.8)}.
     *
     * @param results an evaluation's results
     * @return the gates on the results
     */
    public static EvaluationResultsAssert assertThat(EvaluationResults results) {
        return new EvaluationResultsAssert(results);
    }

    /**
     * Gates on a judge's calibration against a person's labels:
     * {@code assertThat(calibration).balancedAccuracy().hasLowerBoundAtLeast(0.75)}.
     *
     * @param calibration a judge's calibration on labelled rows
     * @return the gates on the calibration
     */
    public static CalibrationAssert assertThat(Calibration calibration) {
        return new CalibrationAssert(calibration);
    }

    /**
     * Assertions on what an agent did: {@code assertThat(trajectory).calledTool("lookupOrder").withArgument("orderId",
     * "A-1042")}. A trajectory comes from a {@link TrajectoryRecorder}, from {@link Trajectories#of(Result)}, or is
     * built by hand.
     *
     * @param trajectory what an agent did: its tool calls and final answer
     * @return the trajectory's assertions
     */
    @API(status = EXPERIMENTAL, since = "0.1")
    public static TrajectoryAssert assertThat(Trajectory trajectory) {
        return new TrajectoryAssert(trajectory);
    }

    /**
     * Assertions on the trajectory of an AI service call that returned a langchain4j {@link Result}: its
     * {@link Result#toolExecutions()}, then its content as the final answer.
     *
     * @param result what an AI service method returned
     * @return the assertions on the call's trajectory
     */
    @API(status = EXPERIMENTAL, since = "0.1")
    public static TrajectoryAssert assertThat(Result<?> result) {
        return new TrajectoryAssert(result == null ? null : Trajectories.of(result));
    }

    /**
     * Assertions on a conversation: {@code assertThat(conversation).turn(4).contains("NR-20417")},
     * {@code .everyAssistantTurn().isGroundedIn(manual)}, {@code .remembers("NR-20417")}. A conversation comes from
     * a {@link ConversationRecorder}, from a {@code UserSimulator}, or is built by hand.
     *
     * @param conversation a recorded or simulated conversation
     * @return the conversation's assertions
     */
    @API(status = EXPERIMENTAL, since = "0.1")
    public static ConversationAssert assertThat(Conversation conversation) {
        return new ConversationAssert(conversation);
    }

    /**
     * Assertions on a multi-criteria result obtained from a {@code DirectJudge} directly.
     *
     * @param result the multi-criteria result a direct judge gave
     * @return the result's assertions
     */
    public static MultiCriteriaAssert assertThat(MultiCriteriaResult result) {
        return new MultiCriteriaAssert(result);
    }
}
