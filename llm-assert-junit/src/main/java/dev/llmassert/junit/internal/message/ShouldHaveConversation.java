package dev.llmassert.junit.internal.message;

import dev.llmassert.core.config.ConfigKeys;
import dev.llmassert.core.conversation.Conversation;
import dev.llmassert.core.conversation.FactRetention;
import dev.llmassert.core.conversation.TurnGroundedness;
import dev.llmassert.core.conversation.TurnVerdict;
import dev.llmassert.core.groundedness.GroundednessVerdict;
import org.apiguardian.api.API;
import org.assertj.core.error.ErrorMessageFactory;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

import static org.apiguardian.api.API.Status.INTERNAL;

/**
 * Creates the message of a failed check on a conversation: what was expected and what went wrong, the judge, then
 * the transcript with the failing turns marked {@value VerdictTable#UNSUPPORTED} and each judged turn's verdict, as
 * the verdict table shows sentences.
 */
@API(status = INTERNAL, since = "0.1")
public final class ShouldHaveConversation extends MessageTextFactory {

    /** The judge line of the checks that call no model. */
    public static final String NO_MODEL = "local (no model)";

    private ShouldHaveConversation(MessageText message) {
        super(message);
    }

    /**
     * A named fact the user gave, judged without a model ({@link FactRetention}): never given, given but not
     * repeated, or contradicted.
     */
    public static ErrorMessageFactory shouldRemember(Conversation conversation, FactRetention retention) {
        MessageText message = expecting(conversation).text("to remember ").quoted(retention.fact());
        List<Integer> marked = failing(retention.turns());
        if (!retention.given()) {
            message.text(",").line("but no message of the user holds it, so there was nothing to remember.");
        } else if (!marked.isEmpty()) {
            message.text(", which the user gave in turn " + retention.givenInTurn() + ",")
                    .line("but " + ConversationLines.turns(marked) + " "
                            + (marked.size() == 1 ? "gives" : "give") + " another value (marked "
                            + VerdictTable.UNSUPPORTED + ").");
        } else {
            message.text(", which the user gave in turn " + retention.givenInTurn() + ",")
                    .line("but no later reply repeats it, so the local judge cannot tell that it was kept; an LLM "
                            + "judge can (knowledge_retention).");
        }
        message.line("Judge: ")
                .plain(NO_MODEL)
                .text(": a later reply must repeat the fact, and none may give " + "another value of its shape.");
        return transcript(message, conversation, retention.turns(), marked);
    }

    /** The same fact, expected to be forgotten, judged without a model. */
    public static ErrorMessageFactory shouldForget(Conversation conversation, FactRetention retention) {
        MessageText message = expecting(conversation)
                .text("to forget ")
                .quoted(retention.fact())
                .text(", which the user gave in turn " + retention.givenInTurn() + ",")
                .line("but a later reply repeats it, and none gives another value.");
        message.line("Judge: ").plain(NO_MODEL).text(".");
        return transcript(message, conversation, retention.turns(), List.of());
    }

    /**
     * A criteria judged on each turn ({@code staysInRole}, {@code isRelevantThroughout}, {@code remembers} with an
     * LLM judge, {@code everyAssistantTurn().meets(...)}).
     *
     * @param expectation what was expected, e.g. {@code to stay in the role "..." in every turn}
     * @param option      the option every judged turn should get
     */
    public static ErrorMessageFactory shouldMeetInEveryTurn(
            Conversation conversation,
            Expectation expectation,
            String criteria,
            String option,
            List<TurnVerdict> verdicts,
            Judged judged) {
        List<Integer> marked = failing(verdicts);
        MessageText message = expectation.appendTo(expecting(conversation));
        message.line("but the judge of ")
                .plain(criteria)
                .text(" did not choose ")
                .quoted(option)
                .text(" in " + ConversationLines.turns(marked) + " (marked " + VerdictTable.UNSUPPORTED + ").");
        judge(message, judged);
        return transcript(message, conversation, verdicts, marked);
    }

    /**
     * A criteria judged on each turn that was expected to fall short somewhere ({@code forgets} with an LLM judge),
     * but got its best option in every judged turn.
     */
    public static ErrorMessageFactory shouldMissInSomeTurn(
            Conversation conversation,
            Expectation expectation,
            String criteria,
            String option,
            List<TurnVerdict> verdicts,
            Judged judged) {
        MessageText message = expectation.appendTo(expecting(conversation));
        message.line("but the judge of ")
                .plain(criteria)
                .text(" chose ")
                .quoted(option)
                .text(" in every judged turn (" + verdicts.size() + ").");
        judge(message, judged);
        return transcript(message, conversation, verdicts, List.of());
    }

    /** A criteria judged over the whole conversation ({@code completesGoal}): the last turn is marked. */
    public static ErrorMessageFactory shouldMeetOverall(
            Conversation conversation,
            Expectation expectation,
            String criteria,
            String expectedOption,
            String option,
            String explanation,
            Judged judged) {
        MessageText message = expectation.appendTo(expecting(conversation));
        message.line("but the judge of ")
                .plain(criteria)
                .text(" chose ")
                .quoted(option)
                .text(" where ")
                .quoted(expectedOption)
                .text(" was expected.");
        judge(message, judged);
        int last = conversation.turnCount();
        List<TurnVerdict> verdicts = last == 0
                ? List.of()
                : List.of(new TurnVerdict(last, false, Double.NaN, option, explanation == null ? "" : explanation));
        return transcript(message, conversation, verdicts, last == 0 ? List.of() : List.of(last));
    }

    /** Every reply grounded: the failing turns marked, then each one's sentences, as the verdict table shows them. */
    public static ErrorMessageFactory shouldBeGroundedInEveryTurn(
            Conversation conversation, List<GroundednessVerdict> verdicts, double minScore) {
        return groundedInEveryTurn(expecting(conversation), conversation, verdicts, minScore);
    }

    /**
     * As {@link #shouldBeGroundedInEveryTurn}, for a bare {@code everyAssistantTurn().isGroundedIn(...)} checked
     * after the test method against the default minimum: it says where the assertion was made.
     */
    public static ErrorMessageFactory shouldBeGroundedInEveryTurnByDefault(
            Conversation conversation, List<GroundednessVerdict> verdicts, double minScore, StackTraceElement site) {
        MessageText message = new MessageText()
                .line("everyAssistantTurn().isGroundedIn(...) at ")
                .plain(site)
                .text(" had no withMinScore(...), so it was checked after the test against the default minimum "
                        + VerdictTable.score(minScore) + " (" + ConfigKeys.GROUNDEDNESS_MIN_SCORE + ").");
        int turns = conversation.turnCount();
        message.line("Expecting the conversation (" + turns + (turns == 1 ? " turn" : " turns") + ")")
                .line("");
        return groundedInEveryTurn(message, conversation, verdicts, minScore);
    }

    private static ErrorMessageFactory groundedInEveryTurn(
            MessageText message, Conversation conversation, List<GroundednessVerdict> verdicts, double minScore) {
        List<TurnVerdict> turns = new ArrayList<>();
        // the sentences of the failing turns follow the transcript in full, so a turn's verdict says its score only
        TurnGroundedness.turnVerdicts(verdicts, minScore)
                .forEach(v -> turns.add(new TurnVerdict(v.turn(), v.passed(), v.score(), v.label(), "")));
        List<Integer> marked = failing(turns);
        message.text("to have every reply grounded in its sources with a score of at least "
                        + VerdictTable.score(minScore) + ",")
                .line("but " + ConversationLines.turns(marked) + " scored below it (marked " + VerdictTable.UNSUPPORTED
                        + ").");
        GroundednessVerdict first = verdicts.get(0);
        VerdictTable.judge(message, first.judge(), first.replayed(), first.recordedModel());
        transcript(message, conversation, turns, marked);
        for (int turn : marked) {
            message.line("Turn " + turn + ":");
            VerdictTable.append(message, verdicts.get(turn - 1), minScore);
        }
        return new ShouldHaveConversation(message);
    }

    /** No turn up to {@code number} was given a source, for {@code isGroundedInItsSources()}. */
    public static ErrorMessageFactory shouldHaveSources(Conversation conversation, int number) {
        MessageText message = expecting(conversation)
                .text("to have given the assistant sources by turn " + number + ",")
                .line("but no turn up to it has any. Record them with the turn (recorder.user(...).replied(reply, "
                        + "sources), or an AI service's retrieved contents), or name them: isGroundedIn(sources).");
        return transcript(message, conversation, List.of(), List.of(number));
    }

    /** A turn asked for that the conversation does not have. */
    public static ErrorMessageFactory shouldHaveTurn(Conversation conversation, int number) {
        MessageText message = expecting(conversation)
                .text("to have a turn " + number + ",")
                .line("but it has " + conversation.turnCount()
                        + (conversation.turnCount() == 1 ? " turn." : " turns."));
        return transcript(message, conversation, List.of(), List.of());
    }

    /** A fact whose retention an LLM judges, given in the last turn: no later turn could keep it. */
    public static ErrorMessageFactory shouldHaveTurnAfter(Conversation conversation, String fact, int givenInTurn) {
        MessageText message = expecting(conversation)
                .text("to remember ")
                .quoted(fact)
                .text(" after turn " + givenInTurn + ",")
                .line("but no turn comes after it, so no reply could keep or lose it.");
        return transcript(message, conversation, List.of(), List.of());
    }

    /** More turns than allowed: the turns past the limit are marked. */
    public static ErrorMessageFactory shouldHaveAtMostTurns(Conversation conversation, int max) {
        List<Integer> marked = new ArrayList<>();
        for (int n = max + 1; n <= conversation.turnCount(); n++) {
            marked.add(n);
        }
        MessageText message = expecting(conversation)
                .text("to have at most " + max + (max == 1 ? " turn" : " turns") + ",")
                .line("but it has " + conversation.turnCount() + ".");
        return transcript(message, conversation, List.of(), marked);
    }

    /** A reply said what it never should. */
    public static ErrorMessageFactory shouldNeverSay(Conversation conversation, Map<Integer, String> said) {
        List<TurnVerdict> verdicts = new ArrayList<>();
        said.forEach(
                (turn, phrase) -> verdicts.add(new TurnVerdict(turn, false, Double.NaN, "says '" + phrase + "'", "")));
        List<Integer> marked = new ArrayList<>(said.keySet());
        MessageText message = expecting(conversation)
                .text("never to say any of ")
                .quoted(String.join("\", \"", new TreeMap<>(invert(said)).keySet()))
                .text(",")
                .line("but " + ConversationLines.turns(marked) + " " + (marked.size() == 1 ? "does" : "do")
                        + " (marked " + VerdictTable.UNSUPPORTED + ").");
        return transcript(message, conversation, verdicts, marked);
    }

    /** Not ended by itself within the turns allowed, or with no ending at all. */
    public static ErrorMessageFactory shouldEndWithin(Conversation conversation, int max) {
        MessageText message = expecting(conversation)
                .text("to end by itself within " + max + (max == 1 ? " turn" : " turns")
                        + " (its goal reached, handed over, or its script done),");
        List<Integer> marked = conversation.turnCount() == 0 ? List.of() : List.of(conversation.turnCount());
        if (conversation.ending() == null) {
            message.line("but it has no ending: only a conversation that a UserSimulator drove knows how it ended.");
        } else if (!conversation.ending().endedByItself()) {
            message.line("but it was cut off at the turn limit after " + conversation.turnCount() + " turns.");
        } else {
            message.line(
                    "but it ended (" + conversation.ending().id() + ") after " + conversation.turnCount() + " turns.");
        }
        return transcript(message, conversation, List.of(), marked);
    }

    /** Who judged a check and whether its replies were replayed. */
    @API(status = INTERNAL, since = "0.1")
    public record Judged(String judge, boolean replayed, String recordedModel) {}

    /**
     * What was expected, e.g. {@code to stay in the role "..." in every turn}: our text before and after, and the
     * test's own text between them, quoted ({@code null} for none).
     */
    @API(status = INTERNAL, since = "0.1")
    public record Expectation(String before, String quoted, String after) {

        MessageText appendTo(MessageText message) {
            message.text(before);
            if (quoted != null) {
                message.quoted(quoted);
            }
            return message.text(after);
        }
    }

    private static MessageText expecting(Conversation conversation) {
        int turns = conversation.turnCount();
        return new MessageText()
                .line("Expecting the conversation (" + turns + (turns == 1 ? " turn" : " turns") + ")")
                .line("");
    }

    private static void judge(MessageText message, Judged judged) {
        if (judged != null) {
            VerdictTable.judge(message, judged.judge(), judged.replayed(), judged.recordedModel());
        }
    }

    private static ShouldHaveConversation transcript(
            MessageText message, Conversation conversation, List<TurnVerdict> verdicts, List<Integer> marked) {
        Map<Integer, TurnVerdict> byTurn = new LinkedHashMap<>();
        verdicts.forEach(verdict -> byTurn.put(verdict.turn(), verdict));
        ConversationLines.append(message, conversation, byTurn, marked);
        return new ShouldHaveConversation(message);
    }

    private static List<Integer> failing(List<TurnVerdict> verdicts) {
        return verdicts.stream().filter(v -> !v.passed()).map(TurnVerdict::turn).toList();
    }

    private static Map<String, Integer> invert(Map<Integer, String> said) {
        Map<String, Integer> byPhrase = new LinkedHashMap<>();
        said.forEach((turn, phrase) -> byPhrase.putIfAbsent(phrase, turn));
        return byPhrase;
    }
}
