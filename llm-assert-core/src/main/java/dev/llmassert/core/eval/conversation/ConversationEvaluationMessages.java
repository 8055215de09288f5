package dev.llmassert.core.eval.conversation;

import dev.llmassert.core.eval.TestItem;

/** The user-facing errors of evaluations of conversations, each with its fix. */
final class ConversationEvaluationMessages {

    private ConversationEvaluationMessages() {}

    static String blankName() {
        return "The application under test needs a name for the evaluation record, e.g."
                + " ConversationSystems.of(\"support-chat\", chat::chat).";
    }

    static String simulatedItemWithoutSimulator(String name, TestItem item) {
        return "The item '" + item.id() + "' has a goal, so a simulated user carries its conversation on, but the "
                + "system '" + name + "' has none. Fix: ConversationSystems.of(\"" + name + "\", reply, "
                + "UserSimulator.builder().persona(...).goal(...).model(model).build()); each item's goal replaces "
                + "the simulator's.";
    }

    static String badMaxTurns(TestItem item, String text) {
        return "The item '" + item.id() + "' gives max_turns '" + text + "', which is not a whole number. Fix: "
                + "e.g. \"max_turns\": 6.";
    }

    static String nullConversationReply(String name) {
        return "The conversation system '" + name + "' has no reply function (null). Fix: pass the application's "
                + "reply to a message in a conversation, e.g. ConversationSystems.of(\"" + name
                + "\", chat::chat) for an AI service method chat(@MemoryId String id, @UserMessage String message).";
    }

    static String notAConversation(String name) {
        return "The annotator '" + name + "' needs the whole conversation, but the system under test does not hold "
                + "conversations. Fix: make it with ConversationSystems.of(name, reply).";
    }
}
