package dev.llmassert.core.conversation;

import org.apiguardian.api.API;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

/**
 * The verdict of one check on one turn of a conversation: whether the turn's reply passed, its score, a short label
 * (the option a judge chose, "grounded", "repeats it") and why, in words.
 *
 * @param turn   the turn's number, from 1
 * @param passed whether the turn passed the check
 * @param score  the turn's score, from 0 to 1 for a judge's, or {@code NaN} when the check gives none
 * @param label  a short verdict, or {@code ""}
 * @param reason why, in words, or {@code ""}
 */
@API(status = EXPERIMENTAL, since = "0.1")
public record TurnVerdict(int turn, boolean passed, double score, String label, String reason) {

    /**
     * Checks the turn's number; a missing label or reason becomes {@code ""}.
     *
     * @param turn the turn's number, from 1
     * @param passed whether the turn passed the check
     * @param score the turn's score, or {@code NaN} when the check gives none
     * @param label a short verdict; {@code null} for none
     * @param reason why, in words; {@code null} for none
     * @throws IllegalArgumentException for a turn number below 1
     */
    public TurnVerdict {
        if (turn < 1) {
            throw new IllegalArgumentException(ConversationMessages.noSuchTurn(turn, 0));
        }
        label = label == null ? "" : label;
        reason = reason == null ? "" : reason;
    }

    /**
     * Whether the check gave the turn a score.
     *
     * @return {@code true} unless the score is {@code NaN}
     */
    public boolean hasScore() {
        return !Double.isNaN(score);
    }
}
