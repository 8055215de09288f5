package dev.llmassert.core.groundedness.internal;

import org.apiguardian.api.API;

import java.util.List;
import java.util.Locale;
import java.util.Set;

import static org.apiguardian.api.API.Status.INTERNAL;

/**
 * Scope words: a claim that says "every", "all" or "each" of what its evidence says of a named part ("Every plan
 * includes phone support." against "The Pro plan includes phone support."), or "always" of what its evidence says
 * holds usually, sometimes or on a condition, widens the evidence to the whole.
 */
@API(status = INTERNAL, since = "0.1")
final class Scope {

    /** Words that claim the whole of what follows them. */
    private static final Set<String> WHOLE = Set.of("every", "all", "each", "any");

    /** Words between a scope word and its noun: "all of the plans", "every single plan". */
    private static final Set<String> BETWEEN = Set.of("of", "the", "our", "your", "their", "its", "single", "these");

    /** Words of an evidence that limit how often or on what condition something holds. */
    private static final Set<String> LIMITS = Set.of(
            "usually",
            "often",
            "sometimes",
            "generally",
            "typically",
            "mostly",
            "normally",
            "occasionally",
            "most",
            "some",
            "may",
            "might",
            "can",
            "if",
            "when",
            "unless",
            "except",
            "only");

    private Scope() {}

    /** The scope word of {@code claim} that widens what {@code evidence} says, or {@code null}. */
    static Departures.Widened widened(Words claim, SourceIndex.Sentence evidence) {
        List<String> tokens = claim.tokens();
        List<String> theirs = evidence.words().tokens();
        if (tokens.contains("always") && !theirs.contains("always")) {
            for (String t : theirs) {
                if (LIMITS.contains(t)) {
                    return new Departures.Widened("always", t);
                }
            }
        }
        List<String> raw = Tokens.rawTokens(evidence.text());
        for (int i = 0; i < tokens.size(); i++) {
            if (!WHOLE.contains(tokens.get(i))) {
                continue;
            }
            int j = i + 1;
            while (j < tokens.size() && BETWEEN.contains(tokens.get(j))) {
                j++;
            }
            String noun = j < tokens.size() ? Stems.contentStem(tokens.get(j)) : null;
            if (noun == null) {
                continue;
            }
            String part = namedPart(raw, noun, claim);
            if (part != null) {
                return new Departures.Widened(tokens.get(i) + " " + tokens.get(j), part);
            }
        }
        return null;
    }

    /**
     * The evidence's words that name a part of what {@code noun} names ("Pro plan"): the noun right after a
     * capitalised word or a content word the claim does not use, with no scope word before it; or {@code null}.
     */
    private static String namedPart(List<String> raw, String noun, Words claim) {
        Set<String> own = Set.copyOf(claim.contentStems());
        for (int k = 1; k < raw.size(); k++) {
            if (!noun.equals(Stems.contentStem(raw.get(k).toLowerCase(Locale.ROOT)))) {
                continue;
            }
            String before = raw.get(k - 1);
            String lower = before.toLowerCase(Locale.ROOT);
            if (WHOLE.contains(lower) || k >= 2 && WHOLE.contains(raw.get(k - 2).toLowerCase(Locale.ROOT))) {
                return null;
            }
            boolean name = Character.isUpperCase(before.codePointAt(0)) && k - 1 > 0;
            String stem = Stems.contentStem(lower);
            boolean modifier = stem != null && !own.contains(stem) && !Character.isDigit(lower.charAt(0));
            if (name || modifier) {
                return before + " " + raw.get(k);
            }
        }
        return null;
    }
}
