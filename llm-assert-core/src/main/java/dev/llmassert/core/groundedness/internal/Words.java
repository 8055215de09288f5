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
import java.util.regex.Pattern;

import static org.apiguardian.api.API.Status.INTERNAL;

/**
 * The words of one sentence, as the local judge compares them: lower-cased tokens (for bigrams), stemmed content
 * words (for coverage), and the facts that must appear in a source verbatim: numbers, dates and proper names.
 *
 * <p>Tokens are runs of Unicode letters or digits, so any language that separates words with spaces is tokenised;
 * Han, Hiragana and Katakana characters are one token each, because those scripts do not use spaces.
 *
 * @param tokens       every word, lower-cased, in order
 * @param contentStems the stems of the words that carry content (no stop words), in order, with repeats
 * @param facts        numbers (normalised: {@code five} and {@code 5} are the same), month and day names, and
 *                     capitalised words that are not the first word of the sentence, lower-cased
 * @param negatedStems the content stems a negation ({@code not}, {@code no}, {@code never}, {@code n't}...) applies
 *                     to: those among the few words after it, so that "did not attend" negates {@code attend}
 * @param negatedHeads the first content stem after each negation, the word it bears on: in "has not stopped Klopp
 *                     being named", the stem of {@code stopped}
 */
@API(status = INTERNAL, since = "0.1")
public record Words(List<String> tokens, List<String> contentStems, Set<String> facts, Set<String> negatedStems,
                    Set<String> negatedHeads) {

    private static final Set<String> NEGATIONS = Set.of(
            "not", "no", "never", "none", "nobody", "nothing", "neither", "nor", "without", "cannot");
    /** Punctuation that ends a clause, and with it the reach of a negation. */
    private static final Pattern CLAUSE_BREAK = Pattern.compile(
            "[,;:()\u2013\u2014]|[.!?](?=\\s)|\\bbut\\b", Pattern.CASE_INSENSITIVE);

    /**
     * What a speaker says of their own knowledge after "I'm not" or "I don't" ("I'm not sure, but...", "I don't
     * know if..."): a hedge, not a negation of the claim that follows.
     */
    private static final Set<String> HEDGES = Set.of("sure", "know", "remember", "recall", "certain", "idea");

    /** How many words after a negation it is taken to apply to. */
    private static final int NEGATION_SCOPE = 4;

    private static final Set<String> STOP_WORDS = Set.of(
            "a", "an", "the", "and", "or", "but", "if", "then", "than", "so", "as", "of", "at", "by", "for", "with",
            "about", "against", "between", "into", "through", "during", "before", "after", "above", "below", "to",
            "from", "up", "down", "in", "out", "on", "off", "over", "under", "again", "further", "once", "here",
            "there", "when", "where", "why", "how", "all", "any", "both", "each", "few", "more", "most", "other",
            "some", "such", "only", "own", "same", "too", "very", "s", "t", "d", "ll", "m", "re", "ve", "can",
            "will", "just", "should", "would", "could", "may", "might", "must", "shall", "now", "i", "me", "my",
            "myself", "we", "our", "ours", "ourselves", "you", "your", "yours", "yourself", "yourselves", "he",
            "him", "his", "himself", "she", "her", "hers", "herself", "it", "its", "itself", "they", "them",
            "their", "theirs", "themselves", "what", "which", "who", "whom", "this", "that", "these", "those", "am",
            "is", "are", "was", "were", "be", "been", "being", "have", "has", "had", "having", "do", "does", "did",
            "doing", "also", "said", "says", "say", "told", "while", "because", "until", "upon", "per", "via",
            "whose", "yet", "still", "ever", "even", "much", "many", "one's", "get", "got", "go", "goes", "went");

    /**
     * Words a conversational answer wraps its claims in ("Yes, ...", "Well, I think ...", "Sure! ..."): they state
     * nothing a source could support, so they are not content, and a reply is compared with its source by its claims.
     */
    private static final Set<String> INTERJECTIONS = Set.of(
            "yes", "yeah", "yep", "yup", "nope", "ok", "okay", "oh", "ah", "uh", "um", "hmm", "wow", "hey", "hi",
            "hello", "thanks", "please", "sorry", "well", "actually", "indeed", "definitely", "certainly",
            "absolutely", "really", "sure", "think", "believe", "guess", "suppose", "maybe", "perhaps", "probably",
            "basically", "know", "remember", "recall", "heard", "agree", "interesting", "nice", "cool", "awesome",
            "amazing");

    /** Negations are not stop words for content only in the sense that the negation check handles them. */
    private static final Set<String> NEGATION_WORDS = Set.of(
            "not", "no", "never", "none", "nobody", "nothing", "neither", "nor", "without", "cannot", "n", "didn",
            "doesn", "don", "isn", "wasn", "weren", "aren", "hasn", "haven", "hadn", "won", "wouldn", "couldn",
            "shouldn", "mustn", "ain");

    private static final Map<String, String> NUMBER_WORDS = Map.ofEntries(
            Map.entry("zero", "0"), Map.entry("one", "1"), Map.entry("two", "2"), Map.entry("three", "3"),
            Map.entry("four", "4"), Map.entry("five", "5"), Map.entry("six", "6"), Map.entry("seven", "7"),
            Map.entry("eight", "8"), Map.entry("nine", "9"), Map.entry("ten", "10"), Map.entry("eleven", "11"),
            Map.entry("twelve", "12"), Map.entry("thirteen", "13"), Map.entry("fourteen", "14"),
            Map.entry("fifteen", "15"), Map.entry("sixteen", "16"), Map.entry("seventeen", "17"),
            Map.entry("eighteen", "18"), Map.entry("nineteen", "19"), Map.entry("twenty", "20"),
            Map.entry("thirty", "30"), Map.entry("forty", "40"), Map.entry("fifty", "50"), Map.entry("sixty", "60"),
            Map.entry("seventy", "70"), Map.entry("eighty", "80"), Map.entry("ninety", "90"),
            Map.entry("hundred", "100"), Map.entry("thousand", "1000"), Map.entry("million", "1000000"),
            Map.entry("billion", "1000000000"), Map.entry("first", "1"), Map.entry("second", "2"),
            Map.entry("third", "3"), Map.entry("fourth", "4"), Map.entry("fifth", "5"), Map.entry("sixth", "6"),
            Map.entry("seventh", "7"), Map.entry("eighth", "8"), Map.entry("ninth", "9"), Map.entry("tenth", "10"),
            Map.entry("dozen", "12"));

    /** "may" and "march" are left out: in lower-case text they are far more often a verb. */
    private static final Set<String> DATE_WORDS = Set.of(
            "january", "february", "april", "june", "july", "august", "september", "october", "november",
            "december", "monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday");

    public Words {
        tokens = List.copyOf(tokens);
        contentStems = List.copyOf(contentStems);
        facts = Set.copyOf(facts);
        negatedStems = Set.copyOf(negatedStems);
        negatedHeads = Set.copyOf(negatedHeads);
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
        for (String token : raw) {
            String lower = token.toLowerCase(Locale.ROOT);
            tokens.add(lower);
            String number = number(lower);
            if (number != null) {
                facts.add(number);
            } else if (DATE_WORDS.contains(lower)) {
                facts.add(lower);
            } else if (!first && isName(token) && !STOP_WORDS.contains(lower)) {
                facts.add(lower);
            }
            if (isContent(lower)) {
                content.add(number != null ? number : stem(lower));
            }
            first = false;
        }
        // "45 thousand" states 45000, the value "45,000" states: compare the value, not the two words.
        for (int i = 0; i + 1 < tokens.size(); i++) {
            String scaled = scaled(tokens.get(i), tokens.get(i + 1));
            if (scaled != null) {
                facts.remove(number(tokens.get(i)));
                facts.remove(number(tokens.get(i + 1)));
                facts.add(scaled);
            }
        }
        // A negation reaches the next few words of its own clause only: in "no internet connection: check the
        // cable" the "no" does not negate "check".
        Set<String> negated = new HashSet<>();
        Set<String> heads = new HashSet<>();
        for (String clause : CLAUSE_BREAK.split(sentence)) {
            List<String> clauseTokens = rawTokens(clause).stream().map(t -> t.toLowerCase(Locale.ROOT)).toList();
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
        return new Words(tokens, content, facts, negated, heads);
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
                if (hits.get(to).end() - hits.get(from).start() < hits.get(bestTo).end() - hits.get(bestFrom).start()) {
                    bestFrom = from;
                    bestTo = to;
                }
                String left = hits.get(from++).stem();
                if (inWindow.merge(left, -1, Integer::sum) == 0) {
                    inWindow.remove(left);
                }
            }
        }
        String window = text.substring(hits.get(bestFrom).start(), hits.get(bestTo).end());
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

    private static final Pattern ASIDE = Pattern.compile("[,;()\u2013\u2014]");

    /** Start and end of the first and last content word of {@code text}, or {@code null} if it has none. */
    private static int[] bounds(String text) {
        List<Hit> hits = contentWords(text, null);
        return hits.isEmpty() ? null : new int[] {hits.get(0).start(), hits.get(hits.size() - 1).end()};
    }

    /** A content word of a text: where it starts and ends, and its stem. */
    private record Hit(int start, int end, String stem) {
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

    /** The stem under which a lower-cased token counts as content, or {@code null} if it is not content. */
    private static String contentStem(String lower) {
        if (!isContent(lower)) {
            return null;
        }
        String number = number(lower);
        return number != null ? number : stem(lower);
    }

    /**
     * Whether the negation at {@code i} is the speaker's hedge about their own knowledge: "I'm not sure", "I don't
     * really know", "not sure, but", "no idea".
     */
    private static boolean isHedge(List<String> tokens, int i) {
        boolean hedgeFollows = false;
        for (int j = i + 1; j < tokens.size() && j <= i + 3; j++) {
            if (HEDGES.contains(tokens.get(j))) {
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

    /** "not", "never"..., or the "t" of a contraction such as "didn't", which the tokenizer splits off. */
    private static boolean isNegation(List<String> tokens, int i) {
        String t = tokens.get(i);
        if (t.equals("no") && i + 1 < tokens.size() && Character.isDigit(tokens.get(i + 1).charAt(0))) {
            return false; // "the no 1 jersey": "no" for number
        }
        return NEGATIONS.contains(t) || t.equals("t") && i > 0 && tokens.get(i - 1).endsWith("n");
    }

    public static boolean isContent(String lower) {
        if (STOP_WORDS.contains(lower) || NEGATION_WORDS.contains(lower) || INTERJECTIONS.contains(lower)) {
            return false;
        }
        return lower.length() > 1 || Character.isDigit(lower.charAt(0)) || isIdeograph(lower.codePointAt(0));
    }

    /** A light English stemmer: enough to match plural and tense variants, never wrong enough to merge words. */
    public static String stem(String w) {
        int n = w.length();
        if (n > 4 && w.endsWith("ies")) {
            return w.substring(0, n - 3) + "y";
        }
        if (n > 5 && w.endsWith("ing")) {
            return w.substring(0, n - 3);
        }
        if (n > 4 && w.endsWith("ed")) {
            return w.substring(0, n - (w.endsWith("ied") ? 3 : 2)) + (w.endsWith("ied") ? "y" : "");
        }
        if (n > 3 && w.endsWith("s") && !w.endsWith("ss") && !w.endsWith("us") && !w.endsWith("is")) {
            return w.substring(0, n - 1);
        }
        return w;
    }

    private static String number(String lower) {
        String word = NUMBER_WORDS.get(lower);
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

    private static boolean isName(String token) {
        int first = token.codePointAt(0);
        return Character.isUpperCase(first) && Character.isLetter(first);
    }

    private static boolean isIdeograph(int cp) {
        Character.UnicodeScript script = Character.UnicodeScript.of(cp);
        return script == Character.UnicodeScript.HAN || script == Character.UnicodeScript.HIRAGANA
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
            } else if ((c == ',' || c == '.') && i + 1 < n && Character.isDigit(text.charAt(i + 1))
                    && i > start && Character.isDigit(text.charAt(i - 1))) {
                i++;
            } else {
                break;
            }
        }
        return i;
    }
}
