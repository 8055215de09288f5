package dev.llmassert.core.groundedness.internal;

import org.apiguardian.api.API;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.apiguardian.api.API.Status.INTERNAL;

/**
 * The words of one sentence, as the local judge compares them: lower-cased tokens (for word pairs), stemmed content
 * words (for coverage), and the facts that must appear in a source: numbers, dates and proper names.
 *
 * <p>Tokens are runs of Unicode letters or digits, so any language that separates words with spaces is tokenised;
 * Han, Hiragana and Katakana characters are one token each, because those scripts do not use spaces. The word lists
 * are in {@link Lexicon}.
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
 */
@API(status = INTERNAL, since = "0.1")
public record Words(
        List<String> tokens,
        List<String> contentStems,
        Set<String> facts,
        Set<String> negatedStems,
        Set<String> negatedHeads,
        List<List<String>> clauses) {

    /** Punctuation that ends a clause, and with it the reach of a negation. */
    private static final Pattern CLAUSE_BREAK =
            Pattern.compile("[,;:()\u2013\u2014]|[.!?](?=\\s)|\\bbut\\b", Pattern.CASE_INSENSITIVE);

    /** A list item's number at the start of a sentence ("2. Hold the button", "8) The document"): not a fact. */
    private static final Pattern ENUMERATION = Pattern.compile("\\s*\\(?(\\d{1,2})[).]\\s");

    private static final Pattern ASIDE = Pattern.compile("[,;()\u2013\u2014]");

    /** How many words after a negation it is taken to apply to. */
    private static final int NEGATION_SCOPE = 4;

    public Words {
        tokens = List.copyOf(tokens);
        contentStems = List.copyOf(contentStems);
        facts = Set.copyOf(facts);
        negatedStems = Set.copyOf(negatedStems);
        negatedHeads = Set.copyOf(negatedHeads);
        clauses = clauses.stream().map(List::copyOf).toList();
    }

    /** Whether the sentence negates anything. */
    public boolean negated() {
        return !negatedStems.isEmpty();
    }

    /** The words of {@code sentence}. */
    public static Words of(String sentence) {
        List<String> raw = rawTokens(sentence);
        List<String> tokens = new ArrayList<>(raw.size());
        List<String> content = new ArrayList<>();
        Set<String> facts = new HashSet<>();
        boolean first = true;
        for (int at = 0; at < raw.size(); at++) {
            String token = raw.get(at);
            String lower = token.toLowerCase(Locale.ROOT);
            tokens.add(lower);
            String number = number(lower);
            if (number != null) {
                if (!isPronounOne(lower, raw, at)) {
                    facts.add(number);
                }
            } else if (Lexicon.DATE_WORDS.contains(lower)) {
                facts.add(lower);
            } else if (!first && isName(token) && !Lexicon.STOP_WORDS.contains(lower)) {
                facts.add(lower);
            }
            String stem = contentStem(lower);
            if (stem != null) {
                content.add(stem);
            }
            first = false;
        }
        // "twenty five" states 25 and "45 thousand" states 45000, the values "25" and "45,000" state: compare the
        // value, not the two words.
        for (int i = 0; i + 1 < tokens.size(); i++) {
            String value = compound(tokens.get(i), tokens.get(i + 1));
            if (value == null) {
                value = scaled(tokens.get(i), tokens.get(i + 1));
            }
            if (value != null) {
                facts.remove(number(tokens.get(i)));
                facts.remove(number(tokens.get(i + 1)));
                facts.add(value);
            }
        }
        Matcher marker = ENUMERATION.matcher(sentence);
        if (marker.lookingAt()) {
            facts.remove(number(marker.group(1)));
        }
        // A negation reaches the next few words of its own clause only: in "no internet connection: check the
        // cable" the "no" does not negate "check".
        Set<String> negated = new HashSet<>();
        Set<String> heads = new HashSet<>();
        List<List<String>> clauses = new ArrayList<>();
        for (String clause : CLAUSE_BREAK.split(sentence)) {
            List<String> clauseTokens = rawTokens(clause).stream()
                    .map(t -> t.toLowerCase(Locale.ROOT))
                    .toList();
            clauses.add(clauseTokens);
            for (int i = 0; i < clauseTokens.size(); i++) {
                if (isNegation(clauseTokens, i) && !isHedge(clauseTokens, i)) {
                    boolean head = true;
                    for (int j = i + 1; j < clauseTokens.size() && j <= i + NEGATION_SCOPE; j++) {
                        String stem = contentStem(clauseTokens.get(j));
                        if (stem != null) {
                            negated.add(stem);
                            if (head) {
                                heads.add(stem);
                                head = false;
                            }
                        }
                    }
                }
            }
        }
        return new Words(tokens, content, facts, negated, heads, clauses);
    }

    /**
     * Whether "one" stands for a thing rather than a count: "only one", "each one", "one of them", "the one". It
     * counts as the number 1 only before a word that carries content ("one year", "one port").
     */
    private static boolean isPronounOne(String lower, List<String> raw, int at) {
        if (!lower.equals("one")) {
            return false;
        }
        return at + 1 >= raw.size() || !isContent(raw.get(at + 1).toLowerCase(Locale.ROOT));
    }

    /** "twenty five" (or "twenty-five") as 25, in fact form; {@code null} when the two tokens are not such a pair. */
    public static String compound(String lowerTens, String lowerUnit) {
        if (!Lexicon.TENS.contains(lowerTens) || !Lexicon.UNITS.contains(lowerUnit)) {
            return null;
        }
        return String.valueOf(Integer.parseInt(Lexicon.NUMBER_WORDS.get(lowerTens))
                + Integer.parseInt(Lexicon.NUMBER_WORDS.get(lowerUnit)));
    }

    /** Whether a lower-cased token carries content: not a function word, a negation, an interjection or framing. */
    public static boolean isContent(String lower) {
        if (Lexicon.STOP_WORDS.contains(lower)
                || Lexicon.NEGATIONS.contains(lower)
                || Lexicon.CONTRACTED_NEGATIONS.contains(lower)
                || Lexicon.INTERJECTIONS.contains(lower)
                || Lexicon.FRAMING.contains(lower)) {
            return false;
        }
        return lower.length() > 1 || Character.isDigit(lower.charAt(0)) || isIdeograph(lower.codePointAt(0));
    }

    /**
     * Whether the sentence reads as English: it has an English function word ("the", "is", "of"...). The departures
     * from the evidence are found with English word lists; another language is judged on its evidence alone.
     */
    public boolean english() {
        return tokens.stream().anyMatch(Lexicon.STOP_WORDS::contains);
    }

    /** Whether a sentence makes no claim: every word answers, greets, thanks or reacts, or carries no content. */
    public boolean makesNoClaim() {
        return tokens.stream().allMatch(t -> Lexicon.NO_CLAIM.contains(t) || !isContent(t));
    }

    /**
     * A light English stemmer: enough to match plural and tense variants ("includes", "included", "including" and
     * "include" are one word), never wrong enough to merge different words. Numbers are kept as they are. (Snowball's
     * English stemmer and OpenNLP's lemmatizer were measured against it and did worse: docs/local-judge.md.)
     */
    public static String stem(String lower) {
        int n = lower.length();
        if (n == 0 || Character.isDigit(lower.charAt(0))) {
            return lower;
        }
        String w = lower;
        if (n > 4 && w.endsWith("ies")) {
            w = w.substring(0, n - 3) + "y";
        } else if (n > 5 && w.endsWith("ing")) {
            w = w.substring(0, n - 3);
        } else if (n > 4 && w.endsWith("ied")) {
            w = w.substring(0, n - 3) + "y";
        } else if (n > 4 && w.endsWith("ed")) {
            w = w.substring(0, n - 2);
        } else if (n > 3 && w.endsWith("s") && !w.endsWith("ss") && !w.endsWith("us") && !w.endsWith("is")) {
            w = w.substring(0, n - 1);
        }
        // "include" and "includ(ed)" alike: a final e is dropped, as the suffixes above drop it.
        return w.length() > 4 && w.endsWith("e") && !w.endsWith("ee") ? w.substring(0, w.length() - 1) : w;
    }

    /** The stem under which a lower-cased token counts as content, or {@code null} if it is not content. */
    public static String contentStem(String lower) {
        if (!isContent(lower)) {
            return null;
        }
        String number = number(lower);
        return number != null ? number : stem(lower);
    }

    /** A content word of a text: where it starts and ends, and its stem. */
    private record Hit(int start, int end, String stem) {}

    /** "not", "never", "unable"..., or the "t" of a contraction such as "didn't", which the tokenizer splits off. */
    private static boolean isNegation(List<String> tokens, int i) {
        String t = tokens.get(i);
        if (t.equals("no")
                && i + 1 < tokens.size()
                && Character.isDigit(tokens.get(i + 1).charAt(0))) {
            return false; // "the no 1 jersey": "no" for number
        }
        return Lexicon.NEGATIONS.contains(t)
                || Lexicon.NEGATING_VERBS.contains(t)
                || t.equals("t") && i > 0 && tokens.get(i - 1).endsWith("n");
    }

    static String number(String lower) {
        String word = Lexicon.NUMBER_WORDS.get(lower);
        if (word != null) {
            return word;
        }
        boolean digit = false;
        for (int i = 0; i < lower.length(); i++) {
            if (Character.isDigit(lower.charAt(i))) {
                digit = true;
                break;
            }
        }
        if (!digit) {
            return null;
        }
        // Ordinals and units glued to digits ("4th", "10m") still name the number the source must hold.
        StringBuilder digits = new StringBuilder();
        lower.chars().filter(c -> Character.isDigit(c) || c == '.').forEach(c -> digits.append((char) c));
        return digits.toString().replaceFirst("^0+(?=\\d)", "");
    }

    /**
     * The form under which a source word can confirm a fact: numbers normalised, everything lower-cased. A name
     * is confirmed by the same word in the source whatever its case, since sources are not always well cased.
     */
    public static String factForm(String lowerToken) {
        String number = number(lowerToken);
        return number != null ? number : lowerToken;
    }

    /**
     * The value of a number followed by a scale word ("45 thousand" is 45000, "1.5 million" is 1500000) in fact form,
     * or {@code null} when the two lower-cased tokens are not such a pair.
     */
    public static String scaled(String lowerNumber, String lowerScale) {
        BigDecimal scale = switch (lowerScale) {
            case "thousand" -> BigDecimal.valueOf(1_000);
            case "million" -> BigDecimal.valueOf(1_000_000);
            case "billion" -> BigDecimal.valueOf(1_000_000_000);
            default -> null;
        };
        String number = scale == null ? null : number(lowerNumber);
        if (number == null || number.isEmpty() || number.equals(".")) {
            return null;
        }
        try {
            return new BigDecimal(number).multiply(scale).stripTrailingZeros().toPlainString();
        } catch (NumberFormatException e) {
            return null;
        }
    }

    /**
     * The claim of a sentence: the stretch from its first to its last content word, so that "Yes! The breed
     * originated in Mexico!" is compared as "breed originated in Mexico". The whole text when it has no content word.
     */
    public static String claim(String text) {
        int[] bounds = bounds(text);
        return bounds == null ? text : text.substring(bounds[0], bounds[1]);
    }

    /**
     * The shortest stretch of a source sentence that holds every content word it shares with a response sentence
     * ({@code stems}): the part of a long sentence that a shorter response sentence restates. The whole text when it
     * shares no word.
     */
    public static String span(String text, Set<String> stems) {
        List<Hit> hits = contentWords(text, stems);
        if (hits.isEmpty()) {
            return text;
        }
        // The shortest window over the shared words that holds each of them at least once (a sliding window).
        int distinct = (int) hits.stream().map(Hit::stem).distinct().count();
        Map<String, Integer> inWindow = new HashMap<>();
        int from = 0;
        int bestFrom = 0;
        int bestTo = hits.size() - 1;
        for (int to = 0; to < hits.size(); to++) {
            inWindow.merge(hits.get(to).stem(), 1, Integer::sum);
            while (inWindow.size() == distinct) {
                if (hits.get(to).end() - hits.get(from).start()
                        < hits.get(bestTo).end() - hits.get(bestFrom).start()) {
                    bestFrom = from;
                    bestTo = to;
                }
                String left = hits.get(from++).stem();
                if (inWindow.merge(left, -1, Integer::sum) == 0) {
                    inWindow.remove(left);
                }
            }
        }
        String window =
                text.substring(hits.get(bestFrom).start(), hits.get(bestTo).end());
        // An aside between commas that shares no word ("..., founded in 1861, ...") is left out: a response that
        // skips it restates the rest.
        StringBuilder kept = new StringBuilder();
        for (String part : ASIDE.split(window)) {
            if (!contentWords(part, stems).isEmpty()) {
                kept.append(kept.length() == 0 ? "" : ", ").append(part.strip());
            }
        }
        return kept.toString();
    }

    /** Start and end of the first and last content word of {@code text}, or {@code null} if it has none. */
    private static int[] bounds(String text) {
        List<Hit> hits = contentWords(text, null);
        return hits.isEmpty()
                ? null
                : new int[] {hits.get(0).start(), hits.get(hits.size() - 1).end()};
    }

    /** The content words of {@code text} in order, only those whose stem is in {@code stems} if it is given. */
    private static List<Hit> contentWords(String text, Set<String> stems) {
        List<Hit> hits = new ArrayList<>();
        int n = text.length();
        int i = 0;
        while (i < n) {
            int end = tokenEnd(text, i);
            if (end == i) {
                i += Character.charCount(text.codePointAt(i));
                continue;
            }
            String stem = contentStem(text.substring(i, end).toLowerCase(Locale.ROOT));
            if (stem != null && (stems == null || stems.contains(stem))) {
                hits.add(new Hit(i, end, stem));
            }
            i = end;
        }
        return hits;
    }

    /**
     * Whether the negation at {@code i} is the speaker's hedge about their own knowledge: "I'm not sure", "I don't
     * really know", "not sure, but", "no idea".
     */
    private static boolean isHedge(List<String> tokens, int i) {
        boolean hedgeFollows = false;
        for (int j = i + 1; j < tokens.size() && j <= i + 3; j++) {
            if (Lexicon.HEDGES.contains(tokens.get(j))) {
                hedgeFollows = true;
                break;
            }
        }
        if (!hedgeFollows) {
            return false;
        }
        // The speaker's own: "I" shortly before the negation, or the negation opens the clause.
        int from = Math.max(0, i - 3);
        return i <= 1 || tokens.subList(from, i).contains("i");
    }

    private static boolean isName(String token) {
        int first = token.codePointAt(0);
        return Character.isUpperCase(first) && Character.isLetter(first);
    }

    private static boolean isIdeograph(int cp) {
        Character.UnicodeScript script = Character.UnicodeScript.of(cp);
        return script == Character.UnicodeScript.HAN
                || script == Character.UnicodeScript.HIRAGANA
                || script == Character.UnicodeScript.KATAKANA;
    }

    /** Runs of letters and digits; a thousands separator inside a number ("1,000") stays in the number. */
    static List<String> rawTokens(String text) {
        List<String> out = new ArrayList<>();
        int n = text.length();
        int i = 0;
        while (i < n) {
            int end = tokenEnd(text, i);
            if (end == i) {
                i += Character.charCount(text.codePointAt(i));
            } else {
                out.add(text.substring(i, end));
                i = end;
            }
        }
        return out;
    }

    /** The end of the token that starts at {@code start}, or {@code start} when no token starts there. */
    private static int tokenEnd(String text, int start) {
        int cp = text.codePointAt(start);
        if (isIdeograph(cp)) {
            return start + Character.charCount(cp);
        }
        if (!Character.isLetterOrDigit(cp)) {
            return start;
        }
        int n = text.length();
        int i = start;
        while (i < n) {
            int c = text.codePointAt(i);
            if (Character.isLetterOrDigit(c) && !isIdeograph(c)) {
                i += Character.charCount(c);
            } else if ((c == ',' || c == '.')
                    && i + 1 < n
                    && Character.isDigit(text.charAt(i + 1))
                    && i > start
                    && Character.isDigit(text.charAt(i - 1))) {
                i++;
            } else {
                break;
            }
        }
        return i;
    }
}
