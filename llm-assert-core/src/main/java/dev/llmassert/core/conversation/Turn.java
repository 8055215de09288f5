package dev.llmassert.core.conversation;

import dev.llmassert.core.agent.ToolCall;
import org.apiguardian.api.API;

import java.util.List;
import java.util.Objects;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

/**
 * One turn of a conversation: what the user said, and the assistant's reply to it, with the tools it called on the
 * way (as an agent's trajectory has them) and the sources it was given to answer from (the passages a retriever
 * found), when there were any.
 *
 * <pre>{@code
 * Turn turn = Turn.of("My order NR-20417 hasn't arrived.", "I'm sorry to hear that. ...")
 *         .withSources(List.of(manual.section("Warranty and support").text()));
 * }</pre>
 *
 * @param user      the user's message; not blank
 * @param assistant the assistant's reply, or {@code ""} when it gave none
 * @param toolCalls the tools the assistant called before it replied, in order
 * @param sources   the texts the assistant was given to answer from in this turn, in order; none when unknown
 */
@API(status = EXPERIMENTAL, since = "0.1")
public record Turn(String user, String assistant, List<ToolCall> toolCalls, List<String> sources) {

    /**
     * Checks the user's message and copies the lists; missing lists become empty, a missing reply {@code ""}.
     *
     * @param user the user's message; not blank
     * @param assistant the assistant's reply; {@code null} when it gave none
     * @param toolCalls the tools called, in order; {@code null} for none; none of them {@code null}
     * @param sources the texts given to answer from, in order; {@code null} for none; none of them {@code null}
     * @throws IllegalArgumentException for a blank user message, or a list that holds {@code null}
     */
    public Turn {
        if (user == null || user.isBlank()) {
            throw new IllegalArgumentException(ConversationMessages.blankUserMessage(user));
        }
        assistant = assistant == null ? "" : assistant;
        toolCalls = copyWithoutNulls(toolCalls, "tool calls");
        sources = copyWithoutNulls(sources, "sources");
    }

    /**
     * A turn with no tool calls and no sources.
     *
     * @param user the user's message; not blank
     * @param assistant the assistant's reply; {@code null} when it gave none
     * @return the turn
     * @throws IllegalArgumentException for a blank user message
     */
    public static Turn of(String user, String assistant) {
        return new Turn(user, assistant, List.of(), List.of());
    }

    /**
     * A copy with the sources the assistant was given in this turn.
     *
     * @param turnSources the texts, in order; they replace the turn's sources; {@code null} for none
     * @return the turn with those sources; this one is unchanged
     * @throws IllegalArgumentException when the list holds {@code null}
     */
    public Turn withSources(List<String> turnSources) {
        return new Turn(user, assistant, toolCalls, turnSources);
    }

    /**
     * A copy with the tools the assistant called in this turn.
     *
     * @param calls the calls, in order; they replace the turn's calls; {@code null} for none
     * @return the turn with those calls; this one is unchanged
     * @throws IllegalArgumentException when the list holds {@code null}
     */
    public Turn withToolCalls(List<ToolCall> calls) {
        return new Turn(user, assistant, calls, sources);
    }

    private static <T> List<T> copyWithoutNulls(List<T> list, String what) {
        if (list == null) {
            return List.of();
        }
        if (list.stream().anyMatch(Objects::isNull)) {
            throw new IllegalArgumentException(ConversationMessages.nullInTurn(what));
        }
        return List.copyOf(list);
    }
}
