package dev.llmassert.core.mutation.internal;

import org.apache.commons.rng.UniformRandomProvider;
import org.apiguardian.api.API;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.apiguardian.api.API.Status.INTERNAL;

/**
 * The figures of a text (numbers in digits or in words, amounts, years, times, phone numbers and dates written with
 * hyphens) and two ways to change them: a new value, or two of them swapped. Digits inside a name or a code
 * ({@code NR2-0042}, {@code R2}) are not figures.
 */
@API(status = INTERNAL, since = "0.1")
public final class Figures {

    /** Digits with thousands separators or decimals, or hyphen-joined groups; not touching a letter or a code. */
    private static final Pattern DIGITS = Pattern.compile(
            "(?<![\\p{L}\\p{N}\\-.,/:])(\\d{1,3}(?:,\\d{3})+|\\d+)(\\.\\d+)?((?:-\\d+)+)?(?![\\p{L}\\p{N}]|-\\p{L})");

    private static final Map<String, Integer> WORDS = Map.ofEntries(
            Map.entry("two", 2),
            Map.entry("three", 3),
            Map.entry("four", 4),
            Map.entry("five", 5),
            Map.entry("six", 6),
            Map.entry("seven", 7),
            Map.entry("eight", 8),
            Map.entry("nine", 9),
            Map.entry("ten", 10),
            Map.entry("eleven", 11),
            Map.entry("twelve", 12),
            Map.entry("fifteen", 15),
            Map.entry("twenty", 20),
            Map.entry("thirty", 30),
            Map.entry("forty", 40),
            Map.entry("fifty", 50),
            Map.entry("sixty", 60),
            Map.entry("ninety", 90));

    private static final Pattern NUMBER_WORD =
            Pattern.compile("\\b(" + String.join("|", WORDS.keySet()) + ")\\b", Pattern.CASE_INSENSITIVE);

    private static final Pattern HOUR = Pattern.compile("^\\s?(a\\.m\\.|p\\.m\\.|am\\b|pm\\b|o'clock)");

    private static final String MONTHS =
            "(?:January|February|March|April|May|June|July|August|September|October|November|December)";

    /** A day of the month: before a month's name, or after one ("March 31"). */
    private static final Pattern DAY_BEFORE = Pattern.compile("^ " + MONTHS + "\\b");

    private static final Pattern DAY_AFTER = Pattern.compile("\\b" + MONTHS + " $");

    private Figures() {}

    /** A figure of the text: where it is, as written, and whether it is written in words. */
    record Figure(int start, int end, String text, boolean inWords) {}

    /** Every figure of {@code text}, in order. */
    static List<Figure> find(String text) {
        List<Figure> figures = new ArrayList<>();
        Matcher digits = DIGITS.matcher(text);
        while (digits.find()) {
            figures.add(new Figure(digits.start(), digits.end(), digits.group(), false));
        }
        Matcher words = NUMBER_WORD.matcher(text);
        while (words.find()) {
            figures.add(new Figure(words.start(), words.end(), words.group(), true));
        }
        figures.sort((a, b) -> Integer.compare(a.start(), b.start()));
        return figures;
    }

    /** One edit per figure: its value changed. */
    public static List<Edit> changed(String text, UniformRandomProvider random) {
        List<Edit> edits = new ArrayList<>();
        for (Figure figure : find(text)) {
            String changed = changedValue(figure, text, random);
            if (changed != null && !changed.equals(figure.text())) {
                // a phone number or a date written with hyphens has no unit
                String unit = figure.text().contains("-") ? "" : unitAfter(text, figure.end());
                edits.add(Edit.of(
                        figure.start(),
                        figure.end(),
                        changed,
                        "'" + figure.text() + unit + "' → '" + changed + unit + "'"));
            }
        }
        return edits;
    }

    /**
     * One edit per pair of figures written differently: the two swapped. Phone numbers and dates (hyphen-joined
     * digits) are left out: swapped with a count they make no sentence.
     */
    public static List<Edit> swapped(String text) {
        List<Figure> figures =
                find(text).stream().filter(f -> !f.text().contains("-")).toList();
        List<Edit> edits = new ArrayList<>();
        for (int i = 0; i < figures.size(); i++) {
            for (int j = i + 1; j < figures.size(); j++) {
                Figure a = figures.get(i);
                Figure b = figures.get(j);
                if (a.text().equalsIgnoreCase(b.text())) {
                    continue;
                }
                edits.add(new Edit(
                        List.of(
                                new Edit.Part(a.start(), a.end(), b.text()),
                                new Edit.Part(b.start(), b.end(), a.text())),
                        "'" + a.text() + unitAfter(text, a.end()) + "' ↔ '" + b.text() + unitAfter(text, b.end())
                                + "'"));
            }
        }
        return edits;
    }

    /** The value of a number word, or -1. */
    static int wordValue(String word) {
        return WORDS.getOrDefault(word.toLowerCase(Locale.ROOT), -1);
    }

    private static String changedValue(Figure figure, String text, UniformRandomProvider random) {
        if (figure.inWords()) {
            int value = wordValue(figure.text());
            int changed = newValue(value, random);
            String word = wordFor(changed);
            String written = word == null ? String.valueOf(changed) : word;
            return Character.isUpperCase(figure.text().charAt(0))
                    ? Character.toUpperCase(written.charAt(0)) + written.substring(1)
                    : written;
        }
        String digits = figure.text();
        int hyphen = digits.lastIndexOf('-');
        if (hyphen > 0) {
            // a phone number or a date: the last group changes, keeping its width
            String group = digits.substring(hyphen + 1);
            long value = Long.parseLong(group);
            long modulus = (long) Math.pow(10, Math.min(group.length(), 9));
            long changed = (value + 1 + random.nextInt(8)) % modulus;
            if (group.length() == 2 && digits.matches("\\d{4}-\\d{2}-\\d{2}")) {
                changed = 1 + (value + random.nextInt(27)) % 28; // a day of the month
            }
            return digits.substring(0, hyphen + 1) + String.format(Locale.ROOT, "%0" + group.length() + "d", changed);
        }
        if (digits.contains(".")) {
            double value = Double.parseDouble(digits.replace(",", ""));
            int decimals = digits.length() - digits.indexOf('.') - 1;
            return String.format(Locale.ROOT, "%." + decimals + "f", value * 2 + (value == 0 ? 1 : 0));
        }
        long value = Long.parseLong(digits.replace(",", ""));
        long changed;
        if (digits.length() == 4 && value >= 1900 && value <= 2100) {
            changed = value + (random.nextBoolean() ? 1 : 2); // a year
        } else if (value >= 1
                && value <= 12
                && HOUR.matcher(text.substring(figure.end())).find()) {
            changed = 1 + (value + random.nextInt(10)) % 12; // an hour of the clock
        } else if (value >= 1
                && value <= 31
                && (DAY_BEFORE.matcher(text.substring(figure.end())).find()
                        || DAY_AFTER.matcher(text.substring(0, figure.start())).find())) {
            changed = 1 + (value + random.nextInt(26)) % 28; // a day of the month
        } else {
            changed = newValue(value, random);
        }
        if (digits.length() > 1 && digits.startsWith("0")) {
            return String.format(
                    Locale.ROOT, "%0" + digits.length() + "d", changed % (long) Math.pow(10, digits.length()));
        }
        return digits.contains(",") ? String.format(Locale.ROOT, "%,d", changed) : String.valueOf(changed);
    }

    /** Twice the value, one more, or three times, at random; 1 for 0. */
    private static int newValue(long value, UniformRandomProvider random) {
        if (value == 0) {
            return 1;
        }
        return (int)
                switch (random.nextInt(3)) {
                    case 0 -> value * 2;
                    case 1 -> value + 1;
                    default -> value * 3;
                };
    }

    private static String wordFor(int value) {
        for (Map.Entry<String, Integer> e : WORDS.entrySet()) {
            if (e.getValue() == value) {
                return e.getKey();
            }
        }
        return null;
    }

    /** The word after a figure, for a readable change ({@code '15 seconds'}), with its space; or nothing. */
    static String unitAfter(String text, int end) {
        Matcher unit = Pattern.compile("^([ -])(\\p{L}+(?:\\.\\p{L}+)*\\.?)").matcher(text.substring(end));
        if (unit.find()
                && !unit.group(2).equalsIgnoreCase("and")
                && !unit.group(2).equalsIgnoreCase("or")) {
            return unit.group(1) + unit.group(2);
        }
        return "";
    }
}
