package dev.llmassert.junit.internal.message;

import dev.llmassert.core.agent.ToolCall;
import dev.llmassert.core.agent.Trajectory;
import org.apiguardian.api.API;
import org.assertj.core.error.ErrorMessageFactory;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Predicate;

import static org.apiguardian.api.API.Status.INTERNAL;

/**
 * Creates the messages of an agent's trajectory that did not call its tools as expected. Each shows the expected
 * calls and the actual ones side by side, a row per call, then the final answer.
 */
@API(status = INTERNAL, since = "0.1")
public final class ShouldFollowTrajectory extends MessageTextFactory {

    private static final int SHOWN = 100;

    private ShouldFollowTrajectory(MessageText message) {
        super(message);
    }

    /** No call of {@code tool} (matching {@code wanted}, when there are conditions) was made. */
    public static ErrorMessageFactory shouldHaveCalled(Trajectory trajectory, String tool, List<String> wanted) {
        MessageText message = intro(trajectory);
        message.line("to call ").quoted(tool);
        if (!wanted.isEmpty()) {
            message.text(" with ").plain(String.join(" and ", wanted));
        }
        int calls = trajectory.callsOf(tool).size();
        message.text(
                calls == 0
                        ? ", but it never called it."
                        : ", but none of its " + Messages.count(calls, "call") + " of it did (marked ✗).");
        table(
                message,
                List.of(tool + (wanted.isEmpty() ? "" : " with " + String.join(" and ", wanted))),
                trajectory,
                name -> name.equals(tool));
        return new ShouldFollowTrajectory(message);
    }

    /** {@code tool} was called (with the conditions) another number of times than {@code expected}. */
    public static ErrorMessageFactory shouldHaveCalledTimes(
            Trajectory trajectory, String tool, List<String> wanted, int expected, int actual) {
        MessageText message = intro(trajectory);
        message.line("to call ").quoted(tool);
        if (!wanted.isEmpty()) {
            message.text(" with ").plain(String.join(" and ", wanted));
        }
        message.text(" " + times(expected) + ", but it did " + times(actual) + " (marked ✗).");
        List<String> expectedRows = new ArrayList<>();
        for (int i = 0; i < expected; i++) {
            expectedRows.add(tool);
        }
        table(message, expectedRows, trajectory, name -> name.equals(tool));
        return new ShouldFollowTrajectory(message);
    }

    /** The tools were not called in this order (other calls may come between). */
    public static ErrorMessageFactory shouldHaveCalledInOrder(
            Trajectory trajectory, List<String> expected, int firstMissing) {
        MessageText message = intro(trajectory);
        message.line("to call ")
                .plain(expected)
                .text(" in this order (other calls may come between), but ")
                .quoted(expected.get(firstMissing))
                .text(firstMissing == 0 ? " was never called." : " was not called after ")
                .plain(firstMissing == 0 ? "" : "\"" + expected.get(firstMissing - 1) + "\".");
        table(message, expected, trajectory, null);
        return new ShouldFollowTrajectory(message);
    }

    /** The calls were not exactly these, in this order. */
    public static ErrorMessageFactory shouldHaveCalledExactly(Trajectory trajectory, List<String> expected) {
        MessageText message = intro(trajectory);
        List<String> actual = trajectory.toolNames();
        int row = 0;
        while (row < expected.size() && row < actual.size() && expected.get(row).equals(actual.get(row))) {
            row++;
        }
        message.line("to call exactly ")
                .plain(expected)
                .text(", in this order and nothing else, but call " + (row + 1) + " differs (marked ✗).");
        table(message, expected, trajectory, null);
        return new ShouldFollowTrajectory(message);
    }

    /** A tool that must never be called was called. */
    public static ErrorMessageFactory shouldNeverHaveCalled(Trajectory trajectory, String tool) {
        MessageText message = intro(trajectory);
        message.line("never to call ")
                .quoted(tool)
                .text(", but it called it " + times(trajectory.callsOf(tool).size()) + " (marked ✗).");
        table(message, List.of(), trajectory, name -> name.equals(tool));
        return new ShouldFollowTrajectory(message);
    }

    /** More (or fewer) calls than the bound. */
    public static ErrorMessageFactory shouldHaveCallCount(Trajectory trajectory, int min, int max) {
        MessageText message = intro(trajectory);
        int calls = trajectory.toolCalls().size();
        message.line(
                        min == max
                                ? "to make exactly " + Messages.count(min, "tool call")
                                : min == 0
                                        ? "to make at most " + Messages.count(max, "tool call")
                                        : "to make between " + min + " and " + max + " tool calls")
                .text(", but it made " + calls + ".");
        table(message, List.of(), trajectory, null);
        return new ShouldFollowTrajectory(message);
    }

    /** The trajectory called tools outside the allowed set. */
    public static ErrorMessageFactory shouldCallOnly(Trajectory trajectory, List<String> allowed) {
        MessageText message = intro(trajectory);
        message.line("to call no tool but ").plain(allowed).text(", but it called others (marked ✗).");
        table(message, List.of(), trajectory, name -> !allowed.contains(name));
        return new ShouldFollowTrajectory(message);
    }

    /** The answer's groundedness in the tool results was asked of an answer whose agent called no tool. */
    public static ErrorMessageFactory shouldHaveToolResults(Trajectory trajectory) {
        MessageText message = intro(trajectory);
        message.line("to be grounded in what its tools returned, but ")
                .text(trajectory.toolCalls().isEmpty() ? "it called no tool" : "every tool returned a blank result")
                .text(", so there is nothing to ground the answer in.");
        table(message, List.of(), trajectory, name -> false);
        message.line("Fix: assert that the tool is called first (calledTool(...)), or judge the answer against "
                + "other sources with isGroundedIn(sources).");
        return new ShouldFollowTrajectory(message);
    }

    private static MessageText intro(Trajectory trajectory) {
        MessageText message = new MessageText().line("Expecting the agent's trajectory");
        if (!trajectory.request().isBlank()) {
            message.text(" for ").quoted(MessageText.shorten(trajectory.request(), SHOWN));
        }
        return message;
    }

    /**
     * The expected calls and the actual ones side by side, then the answer. A row is marked ✗ when its actual call
     * matches {@code marked}, or, with no marker, when the two columns differ.
     */
    private static void table(
            MessageText message, List<String> expected, Trajectory trajectory, Predicate<String> marked) {
        List<ToolCall> calls = trajectory.toolCalls();
        int width = Math.max(
                "expected".length(),
                expected.stream().mapToInt(String::length).max().orElse(0));
        width = Math.min(width, 40);
        message.line("  " + pad("#", 3) + pad("expected", width) + "    actual");
        int rows = Math.max(expected.size(), calls.size());
        for (int i = 0; i < rows; i++) {
            String left = i < expected.size() ? expected.get(i) : "";
            String right = i < calls.size() ? MessageText.shorten(calls.get(i).toString(), 300) : "(none)";
            boolean wrong = marked != null
                    ? i < calls.size() && marked.test(calls.get(i).name())
                    : !(i < expected.size()
                            && i < calls.size()
                            && expected.get(i).equals(calls.get(i).name()));
            message.line("  " + pad(String.valueOf(i + 1), 3))
                    .plain(pad(MessageText.shorten(left, width), width))
                    .text(wrong ? "  ✗ " : "    ")
                    .plain(right);
        }
        if (rows == 0) {
            message.line("  (no tool called)");
        }
        message.line("Final answer: ").quoted(MessageText.shorten(trajectory.finalAnswer(), 300));
    }

    private static String pad(String text, int width) {
        return text.length() >= width ? text + " " : text + " ".repeat(width - text.length() + 1);
    }

    private static String times(int n) {
        return n == 1 ? "once" : n == 2 ? "twice" : n + " times";
    }
}
