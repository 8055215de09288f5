package dev.llmassert.core.conversation.internal;

import dev.llmassert.core.agent.ToolCall;
import dev.llmassert.core.conversation.Conversation;
import dev.llmassert.core.conversation.Turn;
import dev.llmassert.core.model.internal.DataTags;
import org.apiguardian.api.API;

import java.util.ArrayList;
import java.util.List;

import static org.apiguardian.api.API.Status.INTERNAL;

/**
 * A conversation as a judge or a simulated user is shown it: each message under its turn and speaker, between data
 * tags, so that nothing the user or the assistant said can pass for the prompt's own text or start a turn of its own.
 *
 * <pre>
 * [turn 1] user:
 * &lt;&lt;data-3f9a1c0b2e4d&gt;&gt;
 * My order number is NR-20417.
 * &lt;&lt;/data-3f9a1c0b2e4d&gt;&gt;
 * </pre>
 */
@API(status = INTERNAL, since = "0.1")
public final class TranscriptText {

    private TranscriptText() {}

    /**
     * Turns 1 to {@code upTo}, the last one with its user message only when {@code withLastReply} is false (the
     * conversation a reply answers), each message between tags made from the conversation's own texts.
     *
     * @param userName what the user is called, {@code user} for a judge, {@code you} for the simulated user
     */
    public static String render(Conversation conversation, int upTo, boolean withLastReply, String userName) {
        return render(conversation, upTo, withLastReply, userName, DataTags.forTexts(texts(conversation)));
    }

    /** As {@link #render(Conversation, int, boolean, String)}, with the tags given. */
    public static String render(
            Conversation conversation, int upTo, boolean withLastReply, String userName, DataTags tags) {
        StringBuilder out = new StringBuilder();
        for (int n = 1; n <= upTo; n++) {
            Turn turn = conversation.turn(n);
            message(out, n, userName, turn.user(), tags);
            if (n < upTo || withLastReply) {
                for (ToolCall call : turn.toolCalls()) {
                    message(out, n, "assistant's tool call", call.toString(), tags);
                }
                message(out, n, "assistant", turn.assistant(), tags);
            }
        }
        return out.toString().stripTrailing();
    }

    /** Every text a transcript of {@code conversation} delimits: each message and each tool call. */
    public static List<String> texts(Conversation conversation) {
        List<String> texts = new ArrayList<>();
        for (Turn turn : conversation.turns()) {
            texts.add(turn.user());
            turn.toolCalls().forEach(call -> texts.add(call.toString()));
            texts.add(turn.assistant());
        }
        return texts;
    }

    private static void message(StringBuilder out, int turn, String speaker, String text, DataTags tags) {
        out.append("[turn ")
                .append(turn)
                .append("] ")
                .append(speaker)
                .append(":\n")
                .append(tags.wrap(text))
                .append("\n\n");
    }
}
