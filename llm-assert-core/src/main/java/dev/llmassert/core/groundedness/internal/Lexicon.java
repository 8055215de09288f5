package dev.llmassert.core.groundedness.internal;

import org.apiguardian.api.API;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

import static org.apiguardian.api.API.Status.INTERNAL;

/**
 * Every English word list the local judge uses, read once from {@value #LISTS}, where each list says what it holds
 * and why. The lists do not overlap: a word has one role.
 *
 * <p>The opposites come from two sources: a short list of words WordNet does not pair (such as "input" and "output"),
 * and WordNet 3.1's direct antonyms, read from {@value #WORDNET_ANTONYMS} (written by {@code WordNetAntonyms} in the
 * tests; WordNet is © Princeton University, used under its licence, which the resource repeats).
 */
@API(status = INTERNAL, since = "0.1")
public final class Lexicon {

    static final String LISTS = "/dev/llmassert/core/groundedness/lexicon.txt";
    static final String WORDNET_ANTONYMS = "/dev/llmassert/core/groundedness/wordnet-antonyms.txt";

    private static final Map<String, List<String>> RAW = read(LISTS);

    /** Function words: they carry no content of their own. */
    static final Set<String> STOP_WORDS = set("stop-words");

    /**
     * Function words of other languages written in the Latin script that English does not use: a sentence with one
     * and no English function word is not read as English.
     */
    static final Set<String> OTHER_LANGUAGE_WORDS = set("other-language-words");

    /** Words that negate what follows them. */
    static final Set<String> NEGATIONS = set("negations");

    /** The first parts of contracted negations ("didn't" is tokenised "didn", "t"): not content, and negating. */
    static final Set<String> CONTRACTED_NEGATIONS = set("contracted-negations");

    /** Verbs that negate the action after them ("was unable to provide", "fails to explain"); they are content too. */
    static final Set<String> NEGATING_VERBS = set("negating-verbs");

    /** What a speaker says of their own knowledge after "I'm not" or "I don't": a hedge, not a negation. */
    static final Set<String> HEDGES = set("hedges");

    /** Words a conversational answer wraps its claims in ("Yes, ...", "Well, I think ..."): not content. */
    static final Set<String> INTERJECTIONS = set("interjections");

    /** Words that frame a claim as reported speech or name the text it comes from: not content. */
    static final Set<String> FRAMING = set("framing");

    /** Words of sentences that make no claim: answers, greetings, thanks, offers of help and reactions. */
    static final Set<String> NO_CLAIM = set("no-claim");

    /** Words that join clauses: two words on either side of one belong to different statements. */
    static final Set<String> CONNECTORS = set("connectors");

    /** Number words and their values; ordinals are their number ("third" states 3). */
    static final Map<String, String> NUMBER_WORDS = pairs("number-words", "=");

    /** The tens that combine with a unit: "twenty five" and "twenty-five" state 25. */
    static final Set<String> TENS = set("tens");

    /** The units that follow a ten. */
    static final Set<String> UNITS = set("units");

    /** Month and day names; "may" and "march" are left out: in lower-case text they are far more often verbs. */
    static final Set<String> DATE_WORDS = set("date-words");

    /** Prefixes that turn a word into its opposite: "correct" and "incorrect", "exclusive" and "non-exclusive". */
    static final List<String> OPPOSITE_PREFIXES = List.copyOf(RAW.get("opposite-prefixes"));

    /** Opposites WordNet does not pair directly, as "word:opposite"; a word may have several. */
    private static final List<String> OPPOSITES = List.copyOf(RAW.get("opposites"));

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

    private static Set<String> set(String name) {
        return Set.copyOf(RAW.get(name));
    }

    /** The list {@code name} as a map: each entry {@code key<separator>value}, each key once. */
    private static Map<String, String> pairs(String name, String separator) {
        Map<String, String> out = new LinkedHashMap<>();
        for (String entry : RAW.get(name)) {
            int at = entry.indexOf(separator);
            if (at <= 0) {
                throw damaged(LISTS, "the entry '" + entry + "' of [" + name + "] lacks '" + separator + "'");
            }
            out.put(entry.substring(0, at), entry.substring(at + separator.length()));
        }
        return Map.copyOf(out);
    }

    /** The lists of {@code resource}, by name, each word in file order. */
    private static Map<String, List<String>> read(String resource) {
        Map<String, List<String>> lists = new HashMap<>();
        List<String> current = null;
        for (String line : lines(resource)) {
            String text = line.strip();
            if (text.isEmpty() || text.startsWith("#")) {
                continue;
            }
            if (text.startsWith("[") && text.endsWith("]")) {
                current = new ArrayList<>();
                lists.put(text.substring(1, text.length() - 1), current);
            } else if (current == null) {
                throw damaged(resource, "words before the first [list]");
            } else {
                current.addAll(Arrays.asList(text.split("\\s+")));
            }
        }
        for (String name : List.of(
                "stop-words",
                "negations",
                "contracted-negations",
                "negating-verbs",
                "hedges",
                "interjections",
                "framing",
                "no-claim",
                "connectors",
                "number-words",
                "tens",
                "units",
                "date-words",
                "opposite-prefixes",
                "opposites")) {
            if (!lists.containsKey(name)) {
                throw damaged(resource, "the list [" + name + "] is missing");
            }
        }
        return lists;
    }

    private static List<String> lines(String resource) {
        try (InputStream in = Lexicon.class.getResourceAsStream(resource)) {
            if (in == null) {
                throw damaged(resource, "it is missing");
            }
            return new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8))
                    .lines()
                    .toList();
        } catch (IOException e) {
            throw new UncheckedIOException("Could not read " + resource, e);
        }
    }

    private static IllegalStateException damaged(String resource, String what) {
        return new IllegalStateException("The resource " + resource + " of the llm-assert-core jar is damaged: " + what
                + ". Fix: rebuild or re-download llm-assert-core.");
    }

    private static Map<String, Set<String>> loadOpposites() {
        Map<String, Set<String>> map = new HashMap<>();
        for (String pair : OPPOSITES) {
            String[] ab = pair.split(":");
            if (ab.length != 2) {
                throw damaged(LISTS, "the entry '" + pair + "' of [opposites] is not word:opposite");
            }
            addOpposites(map, ab[0], ab[1]);
        }
        for (String line : lines(WORDNET_ANTONYMS)) {
            if (line.isBlank() || line.startsWith("#")) {
                continue;
            }
            String[] ab = line.strip().split("\\s+");
            if (ab.length == 2) {
                addOpposites(map, ab[0], ab[1]);
            }
        }
        return map;
    }

    private static void addOpposites(Map<String, Set<String>> map, String a, String b) {
        String sa = Stems.stem(a);
        String sb = Stems.stem(b);
        if (!sa.equals(sb)) {
            map.computeIfAbsent(sa, k -> new HashSet<>()).add(sb);
            map.computeIfAbsent(sb, k -> new HashSet<>()).add(sa);
        }
    }
}
