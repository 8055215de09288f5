package dev.llmassert.core.mutation.internal;

import dev.llmassert.core.mutation.MutationOperator;
import org.apiguardian.api.API;

import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.apiguardian.api.API.Status.INTERNAL;

/**
 * Whether a mutant may keep the meaning of its text: the same figure written another way ("five" for "5"), or a
 * dropped condition that the text still states elsewhere. Such a mutant is flagged, not left out: a survivor of it
 * may be no gap in the tests.
 */
@API(status = INTERNAL, since = "0.1")
public final class Equivalence {

    private static final Pattern WORD = Pattern.compile("\\p{L}+");

    private Equivalence() {}

    public static boolean possiblyEquivalent(MutationOperator operator, String original, String mutated, Edit edit) {
        if (normalised(original).equals(normalised(mutated))) {
            return true;
        }
        if (operator == MutationOperator.CONDITION) {
            String clause = normalised(edit.removed(original)).replaceFirst("^ ?", "");
            return clause.length() > 0 && normalised(mutated).contains(clause);
        }
        return false;
    }

    /** Lower case, numbers in words as digits, punctuation and runs of spaces as one space. */
    static String normalised(String text) {
        Matcher word = WORD.matcher(text.toLowerCase(Locale.ROOT));
        StringBuilder out = new StringBuilder();
        while (word.find()) {
            int value = Figures.wordValue(word.group());
            word.appendReplacement(out, value > 0 ? String.valueOf(value) : word.group());
        }
        word.appendTail(out);
        return out.toString().replaceAll("[^\\p{L}\\p{N}]+", " ").strip();
    }
}
