package dev.llmassert.junit;

import dev.langchain4j.service.Result;
import dev.langchain4j.service.tool.ToolExecution;
import dev.llmassert.core.agent.ToolCall;
import dev.llmassert.core.agent.Trajectory;
import dev.llmassert.junit.internal.message.Messages;
import dev.llmassert.junit.internal.mutation.ToolResults;
import org.apiguardian.api.API;

import java.util.ArrayList;
import java.util.List;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

/**
 * Trajectories of langchain4j AI services, from the {@link Result} a service method returns:
 *
 * <pre>{@code
 * interface Assistant { Result<String> chat(String message); }
 *
 * Trajectory trajectory = Trajectories.of(assistant.chat("Is my router NR2-0042 still under warranty?"));
 * }</pre>
 *
 * <p>{@link LlmAssertions#assertThat(Result)} does this for you; a {@link TrajectoryRecorder} gives the same for a
 * service whose methods return plain text.
 */
@API(status = EXPERIMENTAL, since = "0.1")
public final class Trajectories {

    private Trajectories() {}

    /**
     * The tool calls of {@code result} ({@link Result#toolExecutions()}), then its content as the final answer.
     *
     * @param result what an AI service method returned
     * @return the trajectory
     */
    public static Trajectory of(Result<?> result) {
        return of(result, "");
    }

    /**
     * As {@link #of(Result)}, with the user's request, which a {@code Result} does not hold, for the messages.
     *
     * @param result what an AI service method returned
     * @param request the user's request
     * @return the trajectory
     */
    public static Trajectory of(Result<?> result, String request) {
        if (result == null) {
            throw new IllegalArgumentException(Messages.nullArgument(
                    "Trajectories.of(result)",
                    "Pass the Result<String> your AI service method returned; declare the method to return "
                            + "Result<String> instead of String, or attach a TrajectoryRecorder to the service."));
        }
        List<ToolCall> calls = new ArrayList<>();
        List<ToolExecution> executions = result.toolExecutions() == null ? List.of() : result.toolExecutions();
        for (ToolExecution execution : executions) {
            calls.add(new ToolCall(
                    execution.request().name(),
                    execution.request().arguments(),
                    execution.result(),
                    execution.hasFailed()));
        }
        Object content = result.content();
        return ToolResults.tapped(new Trajectory(request, calls, content == null ? "" : String.valueOf(content)));
    }
}
