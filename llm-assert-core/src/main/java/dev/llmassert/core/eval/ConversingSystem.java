package dev.llmassert.core.eval;

import dev.llmassert.core.conversation.Conversation;
import org.apiguardian.api.API;

import static org.apiguardian.api.API.Status.INTERNAL;

/**
 * A system under test that holds conversations: the runner gives it each item whole, and it answers with the item's
 * conversation. Made by {@code dev.llmassert.core.eval.conversation.ConversationSystems}; the runner knows it by this
 * type only, so that evaluations need nothing of conversations but their result.
 */
@API(status = INTERNAL, since = "0.1")
public interface ConversingSystem extends SystemUnderTest {

    /**
     * The conversation of {@code item}'s run {@code repeat} (from 0), in a conversation of its own.
     *
     * @param item   the item: its prompts are the user's messages, its context may give a goal to simulate
     * @param repeat which run of the item, from 0
     * @return the conversation, whole, with how it ended
     */
    Conversation converse(TestItem item, int repeat);

    /**
     * What makes two items send the same requests: their runs go one after another, so that a recording's replies of
     * the same requests are taken in order.
     *
     * @param item the item
     * @return the key its runs share with every item that sends the same requests
     */
    String scriptKey(TestItem item);
}
