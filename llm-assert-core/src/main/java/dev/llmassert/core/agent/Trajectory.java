package dev.llmassert.core.agent;

import org.apiguardian.api.API;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

/**
 * What an agent did for one request: the tools it called, in order, with their arguments and results, then its final
 * answer. Taken from a langchain4j AI service (its {@code Result.toolExecutions()} or its listeners) by
 * {@code llm-assert-junit}, or built by hand for an evaluation.
 *
 * @param request     the user's request, or {@code ""} when it is not known (a {@code Result} does not hold it)
 * @param toolCalls   the tool calls, in the order they ran
 * @param finalAnswer the agent's last answer, or {@code ""} when it gave none
 */
@API(status = EXPERIMENTAL, since = "0.1")
public record Trajectory(String request, List<ToolCall> toolCalls, String finalAnswer) {

    /**
     * Checks the calls and copies them; a missing request or answer becomes {@code ""}.
     *
     * @param request the user's request; {@code null} when it is not known
     * @param toolCalls the tool calls, in the order they ran; none of them {@code null}
     * @param finalAnswer the agent's last answer; {@code null} when it gave none
     * @throws IllegalArgumentException when the list of calls is {@code null} or holds {@code null}
     */
    public Trajectory {
        request = request == null ? "" : request;
        if (toolCalls == null || toolCalls.stream().anyMatch(Objects::isNull)) {
            throw new IllegalArgumentException(AgentMessages.nullToolCalls(toolCalls));
        }
        toolCalls = List.copyOf(toolCalls);
        finalAnswer = finalAnswer == null ? "" : finalAnswer;
    }

    /**
     * The names of the tools called, in order, with repeats.
     *
     * @return one name per call
     */
    public List<String> toolNames() {
        return toolCalls.stream().map(ToolCall::name).toList();
    }

    /**
     * The calls of the tool {@code name}, in order.
     *
     * @param name the tool's name
     * @return its calls; empty when it was not called
     */
    public List<ToolCall> callsOf(String name) {
        return toolCalls.stream().filter(call -> call.name().equals(name)).toList();
    }

    /**
     * The non-blank results of the tools, in order: the sources an answer grounded in the tools is judged against.
     *
     * @return the results, failed calls' error messages included
     */
    public List<String> toolResults() {
        List<String> results = new ArrayList<>();
        for (ToolCall call : toolCalls) {
            if (!call.result().isBlank()) {
                results.add(call.result());
            }
        }
        return results;
    }

    /**
     * The trajectory as numbered lines, one per call, then the answer: how failure messages and the run report show
     * it.
     *
     * @return {@code "1. call"} per call (or {@code "(no tool called)"}), then {@code "answer: ..."}
     */
    public List<String> lines() {
        List<String> lines = new ArrayList<>();
        for (int i = 0; i < toolCalls.size(); i++) {
            lines.add((i + 1) + ". " + toolCalls.get(i));
        }
        if (toolCalls.isEmpty()) {
            lines.add("(no tool called)");
        }
        lines.add("answer: \"" + finalAnswer.strip().replaceAll("\\s+", " ") + "\"");
        return lines;
    }
}
