package dev.llmassert.core.groundedness.internal;

import org.apiguardian.api.API;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

import static org.apiguardian.api.API.Status.INTERNAL;

/**
 * Every English word list the local judge uses, in one place. The lists do not overlap: a word has one role.
 *
 * <p>The opposites come from two sources: a short list written here for words WordNet does not pair (such as
 * "input" and "output"), and WordNet 3.1's direct antonyms, read from {@value #WORDNET_ANTONYMS} (written by
 * {@code WordNetAntonyms} in the tests; WordNet is © Princeton University, used under its licence, which the resource
 * repeats).
 */
@API(status = INTERNAL, since = "0.1")
public final class Lexicon {

    static final String WORDNET_ANTONYMS = "/dev/llmassert/core/groundedness/wordnet-antonyms.txt";

    /** Function words: they carry no content of their own. */
    static final Set<String> STOP_WORDS = Set.of(
            "a",
            "an",
            "the",
            "and",
            "or",
            "but",
            "if",
            "then",
            "than",
            "so",
            "as",
            "of",
            "at",
            "by",
            "for",
            "with",
            "about",
            "against",
            "between",
            "into",
            "through",
            "during",
            "before",
            "after",
            "above",
            "below",
            "to",
            "from",
            "up",
            "down",
            "in",
            "out",
            "on",
            "off",
            "over",
            "under",
            "again",
            "further",
            "once",
            "here",
            "there",
            "when",
            "where",
            "why",
            "how",
            "all",
            "any",
            "both",
            "each",
            "few",
            "more",
            "most",
            "other",
            "some",
            "such",
            "only",
            "own",
            "same",
            "too",
            "very",
            "s",
            "t",
            "d",
            "ll",
            "m",
            "re",
            "ve",
            "can",
            "will",
            "just",
            "should",
            "would",
            "could",
            "may",
            "might",
            "must",
            "shall",
            "now",
            "i",
            "me",
            "my",
            "myself",
            "we",
            "our",
            "ours",
            "ourselves",
            "you",
            "your",
            "yours",
            "yourself",
            "yourselves",
            "he",
            "him",
            "his",
            "himself",
            "she",
            "her",
            "hers",
            "herself",
            "it",
            "its",
            "itself",
            "they",
            "them",
            "their",
            "theirs",
            "themselves",
            "what",
            "which",
            "who",
            "whom",
            "this",
            "that",
            "these",
            "those",
            "am",
            "is",
            "are",
            "was",
            "were",
            "be",
            "been",
            "being",
            "have",
            "has",
            "had",
            "having",
            "do",
            "does",
            "did",
            "doing",
            "also",
            "said",
            "says",
            "say",
            "told",
            "while",
            "because",
            "until",
            "upon",
            "per",
            "via",
            "whose",
            "yet",
            "still",
            "ever",
            "even",
            "much",
            "many",
            "one's",
            "get",
            "got",
            "go",
            "goes",
            "went");

    /** Words that negate what follows them. */
    static final Set<String> NEGATIONS =
            Set.of("not", "no", "never", "none", "nobody", "nothing", "neither", "nor", "without", "cannot");

    /** The first parts of contracted negations ("didn't" is tokenised "didn", "t"): not content, and negating. */
    static final Set<String> CONTRACTED_NEGATIONS = Set.of(
            "n", "didn", "doesn", "don", "isn", "wasn", "weren", "aren", "hasn", "haven", "hadn", "won", "wouldn",
            "couldn", "shouldn", "mustn", "ain");

    /** Verbs that negate the action after them ("was unable to provide", "fails to explain"); they are content too. */
    static final Set<String> NEGATING_VERBS =
            Set.of("unable", "fail", "fails", "failed", "refuse", "refuses", "refused", "deny", "denies", "denied");

    /**
     * What a speaker says of their own knowledge after "I'm not" or "I don't" ("I'm not sure, but...", "I don't
     * know if..."): a hedge, not a negation of the claim that follows.
     */
    static final Set<String> HEDGES = Set.of("sure", "know", "remember", "recall", "certain", "idea");

    /**
     * Words a conversational answer wraps its claims in ("Yes, ...", "Well, I think ..."): they state nothing a
     * source could support, so they are not content.
     */
    static final Set<String> INTERJECTIONS = Set.of(
            "yes",
            "yeah",
            "yep",
            "yup",
            "nope",
            "ok",
            "okay",
            "oh",
            "ah",
            "uh",
            "um",
            "hmm",
            "wow",
            "hey",
            "hi",
            "hello",
            "thanks",
            "please",
            "sorry",
            "well",
            "actually",
            "indeed",
            "definitely",
            "certainly",
            "absolutely",
            "really",
            "sure",
            "think",
            "believe",
            "guess",
            "suppose",
            "maybe",
            "perhaps",
            "probably",
            "basically",
            "know",
            "remember",
            "recall",
            "heard",
            "agree",
            "interesting",
            "nice",
            "cool",
            "awesome",
            "amazing");

    /**
     * Words that frame a claim as reported speech or name the text it comes from ("The group discussed the costs",
     * "The email introduces..."): a summary of a conversation or a document uses them without the source holding
     * them, so they are not content. The claim is what was discussed.
     */
    static final Set<String> FRAMING = Set.of(
            "mention",
            "mentions",
            "mentioned",
            "mentioning",
            "discuss",
            "discusses",
            "discussed",
            "discussing",
            "discussion",
            "discussions",
            "explain",
            "explains",
            "explained",
            "explaining",
            "describe",
            "describes",
            "described",
            "describing",
            "suggest",
            "suggests",
            "suggested",
            "suggesting",
            "propose",
            "proposes",
            "proposed",
            "proposing",
            "note",
            "notes",
            "noted",
            "noting",
            "state",
            "states",
            "stated",
            "stating",
            "report",
            "reports",
            "reported",
            "reporting",
            "highlight",
            "highlights",
            "highlighted",
            "highlighting",
            "emphasize",
            "emphasizes",
            "emphasized",
            "emphasizing",
            "express",
            "expresses",
            "expressed",
            "expressing",
            "ask",
            "asks",
            "asked",
            "asking",
            "inquire",
            "inquires",
            "inquired",
            "inquiring",
            "introduce",
            "introduces",
            "introduced",
            "introducing",
            "present",
            "presents",
            "presented",
            "presenting",
            "talk",
            "talks",
            "talked",
            "talking",
            "speak",
            "speaks",
            "spoke",
            "speaking",
            "conversation",
            "meeting",
            "email",
            "call",
            "speaker",
            "speakers",
            "participant",
            "participants",
            "group",
            "team",
            "members",
            "member",
            "summary",
            "document",
            "text",
            "article");

    /**
     * Words of sentences that make no claim: answers, greetings, thanks, offers of help and reactions ("Yes.",
     * "Great question!", "I hope this helps!", "Thanks for asking!", "That's true!"). A sentence made only of these
     * and of words without content states nothing a source could support or contradict.
     */
    static final Set<String> NO_CLAIM = Set.of(
            "yes",
            "no",
            "yeah",
            "nope",
            "sure",
            "ok",
            "okay",
            "certainly",
            "absolutely",
            "indeed",
            "correct",
            "right",
            "thanks",
            "thank",
            "hello",
            "hi",
            "great",
            "glad",
            "happy",
            "help",
            "helps",
            "helped",
            "please",
            "sorry",
            "course",
            "hope",
            "question",
            "questions",
            "ask",
            "asking",
            "news",
            "welcome",
            "let",
            "feel",
            "free",
            "anything",
            "else",
            "assist",
            "true",
            "bet",
            "love",
            "fun",
            "funny",
            "good",
            "wonderful",
            "fantastic",
            "lovely",
            "neat",
            "exactly",
            "quite",
            "pretty",
            "totally",
            "scary",
            "sad",
            "thing",
            "sound",
            "sounds");

    /** Words that join clauses: two words on either side of one belong to different statements. */
    static final Set<String> CONNECTORS = Set.of(
            "and",
            "or",
            "but",
            "when",
            "while",
            "because",
            "if",
            "which",
            "that",
            "so",
            "then",
            "after",
            "before",
            "until",
            "where",
            "since",
            "although",
            "though",
            "as",
            "who");

    /** Number words and their values; ordinals are their number ("third" states 3). */
    static final Map<String, String> NUMBER_WORDS = Map.ofEntries(
            Map.entry("zero", "0"),
            Map.entry("one", "1"),
            Map.entry("two", "2"),
            Map.entry("three", "3"),
            Map.entry("four", "4"),
            Map.entry("five", "5"),
            Map.entry("six", "6"),
            Map.entry("seven", "7"),
            Map.entry("eight", "8"),
            Map.entry("nine", "9"),
            Map.entry("ten", "10"),
            Map.entry("eleven", "11"),
            Map.entry("twelve", "12"),
            Map.entry("thirteen", "13"),
            Map.entry("fourteen", "14"),
            Map.entry("fifteen", "15"),
            Map.entry("sixteen", "16"),
            Map.entry("seventeen", "17"),
            Map.entry("eighteen", "18"),
            Map.entry("nineteen", "19"),
            Map.entry("twenty", "20"),
            Map.entry("thirty", "30"),
            Map.entry("forty", "40"),
            Map.entry("fifty", "50"),
            Map.entry("sixty", "60"),
            Map.entry("seventy", "70"),
            Map.entry("eighty", "80"),
            Map.entry("ninety", "90"),
            Map.entry("hundred", "100"),
            Map.entry("thousand", "1000"),
            Map.entry("million", "1000000"),
            Map.entry("billion", "1000000000"),
            Map.entry("first", "1"),
            Map.entry("second", "2"),
            Map.entry("third", "3"),
            Map.entry("fourth", "4"),
            Map.entry("fifth", "5"),
            Map.entry("sixth", "6"),
            Map.entry("seventh", "7"),
            Map.entry("eighth", "8"),
            Map.entry("ninth", "9"),
            Map.entry("tenth", "10"),
            Map.entry("dozen", "12"));

    /** The tens that combine with a unit: "twenty five" and "twenty-five" state 25. */
    static final Set<String> TENS =
            Set.of("twenty", "thirty", "forty", "fifty", "sixty", "seventy", "eighty", "ninety");

    /** The units that follow a ten. */
    static final Set<String> UNITS = Set.of("one", "two", "three", "four", "five", "six", "seven", "eight", "nine");

    /** Month and day names; "may" and "march" are left out: in lower-case text they are far more often verbs. */
    static final Set<String> DATE_WORDS = Set.of(
            "january",
            "february",
            "april",
            "june",
            "july",
            "august",
            "september",
            "october",
            "november",
            "december",
            "monday",
            "tuesday",
            "wednesday",
            "thursday",
            "friday",
            "saturday",
            "sunday");

    /** Prefixes that turn a word into its opposite: "correct" and "incorrect", "exclusive" and "non-exclusive". */
    static final List<String> OPPOSITE_PREFIXES = List.of("un", "in", "im", "il", "ir", "non", "dis", "mis");

    /** Opposites WordNet does not pair directly, as "word:opposite". */
    private static final String[] OPPOSITES = {
        "pre:post",
        "input:output",
        "increase:reduce",
        "increase:cut",
        "increase:lower",
        "raise:lower",
        "rise:fall",
        "rise:drop",
        "gain:lose",
        "win:lose",
        "won:lost",
        "cheap:expensive",
        "cheaper:expensive",
        "quick:slow",
        "easy:difficult",
        "easy:hard",
        "add:remove",
        "adding:removing",
        "new:existing",
        "novice:advanced",
        "beginner:advanced",
        "exclusive:regular",
        "exclusive:standard",
        "unique:standard",
        "boost:hinder",
        "improve:hinder",
        "improve:worsen",
        "encoder:decoder",
        "buyer:seller",
        "employer:employee",
        "before:after",
        "first:last",
        "early:late",
        "above:below",
        "upper:lower",
        "inside:outside"
    };

    private static volatile Map<String, Set<String>> opposites;

    private Lexicon() {}

    /** The stems of the opposites of the stem {@code stem}, empty when it has none. */
    static Set<String> oppositesOf(String stem) {
        Map<String, Set<String>> map = opposites;
        if (map == null) {
            synchronized (Lexicon.class) {
                map = opposites;
                if (map == null) {
                    map = loadOpposites();
                    opposites = map;
                }
            }
        }
        return map.getOrDefault(stem, Set.of());
    }

    private static Map<String, Set<String>> loadOpposites() {
        Map<String, Set<String>> map = new HashMap<>();
        for (String pair : OPPOSITES) {
            String[] ab = pair.split(":");
            addOpposites(map, ab[0], ab[1]);
        }
        try (InputStream in = Lexicon.class.getResourceAsStream(WORDNET_ANTONYMS)) {
            if (in == null) {
                throw new IllegalStateException("The resource " + WORDNET_ANTONYMS + " is missing from the "
                        + "llm-assert-core jar: the jar is damaged. Fix: rebuild or re-download it.");
            }
            BufferedReader reader = new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8));
            String line;
            while ((line = reader.readLine()) != null) {
                if (line.isBlank() || line.startsWith("#")) {
                    continue;
                }
                String[] ab = line.strip().split("\\s+");
                if (ab.length == 2) {
                    addOpposites(map, ab[0], ab[1]);
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException("Could not read " + WORDNET_ANTONYMS, e);
        }
        return map;
    }

    private static void addOpposites(Map<String, Set<String>> map, String a, String b) {
        String sa = Words.stem(a);
        String sb = Words.stem(b);
        if (!sa.equals(sb)) {
            map.computeIfAbsent(sa, k -> new HashSet<>()).add(sb);
            map.computeIfAbsent(sb, k -> new HashSet<>()).add(sa);
        }
    }
}
