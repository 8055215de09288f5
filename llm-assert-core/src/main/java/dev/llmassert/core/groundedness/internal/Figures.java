package dev.llmassert.core.groundedness.internal;

import com.ibm.icu.text.NumberFormat;
import com.ibm.icu.util.ULocale;
import org.apiguardian.api.API;

import java.text.ParseException;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.apiguardian.api.API.Status.INTERNAL;

/**
 * Where the figures of a text are, and their values, for {@link QuantityReader}: digits with their separators, read by
 * ICU4J's English number format ("1,500", "1.5"), and figures in words ("seven", "twenty-five" by
 * {@link SpelledNumbers}; "a week", "half an hour", "a dozen").
 */
@API(status = INTERNAL, since = "0.1")
final class Figures {

    /** "half a", "half an": half of what follows. */
    private static final Pattern HALF_AN = Pattern.compile("half\\s+an?\\b", Pattern.CASE_INSENSITIVE);
    /** ICU's English number format, one per thread: ICU formats are not safe to share. */
    private static final ThreadLocal<NumberFormat> DECIMAL =
            ThreadLocal.withInitial(() -> NumberFormat.getInstance(ULocale.ENGLISH));

    private Figures() {}

    /**
     * A figure in the text: its value, where it starts and ends, whether it was written in words, and whether it is
     * an article standing for one ("a week", "an hour", "half an hour").
     */
    record Figure(double value, int start, int end, boolean words, boolean article) {

        Figure(double value, int start, int end, boolean words) {
            this(value, start, end, words, false);
        }
    }

    /** The next figure at or after {@code from} that is not taken: digits, or a spelled-out number, or "a"/"an". */
    static Figure next(String text, int from, boolean[] taken, Matcher digits) {
        Figure best = null;
        if (digits.find(from)) {
            int start = digits.start();
            while (start < text.length() && taken[start]) {
                if (!digits.find()) {
                    start = -1;
                    break;
                }
                start = digits.start();
            }
            if (start >= 0 && start < text.length() && !taken[start]) {
                best = new Figure(parseDigits(digits.group()), digits.start(), digits.end(), false);
            }
        }
        Figure word = nextInWords(text, from, best == null ? text.length() : best.start(), taken);
        return word != null ? word : best;
    }

    /** The first figure in words ("seven", "twenty-five", "a", "half a") between {@code from} and {@code to}. */
    private static Figure nextInWords(String text, int from, int to, boolean[] taken) {
        int i = from;
        while (i < to) {
            int end = Tokens.tokenEnd(text, i);
            if (end == i) {
                i++;
                continue;
            }
            if (!taken[i] && (i == 0 || !Character.isLetterOrDigit(text.charAt(i - 1)))) {
                String word = text.substring(i, end).toLowerCase(Locale.ROOT);
                Figure f = inWords(text, i, end, word);
                if (f != null) {
                    return f;
                }
            }
            i = end;
        }
        return null;
    }

    /** The figure that {@code word}, at {@code start} to {@code end} in {@code text}, begins, or {@code null}. */
    static Figure inWords(String text, int start, int end, String word) {
        switch (word) {
            case "a", "an" -> {
                return new Figure(1, start, end, true, true);
            }
            case "half" -> {
                Matcher m = HALF_AN.matcher(text).region(start, text.length());
                return m.lookingAt() ? new Figure(0.5, start, m.end(), true, true) : null;
            }
            case "dozen" -> {
                return new Figure(12, start, end, true);
            }
            default -> {
                if (!Lexicon.NUMBER_WORDS.containsKey(word) || Numbers.isOrdinalWord(word)) {
                    return null;
                }
                SpelledNumbers.Spelled n = SpelledNumbers.at(text, start);
                return n == null ? null : new Figure(n.value(), start, start + n.length(), true);
            }
        }
    }

    /** The value of digits with English separators ("1,500.25"), or {@code NaN}. */
    static double parseDigits(String digits) {
        try {
            return DECIMAL.get().parse(digits).doubleValue();
        } catch (ParseException e) {
            return Double.NaN;
        }
    }
}
