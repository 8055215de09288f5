package dev.llmassert.core.groundedness.internal;

import dev.llmassert.core.groundedness.internal.Quantity.Value;
import org.apiguardian.api.API;

import java.time.DateTimeException;
import java.time.LocalDate;
import java.time.LocalTime;
import java.time.Month;
import java.time.format.TextStyle;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

import static org.apiguardian.api.API.Status.INTERNAL;

/**
 * Dates and times of day as values, with {@code java.time}: "March 1, 2026", "1 March 2026", "1st of March" and
 * "2026-03-01" are one date; "9 a.m.", "9am", "09:00" and "9:00" one time ("9:00" may also be 9 p.m.); "noon" is
 * 12:00. A date without its year ("March 1") is a day of the year, and one without its day ("March 2026") a month.
 * "03/04/2026" is either of its two readings.
 */
@API(status = INTERNAL, since = "0.1")
final class DateTimes {

    /** A full date, as the day it is ({@link LocalDate#toEpochDay()}). */
    static final String DATE = "date";

    /** A day of the year without its year ("March 1"): month times 100 plus day. */
    static final String DAY_OF_YEAR = "day of year";

    /** A month of a year ("March 2026"): the year times 12 plus the month. */
    static final String MONTH_OF_YEAR = "month of year";

    /** A time of day, in minutes after midnight. */
    static final String TIME_OF_DAY = "time of day";

    private static final Map<String, Month> MONTHS = new HashMap<>();

    static {
        for (Month m : Month.values()) {
            MONTHS.put(m.getDisplayName(TextStyle.FULL, Locale.ENGLISH).toLowerCase(Locale.ROOT), m);
            MONTHS.put(m.getDisplayName(TextStyle.SHORT, Locale.ENGLISH).toLowerCase(Locale.ROOT), m);
        }
        MONTHS.put("sept", Month.SEPTEMBER);
    }

    private static final String MONTH = "("
            + MONTHS.keySet().stream()
                    .sorted(Comparator.comparingInt(String::length).reversed())
                    .collect(Collectors.joining("|"))
            + ")\\.?";

    private static final String DAY = "(\\d{1,2})(?:st|nd|rd|th)?";

    private static final Pattern ISO = Pattern.compile("(?<![\\d-])(\\d{4})-(\\d{1,2})-(\\d{1,2})(?![\\d-])");
    private static final Pattern SLASHED = Pattern.compile("(?<![\\d/])(\\d{1,2})/(\\d{1,2})/(\\d{4})(?![\\d/])");
    private static final Pattern MONTH_DAY =
            Pattern.compile("(?i)\\b" + MONTH + "\\s+" + DAY + "\\b(?:,?\\s+(\\d{4})\\b)?");
    private static final Pattern DAY_MONTH =
            Pattern.compile("(?i)\\b" + DAY + "\\s+(?:of\\s+)?" + MONTH + "(?![\\p{L}])(?:,?\\s+(\\d{4})\\b)?");
    private static final Pattern MONTH_YEAR = Pattern.compile("(?i)\\b" + MONTH + "(?:\\s+of)?\\s+(\\d{4})\\b");
    private static final Pattern CLOCK =
            Pattern.compile("(?i)(?<![\\d:.])(\\d{1,2})(?::(\\d{2}))?\\s?([ap])\\.?\\s?m\\b\\.?"
                    + "|(?<![\\d:.])(\\d{1,2}):(\\d{2})(?![\\d:])"
                    + "|\\b(noon|midday|midnight)\\b|(?<![\\d:.])(\\d{1,2})\\s?o'clock\\b");

    private DateTimes() {}

    /** The dates and times of {@code text}, in order, none overlapping. */
    static List<Quantity> read(String text) {
        List<Quantity> found = new ArrayList<>();
        if (!mayHold(text)) {
            return found;
        }
        boolean[] taken = new boolean[text.length()];
        Matcher m = ISO.matcher(text);
        while (m.find()) {
            add(text, found, taken, m, date(num(m, 1), num(m, 2), num(m, 3)));
        }
        m = SLASHED.matcher(text);
        while (m.find()) {
            List<Value> readings = new ArrayList<>(date(num(m, 3), num(m, 1), num(m, 2)));
            readings.addAll(date(num(m, 3), num(m, 2), num(m, 1)));
            add(text, found, taken, m, readings.stream().distinct().toList());
        }
        m = MONTH_DAY.matcher(text);
        while (m.find()) {
            add(text, found, taken, m, dayOf(month(m.group(1)), num(m, 2), m.group(3)));
        }
        m = DAY_MONTH.matcher(text);
        while (m.find()) {
            add(text, found, taken, m, dayOf(month(m.group(2)), num(m, 1), m.group(3)));
        }
        m = MONTH_YEAR.matcher(text);
        while (m.find()) {
            Month month = month(m.group(1));
            add(text, found, taken, m, List.of(new Value(MONTH_OF_YEAR, num(m, 2) * 12.0 + month.getValue())));
        }
        m = CLOCK.matcher(text);
        while (m.find()) {
            add(text, found, taken, m, time(m));
        }
        found.sort(Comparator.comparingInt(Quantity::start));
        return found;
    }

    /** Whether {@code text} may state a date or a time: every form has a figure, but for noon and midnight. */
    private static boolean mayHold(String text) {
        for (int i = 0; i < text.length(); i++) {
            if (Character.isDigit(text.charAt(i))) {
                return true;
            }
        }
        String lower = text.toLowerCase(Locale.ROOT);
        return lower.contains("noon") || lower.contains("midday") || lower.contains("midnight");
    }

    /**
     * {@code dates} with the readings a less precise mention can match: a full date is also its day of the year and
     * its month, so that "March 1" and "March 2026" are found in a source that says "2026-03-01".
     */
    static List<Value> widened(List<Value> readings) {
        List<Value> out = new ArrayList<>(readings);
        for (Value v : readings) {
            if (v.dimension().equals(DATE)) {
                LocalDate d = LocalDate.ofEpochDay((long) v.low());
                out.add(new Value(DAY_OF_YEAR, d.getMonthValue() * 100.0 + d.getDayOfMonth()));
                out.add(new Value(MONTH_OF_YEAR, d.getYear() * 12.0 + d.getMonthValue()));
            }
        }
        return out;
    }

    private static void add(String text, List<Quantity> found, boolean[] taken, Matcher m, List<Value> readings) {
        if (readings.isEmpty()) {
            return;
        }
        for (int i = m.start(); i < m.end(); i++) {
            if (taken[i]) {
                return;
            }
        }
        int end = m.end();
        while (end > m.start() && Character.isWhitespace(text.charAt(end - 1))) {
            end--;
        }
        for (int i = m.start(); i < end; i++) {
            taken[i] = true;
        }
        found.add(QuantityReader.bounded(text, m.start(), end, readings, m.start()));
    }

    private static List<Value> dayOf(Month month, int day, String year) {
        if (year != null) {
            return date(Integer.parseInt(year), month.getValue(), day);
        }
        if (day < 1 || day > month.maxLength()) {
            return List.of();
        }
        return List.of(new Value(DAY_OF_YEAR, month.getValue() * 100.0 + day));
    }

    private static List<Value> date(int year, int month, int day) {
        try {
            return List.of(new Value(DATE, LocalDate.of(year, month, day).toEpochDay()));
        } catch (DateTimeException e) {
            return List.of();
        }
    }

    private static List<Value> time(Matcher m) {
        try {
            if (m.group(3) != null) {
                int hour = Integer.parseInt(m.group(1));
                int minute = m.group(2) == null ? 0 : Integer.parseInt(m.group(2));
                if (hour < 1 || hour > 12) {
                    return List.of();
                }
                boolean pm = m.group(3).equalsIgnoreCase("p");
                return List.of(minutes(LocalTime.of(hour % 12 + (pm ? 12 : 0), minute)));
            }
            if (m.group(4) != null) {
                int hour = Integer.parseInt(m.group(4));
                LocalTime t = LocalTime.of(hour, Integer.parseInt(m.group(5)));
                return hour >= 1 && hour <= 12 ? twelveHour(t) : List.of(minutes(t));
            }
            if (m.group(6) != null) {
                return List.of(minutes(m.group(6).equalsIgnoreCase("midnight") ? LocalTime.MIDNIGHT : LocalTime.NOON));
            }
            int hour = Integer.parseInt(m.group(7));
            return hour >= 1 && hour <= 12 ? twelveHour(LocalTime.of(hour, 0)) : List.of();
        } catch (DateTimeException e) {
            return List.of();
        }
    }

    /** A time on a twelve-hour clock without a.m. or p.m.: either half of the day. */
    private static List<Value> twelveHour(LocalTime t) {
        LocalTime morning = t.getHour() == 12 ? t.withHour(0) : t;
        return List.of(minutes(morning), minutes(morning.plusHours(12)));
    }

    private static Value minutes(LocalTime t) {
        return new Value(TIME_OF_DAY, t.getHour() * 60.0 + t.getMinute());
    }

    /** Whether {@code lower} names a month ("march", "sept", "may"). */
    static boolean isMonth(String lower) {
        return MONTHS.containsKey(lower);
    }

    private static Month month(String name) {
        return MONTHS.get(name.toLowerCase(Locale.ROOT).replace(".", ""));
    }

    private static int num(Matcher m, int group) {
        return Integer.parseInt(m.group(group));
    }
}
