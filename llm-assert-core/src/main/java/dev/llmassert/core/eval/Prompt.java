package dev.llmassert.core.eval;

import dev.langchain4j.data.message.AiMessage;
import dev.langchain4j.data.message.ChatMessage;
import dev.langchain4j.data.message.SystemMessage;
import dev.langchain4j.data.message.UserMessage;
import dev.llmassert.core.conversation.Conversation;
import dev.llmassert.core.conversation.Turn;
import org.apiguardian.api.API;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

/**
 * What is sent to the system under test, with its own optional context: what this one prompt is about (the customer
 * or locale it is asked for, the pronoun it uses), which a function system may read
 * ({@link SystemUnderTest#of(String, SystemUnderTest.Responder)}) and annotators and measurements can read too. The
 * context the system never sees is the item's ({@link TestItem#context()}).
 *
 * <p>A prompt may carry the conversation so far ({@link #inConversation}), as ModelGauge's prompt with history: the
 * text is then the user's next message, and a chat-model system is sent the whole chat ({@link #chatMessages()}).
 *
 * @param text    the text sent: the user's message; not blank
 * @param context named texts or lists of texts; numbers and booleans are kept as their text
 * @param history the conversation before the text, or an empty one for a prompt on its own
 */
@API(status = EXPERIMENTAL, since = "0.1")
public record Prompt(String text, Map<String, Object> context, Conversation history) {

    private static final Conversation NO_HISTORY = Conversation.of();

    /**
     * Checks the text and copies the context; a missing history becomes an empty conversation.
     *
     * @param text the text sent; not blank
     * @param context named texts or lists of texts; {@code null} for none
     * @param history the conversation before the text; {@code null} for none
     * @throws IllegalArgumentException for a blank text, or a context key or value that cannot be used
     */
    public Prompt {
        if (text == null || text.isBlank()) {
            throw new IllegalArgumentException(EvaluationMessages.blankPrompt(text));
        }
        context = ContextValues.copy(context, "the prompt '" + text + "'");
        history = history == null ? NO_HISTORY : history;
    }

    /**
     * A prompt on its own, with no conversation before it.
     *
     * @param text the text sent; not blank
     * @param context named texts or lists of texts; {@code null} for none
     * @throws IllegalArgumentException for a blank text, or a context key or value that cannot be used
     */
    public Prompt(String text, Map<String, Object> context) {
        this(text, context, NO_HISTORY);
    }

    /**
     * A prompt with no context and no history.
     *
     * @param text the text sent; not blank
     * @return the prompt
     * @throws IllegalArgumentException for a blank text
     */
    public static Prompt of(String text) {
        return new Prompt(text, Map.of());
    }

    /**
     * A prompt with its own context and no history.
     *
     * @param text the text sent; not blank
     * @param context texts, numbers, booleans or lists of texts, by name; {@code null} for none
     * @return the prompt
     * @throws IllegalArgumentException for a blank text, or a context key or value that cannot be used
     */
    public static Prompt of(String text, Map<String, ?> context) {
        return new Prompt(text, context == null ? Map.of() : ContextValues.copy(context, "the prompt '" + text + "'"));
    }

    /**
     * The user's next message {@code text} in the conversation {@code soFar}: the system sees the whole chat, its
     * system message and every turn, then the text.
     *
     * @param soFar the conversation before the message; {@code null} for none
     * @param text the user's next message; not blank
     * @return the prompt, with no context
     * @throws IllegalArgumentException for a blank text
     */
    public static Prompt inConversation(Conversation soFar, String text) {
        return new Prompt(text, Map.of(), soFar);
    }

    /**
     * A copy with the context value {@code key} added or replaced.
     *
     * @param key the value's name, not blank
     * @param value a text, a number, a boolean or a list of texts; not {@code null}
     * @return a new prompt; this one is unchanged
     * @throws IllegalArgumentException for a blank key, or a value of another kind
     */
    public Prompt withContext(String key, Object value) {
        Map<String, Object> copy = new LinkedHashMap<>(context);
        copy.put(key, value);
        return new Prompt(text, copy, history);
    }

    /**
     * Whether the prompt carries a conversation before its text.
     *
     * @return {@code true} when the history has a turn or a system message
     */
    public boolean hasHistory() {
        return !history.turns().isEmpty() || !history.systemMessage().isBlank();
    }

    /**
     * The prompt as langchain4j chat messages: the history's system message, each turn's user message and reply,
     * then the text as the last user message. Tool calls of the history are left out: a chat model is shown the
     * texts that were said.
     *
     * @return the messages, the text's last
     */
    public List<ChatMessage> chatMessages() {
        List<ChatMessage> messages = new ArrayList<>();
        if (!history.systemMessage().isBlank()) {
            messages.add(SystemMessage.from(history.systemMessage()));
        }
        for (Turn turn : history.turns()) {
            messages.add(UserMessage.from(turn.user()));
            messages.add(AiMessage.from(turn.assistant()));
        }
        messages.add(UserMessage.from(text));
        return messages;
    }

    /**
     * The context value {@code key} as a text.
     *
     * @param key the value's name
     * @return its text
     * @throws IllegalArgumentException naming the keys there are, when there is no such value or it is a list
     */
    public String contextText(String key) {
        return ContextValues.text(context, key, "the prompt '" + text + "'");
    }

    /**
     * The context value {@code key} as a list; a single text is a list of one.
     *
     * @param key the value's name
     * @return its texts
     * @throws IllegalArgumentException naming the keys there are, when there is no such value
     */
    public List<String> contextList(String key) {
        return ContextValues.list(context, key, "the prompt '" + text + "'");
    }
}
