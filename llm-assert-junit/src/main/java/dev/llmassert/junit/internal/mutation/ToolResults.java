package dev.llmassert.junit.internal.mutation;

import dev.llmassert.core.agent.ToolCall;
import dev.llmassert.core.agent.Trajectory;
import dev.llmassert.core.record.internal.ReplyTap;
import dev.llmassert.core.record.internal.ReplyTaps;
import org.apiguardian.api.API;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

import static org.apiguardian.api.API.Status.INTERNAL;

/**
 * A trajectory's tool results as the test's reply tap has them: in a mutation check's run, the one result of its
 * mutant is changed, so that the final answer no longer matches it. The tools themselves run unchanged.
 */
@API(status = INTERNAL, since = "0.1")
public final class ToolResults {

    private ToolResults() {}

    /** {@code trajectory} itself, or a copy with the results the tap changed. */
    public static Trajectory tapped(Trajectory trajectory) {
        Optional<ReplyTap> tap = ReplyTaps.current();
        if (tap.isEmpty() || trajectory.toolCalls().isEmpty()) {
            return trajectory;
        }
        List<ToolCall> calls = new ArrayList<>();
        boolean changed = false;
        for (int i = 0; i < trajectory.toolCalls().size(); i++) {
            ToolCall call = trajectory.toolCalls().get(i);
            String result = tap.get().toolResult(call.name(), call.result(), context(trajectory, i));
            changed |= !Objects.equals(result, call.result());
            calls.add(new ToolCall(call.name(), call.argumentsJson(), result, call.failed()));
        }
        return changed ? new Trajectory(trajectory.request(), calls, trajectory.finalAnswer()) : trajectory;
    }

    /** What the agent saw besides the result of call {@code index}: its request and the other calls' results. */
    private static String context(Trajectory trajectory, int index) {
        StringBuilder text = new StringBuilder(trajectory.request() == null ? "" : trajectory.request());
        for (int i = 0; i < trajectory.toolCalls().size(); i++) {
            if (i != index && trajectory.toolCalls().get(i).result() != null) {
                text.append('\n').append(trajectory.toolCalls().get(i).result());
            }
        }
        return text.toString();
    }
}
