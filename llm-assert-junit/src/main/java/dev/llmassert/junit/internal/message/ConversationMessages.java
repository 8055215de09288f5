package dev.llmassert.junit.internal.message;

import dev.llmassert.core.criteria.CriteriaCatalog;
import org.apiguardian.api.API;

import java.util.Collection;

import static org.apiguardian.api.API.Status.INTERNAL;

/**
 * The user-facing errors of conversations in this module: wrong arguments and a recorder asked for what it does not
 * hold. The failures of the checks on a conversation are worded by {@link ShouldHaveConversation}. Each message says
 * what happened, where, and how to fix it.
 */
@API(status = INTERNAL, since = "0.1")
public final class ConversationMessages {

    private static final String NL = System.lineSeparator();

    private ConversationMessages() {}

    /** {@code isGroundedInItsSources()} on a response that is not a conversation turn's reply. */
    public static String notATurn() {
        return "isGroundedInItsSources() needs the reply of a conversation's turn, but this response was given as a "
                + "plain text." + NL + "Fix: assertThat(conversation).turn(2).isGroundedInItsSources(), or "
                + "isGroundedIn(sources) to name the sources yourself.";
    }

    /** A turn limit or count below 1. */
    public static String badTurnCount(String method, int turns) {
        return method + " needs a number of turns of at least 1, but got " + turns + "." + NL + "Fix: e.g. "
                + method.replace("n)", "4)") + ".";
    }

    /** A blank text where a conversation check needs one. */
    public static String blank(String method, String example) {
        return method + " needs a non-blank text." + NL + "Fix: e.g. " + example + ".";
    }

    /** {@code recorder.conversation()} when nothing was recorded. */
    public static String noConversation() {
        return "The recorder has no conversation: no turn was recorded." + NL
                + "Fix: drive it, recorder.user(\"...\").reply(assistant::chat), or attach it to a langchain4j AI "
                + "service, AiServices.builder(Chat.class).chatModel(model).chatMemoryProvider(...)"
                + ".registerListeners(recorder.listeners()).build(), then call the service.";
    }

    /** {@code recorder.conversation()} when several memory ids were recorded. */
    public static String severalConversations(Collection<?> memoryIds) {
        return "The recorder holds " + memoryIds.size() + " conversations, one per chat memory id: " + memoryIds
                + "." + NL + "Fix: name the one you mean, recorder.conversation(memoryId), or take them all with "
                + "recorder.conversations().";
    }

    /** {@code recorder.conversation(id)} for an id it never saw. */
    public static String noSuchConversation(Object memoryId, Collection<?> memoryIds) {
        return "The recorder has no conversation with the chat memory id '" + memoryId + "'; it has "
                + (memoryIds.isEmpty() ? "none" : memoryIds) + "." + NL
                + "Fix: pass the id the service was called with (the @MemoryId argument), or \"default\" for a "
                + "service without one.";
    }

    /** A judged conversation check with no criteria judge at all. */
    public static String judgedWithoutModel(String check) {
        return check + " is judged by an LLM (" + CriteriaCatalog.class.getSimpleName() + "'s conversation criteria), "
                + "and this assertion has no judge model." + NL
                + "Fix: run the test under @LlmJudge with a model provider, e.g. @LlmJudge(provider = \"openai\", "
                + "model = \"gpt-4o-mini\"), or pass a judge: assertThat(conversation).usingCriteriaJudge(judge)...";
    }
}
