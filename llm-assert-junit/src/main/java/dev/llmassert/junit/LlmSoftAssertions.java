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
 * <p>Every entry point of {@link LlmAssertions} is here, as AssertJ's {@code SoftAssertions} offers every
 * {@code assertThat}: responses, verdicts and results judged outside the DSL, evaluations, calibrations,
 * trajectories and conversations. The gates of an evaluation are soft too:
 * {@code softly.assertThat(results).measurement("grounded").hasMeanAtLeast(0.8)} collects a failed gate and goes on to
 * the next.
 *
 * <p>Also works as an {@code @InjectSoftAssertions} field or parameter of AssertJ's {@code SoftAssertionsExtension}.
 * A bare {@code isGroundedIn(...)} without {@code withMinScore(...)} is not collected: under {@link LlmJudge} the
 * extension checks it after the test method, as for plain assertions, so it cannot be lost when
 * {@code assertAll()} has already run.
 */
@API(status = STABLE, since = "0.1")
public class LlmSoftAssertions extends AbstractSoftAssertions {

    /**
     * Soft assertions on {@code response}: its failing checks, string checks and judged ones, are collected.
     *
     * @param response the response under test
     * @return the response's soft assertions
     */
    @CheckReturnValue
    public ResponseAssert assertThat(String response) {
        return proxy(ResponseAssert.class, String.class, response).collectingFailuresIn(this);
    }

    /**
     * Soft checks of a groundedness verdict judged outside {@code assertThat(response)}.
     *
     * @param verdict a verdict a judge gave
     * @return the verdict's soft assertions
     */
    @CheckReturnValue
    public GroundednessAssert assertThat(GroundednessVerdict verdict) {
        return proxy(GroundednessAssert.class, GroundednessVerdict.class, verdict)
                .collectingFailuresIn(this);
    }

    /**
     * Soft checks of a criteria result judged outside {@code assertThat(response)}.
     *
     * @param result the result a direct criteria judge gave
     * @return the result's soft assertions
     */
    @CheckReturnValue
    public CriteriaAssert assertThat(DirectResult result) {
        return proxy(CriteriaAssert.class, DirectResult.class, result).collectingFailuresIn(this);
    }

    /**
     * Soft checks of a pairwise comparison judged outside {@code assertThat(response)}.
     *
     * @param result the comparison a pairwise judge gave
     * @return the comparison's soft assertions
     */
    @CheckReturnValue
    public PairwiseAssert assertThat(PairwiseResult result) {
        return proxy(PairwiseAssert.class, PairwiseResult.class, result).collectingFailuresIn(this);
    }

    /**
     * Soft checks of a multi-criteria result judged outside {@code assertThat(response)}.
     *
     * @param result the multi-criteria result a direct judge gave
     * @return the result's soft assertions
     */
    @CheckReturnValue
    public MultiCriteriaAssert assertThat(MultiCriteriaResult result) {
        return proxy(MultiCriteriaAssert.class, MultiCriteriaResult.class, result)
                .collectingFailuresIn(this);
    }

    /**
     * Soft gates on an evaluation's results: every failing gate is collected, as the hard ones would fail, and the
     * next gate still runs. {@code softly.assertThat(results).measurement("relevant").inGroup("topic", "billing")
     * .hasMeanAtLeast(0.7)}.
     *
     * @param results an evaluation's results
     * @return the soft gates on the results
     */
    @CheckReturnValue
    public EvaluationResultsAssert assertThat(EvaluationResults results) {
        return proxy(EvaluationResultsAssert.class, EvaluationResults.class, results)
                .collectingFailuresIn(this);
    }

    /**
     * Soft gates on a calibration: every failing gate is collected, the figure gates included.
     *
     * @param calibration a judge's calibration on labelled rows
     * @return the soft gates on the calibration
     */
    @CheckReturnValue
    public CalibrationAssert assertThat(Calibration calibration) {
        return proxy(CalibrationAssert.class, Calibration.class, calibration).collectingFailuresIn(this);
    }

    /**
     * Soft checks of an agent's trajectory: a tool's calls ({@code calledTool(...)}) and the final answer's checks
     * ({@code finalAnswer()}) are collected too.
     *
     * @param trajectory what an agent did: its tool calls and final answer
     * @return the trajectory's soft assertions
     */
    @CheckReturnValue
    public TrajectoryAssert assertThat(Trajectory trajectory) {
        return proxy(TrajectoryAssert.class, Trajectory.class, trajectory)
                .collectingFailuresIn(this, (String response) -> assertThat(response));
    }

    /**
     * Soft checks of a conversation: a turn's checks ({@code turn(n)}) and every reply's
     * ({@code everyAssistantTurn()}) are collected too.
     *
     * @param conversation a recorded or simulated conversation
     * @return the conversation's soft assertions
     */
    @CheckReturnValue
    public ConversationAssert assertThat(Conversation conversation) {
        return proxy(ConversationAssert.class, Conversation.class, conversation)
                .collectingFailuresIn(this, (String response) -> assertThat(response));
    }

    /**
     * As {@link #assertThat(Trajectory)}, for the {@code Result} of an AI service method.
     *
     * @param result what an AI service method returned
     * @return the soft assertions on the call's trajectory
     */
    @CheckReturnValue
    public TrajectoryAssert assertThat(Result<?> result) {
        return assertThat(result == null ? null : Trajectories.of(result));
    }
}
