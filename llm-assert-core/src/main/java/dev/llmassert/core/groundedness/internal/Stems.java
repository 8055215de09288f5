package dev.llmassert.core.groundedness.internal;

import org.apiguardian.api.API;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

import static org.apiguardian.api.API.Status.INTERNAL;

/** Which words carry content, and the light English stemmer under which the local judge compares them. */
@API(status = INTERNAL, since = "0.1")
public final class Stems {

    private Stems() {}

    /** Whether a lower-cased token carries content: not a function word, a negation, an interjection or framing. */
    public static boolean isContent(String lower) {
        if (Lexicon.STOP_WORDS.contains(lower)
                || Lexicon.NEGATIONS.contains(lower)
                || Lexicon.CONTRACTED_NEGATIONS.contains(lower)
                || Lexicon.INTERJECTIONS.contains(lower)
                || Lexicon.FRAMING.contains(lower)) {
            return false;
        }
        return lower.length() > 1 || Character.isDigit(lower.charAt(0)) || Tokens.isIdeograph(lower.codePointAt(0));
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

    /**
     * The base of a comparative, superlative or adverb stem ("slower", "fastest", "quietly", "easier" as "slow",
     * "fast", "quiet", "easy"), or the stem itself: opposites are listed for the base.
     */
    static String base(String stem) {
        int n = stem.length();
        if (n > 5 && (stem.endsWith("ier") || stem.endsWith("ily"))) {
            return stem.substring(0, n - 3) + "y";
        }
        if (n > 6 && stem.endsWith("iest")) {
            return stem.substring(0, n - 4) + "y";
        }
        if (n > 5 && (stem.endsWith("er") || stem.endsWith("ly"))) {
            return stem.substring(0, n - 2);
        }
        if (n > 6 && stem.endsWith("est")) {
            return stem.substring(0, n - 3);
        }
        return stem;
    }

    /** The stem under which a lower-cased token counts as content, or {@code null} if it is not content. */
    public static String contentStem(String lower) {
        if (!isContent(lower)) {
            return null;
        }
        String number = Numbers.number(lower);
        return number != null ? number : stem(lower);
    }

    /** The content stems of {@code text}, in order. */
    static List<String> contentStems(String text) {
        List<String> out = new ArrayList<>();
        for (String token : Tokens.rawTokens(text)) {
            String stem = contentStem(token.toLowerCase(Locale.ROOT));
            if (stem != null) {
                out.add(stem);
            }
        }
        return out;
    }
}
