package dev.llmassert.junit;

import dev.llmassert.core.conversation.Conversation;
import dev.llmassert.core.conversation.TurnVerdict;
import dev.llmassert.junit.internal.report.Check;
import dev.llmassert.junit.internal.report.ConversationTranscript;

import java.util.List;

/**
 * The turn of a conversation whose reply a {@link ResponseAssert} checks: its checks count the user's earlier
 * messages as given and the earlier turns' sources as sources, and the report shows the conversation with the turn.
 *
 * @param conversation the conversation
 * @param number       the turn's number, from 1
 */
record TurnOf(Conversation conversation, int number) {

    /** The conversation as the report shows it, with {@code check}'s verdict on this turn. */
    ConversationTranscript transcript(Check check) {
        return ConversationTranscript.of(
                conversation,
                List.of(new TurnVerdict(
                        number, check.passed(), check.score() == null ? Double.NaN : check.score(), check.kind(), "")));
    }
}
