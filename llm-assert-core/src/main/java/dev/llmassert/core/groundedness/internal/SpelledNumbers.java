package dev.llmassert.core.groundedness.internal;

import com.ibm.icu.text.RuleBasedNumberFormat;
import com.ibm.icu.util.ULocale;
import org.apiguardian.api.API;

import java.text.ParsePosition;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

import static org.apiguardian.api.API.Status.INTERNAL;

/**
 * Spelled-out English numbers read as values: a single number word from the lexicon ("seven"), and a run of them
 * ("twenty-five", "twenty five", "one hundred and five", "two hundred fifty thousand") by ICU4J's rule-based
 * spell-out format. The run is written as that format spells numbers (lower case, a hyphen between tens and units)
 * and parsed strictly: its lenient mode reads through a collator, a hundred times slower.
 */
@API(status = INTERNAL, since = "0.1")
final class SpelledNumbers {

    /** A figure in words: its value and how many characters of the text it takes. */
    record Spelled(double value, int length) {}

    /** ICU's formats keep state while parsing: one per thread. */
    private static final ThreadLocal<RuleBasedNumberFormat> SPELLOUT =
            ThreadLocal.withInitial(() -> new RuleBasedNumberFormat(ULocale.ENGLISH, RuleBasedNumberFormat.SPELLOUT));

    /** Runs already read, by their spelling: answers repeat the same few ("two hundred", "twenty-five"). */
    private static final Map<String, Double> READ = new ConcurrentHashMap<>();

    private static final int MAX_READ = 10_000;

    private SpelledNumbers() {}

    /** The number spelled out at {@code start} of {@code text}, or {@code null} when no number word starts there. */
    static Spelled at(String text, int start) {
        List<int[]> words = new ArrayList<>();
        int i = start;
        while (i < text.length()) {
            int end = Tokens.tokenEnd(text, i);
            if (end == i) {
                break;
            }
            String word = text.substring(i, end).toLowerCase(Locale.ROOT);
            boolean joins = word.equals("and") && !words.isEmpty() && i < text.length();
            if (!Lexicon.NUMBER_WORDS.containsKey(word) && !joins || Numbers.isOrdinalWord(word)) {
                break;
            }
            words.add(new int[] {i, end});
            // "twenty-five", "twenty five", and tokenised text's "twenty - five".
            int next = end;
            while (next < text.length() && (text.charAt(next) == '-' || text.charAt(next) == ' ')) {
                next++;
            }
            if (next - end > 3) {
                break;
            }
            i = next;
        }
        while (!words.isEmpty()
                && text.substring(words.get(words.size() - 1)[0], words.get(words.size() - 1)[1])
                        .equalsIgnoreCase("and")) {
            words.remove(words.size() - 1);
        }
        if (words.isEmpty()) {
            return null;
        }
        int end = words.get(words.size() - 1)[1];
        if (words.size() == 1) {
            String word = text.substring(start, end).toLowerCase(Locale.ROOT);
            return new Spelled(Double.parseDouble(Lexicon.NUMBER_WORDS.get(word)), end - start);
        }
        StringBuilder spelling = new StringBuilder();
        for (int k = 0; k < words.size(); k++) {
            String word = text.substring(words.get(k)[0], words.get(k)[1]).toLowerCase(Locale.ROOT);
            boolean unitAfterTens = k > 0
                    && Lexicon.UNITS.contains(word)
                    && Lexicon.TENS.contains(spelling.substring(spelling.lastIndexOf(" ") + 1));
            spelling.append(k == 0 ? "" : unitAfterTens ? "-" : " ").append(word);
        }
        Double value = READ.get(spelling.toString());
        if (value == null) {
            ParsePosition at = new ParsePosition(0);
            Number n = SPELLOUT.get().parse(spelling.toString(), at);
            value = at.getIndex() == spelling.length() && n != null ? n.doubleValue() : Double.NaN;
            if (READ.size() < MAX_READ) {
                READ.put(spelling.toString(), value);
            }
        }
        return value.isNaN() ? null : new Spelled(value, end - start);
    }
}
