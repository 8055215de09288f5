package dev.llmassert.core.conversation;

import dev.llmassert.core.groundedness.GroundednessJudge;
import dev.llmassert.core.groundedness.GroundednessVerdict;
import dev.llmassert.core.groundedness.SentenceVerdict;
import org.apiguardian.api.API;

import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

/**
 * Groundedness in a conversation: a turn's reply is judged against the sources given for the check and the sources
 * of its own and every earlier turn, and what the user said up to it is its question, so that a fact the user gave
 * in an earlier turn (an order number, a date) is not taken for an invented one, as
 * {@link GroundednessJudge#judge(String, List, String)} does for one question.
 */
@API(status = EXPERIMENTAL, since = "0.1")
public final class TurnGroundedness {

    /** Scores are compared to this precision, so a score of exactly the minimum is not failed by rounding. */
    private static final double TOLERANCE = 1e-9;

    private TurnGroundedness() {}

    /**
     * What the user had said by turn {@code number}: each of their messages, one per line.
     *
     * @param conversation the conversation
     * @param number the turn's number, from 1
     * @return the user's messages of turns 1 to {@code number}, joined with new lines
     * @throws IllegalArgumentException when the conversation has no such turn
     */
    public static String userSaidUpTo(Conversation conversation, int number) {
        return String.join("\n", conversation.userMessagesUpTo(number));
    }

    /**
     * {@code given}, then the sources of turns 1 to {@code number}, each once.
     *
     * @param conversation the conversation
     * @param number the turn's number, from 1
     * @param given the sources given for the check; may be empty
     * @return the sources a reply of that turn is judged against, in order
     * @throws IllegalArgumentException when the conversation has no such turn
     */
    public static List<String> sourcesOf(Conversation conversation, int number, List<String> given) {
        LinkedHashSet<String> sources = new LinkedHashSet<>(given);
        sources.addAll(conversation.sourcesUpTo(number));
        return List.copyOf(sources);
    }

    /**
     * The verdict on the reply of turn {@code number}. An empty reply holds nothing grounded: it scores 0, with no
     * sentence and no judge call.
     *
     * @param judge the groundedness judge
     * @param conversation the conversation
     * @param number the turn's number, from 1
     * @param given the sources given for the check, added before the turns' own; may be empty
     * @return the judge's verdict on the reply
     * @throws IllegalArgumentException when neither {@code given} nor the turns up to it have a source
     */
    public static GroundednessVerdict judge(
            GroundednessJudge judge, Conversation conversation, int number, List<String> given) {
        List<String> sources = sourcesOf(conversation, number, given);
        String reply = conversation.turn(number).assistant();
        if (reply.isBlank()) {
            return GroundednessVerdict.of(List.of(), judge.name(), null, false, Duration.ZERO);
        }
        return judge.judge(reply, sources, userSaidUpTo(conversation, number));
    }

    /**
     * Each reply's verdict as a turn's: grounded when its score is at least {@code minScore}, with the sentences
     * below it (and why) as the reason.
     *
     * @param verdicts the verdicts on the replies, in turn order (the first is turn 1's)
     * @param minScore the least score a grounded reply has, from 0 to 1
     * @return one verdict per turn, labelled {@code grounded} or {@code not grounded}
     */
    public static List<TurnVerdict> turnVerdicts(List<GroundednessVerdict> verdicts, double minScore) {
        List<TurnVerdict> turns = new ArrayList<>();
        for (int i = 0; i < verdicts.size(); i++) {
            GroundednessVerdict verdict = verdicts.get(i);
            boolean passed = verdict.score() + TOLERANCE >= minScore;
            List<String> below = new ArrayList<>();
            for (SentenceVerdict sentence : verdict.sentencesBelow(minScore)) {
                below.add("\"" + sentence.sentence() + "\""
                        + (sentence.hasReason() ? " (" + sentence.reason() + ")" : ""));
            }
            if (verdict.sentences().isEmpty()) {
                below.add("an empty reply");
            }
            turns.add(new TurnVerdict(
                    i + 1, passed, verdict.score(), passed ? "grounded" : "not grounded", String.join("; ", below)));
        }
        return turns;
    }

    /**
     * The verdict on every reply, in turn order.
     *
     * @param judge the groundedness judge
     * @param conversation the conversation
     * @param given the sources given for the check, added before each turn's own; may be empty
     * @return one verdict per turn, as {@link #judge} gives it
     * @throws IllegalArgumentException when a turn with a reply has no source, given or its own or an earlier turn's
     */
    public static List<GroundednessVerdict> judgeEveryTurn(
            GroundednessJudge judge, Conversation conversation, List<String> given) {
        List<GroundednessVerdict> verdicts = new ArrayList<>();
        for (int n = 1; n <= conversation.turnCount(); n++) {
            verdicts.add(judge(judge, conversation, n, given));
        }
        return verdicts;
    }
}
