package dev.llmassert.core.groundedness.internal;

import org.apiguardian.api.API;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.regex.Pattern;

import static org.apiguardian.api.API.Status.INTERNAL;

/** The stretches the local judge compares: a sentence's claim, and the part of a source sentence it restates. */
@API(status = INTERNAL, since = "0.1")
public final class Spans {

    /** What sets an aside apart: a comma (not one inside a number, "722,664"), a semicolon, a bracket or a dash. */
    private static final Pattern ASIDE = Pattern.compile("(?<!\\d),|,(?!\\d)|[;()\u2013\u2014]");

    /** A content word of a text: where it starts and ends, and its stem. */
    private record Hit(int start, int end, String stem) {}

    private Spans() {}

    /**
     * The claim of a sentence: the stretch from its first to its last content word, so that "Yes! The breed
     * originated in Mexico!" is compared as "breed originated in Mexico". The whole text when it has no content word.
     */
    public static String claim(String text) {
        List<Hit> hits = contentWords(text, null);
        return hits.isEmpty()
                ? text
                : text.substring(hits.get(0).start(), hits.get(hits.size() - 1).end());
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
        // A window made only of what sets asides apart keeps its text: the shared words are inside it.
        return kept.length() == 0 ? window : kept.toString();
    }

    /** The content words of {@code text} in order, only those whose stem is in {@code stems} if it is given. */
    private static List<Hit> contentWords(String text, Set<String> stems) {
        List<Hit> hits = new ArrayList<>();
        int n = text.length();
        int i = 0;
        while (i < n) {
            int end = Tokens.tokenEnd(text, i);
            if (end == i) {
                i += Character.charCount(text.codePointAt(i));
                continue;
            }
            String stem = Stems.contentStem(text.substring(i, end).toLowerCase(Locale.ROOT));
            if (stem != null && (stems == null || stems.contains(stem))) {
                hits.add(new Hit(i, end, stem));
            }
            i = end;
        }
        return hits;
    }
}
