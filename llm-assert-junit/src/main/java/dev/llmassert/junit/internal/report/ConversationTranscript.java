package dev.llmassert.junit.internal.report;

import com.fasterxml.jackson.annotation.JsonInclude;
import dev.llmassert.core.conversation.Conversation;
import dev.llmassert.core.conversation.Turn;
import dev.llmassert.core.conversation.TurnVerdict;
import dev.llmassert.junit.internal.report.ReportFormat.AgentTrajectory;
import dev.llmassert.junit.internal.report.ReportFormat.ToolCallMade;
import org.apiguardian.api.API;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

import static org.apiguardian.api.API.Status.INTERNAL;

/**
 * The conversation behind a check, as the run report shows it: the transcript, with the verdict of each turn the
 * check judged; the check's own fields are the verdict of the whole.
 *
 * @param system the system message, or {@code null} when there is none
 * @param turns  every turn, in order
 * @param ending how a simulated conversation ended ({@code goal-reached}, {@code handed-over}, {@code script-ended},
 *               {@code turn-limit}), or {@code null} when not known
 */
@API(status = INTERNAL, since = "0.1")
@JsonInclude(JsonInclude.Include.NON_NULL)
public record ConversationTranscript(String system, List<TurnShown> turns, String ending) {

    public ConversationTranscript {
        turns = turns == null ? List.of() : List.copyOf(turns);
    }

    /**
     * The report's form of {@code conversation}, with the verdicts of the turns a check judged.
     *
     * @param verdicts the verdicts, by turn; a turn without one was not judged by the check
     */
    public static ConversationTranscript of(Conversation conversation, List<TurnVerdict> verdicts) {
        Map<Integer, TurnVerdict> byTurn = new TreeMap<>();
        verdicts.forEach(verdict -> byTurn.put(verdict.turn(), verdict));
        List<TurnShown> turns = new ArrayList<>();
        for (int n = 1; n <= conversation.turnCount(); n++) {
            Turn turn = conversation.turn(n);
            TurnVerdict verdict = byTurn.get(n);
            List<ToolCallMade> calls = AgentTrajectory.calls(turn.toolCalls());
            turns.add(new TurnShown(
                    n,
                    turn.user(),
                    turn.assistant(),
                    calls.isEmpty() ? null : calls,
                    turn.sources().isEmpty() ? null : turn.sources().size(),
                    verdict == null ? null : verdict.passed(),
                    verdict == null || !verdict.hasScore() ? null : verdict.score(),
                    verdict == null || verdict.label().isEmpty() ? null : verdict.label(),
                    verdict == null || verdict.reason().isEmpty() ? null : verdict.reason()));
        }
        return new ConversationTranscript(
                conversation.systemMessage().isBlank() ? null : conversation.systemMessage(),
                turns,
                conversation.ending() == null ? null : conversation.ending().id());
    }

    /**
     * The JUnit report entry of a check of a conversation: its figures, its turns and which of them failed, and its
     * judge.
     */
    static void entry(Check check, Map<String, String> entry) {
        put(entry, "llmassert.criteria", check.criteria());
        put(entry, "llmassert.option", check.option());
        put(entry, "llmassert.score", check.score() == null ? null : Check.decimals(check.score()));
        put(entry, "llmassert.minScore", check.minimum() == null ? null : Check.decimals(check.minimum()));
        put(entry, "llmassert.expected", check.expected());
        if (check.conversation() != null) {
            entry.put(
                    "llmassert.turns",
                    String.valueOf(check.conversation().turns().size()));
            List<String> failed = check.conversation().turns().stream()
                    .filter(turn -> Boolean.FALSE.equals(turn.passed()))
                    .map(turn -> String.valueOf(turn.turn()))
                    .toList();
            // JUnit rejects blank report values, so the key is left out when no turn failed
            put(entry, "llmassert.failedTurns", failed.isEmpty() ? null : String.join(", ", failed));
        }
        put(entry, "llmassert.judge", check.judge());
        check.recordedModel(entry);
        if (check.replayed() != null) {
            entry.put("llmassert.replayed", String.valueOf(check.replayed()));
            entry.put("llmassert.retries", String.valueOf(check.retries()));
        }
    }

    private static void put(Map<String, String> entry, String key, String value) {
        if (value != null) {
            entry.put(key, value);
        }
    }

    /**
     * One turn of the transcript.
     *
     * @param turn      its number, from 1
     * @param user      the user's message
     * @param assistant the assistant's reply
     * @param toolCalls the tools the assistant called in the turn, or {@code null} for none
     * @param sources   how many sources the assistant was given in the turn, or {@code null} for none
     * @param passed    whether the turn passed the check, or {@code null} when the check did not judge it alone
     * @param score     the turn's score, or {@code null}
     * @param verdict   the turn's verdict in words ({@code grounded}, the option a judge chose), or {@code null}
     * @param reason    why, or {@code null}
     */
    @API(status = INTERNAL, since = "0.1")
    @JsonInclude(JsonInclude.Include.NON_NULL)
    public record TurnShown(
            int turn,
            String user,
            String assistant,
            List<ToolCallMade> toolCalls,
            Integer sources,
            Boolean passed,
            Double score,
            String verdict,
            String reason) {

        public TurnShown {
            toolCalls = toolCalls == null ? null : List.copyOf(toolCalls);
            score = ReportFormat.finiteOrNull(score);
        }
    }
}
