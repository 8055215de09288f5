package dev.llmassert.core.groundedness.internal;

import org.apiguardian.api.API;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.apiguardian.api.API.Status.INTERNAL;

/**
 * The words of one sentence, as the local judge compares them: lower-cased tokens (for word pairs), stemmed content
 * words (for coverage), and the facts that must appear in a source: numbers, dates and proper names.
 *
 * <p>Each job has its own class: {@link Tokens} (the tokenizer), {@link Stems} (content words and the stemmer),
 * {@link Numbers} (numbers and facts), {@link Negations} (negations and hedges), {@link Spans} (the stretches compared)
 * and {@link NoClaim}. The word lists are in {@link Lexicon}.
 *
 * @param tokens       every word, lower-cased, in order
 * @param contentStems the stems of the words that carry content, in order, with repeats
 * @param facts        numbers (normalised: {@code five}, {@code 5} and {@code fifth} are the same), month and day
 *                     names, and capitalised words that are not the first word of the sentence, lower-cased
 * @param negatedStems the content stems a negation ({@code not}, {@code no}, {@code never}, {@code n't},
 *                     {@code unable to}...) applies to: those among the few words after it, so that "did not attend"
 *                     negates {@code attend}
 * @param negatedHeads the first content stem after each negation, the word it bears on: in "has not stopped Klopp
 *                     being named", the stem of {@code stopped}
 * @param clauses      the tokens of each clause (split at commas, colons, brackets, dashes and "but")
 * @param quantities   the quantities the sentence states ({@link QuantityReader}): dates, times, money, measures,
 *                     percentages and counts, read as values; their figures are compared as values, not as facts
 * @param identifiers  the identifiers it names ({@link Identifiers}): "order 1234", "W1"
 * @param text         the sentence as given
 */
@API(status = INTERNAL, since = "0.1")
public record Words(
        List<String> tokens,
        List<String> contentStems,
        Set<String> facts,
        Set<String> negatedStems,
        Set<String> negatedHeads,
        List<List<String>> clauses,
        List<Quantity> quantities,
        List<Identifiers.Identifier> identifiers,
        String text) {

    /**
     * Punctuation that ends a clause, and with it the reach of a negation; "but" too, except in "cannot help but",
     * whose negation {@link Negations} reads as the idiom it is.
     */
    private static final Pattern CLAUSE_BREAK =
            Pattern.compile("[,;:()\u2013\u2014]|[.!?](?=\\s)|(?<!\\bhelp\\s)\\bbut\\b", Pattern.CASE_INSENSITIVE);

    /** A list item's number at the start of a sentence ("2. Hold the button", "8) The document"): not a fact. */
    private static final Pattern ENUMERATION = Pattern.compile("\\s*\\(?(\\d{1,2})[).]\\s");

    public Words {
        tokens = List.copyOf(tokens);
        contentStems = List.copyOf(contentStems);
        facts = Set.copyOf(facts);
        negatedStems = Set.copyOf(negatedStems);
        negatedHeads = Set.copyOf(negatedHeads);
        clauses = clauses.stream().map(List::copyOf).toList();
        quantities = List.copyOf(quantities);
        identifiers = List.copyOf(identifiers);
    }

    /** The figures and codes of its identifiers, in fact form: "1234" of "order 1234", "x200". */
    public Set<String> identifierFigures() {
        Set<String> out = new HashSet<>();
        for (Identifiers.Identifier id : identifiers) {
            String figure = Numbers.factForm(id.name());
            out.add(figure);
        }
        return out;
    }

    /** Whether the sentence negates anything. */
    public boolean negated() {
        return !negatedStems.isEmpty();
    }

    /** The words of {@code sentence}. */
    public static Words of(String sentence) {
        List<String> raw = Tokens.rawTokens(sentence);
        List<String> tokens = new ArrayList<>(raw.size());
        List<String> content = new ArrayList<>();
        Set<String> facts = new HashSet<>();
        boolean first = true;
        for (int at = 0; at < raw.size(); at++) {
            String token = raw.get(at);
            String lower = token.toLowerCase(Locale.ROOT);
            tokens.add(lower);
            String number = Numbers.number(lower);
            if (Numbers.isCode(lower)) {
                facts.add(lower); // a code names a thing, whatever its case: "x200", "W1"
            } else if (number != null) {
                if (!Numbers.isPronounOne(lower, raw, at)) {
                    facts.add(number);
                }
            } else if (Lexicon.DATE_WORDS.contains(lower)) {
                facts.add(lower);
            } else if (!first && isName(token) && !Lexicon.STOP_WORDS.contains(lower)) {
                facts.add(lower);
            }
            String stem = Stems.contentStem(lower);
            if (stem != null) {
                content.add(stem);
            }
            first = false;
        }
        // "twenty five" states 25 and "45 thousand" states 45000, the values "25" and "45,000" state: compare the
        // value, not the two words.
        for (int i = 0; i + 1 < tokens.size(); i++) {
            String value = Numbers.compound(tokens.get(i), tokens.get(i + 1));
            if (value == null) {
                value = Numbers.scaled(tokens.get(i), tokens.get(i + 1));
            }
            if (value != null) {
                facts.remove(Numbers.number(tokens.get(i)));
                facts.remove(Numbers.number(tokens.get(i + 1)));
                facts.add(value);
            }
        }
        Matcher marker = ENUMERATION.matcher(sentence);
        if (marker.lookingAt()) {
            facts.remove(Numbers.number(marker.group(1)));
        }
        // A negation reaches the next few words of its own clause only: in "no internet connection: check the
        // cable" the "no" does not negate "check".
        Set<String> negated = new HashSet<>();
        Set<String> heads = new HashSet<>();
        List<List<String>> clauses = new ArrayList<>();
        for (String clause : CLAUSE_BREAK.split(sentence)) {
            List<String> clauseTokens = Tokens.rawTokens(clause).stream()
                    .map(t -> t.toLowerCase(Locale.ROOT))
                    .toList();
            clauses.add(clauseTokens);
            Negations.scan(clauseTokens, negated, heads);
        }
        List<Quantity> quantities = QuantityReader.read(sentence);
        // A quantity's figures and words are compared as a value ("1,500 ml" is "1.5 litres", "March 1, 2026" is
        // "2026-03-01"), not as facts; a count ("5 users") keeps its figure as a fact too.
        for (Quantity q : quantities) {
            if (q.readings().stream().anyMatch(r -> r.dimension().startsWith("count:"))) {
                continue;
            }
            for (String token : Tokens.rawTokens(sentence.substring(q.valueStart(), q.end()))) {
                String lower = token.toLowerCase(Locale.ROOT);
                String figure = Numbers.number(lower);
                facts.remove(figure != null ? figure : lower);
            }
        }
        return new Words(
                tokens, content, facts, negated, heads, clauses, quantities, Identifiers.find(sentence), sentence);
    }

    /**
     * Whether the sentence reads as English. The departures from the evidence are found with English word lists, and
     * another language is judged on its evidence alone. A sentence with an English function word ("the", "is",
     * "of"...) is English; so is a short one without any ("Order 1234 ships within 3 business days.", "Plan 3
     * includes 5 users."), unless it is written in another script, has a function word of another language that
     * English does not share ("der", "und", "est", "les", "una"), or has a letter English writes only in borrowed
     * words ("beträgt", "año", "garçon").
     */
    public boolean english() {
        if (tokens.stream().anyMatch(Lexicon.STOP_WORDS::contains)) {
            return true;
        }
        return tokens.stream().noneMatch(t -> foreign(t) || accented(t));
    }

    /** Whether {@code token} has a letter outside English's alphabet ("ä", "ñ", "ç", "ß"). */
    private static boolean accented(String token) {
        return token.codePoints().anyMatch(c -> Character.isLetter(c) && c > 0x7F);
    }

    /** Whether {@code token} marks another language: a word of another script, or another language's function word. */
    private static boolean foreign(String token) {
        if (Lexicon.OTHER_LANGUAGE_WORDS.contains(token)) {
            return true;
        }
        int first = token.codePointAt(0);
        return Character.isLetter(first) && Character.UnicodeScript.of(first) != Character.UnicodeScript.LATIN;
    }

    /** Whether the sentence makes no claim ({@link NoClaim}). */
    public boolean makesNoClaim() {
        return NoClaim.makesNoClaim(tokens);
    }

    private static boolean isName(String token) {
        int first = token.codePointAt(0);
        return Character.isUpperCase(first) && Character.isLetter(first);
    }
}
