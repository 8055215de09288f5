package dev.llmassert.junit;

import dev.llmassert.core.conversation.Conversation;
import dev.llmassert.junit.internal.config.ExtensionState;
import org.junit.jupiter.api.extension.ExtensionContext;

import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * The conversation recorders injected into a test, kept in the store of the context they were resolved for (the test
 * method's, for a test's parameter), so that each test sees only its own and its conversations are published.
 */
final class ConversationRecorders {

    private ConversationRecorders() {}

    /** A new recorder, remembered in {@code context}'s store. */
    static ConversationRecorder newRecorder(ExtensionContext context) {
        ConversationRecorder recorder = new ConversationRecorder();
        recorders(context).list.add(recorder);
        return recorder;
    }

    /**
     * Publishes each conversation the test's recorders hold as a JUnit report entry: {@code llmassert.conversation}
     * (the transcript, turn by turn) and {@code llmassert.turns}.
     */
    static void publish(ExtensionContext context) {
        for (ConversationRecorder recorder : recorders(context).list) {
            for (Conversation conversation : recorder.conversations()) {
                context.publishReportEntry(Map.of(
                        "llmassert.conversation",
                        conversation.toString(),
                        "llmassert.turns",
                        String.valueOf(conversation.turnCount())));
            }
        }
    }

    private static Recorders recorders(ExtensionContext context) {
        return ExtensionState.getOrCompute(
                ExtensionState.store(context), Recorders.class, Recorders::new, Recorders.class);
    }

    /** The recorders of one context. */
    private static final class Recorders {
        private final List<ConversationRecorder> list = new CopyOnWriteArrayList<>();
    }
}
