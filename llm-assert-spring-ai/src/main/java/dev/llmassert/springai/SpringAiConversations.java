package dev.llmassert.springai;

import dev.langchain4j.data.message.ChatMessage;
import dev.llmassert.core.conversation.Conversation;
import dev.llmassert.springai.internal.SpringAiMessages;
import dev.llmassert.springai.internal.SpringAiRequests;
import org.apiguardian.api.API;
import org.springframework.ai.chat.memory.ChatMemory;
import org.springframework.ai.chat.messages.Message;

import java.util.List;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

/**
 * A Spring AI {@link ChatMemory}'s messages as a {@link Conversation}: the system message; each user message starts a
 * turn; an assistant message that asks for tools and the tool results that answer it are the turn's tool calls; the
 * last assistant text before the next user message is the reply. Every assertion on conversations then applies.
 *
 * <pre>{@code
 * Conversation conversation = SpringAiConversations.of(chatMemory, "customer-42");
 * assertThat(conversation).remembers("NR-20417");
 * }</pre>
 *
 * <p>A chat memory keeps what the model was told and answered, not the documents a retrieval advisor gave it; a
 * {@link ChatClientRecorder} records those too, turn by turn.
 */
@API(status = EXPERIMENTAL, since = "0.1")
public final class SpringAiConversations {

    private SpringAiConversations() {}

    /**
     * The conversation {@code memory} holds under {@code conversationId}.
     *
     * @param memory         the chat memory, not {@code null}
     * @param conversationId the conversation's id, not blank
     * @return the conversation, with no ending
     * @throws IllegalArgumentException if {@code memory} is {@code null} or {@code conversationId} blank, or as
     *                                  {@link #of(List)}
     */
    public static Conversation of(ChatMemory memory, String conversationId) {
        if (memory == null || conversationId == null || conversationId.isBlank()) {
            throw new IllegalArgumentException(SpringAiMessages.nullMemory(memory == null));
        }
        return of(memory.get(conversationId));
    }

    /**
     * The conversation held by these messages, a chat memory's or a prompt's: the system message; each user message
     * starts a turn, whose tool calls and reply follow it.
     *
     * @param messages the messages in order; {@code null} for none
     * @return the conversation, with no ending
     * @throws IllegalArgumentException when an assistant or tool message comes before the first user message
     */
    public static Conversation of(List<Message> messages) {
        List<ChatMessage> converted = SpringAiRequests.toMessages(messages == null ? List.of() : messages);
        return Conversation.fromMessages(converted);
    }
}
