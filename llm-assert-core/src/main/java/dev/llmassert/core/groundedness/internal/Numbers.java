package dev.llmassert.core.groundedness.internal;

import org.apiguardian.api.API;

import java.math.BigDecimal;
import java.util.List;
import java.util.Locale;
import java.util.regex.Pattern;

import static org.apiguardian.api.API.Status.INTERNAL;

/**
 * Numbers and facts in the form under which a source confirms them: "five", "5" and "fifth" are 5, "twenty five" is
 * 25, "45 thousand" is 45000, and a name is its lower-cased word.
 */
@API(status = INTERNAL, since = "0.1")
public final class Numbers {

    /** A figure with an ordinal ending, a unit, a time or a decade glued to it: "4th", "10kg", "9am", "1990s". */
    private static final Pattern GLUED = Pattern.compile("\\d+(?:[.,]\\d+)*(?:st|nd|rd|th|s|am|pm|k|m|bn|x|%|"
            + "kg|km|cm|mm|ml|mg|gb|mb|tb|kb|kw|mah|hz|khz|mhz|ghz|mph|kph|min|mins|sec|secs|hr|hrs|h|ms)");

    private Numbers() {}

    /** The value a lower-cased token states, in fact form, or {@code null} when it states no number. */
    static String number(String lower) {
        String word = Lexicon.NUMBER_WORDS.get(lower);
        if (word != null) {
            return word;
        }
        if (lower.chars().noneMatch(Character::isDigit) || isCode(lower)) {
            return null; // no figure, or a code that names a thing: "w1", "x200", "k41"
        }
        // Ordinals and units glued to digits ("4th", "10kg") still name the number the source must hold.
        StringBuilder digits = new StringBuilder();
        lower.chars().filter(c -> Character.isDigit(c) || c == '.').forEach(c -> digits.append((char) c));
        return digits.toString().replaceFirst("^0+(?=\\d)", "");
    }

    /** Whether a lower-cased token is a code: letters and figures in one word that is no glued measure ("x200"). */
    static boolean isCode(String lower) {
        boolean digit = false;
        boolean letter = false;
        for (int i = 0; i < lower.length(); i++) {
            char c = lower.charAt(i);
            digit |= Character.isDigit(c);
            letter |= Character.isLetter(c);
        }
        return digit && letter && !GLUED.matcher(lower).matches();
    }

    /**
     * The form under which a source word can confirm a fact: numbers normalised, everything lower-cased. A name
     * is confirmed by the same word in the source whatever its case, since sources are not always well cased.
     */
    public static String factForm(String lowerToken) {
        String number = number(lowerToken);
        return number != null ? number : lowerToken;
    }

    /** "twenty five" (or "twenty-five") as 25, in fact form; {@code null} when the two tokens are not such a pair. */
    public static String compound(String lowerTens, String lowerUnit) {
        if (!Lexicon.TENS.contains(lowerTens) || !Lexicon.UNITS.contains(lowerUnit)) {
            return null;
        }
        return String.valueOf(Integer.parseInt(Lexicon.NUMBER_WORDS.get(lowerTens))
                + Integer.parseInt(Lexicon.NUMBER_WORDS.get(lowerUnit)));
    }

    /**
     * The value of a number followed by a scale word ("45 thousand" is 45000, "1.5 million" is 1500000) in fact form,
     * or {@code null} when the two lower-cased tokens are not such a pair.
     */
    public static String scaled(String lowerNumber, String lowerScale) {
        BigDecimal scale = switch (lowerScale) {
            case "thousand" -> BigDecimal.valueOf(1_000);
            case "million" -> BigDecimal.valueOf(1_000_000);
            case "billion" -> BigDecimal.valueOf(1_000_000_000);
            default -> null;
        };
        String number = scale == null ? null : number(lowerNumber);
        if (number == null || number.isEmpty() || number.equals(".")) {
            return null;
        }
        try {
            return new BigDecimal(number).multiply(scale).stripTrailingZeros().toPlainString();
        } catch (NumberFormatException e) {
            return null;
        }
    }

    /** Whether {@code lower} is an ordinal number word ("first", "third", "tenth"): a position, not a figure. */
    static boolean isOrdinalWord(String lower) {
        return lower.equals("first")
                || lower.equals("second")
                || lower.equals("third")
                || lower.endsWith("th") && Lexicon.NUMBER_WORDS.containsKey(lower);
    }

    /**
     * Whether "one" stands for a thing rather than a count: "only one", "each one", "one of them", "the one". It
     * counts as the number 1 only before a word that carries content ("one year", "one port").
     */
    static boolean isPronounOne(String lower, List<String> raw, int at) {
        if (!lower.equals("one")) {
            return false;
        }
        return at + 1 >= raw.size() || !Stems.isContent(raw.get(at + 1).toLowerCase(Locale.ROOT));
    }
}
