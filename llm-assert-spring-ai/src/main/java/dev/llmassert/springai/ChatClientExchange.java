package dev.llmassert.springai;

import dev.llmassert.core.agent.ToolCall;
import dev.llmassert.core.agent.Trajectory;
import dev.llmassert.core.conversation.Turn;
import org.apiguardian.api.API;

import java.util.List;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

/**
 * What one call of a Spring AI {@code ChatClient} did, as a {@link ChatClientRecorder} saw it: the user's message as
 * the application wrote it (before any advisor added history or documents), the documents its retrieval advisors gave
 * the model, the tools the model called with their results, in order, and the final answer.
 *
 * @param conversationId the chat memory's conversation id of the call ({@code ChatMemory.CONVERSATION_ID}), or
 *                       {@value ChatClientRecorder#NO_CONVERSATION} when it had none
 * @param systemMessage  the system message the model was given, or {@code ""}
 * @param user           the user's message
 * @param sources        the texts of the documents retrieved for the call, in order, each once
 * @param toolCalls      the tools called, in order, each with its result
 * @param answer         the final answer's text, or {@code ""} when there was none
 */
@API(status = EXPERIMENTAL, since = "0.1")
public record ChatClientExchange(
        String conversationId,
        String systemMessage,
        String user,
        List<String> sources,
        List<ToolCall> toolCalls,
        String answer) {

    /**
     * An exchange; a missing text is empty, missing lists are empty, and the lists are copied.
     *
     * @param conversationId the chat memory's conversation id of the call; {@code null} for
     *                       {@value ChatClientRecorder#NO_CONVERSATION}
     * @param systemMessage  the system message the model was given; {@code null} for {@code ""}
     * @param user           the user's message; {@code null} for {@code ""}
     * @param sources        the texts of the documents retrieved for the call; {@code null} for none
     * @param toolCalls      the tools called, in order, each with its result; {@code null} for none
     * @param answer         the final answer's text; {@code null} for {@code ""}
     */
    public ChatClientExchange {
        conversationId = conversationId == null ? ChatClientRecorder.NO_CONVERSATION : conversationId;
        systemMessage = systemMessage == null ? "" : systemMessage;
        user = user == null ? "" : user;
        sources = sources == null ? List.of() : List.copyOf(sources);
        toolCalls = toolCalls == null ? List.of() : List.copyOf(toolCalls);
        answer = answer == null ? "" : answer;
    }

    /**
     * The call as an agent's trajectory: the user's message, the tools called, the final answer.
     *
     * @return the trajectory
     */
    public Trajectory trajectory() {
        return new Trajectory(user, toolCalls, answer);
    }

    /**
     * The call as one turn of a conversation, with its tool calls and sources.
     *
     * @return the turn; a blank user's message reads {@code (no user message)}
     */
    public Turn turn() {
        return new Turn(user.isBlank() ? "(no user message)" : user, answer, toolCalls, sources);
    }
}
