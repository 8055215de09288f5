package dev.llmassert.junit;

import dev.llmassert.core.agent.Trajectory;
import dev.llmassert.core.criteria.Criteria;
import dev.llmassert.core.criteria.CriteriaCatalog;
import dev.llmassert.core.criteria.DirectJudge;
import dev.llmassert.junit.internal.AssertionState;
import dev.llmassert.junit.internal.FailureSink;
import dev.llmassert.junit.internal.message.Messages;
import dev.llmassert.junit.internal.message.ShouldFollowTrajectory;
import org.apiguardian.api.API;
import org.assertj.core.api.AbstractAssert;
import org.assertj.core.api.AssertionErrorCollector;
import org.assertj.core.error.ErrorMessageFactory;
import org.assertj.core.internal.Failures;

import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

/**
 * Assertions on what an agent did: the tools it called, in which order, with which arguments, and its final answer.
 * Made by {@link LlmAssertions#assertThat(Trajectory)}, or by {@code assertThat(result)} for the {@code Result} of an
 * AI service method.
 *
 * <pre>{@code
 * assertThat(trajectory).calledTool("lookupWarranty").withArgument("serial", "NR2-0042").times(1);
 * assertThat(trajectory).calledToolsInOrder("lookupWarranty", "bookTechnician").neverCalled("cancelVisit");
 * assertThat(trajectory).finalAnswer().isGroundedInToolResults().withMinScore(0.7);
 * }</pre>
 *
 * <p>A failure shows the expected calls and the actual ones side by side, each actual call with its arguments and
 * result, then the final answer.
 */
@API(status = EXPERIMENTAL, since = "0.1")
public class TrajectoryAssert extends AbstractAssert<TrajectoryAssert, Trajectory> {

    /** The context field of the user's request, for judged criteria. */
    public static final String REQUEST = "request";
    /** The context field of the tool calls, one line each with arguments and result, for judged criteria. */
    public static final String TRAJECTORY = "trajectory";
    /** The context field of the final answer, for judged criteria. */
    public static final String RESPONSE = "response";

    private DirectJudge criteriaJudge;
    private FailureSink failures = FailureSink.THROWING;
    private Function<String, ResponseAssert> responses = ResponseAssert::new;

    /**
     * Assertions on {@code trajectory}; public, as AssertJ's soft assertions need it: a test gets them from {@code
     * LlmAssertions.assertThat(trajectory)}.
     *
     * @param trajectory the trajectory
     */
    public TrajectoryAssert(Trajectory trajectory) {
        super(trajectory, TrajectoryAssert.class);
    }

    /**
     * Verifies that the agent called {@code tool} at least once; narrow the calls with the returned assert's
     * {@code withArgument(...)}, {@code withArguments(...)}, and count them with {@code times(n)}.
     *
     * @param tool the tool's name
     * @return the calls of the tool, to narrow
     */
    public ToolCallAssert calledTool(String tool) {
        isNotNull();
        requireName(tool, "calledTool(tool)");
        return new ToolCallAssert(this, tool, failures);
    }

    /**
     * Verifies that the agent called these tools in this order; other calls may come before, between and after.
     *
     * @param tools the tools' names, in order
     * @return this assertion, to chain more checks
     */
    public TrajectoryAssert calledToolsInOrder(String... tools) {
        isNotNull();
        List<String> expected = names(tools, "calledToolsInOrder(...)");
        List<String> actualNames = actual.toolNames();
        int next = 0;
        for (String name : actualNames) {
            if (next < expected.size() && name.equals(expected.get(next))) {
                next++;
            }
        }
        if (next < expected.size()) {
            fail(ShouldFollowTrajectory.shouldHaveCalledInOrder(actual, expected, next), expected);
        }
        return myself;
    }

    /**
     * Verifies that the agent called exactly these tools, in this order, and no other (promptfoo's tool-sequence).
     *
     * @param tools the tools' names, in order
     * @return this assertion, to chain more checks
     */
    public TrajectoryAssert calledToolsExactly(String... tools) {
        isNotNull();
        List<String> expected =
                tools != null && tools.length == 0 ? List.of() : names(tools, "calledToolsExactly(...)");
        if (!actual.toolNames().equals(expected)) {
            fail(ShouldFollowTrajectory.shouldHaveCalledExactly(actual, expected), expected);
        }
        return myself;
    }

    /**
     * Verifies that the agent never called any of these tools.
     *
     * @param tools the tools' names
     * @return this assertion, to chain more checks
     */
    public TrajectoryAssert neverCalled(String... tools) {
        isNotNull();
        for (String tool : names(tools, "neverCalled(...)")) {
            if (!actual.callsOf(tool).isEmpty()) {
                failWith(ShouldFollowTrajectory.shouldNeverHaveCalled(actual, tool));
            }
        }
        return myself;
    }

    /**
     * Verifies that the agent called no tool other than these (each may be called any number of times, or not).
     *
     * @param tools the tools' names
     * @return this assertion, to chain more checks
     */
    public TrajectoryAssert calledOnlyTools(String... tools) {
        isNotNull();
        List<String> allowed = names(tools, "calledOnlyTools(...)");
        if (!allowed.containsAll(actual.toolNames())) {
            failWith(ShouldFollowTrajectory.shouldCallOnly(actual, allowed));
        }
        return myself;
    }

    /**
     * Verifies that the agent called no tool at all.
     *
     * @return this assertion, to chain more checks
     */
    public TrajectoryAssert calledNoTool() {
        return hasToolCallCountBetween(0, 0);
    }

    /**
     * Verifies that the agent made at most {@code max} tool calls (promptfoo's step-count).
     *
     * @param max the most tool calls
     * @return this assertion, to chain more checks
     */
    public TrajectoryAssert hasAtMostToolCalls(int max) {
        return hasToolCallCountBetween(0, max);
    }

    /**
     * Verifies that the agent made between {@code min} and {@code max} tool calls, both included.
     *
     * @param min the fewest tool calls
     * @param max the most tool calls
     * @return this assertion, to chain more checks
     */
    public TrajectoryAssert hasToolCallCountBetween(int min, int max) {
        isNotNull();
        if (min < 0 || max < min) {
            throw new IllegalArgumentException(Messages.badToolCallBounds(min, max));
        }
        int calls = actual.toolCalls().size();
        if (calls < min || calls > max) {
            failWith(ShouldFollowTrajectory.shouldHaveCallCount(actual, min, max));
        }
        return myself;
    }

    /**
     * The agent's final answer, as the {@link ResponseAssert} of {@code assertThat(answer)}: AssertJ's string checks
     * and the judged ones, and {@link ResponseAssert#isGroundedInToolResults()}.
     *
     * @return the final answer's assertions
     */
    public ResponseAssert finalAnswer() {
        isNotNull();
        return responseAssert(actual.finalAnswer());
    }

    /**
     * Judges the trajectory on {@code criteria} with a direct criteria judge (an LLM judge), as
     * {@link ResponseAssert#meets(Criteria)} does: the judge sees the user's request ({@code request}), the tool calls
     * with their arguments and results ({@code trajectory}) and the final answer ({@code response}), each between data
     * tags. The criteria's judged field is one of them, the others are context: {@link CriteriaCatalog#TASK_COMPLETION}
     * judges the answer, {@link CriteriaCatalog#TOOL_USE_APPROPRIATENESS} the calls. Finish with
     * {@code withOption(...)} or {@code withMinScore(...)}; without either, the best option is expected.
     *
     * @param criteria the criteria the trajectory is judged on
     * @return the criteria check, to name the option or a minimum score
     */
    public CriteriaAssert meets(Criteria criteria) {
        isNotNull();
        if (criteria == null) {
            throw new IllegalArgumentException(Messages.nullArgument(
                    "meets(criteria)",
                    "Pass a criteria, e.g. CriteriaCatalog.TASK_COMPLETION or "
                            + "CriteriaCatalog.TOOL_USE_APPROPRIATENESS."));
        }
        Map<String, String> fields = new LinkedHashMap<>();
        fields.put(REQUEST, actual.request());
        fields.put(
                TRAJECTORY,
                String.join("\n", actual.lines().subList(0, actual.lines().size() - 1)));
        fields.put(RESPONSE, actual.finalAnswer());
        String judged = fields.remove(criteria.toEvaluateField());
        ResponseAssert response = responseAssert(judged == null ? actual.finalAnswer() : judged);
        if (criteriaJudge != null) {
            response.usingCriteriaJudge(criteriaJudge);
        }
        fields.forEach(response::inContext);
        return response.meets(criteria);
    }

    /**
     * Judges criteria with {@code judge} instead of the direct judge of the running {@link LlmJudge} test.
     *
     * @param judge the direct criteria judge to use
     * @return this assertion, to chain more checks
     */
    public TrajectoryAssert usingCriteriaJudge(DirectJudge judge) {
        if (judge == null) {
            throw new IllegalArgumentException(Messages.nullArgument(
                    "usingCriteriaJudge(judge)",
                    "Pass a DirectJudge, or drop usingCriteriaJudge(...) to use the judge of @LlmJudge."));
        }
        this.criteriaJudge = judge;
        return myself;
    }

    /**
     * Sends the failures of the asserts this one makes (a tool's calls, the final answer) to soft assertions;
     * {@code responses} makes the final answer's soft assert.
     */
    TrajectoryAssert collectingFailuresIn(
            AssertionErrorCollector collector, Function<String, ResponseAssert> softResponses) {
        this.failures = FailureSink.collectingIn(collector);
        this.responses = softResponses;
        return myself;
    }

    void fail(ErrorMessageFactory message, List<String> expected) {
        // With the names as actual and expected values, an IDE shows the two sequences side by side as a diff.
        failures.fail(Failures.instance()
                .failure(info, message, String.join("\n", actual.toolNames()), String.join("\n", expected)));
    }

    Trajectory trajectory() {
        return actual;
    }

    private void failWith(ErrorMessageFactory message) {
        failures.fail(assertionError(message));
    }

    /** The assert of {@code text}, an answer of this trajectory, with what the user set on this one. */
    private ResponseAssert responseAssert(String text) {
        ResponseAssert response = responses.apply(text).answerOf(actual);
        AssertionState.copy(info, response.info);
        return response;
    }

    static void requireName(String tool, String method) {
        if (tool == null || tool.isBlank()) {
            throw new IllegalArgumentException(Messages.nullArgument(
                    method + " with a non-blank tool name",
                    "Pass the name the model calls the tool by: the @Tool method's name, or @Tool(name = ...)."));
        }
    }

    private static List<String> names(String[] tools, String method) {
        if (tools == null || tools.length == 0) {
            throw new IllegalArgumentException(Messages.nullArgument(
                    method + " with at least one tool name",
                    "Pass the names the model calls the tools by, e.g. " + method.replace("...", "\"lookupOrder\"")
                            + "."));
        }
        Arrays.stream(tools).forEach(tool -> requireName(tool, method));
        return List.of(tools);
    }
}
