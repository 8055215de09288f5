package dev.llmassert.junit;

import com.fasterxml.jackson.core.JsonPointer;
import com.fasterxml.jackson.databind.JsonNode;
import dev.llmassert.core.agent.ToolCall;
import dev.llmassert.core.agent.Trajectory;
import dev.llmassert.junit.internal.AssertionState;
import dev.llmassert.junit.internal.FailureSink;
import dev.llmassert.junit.internal.ToolArguments;
import dev.llmassert.junit.internal.message.Messages;
import dev.llmassert.junit.internal.message.ShouldFollowTrajectory;
import org.apiguardian.api.API;
import org.assertj.core.api.AbstractAssert;
import org.assertj.core.api.Condition;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Predicate;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

/**
 * The calls of one tool in a trajectory, from {@link TrajectoryAssert#calledTool(String)}. Each {@code with...}
 * keeps the calls that match it and fails when none is left, so the conditions chained hold for one same call:
 *
 * <pre>{@code
 * assertThat(trajectory).calledTool("bookTechnician")
 *         .withArgument("serial", "NR2-0042")
 *         .withArgumentMatching("date", date -> date.asText().startsWith("2026-12"))
 *         .times(1);
 * }</pre>
 *
 * <p>An AssertJ assert on the tool's calls, so {@code as(...)} and soft assertions apply to it; it starts with the
 * description of the trajectory's assert.
 *
 * <p>An argument is named by a path into the call's JSON arguments: a field ({@code "serial"}), a nested field
 * ({@code "address.city"}), an array element ({@code "items[0].sku"}), or a JSON Pointer ({@code "/address/city"}).
 */
@API(status = EXPERIMENTAL, since = "0.1")
public class ToolCallAssert extends AbstractAssert<ToolCallAssert, List<ToolCall>> {

    private final TrajectoryAssert trajectoryAssert;
    private final Trajectory trajectory;
    private final String tool;
    private final FailureSink failures;
    private final List<String> wanted = new ArrayList<>();
    /** The top-level argument names the conditions asked for. */
    private final Set<String> names = new LinkedHashSet<>();

    private List<ToolCall> calls;

    /**
     * The calls of {@code tool} in the trajectory of {@code trajectoryAssert}, which they fail to (thrown, or collected
     * by soft assertions) with what the user set on it ({@code as(...)}, ...).
     */
    ToolCallAssert(TrajectoryAssert trajectoryAssert, String tool, FailureSink failures) {
        super(trajectoryAssert.trajectory().callsOf(tool), ToolCallAssert.class);
        this.trajectoryAssert = trajectoryAssert;
        this.trajectory = trajectoryAssert.trajectory();
        this.tool = tool;
        this.failures = failures;
        this.calls = actual;
        AssertionState.copy(trajectoryAssert.info, info);
        requireSome();
    }

    /**
     * Keeps the calls whose argument at {@code path} equals {@code expected} (text, number, boolean, map, list).
     *
     * @param path the argument's path: a name, {@code address.city}, {@code items[0].sku} or a JSON Pointer
     * @param expected the value it must equal
     * @return this assertion, to chain more checks
     */
    public ToolCallAssert withArgument(String path, Object expected) {
        JsonPointer pointer = ToolArguments.pointer(path);
        JsonNode value = ToolArguments.toNode(expected);
        names.add(ToolArguments.topLevelName(pointer));
        return keep(
                path + " = " + value,
                call -> ToolArguments.same(call.arguments().at(pointer), value));
    }

    /**
     * Keeps the calls whose argument at {@code path} is there and satisfies {@code predicate}.
     *
     * @param path the argument's path
     * @param predicate what the argument must satisfy
     * @return this assertion, to chain more checks
     */
    public ToolCallAssert withArgumentMatching(String path, Predicate<JsonNode> predicate) {
        JsonPointer pointer = ToolArguments.pointer(path);
        if (predicate == null) {
            throw new IllegalArgumentException(Messages.nullArgument(
                    "withArgumentMatching(path, predicate)",
                    "Pass a predicate on the argument's JSON value, e.g. id -> id.asText().startsWith(\"A-\")."));
        }
        names.add(ToolArguments.topLevelName(pointer));
        return keep(path + " matching the predicate", call -> {
            JsonNode value = call.arguments().at(pointer);
            return !value.isMissingNode() && predicate.test(value);
        });
    }

    /**
     * Keeps the calls whose argument at {@code path} is there and meets the AssertJ {@code condition}.
     *
     * @param path the argument's path
     * @param condition what the argument must meet
     * @return this assertion, to chain more checks
     */
    public ToolCallAssert withArgument(String path, Condition<? super JsonNode> condition) {
        JsonPointer pointer = ToolArguments.pointer(path);
        if (condition == null) {
            throw new IllegalArgumentException(
                    Messages.nullArgument("withArgument(path, condition)", "Pass an AssertJ Condition<JsonNode>."));
        }
        names.add(ToolArguments.topLevelName(pointer));
        return keep(path + " " + condition.description().value(), call -> {
            JsonNode value = call.arguments().at(pointer);
            return !value.isMissingNode() && condition.matches(value);
        });
    }

    /**
     * Keeps the calls whose whole arguments equal {@code json} (a JSON object; field order does not matter).
     *
     * @param json the whole arguments, a JSON object
     * @return this assertion, to chain more checks
     */
    public ToolCallAssert withArguments(String json) {
        JsonNode expected = askedFor(ToolArguments.parseObject(json));
        return keep("arguments exactly " + expected, call -> ToolArguments.same(call.arguments(), expected));
    }

    /**
     * As {@link #withArguments(String)}, with the arguments as a map.
     *
     * @param arguments the whole arguments, by name
     * @return this assertion, to chain more checks
     */
    public ToolCallAssert withArguments(Map<String, ?> arguments) {
        JsonNode expected = askedFor(ToolArguments.toNode(arguments));
        return keep("arguments exactly " + expected, call -> ToolArguments.same(call.arguments(), expected));
    }

    /**
     * Keeps the calls whose arguments hold at least {@code json}: each of its fields, with the same value; other
     * arguments may be there too (promptfoo's {@code tool-args-match} in partial mode).
     *
     * @param json the arguments a call must hold, a JSON object
     * @return this assertion, to chain more checks
     */
    public ToolCallAssert withArgumentsContaining(String json) {
        JsonNode expected = askedFor(ToolArguments.parseObject(json));
        return keep("arguments containing " + expected, call -> ToolArguments.contains(call.arguments(), expected));
    }

    /**
     * As {@link #withArgumentsContaining(String)}, with the arguments as a map.
     *
     * @param arguments the arguments a call must hold, by name
     * @return this assertion, to chain more checks
     */
    public ToolCallAssert withArgumentsContaining(Map<String, ?> arguments) {
        JsonNode expected = askedFor(ToolArguments.toNode(arguments));
        return keep("arguments containing " + expected, call -> ToolArguments.contains(call.arguments(), expected));
    }

    /**
     * Keeps the calls whose result contains {@code text}.
     *
     * @param text what the result must contain
     * @return this assertion, to chain more checks
     */
    public ToolCallAssert withResultContaining(String text) {
        if (text == null) {
            throw new IllegalArgumentException(
                    Messages.nullArgument("withResultContaining(text)", "Pass a part of the text the tool returns."));
        }
        return keep(
                "a result containing \"" + text + "\"", call -> call.result().contains(text));
    }

    /**
     * Verifies that the agent made exactly {@code n} such calls (of the tool, with every condition given).
     *
     * @param n the number of calls
     * @return this assertion, to chain more checks
     */
    public ToolCallAssert times(int n) {
        if (n < 0) {
            throw new IllegalArgumentException(Messages.negativeTimes(n));
        }
        if (calls.size() != n) {
            failures.fail(assertionError(ShouldFollowTrajectory.shouldHaveCalledTimes(
                    trajectory, tool, List.copyOf(wanted), n, calls.size())));
        }
        return myself;
    }

    /**
     * Back to the whole trajectory, to chain more checks.
     *
     * @return the trajectory's assertions
     */
    public TrajectoryAssert and() {
        return trajectoryAssert;
    }

    /**
     * The agent's final answer; see {@link TrajectoryAssert#finalAnswer()}.
     *
     * @return the final answer's assertions
     */
    public ResponseAssert finalAnswer() {
        return trajectoryAssert.finalAnswer();
    }

    private ToolCallAssert keep(String condition, Predicate<ToolCall> test) {
        wanted.add(condition);
        calls = calls.stream().filter(test).toList();
        requireSome();
        return myself;
    }

    /** Notes the argument names {@code expected} asks for. */
    private JsonNode askedFor(JsonNode expected) {
        if (expected.isObject()) {
            expected.fieldNames().forEachRemaining(names::add);
        }
        return expected;
    }

    private void requireSome() {
        if (calls.isEmpty()) {
            // a tool compiled without -parameters has its arguments named arg0, arg1: say so, and how to fix it
            boolean positional = ToolArguments.namedByPosition(
                    actual.stream().map(ToolCall::arguments).toList(), names);
            failures.fail(assertionError(ShouldFollowTrajectory.shouldHaveCalled(
                    trajectory, tool, List.copyOf(wanted), positional ? List.copyOf(names) : List.of())));
        }
    }
}
