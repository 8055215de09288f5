package dev.llmassert.core.groundedness.internal;

import org.apiguardian.api.API;

import java.util.List;
import java.util.Set;

import static org.apiguardian.api.API.Status.INTERNAL;

/**
 * What a negation bears on: the few content words after it in its own clause, and the first of them, its head. A
 * speaker's hedge about their own knowledge ("I'm not sure, but ...") negates nothing the claim states.
 */
@API(status = INTERNAL, since = "0.1")
public final class Negations {

    /** How many words after a negation it is taken to apply to. */
    private static final int SCOPE = 4;

    private Negations() {}

    /**
     * Adds to {@code negated} the content stems each negation of {@code clause} (lower-cased tokens of one clause)
     * applies to, and to {@code heads} the first of them.
     */
    static void scan(List<String> clause, Set<String> negated, Set<String> heads) {
        for (int i = 0; i < clause.size(); i++) {
            if (!isNegation(clause, i) || isHedge(clause, i) || isIdiom(clause, i)) {
                continue;
            }
            boolean head = true;
            for (int j = i + 1; j < clause.size() && j <= i + SCOPE; j++) {
                String stem = Stems.contentStem(clause.get(j));
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

    /**
     * Whether the negation at {@code i} opens an idiom that negates nothing: "cannot help but notice" (one notices),
     * "not only ... but also", "not to mention", "nothing but", "no doubt".
     */
    private static boolean isIdiom(List<String> tokens, int i) {
        String next = i + 1 < tokens.size() ? tokens.get(i + 1) : "";
        String after = i + 2 < tokens.size() ? tokens.get(i + 2) : "";
        String t = tokens.get(i);
        if (next.equals("help") && after.equals("but") || t.equals("t") && next.equals("help") && after.equals("but")) {
            return true;
        }
        if (t.equals("not") && (next.equals("only") || next.equals("to") && after.equals("mention"))) {
            return true;
        }
        return t.equals("nothing") && next.equals("but") || t.equals("no") && next.equals("doubt");
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
}
