package dev.llmassert.core.eval.conversation;

import dev.llmassert.core.conversation.UserSimulator;
import dev.llmassert.core.eval.SystemUnderTest;
import org.apiguardian.api.API;

import java.util.function.BiFunction;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

/**
 * Applications that hold conversations, as systems under test of an evaluation: each item is one conversation, judged
 * by {@link ConversationAnnotators}.
 */
@API(status = EXPERIMENTAL, since = "0.1")
public final class ConversationSystems {

    private ConversationSystems() {}

    /**
     * An application that holds conversations, such as a langchain4j AI service with a chat memory: each item is a
     * conversation of its own, with a new conversation id, so that it starts with fresh memory. An item's prompts are
     * the user's messages, sent in order; the response is the last reply, and the interaction keeps the whole
     * conversation ({@code Interaction.conversation()}). Items run in parallel, as any others.
     *
     * <pre>{@code
     * interface SupportChat { String chat(@MemoryId String conversationId, @UserMessage String message); }
     *
     * ConversationSystems.of("support-chat", chat::chat);
     * }</pre>
     *
     * @param name  the name written to the evaluation record, not blank
     * @param reply the application's reply to a message in the conversation with an id
     * @return the system
     * @throws IllegalArgumentException for a blank name or a {@code null} function
     */
    public static SystemUnderTest of(String name, BiFunction<String, String, String> reply) {
        return of(name, reply, null);
    }

    /**
     * As {@link #of(String, BiFunction)}, where items may also be simulated: an item whose context has a
     * {@code goal} opens with its prompt (and any further prompts), then {@code simulator} carries the conversation
     * on with the item's {@code goal}, and its {@code persona}, {@code scenario} and {@code max_turns} where the item
     * gives them. The record keeps each conversation whole, with how it ended.
     *
     * @param name      the name written to the evaluation record, not blank
     * @param reply     the application's reply to a message (second argument) in the conversation with an id (first)
     * @param simulator carries on an item's conversation with its goal; {@code null} for none
     * @return the system
     * @throws IllegalArgumentException for a blank name or a {@code null} function
     */
    public static SystemUnderTest of(String name, BiFunction<String, String, String> reply, UserSimulator simulator) {
        if (name == null || name.isBlank()) {
            throw new IllegalArgumentException(ConversationEvaluationMessages.blankName());
        }
        if (reply == null) {
            throw new IllegalArgumentException(ConversationEvaluationMessages.nullConversationReply(name));
        }
        return new ConversationSystem(name, reply, simulator);
    }
}
