package dev.llmassert.core.conversation;

import org.apiguardian.api.API;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

/**
 * Whether an assistant kept a named fact the user gave (an order number, a serial, a date), judged without a model:
 * the fact is looked for in the user's messages, and each later reply either repeats it, gives another value of its
 * shape instead (NR-20471 where the user gave NR-20417), or does not mention it. The fact is remembered when a later
 * reply repeats it and none gives another value.
 *
 * <p>A value "of its shape" has letters, digits and other characters in the same places, and is looked for only for
 * a fact that holds a digit and at least four characters: a name or a short number has too many look-alikes. Whether
 * a reply that does not mention the fact still took it into account is a question for an LLM judge
 * ({@code knowledge_retention} in the criteria catalog).
 *
 * @param fact        the fact, as the test named it
 * @param givenInTurn the first turn whose user message holds the fact, or 0 when none does
 * @param turns       a verdict for each turn after {@code givenInTurn}: {@code repeats it}, {@code gives another
 *                    value} or {@code does not mention it}
 */
@API(status = EXPERIMENTAL, since = "0.1")
public record FactRetention(String fact, int givenInTurn, List<TurnVerdict> turns) {

    /** The label of a reply that repeats the fact. */
    public static final String REPEATS = "repeats it";
    /** The label of a reply that gives another value of the fact's shape. */
    public static final String CONTRADICTS = "gives another value";
    /** The label of a reply that does not mention the fact. */
    public static final String SILENT = "does not mention it";

    private static final int MIN_SHAPED_LENGTH = 4;

    /**
     * Copies the turns' verdicts.
     *
     * @param fact the fact, as the test named it
     * @param givenInTurn the first turn whose user message holds the fact, or 0 when none does
     * @param turns a verdict for each turn after {@code givenInTurn}, not {@code null}
     */
    public FactRetention {
        turns = List.copyOf(turns);
    }

    /**
     * The retention of {@code fact} in {@code conversation}.
     *
     * @param conversation the conversation whose user gave the fact
     * @param fact the fact, e.g. {@code NR-20417}; compared without case, surrounding blanks or runs of spaces
     * @return a verdict for each reply after the turn the user gave it in
     * @throws IllegalArgumentException when the fact is blank
     */
    public static FactRetention of(Conversation conversation, String fact) {
        if (fact == null || fact.isBlank()) {
            throw new IllegalArgumentException(ConversationMessages.blankFact(fact));
        }
        String wanted = normalized(fact);
        int given = 0;
        for (int n = 1; n <= conversation.turnCount() && given == 0; n++) {
            if (normalized(conversation.turn(n).user()).contains(wanted)) {
                given = n;
            }
        }
        List<TurnVerdict> verdicts = new ArrayList<>();
        if (given > 0) {
            Pattern shape = shapeOf(fact.strip());
            for (int n = given + 1; n <= conversation.turnCount(); n++) {
                verdicts.add(verdict(n, conversation.turn(n).assistant(), wanted, shape, fact.strip(), given));
            }
        }
        return new FactRetention(fact.strip(), given, verdicts);
    }

    /**
     * Whether the user gave the fact in some turn.
     *
     * @return {@code true} when {@link #givenInTurn()} is 1 or more
     */
    public boolean given() {
        return givenInTurn > 0;
    }

    /**
     * Whether a later reply repeats the fact and none gives another value of its shape.
     *
     * @return {@code true} when the fact was given, repeated and never contradicted
     */
    public boolean remembered() {
        return given()
                && turns.stream().anyMatch(t -> t.label().equals(REPEATS))
                && turns.stream().allMatch(TurnVerdict::passed);
    }

    /**
     * The verdicts of the replies that give another value instead of the fact.
     *
     * @return the failed turns' verdicts, each naming the value it gave; empty when none did
     */
    public List<TurnVerdict> contradictions() {
        return turns.stream().filter(t -> !t.passed()).toList();
    }

    private static TurnVerdict verdict(int turn, String reply, String wanted, Pattern shape, String fact, int given) {
        if (normalized(reply).contains(wanted)) {
            return new TurnVerdict(turn, true, 1.0, REPEATS, "");
        }
        if (shape != null) {
            Matcher other = shape.matcher(reply);
            if (other.find()) {
                return new TurnVerdict(
                        turn,
                        false,
                        0.0,
                        CONTRADICTS,
                        "gives '" + other.group() + "' where the user gave '" + fact + "' in turn " + given);
            }
        }
        return new TurnVerdict(turn, true, Double.NaN, SILENT, "");
    }

    /** Letters, digits and other characters in the places the fact has them; {@code null} for a fact without one. */
    static Pattern shapeOf(String fact) {
        if (fact.length() < MIN_SHAPED_LENGTH || fact.chars().noneMatch(Character::isDigit)) {
            return null;
        }
        StringBuilder regex = new StringBuilder("(?<![\\p{L}\\p{N}])");
        int i = 0;
        while (i < fact.length()) {
            char c = fact.charAt(i);
            int run = i;
            while (run < fact.length() && kind(fact.charAt(run)) == kind(c)) {
                run++;
            }
            int length = run - i;
            switch (kind(c)) {
                case 'd' -> regex.append("\\p{N}{").append(length).append('}');
                case 'l' -> regex.append("\\p{L}{").append(length).append('}');
                case 's' -> regex.append("\\s+");
                default -> regex.append(Pattern.quote(fact.substring(i, run)));
            }
            i = run;
        }
        return Pattern.compile(regex.append("(?![\\p{L}\\p{N}])").toString());
    }

    private static char kind(char c) {
        if (Character.isDigit(c)) {
            return 'd';
        }
        if (Character.isLetter(c)) {
            return 'l';
        }
        return Character.isWhitespace(c) ? 's' : 'o';
    }

    private static String normalized(String text) {
        return text.strip().replaceAll("\\s+", " ").toLowerCase(Locale.ROOT);
    }
}
