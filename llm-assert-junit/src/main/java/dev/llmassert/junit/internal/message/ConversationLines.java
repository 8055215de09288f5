package dev.llmassert.junit.internal.message;

import dev.llmassert.core.agent.ToolCall;
import dev.llmassert.core.conversation.Conversation;
import dev.llmassert.core.conversation.Turn;
import dev.llmassert.core.conversation.TurnVerdict;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeSet;

/**
 * The part of a conversation's failure message that shows the transcript: each turn's user message, tool calls and
 * reply, the verdict of each turn the check judged, and the turns that failed marked {@value VerdictTable#UNSUPPORTED},
 * as the verdict table marks sentences. A long transcript is cut around the failing turns, and says so.
 */
final class ConversationLines {

    /** Transcripts of more turns than this are cut around the failing turns. */
    static final int MAX_TURNS_SHOWN = 8;
    /** Turns shown before a failing turn in a cut transcript. */
    static final int BEFORE = 2;
    /** Turns shown after a failing turn in a cut transcript. */
    static final int AFTER = 1;

    private static final int MAX_TEXT = 300;

    private ConversationLines() {}

    /**
     * Appends the transcript.
     *
     * @param verdicts the verdicts of the turns the check judged, by turn
     * @param marked   the turns to mark as failed
     */
    static void append(
            MessageText message, Conversation conversation, Map<Integer, TurnVerdict> verdicts, List<Integer> marked) {
        if (!conversation.systemMessage().isBlank()) {
            message.line("    system: ").quoted(MessageText.shorten(conversation.systemMessage(), MAX_TEXT));
        }
        TreeSet<Integer> shown = shown(conversation.turnCount(), marked);
        int next = 1;
        for (int n : shown) {
            if (n > next) {
                message.line("    ... " + range(next, n - 1) + " left out");
            }
            turn(message, conversation, n, verdicts.get(n), marked.contains(n));
            next = n + 1;
        }
        if (next <= conversation.turnCount()) {
            message.line("    ... " + range(next, conversation.turnCount()) + " left out");
        }
        if (shown.size() < conversation.turnCount()) {
            message.line("(The transcript is cut "
                    + (marked.isEmpty()
                            ? "to its last turns"
                            : "around the failing " + (marked.size() == 1 ? "turn" : "turns"))
                    + ": " + shown.size() + " of " + conversation.turnCount() + " turns shown.)");
        }
        if (conversation.ending() != null) {
            message.line("    ended: " + conversation.ending().id() + " after " + conversation.turnCount()
                    + (conversation.turnCount() == 1 ? " turn" : " turns"));
        }
    }

    private static void turn(MessageText message, Conversation conversation, int n, TurnVerdict verdict, boolean bad) {
        Turn turn = conversation.turn(n);
        String head = (bad ? "  " + VerdictTable.UNSUPPORTED + " " : "    ") + "turn " + n + "  ";
        String indent = " ".repeat(head.length());
        message.line(head + "user: ").quoted(MessageText.shorten(turn.user(), MAX_TEXT));
        for (ToolCall call : turn.toolCalls()) {
            message.line(indent + "tool: ").plain(MessageText.shorten(call.toString(), MAX_TEXT));
        }
        message.line(indent + "assistant: ").quoted(MessageText.shorten(turn.assistant(), MAX_TEXT));
        if (verdict != null) {
            String score = verdict.hasScore() ? String.format(Locale.ROOT, " (%.2f)", verdict.score()) : "";
            message.line(indent + "verdict: ")
                    .plain(verdict.label() + score + (verdict.reason().isEmpty() ? "" : ": " + verdict.reason()));
        }
    }

    /** Every turn, or, for a long conversation, the turns around the marked ones. */
    private static TreeSet<Integer> shown(int count, List<Integer> marked) {
        TreeSet<Integer> shown = new TreeSet<>();
        if (count <= MAX_TURNS_SHOWN || marked.isEmpty()) {
            int from = count <= MAX_TURNS_SHOWN ? 1 : count - MAX_TURNS_SHOWN + 1;
            for (int n = from; n <= count; n++) {
                shown.add(n);
            }
            return shown;
        }
        for (int bad : marked) {
            for (int n = Math.max(1, bad - BEFORE); n <= Math.min(count, bad + AFTER); n++) {
                shown.add(n);
            }
        }
        return shown;
    }

    private static String range(int from, int to) {
        return from == to ? "turn " + from : "turns " + from + " to " + to;
    }

    /** {@code turn 4}, {@code turns 2 and 4}, {@code turns 2, 3 and 5}. */
    static String turns(List<Integer> numbers) {
        List<String> texts =
                new ArrayList<>(numbers.stream().map(String::valueOf).toList());
        if (texts.size() == 1) {
            return "turn " + texts.get(0);
        }
        String last = texts.remove(texts.size() - 1);
        return "turns " + String.join(", ", texts) + " and " + last;
    }
}
