package dev.llmassert.core.eval.conversation;

import dev.llmassert.core.conversation.Conversation;
import dev.llmassert.core.conversation.UserSimulator;
import dev.llmassert.core.eval.ConversingSystem;
import dev.llmassert.core.eval.Prompt;
import dev.llmassert.core.eval.TestItem;

import java.util.List;
import java.util.UUID;
import java.util.function.BiFunction;

/**
 * An application that holds conversations, as a system under test: each item is one conversation with fresh memory
 * (a new conversation id), its prompts the user's scripted messages, or, when its context names a {@value #GOAL}, the
 * opening of a conversation a simulated user carries on.
 *
 * @param name      the name written to the record
 * @param reply     the application's reply to a message in the conversation with an id
 * @param simulator the simulated user of the items with a goal, or {@code null} when every item is scripted
 */
record ConversationSystem(String name, BiFunction<String, String, String> reply, UserSimulator simulator)
        implements ConversingSystem {

    /** The context key of a simulated item's goal; an item without one is scripted. */
    static final String GOAL = "goal";
    /** The context key of a simulated item's persona; the simulator's own when the item has none. */
    static final String PERSONA = "persona";
    /** The context key of a simulated item's scenario. */
    static final String SCENARIO = "scenario";
    /** The context key of an item's turn limit. */
    static final String MAX_TURNS = "max_turns";

    /** A conversation on its own has one message: the prompt's. */
    @Override
    public String respond(Prompt prompt) {
        return reply.apply(newConversationId(prompt.text(), 0), prompt.text());
    }

    /** The item's conversation, in a conversation of its own with fresh memory. */
    @Override
    public Conversation converse(TestItem item, int repeat) {
        String conversationId = newConversationId(item.id(), repeat);
        return simulatorFor(item).talkTo(message -> reply.apply(conversationId, message));
    }

    /** The simulated user of {@code item}: its scripted messages, or the simulator with the item's goal. */
    UserSimulator simulatorFor(TestItem item) {
        List<String> messages = item.prompts().stream().map(Prompt::text).toList();
        int maxTurns = item.context().containsKey(MAX_TURNS)
                ? maxTurns(item)
                : simulator == null ? messages.size() : Math.max(simulator.maxTurns(), messages.size());
        if (!item.context().containsKey(GOAL)) {
            return UserSimulator.builder()
                    .firstMessage(messages.get(0))
                    .fixedMessages(messages.subList(1, messages.size()))
                    .maxTurns(maxTurns)
                    .build();
        }
        if (simulator == null) {
            throw new IllegalArgumentException(
                    ConversationEvaluationMessages.simulatedItemWithoutSimulator(name, item));
        }
        UserSimulator.Builder builder = simulator.toBuilder()
                .goal(item.contextText(GOAL))
                .firstMessage(messages.get(0))
                .fixedMessages(messages.subList(1, messages.size()))
                .maxTurns(maxTurns);
        if (item.context().containsKey(PERSONA)) {
            builder.persona(item.contextText(PERSONA));
        }
        if (item.context().containsKey(SCENARIO)) {
            builder.scenario(item.contextText(SCENARIO));
        }
        return builder.build();
    }

    private static int maxTurns(TestItem item) {
        String text = item.contextText(MAX_TURNS).strip();
        try {
            return Integer.parseInt(text);
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException(ConversationEvaluationMessages.badMaxTurns(item, text), e);
        }
    }

    /** What makes two items send the same requests: their messages and their goal. */
    @Override
    public String scriptKey(TestItem item) {
        StringBuilder key = new StringBuilder("conversation");
        item.prompts().forEach(prompt -> key.append('\u0000').append(prompt.text()));
        Object goal = item.context().get(GOAL);
        return key.append('\u0001').append(goal == null ? "" : goal).toString();
    }

    /** A new id, so that the application starts the conversation with empty memory. */
    private static String newConversationId(String base, int repeat) {
        return base + "#" + (repeat + 1) + "-" + UUID.randomUUID().toString().substring(0, 8);
    }

    @Override
    public String toString() {
        return "SystemUnderTest[" + name + ", conversations" + (simulator == null ? "" : ", " + simulator) + "]";
    }
}
