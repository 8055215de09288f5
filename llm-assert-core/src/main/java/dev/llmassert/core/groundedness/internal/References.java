package dev.llmassert.core.groundedness.internal;

import org.apiguardian.api.API;

import java.util.List;
import java.util.Locale;
import java.util.Set;

import static org.apiguardian.api.API.Status.INTERNAL;

/**
 * Sentences that refer back to the one before them: "It supports Wi-Fi 6.", "They ship in 3 days.", "That model has
 * two antennas." Read alone, what they say has no subject; the judge reads them with the sentence before them.
 */
@API(status = INTERNAL, since = "0.1")
public final class References {

    /** Words that, opening a sentence, stand for something the sentence before named. */
    private static final Set<String> BACK = Set.of(
            "it", "its", "it's", "they", "them", "their", "theirs", "this", "that", "these", "those", "he", "she",
            "his", "her", "hers", "such", "both", "there's");

    private References() {}

    /** Whether {@code sentence} opens with a word that refers back ("It", "This", "They", "That model"). */
    public static boolean refersBack(String sentence) {
        List<String> tokens = Tokens.rawTokens(sentence);
        if (tokens.isEmpty()) {
            return false;
        }
        String first = tokens.get(0).toLowerCase(Locale.ROOT);
        if (first.equals("it") && tokens.size() > 1 && tokens.get(1).equalsIgnoreCase("s")) {
            return true; // "It's", tokenised "It", "s"
        }
        return BACK.contains(first);
    }
}
