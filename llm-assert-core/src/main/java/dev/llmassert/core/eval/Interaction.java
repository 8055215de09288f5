package dev.llmassert.core.eval;

import dev.llmassert.core.agent.Trajectory;
import dev.llmassert.core.conversation.Conversation;
import org.apiguardian.api.API;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

/**
 * One answer of the system under test: the prompt it was given and what it said.
 *
 * @param promptIndex   the prompt's place in its item, from 0
 * @param repeat        which sample of this prompt, from 0 ({@code llmassert.eval.repeats})
 * @param prompt        the prompt sent
 * @param response      the system's answer
 * @param latencyMillis how long the system took to answer; 0 when read from a record, which leaves it out
 * @param trajectory    what an agent did to answer (its tool calls, then {@code response} as its final answer), or
 *                      {@code null} for a system that is not an agent ({@link SystemUnderTest#ofAgent})
 * @param conversation  the whole conversation, for a system that holds conversations ({@code ConversationSystems}):
 *                      {@code response} is its last reply; else {@code null}
 */
@API(status = EXPERIMENTAL, since = "0.1")
public record Interaction(
        int promptIndex,
        int repeat,
        Prompt prompt,
        String response,
        long latencyMillis,
        Trajectory trajectory,
        Conversation conversation) {

    /**
     * An answer of a system that is not an agent.
     *
     * @param promptIndex the prompt's place in its item, from 0
     * @param repeat which sample of this prompt, from 0
     * @param prompt the prompt sent, not {@code null}
     * @param response the system's answer, not {@code null}
     * @param latencyMillis how long the system took to answer
     * @throws IllegalArgumentException for a {@code null} prompt or response
     */
    public Interaction(int promptIndex, int repeat, Prompt prompt, String response, long latencyMillis) {
        this(promptIndex, repeat, prompt, response, latencyMillis, null, null);
    }

    /**
     * An answer of an agent, or of a system that is not one ({@code trajectory} {@code null}).
     *
     * @param promptIndex the prompt's place in its item, from 0
     * @param repeat which sample of this prompt, from 0
     * @param prompt the prompt sent, not {@code null}
     * @param response the system's answer, not {@code null}
     * @param latencyMillis how long the system took to answer
     * @param trajectory what the agent did, or {@code null}
     * @throws IllegalArgumentException for a {@code null} prompt or response
     */
    public Interaction(
            int promptIndex, int repeat, Prompt prompt, String response, long latencyMillis, Trajectory trajectory) {
        this(promptIndex, repeat, prompt, response, latencyMillis, trajectory, null);
    }

    /**
     * Checks that the answer has its prompt and response.
     *
     * @param promptIndex the prompt's place in its item, from 0
     * @param repeat which sample of this prompt, from 0
     * @param prompt the prompt sent, not {@code null}
     * @param response the system's answer, not {@code null}
     * @param latencyMillis how long the system took to answer
     * @param trajectory what an agent did, or {@code null}
     * @param conversation the whole conversation, or {@code null}
     * @throws IllegalArgumentException for a {@code null} prompt or response
     */
    public Interaction {
        if (prompt == null) {
            throw new IllegalArgumentException("An interaction needs the prompt it answers, but it is null.");
        }
        if (response == null) {
            throw new IllegalArgumentException(EvaluationMessages.nullResponse(prompt));
        }
    }
}
