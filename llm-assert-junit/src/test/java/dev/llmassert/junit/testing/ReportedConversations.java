package dev.llmassert.junit.testing;

import dev.llmassert.core.conversation.Conversation;
import dev.llmassert.junit.LlmJudge;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

import static dev.llmassert.junit.LlmAssertions.assertThat;

/**
 * Conversations for the run report: every reply of a four-turn chat judged by the word-overlap judge (passes), and
 * the same chat whose last reply gives another order number, checked to remember the one of turn 1 (fails, turn 4
 * marked).
 */
@LlmJudge
@ExtendWith(WordOverlapJudgeExtension.class)
public class ReportedConversations {

    public static final String MANUAL = "To restart the router, unplug the power adapter, wait 10 seconds, and plug"
            + " it back in. Support is available by chat in the Nimbus app every day from 8 a.m. to 8 p.m.";

    static Conversation chat(String lastReply) {
        return Conversation.builder()
                .system("You are the Nimbus support assistant.")
                .turn("My order is NR-20417. How do I restart the router?", "Unplug the power adapter.")
                .turn("And then?", "Wait 10 seconds, and plug it back in.")
                .turn("Who can help?", "Support is available by chat in the Nimbus app.")
                .turn("Which order do I give?", lastReply)
                .build();
    }

    @Test
    void everyReplyIsGrounded() {
        assertThat(chat("Support is available every day from 8 a.m. to 8 p.m."))
                .everyAssistantTurn()
                .isGroundedIn(MANUAL)
                .withMinScore(0.5);
    }

    @Test
    void remembersTheOrderNumber() {
        assertThat(chat("Give them the order NR-20147.")).remembers("NR-20417");
    }
}
