package dev.llmassert.core.groundedness.internal;

import dev.llmassert.core.groundedness.internal.Figures.Figure;
import dev.llmassert.core.groundedness.internal.Quantity.Bound;
import dev.llmassert.core.groundedness.internal.Quantity.Value;
import org.apiguardian.api.API;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.Currency;
import java.util.List;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.apiguardian.api.API.Status.INTERNAL;

/**
 * Reads the quantities of a text as values ({@link Quantity}): dates and times ({@link DateTimes}, on
 * {@code java.time}), money, measures in units ({@link UnitWords}, on JSR 385's Indriya), percentages and fractions,
 * counts of something ("5 users"), ranges ("3 to 5 days") and the words that state a bound ("under", "up to",
 * "about"). Figures are read by ICU4J: digits with their separators by its English number format ("1,500", "1.5"),
 * and spelled-out numbers ("twenty-five", "one hundred and five") by its rule-based spell-out format. This class is
 * the glue: which words around a figure make it a quantity.
 *
 * <p>A figure inside an identifier ({@link Identifiers}: "order 1234", "W1", "X200") is no quantity: it names a thing.
 */
@API(status = INTERNAL, since = "0.1")
public final class QuantityReader {

    /** A figure in digits, with its thousands separators and decimals: "1,500", "1.5", "722,664". */
    /** How far before and after a figure its bound words are looked for. */
    private static final int BOUND_REACH = 24;

    private static final Pattern DIGITS =
            Pattern.compile("(?<![\\p{L}\\d.,])(?:\\d{1,3}(?:,\\d{3})+|\\d+)(?:\\.\\d+)?");

    /** What may follow a figure's unit: a unit written with its own punctuation ("km/h", "°C", "fl oz"). */
    private static final Pattern UNIT = Pattern.compile(
            "(?:\\s?-\\s?|\\s)?((?:km/h|°\\s?[cC]|fl\\.? oz|business days?|working days?|degrees celsius"
                    + "|metric tons?)|\\p{L}+)(?![\\p{L}\\d])");

    /** An age: "33-year-old", "the 33 - year - old", "33 years old"; and "aged 33" before it. */
    private static final Pattern AGE_AFTER = Pattern.compile("(?i)\\s?-?\\s?years?\\s?-?\\s?old\\b");

    private static final Pattern AGED = Pattern.compile("(?i)\\baged\\s*$");

    private static final Pattern CURRENCY_SYMBOL = Pattern.compile("([$€£¥])\\s?$");

    private static final Pattern CURRENCY_AFTER =
            Pattern.compile("\\s?(?:(US|Canadian|Australian|Hong Kong|Singapore|New Zealand)\\s)?"
                    + "((?i:dollars?|bucks?|cents?|euros?|pounds? sterling|pounds?|pence|yen)|[A-Z]{3})"
                    + "(?![\\p{L}\\d])");

    /** The words a figure counts, before it: "USB ports: two", "| USB ports | two". */
    private static final Pattern LABEL = Pattern.compile("(\\p{L}+)\\s*[|:]\\s*$");

    private static final Pattern PERCENT = Pattern.compile("\\s?(%|percent\\b|per cent\\b|pct\\b)");

    private static final Pattern SCALE =
            Pattern.compile("\\s?(thousand|million|billion|trillion)\\b|(?<=\\d)(k|m|bn)\\b");

    private static final Pattern RANGE_JOIN = Pattern.compile("\\s*(?:-|\u2013|\u2014|to|and)\\s*");

    private static final Pattern RATE =
            Pattern.compile("(?:\\s+(?:a|an|per|each|every)\\s+|\\s*/\\s*)([\\p{L}]+)(?![\\p{L}\\d])");

    private static final Pattern FRACTION = Pattern.compile(
            "(?i)\\b(?:(one|a)\\s+half|half|(one|a)\\s+third|two\\s+thirds|(one|a)\\s+quarter|three\\s+quarters)"
                    + "(?=\\s+of\\b)");

    private static final Pattern AT_MOST = Pattern.compile(
            "(?i)(?:^|[^\\p{L}])(up to|at most|no more than|not more than|a maximum of|maximum of|maximum|max\\.?"
                    + "|within|in up to)\\s*$");
    private static final Pattern BELOW =
            Pattern.compile("(?i)(?:^|[^\\p{L}])(under|less than|fewer than|below|shy of)\\s*$");
    private static final Pattern ABOVE =
            Pattern.compile("(?i)(?:^|[^\\p{L}])(over|more than|above|greater than|exceeding|in excess of)\\s*$");
    private static final Pattern AT_LEAST = Pattern.compile(
            "(?i)(?:^|[^\\p{L}])(at least|no less than|no fewer than|a minimum of|minimum of|minimum|min\\.?)\\s*$");
    private static final Pattern ABOUT = Pattern.compile(
            "(?i)(?:^|[^\\p{L}])(about|around|approximately|approx\\.?|roughly|some|nearly|almost|close to"
                    + "|an estimated|~)\\s*$");
    private static final Pattern OR_MORE = Pattern.compile("(?i)^\\s*(?:or more|or over|or longer|\\+|and up)");
    private static final Pattern OR_LESS = Pattern.compile("(?i)^\\s*(?:or less|or fewer|or under|or shorter)");
    private static final Pattern BETWEEN = Pattern.compile("(?i)(?:^|[^\\p{L}])(between|from)\\s*$");

    private QuantityReader() {}

    /** The quantities of {@code text}, in order, none overlapping another or an identifier. */
    public static List<Quantity> read(String text) {
        boolean[] taken = new boolean[text.length()];
        for (Identifiers.Identifier id : Identifiers.find(text)) {
            mark(taken, id.start(), id.end());
        }
        List<Quantity> found = new ArrayList<>();
        for (Quantity q : DateTimes.read(text)) {
            if (free(taken, q.start(), q.end())) {
                found.add(q);
                mark(taken, q.start(), q.end());
            }
        }
        fractions(text, taken, found);
        Matcher m = DIGITS.matcher(text);
        int from = 0;
        while (from < text.length()) {
            Figure figure = Figures.next(text, from, taken, m);
            if (figure == null) {
                break;
            }
            Quantity q = afterFigure(text, figure, taken);
            if (q != null && free(taken, q.start(), q.end())) {
                found.add(q);
                mark(taken, q.start(), q.end());
                from = q.end();
            } else {
                from = figure.end();
            }
        }
        found.sort(Comparator.comparingInt(Quantity::start));
        return List.copyOf(found);
    }

    /** The quantity a figure begins, or {@code null}: money, a percentage, a measure, a range or a count. */
    private static Quantity afterFigure(String text, Figure figure, boolean[] taken) {
        double value = figure.value();
        int start = figure.start();
        int end = figure.end();
        boolean article = figure.article();
        Matcher symbol = CURRENCY_SYMBOL.matcher(text.substring(Math.max(0, start - 2), start));
        boolean hasSymbol = !figure.words() && symbol.find();
        int symbolAt = hasSymbol ? Math.max(0, start - 2) + symbol.start(1) : start;
        Matcher scale = SCALE.matcher(text).region(end, text.length());
        if (!article && scale.lookingAt() && (scale.group(1) != null || hasSymbol)) {
            value *= scaleOf(scale.group(1) != null ? scale.group(1) : scale.group(2));
            end = scale.end();
        }
        if (hasSymbol) {
            start = symbolAt;
            List<Value> money = List.of(new Value("money:" + currency(symbol.group(1)), value));
            return rate(text, bounded(text, start, end, money, start));
        }
        Matcher age = AGE_AFTER.matcher(text).region(end, text.length());
        if (!article
                && (age.lookingAt()
                        || AGED.matcher(text.substring(Math.max(0, start - 8), start))
                                .find())) {
            int to = age.lookingAt() ? age.end() : end;
            String written = text.substring(start, to);
            return new Quantity(List.of(new Value("age", value)), Bound.EXACTLY, start, to, written, start, written);
        }
        if (!article) {
            Matcher after = CURRENCY_AFTER.matcher(text).region(end, text.length());
            List<Value> money = after.lookingAt() ? money(after.group(1), after.group(2), value) : List.of();
            if (!money.isEmpty()) {
                return rate(text, bounded(text, start, after.end(), money, start));
            }
            Matcher percent = PERCENT.matcher(text).region(end, text.length());
            if (percent.lookingAt()) {
                return bounded(text, start, percent.end(), List.of(new Value("ratio", value / 100)), start);
            }
            Quantity range = range(text, figure, value, taken);
            if (range != null) {
                return range;
            }
        }
        Matcher unit = UNIT.matcher(text).region(end, text.length());
        if (!unit.lookingAt()) {
            return article ? null : labelled(text, figure, value);
        }
        String word = unit.group(1).toLowerCase(Locale.ROOT).replace("° ", "°");
        UnitWords.Measure measure = UnitWords.of(word);
        boolean glued = unit.start(1) == end;
        if (measure != null && (!glued || UnitWords.gluedSymbol(word)) && (!figure.words() || word.length() > 2)) {
            if (article && rateWord(text, start)) {
                return null; // "twice a day": how often, not how long
            }
            Value v = new Value(measure.dimension(), measure.system(value));
            return rate(text, bounded(text, start, unit.end(), List.of(v), start));
        }
        return article || glued ? null : count(text, start, unit, value);
    }

    /** "3 to 5 days", "3-5 business days", "between 3 and 5 days": one quantity, a range of one unit. */
    private static Quantity range(String text, Figure figure, double low, boolean[] taken) {
        Matcher join = RANGE_JOIN.matcher(text).region(figure.end(), text.length());
        if (figure.article() || !join.lookingAt() || join.end() >= text.length() || taken[join.end()]) {
            return null;
        }
        boolean and = join.group().strip().equals("and");
        int reach = Math.max(0, figure.start() - BOUND_REACH);
        Matcher between = BETWEEN.matcher(text.substring(reach, figure.start()));
        boolean opened = between.find();
        if (and && !opened) {
            return null;
        }
        Matcher digits = DIGITS.matcher(text).region(join.end(), text.length());
        Figure high;
        if (digits.lookingAt()) {
            high = new Figure(Figures.parseDigits(digits.group()), digits.start(), digits.end(), false);
        } else {
            int end = Tokens.tokenEnd(text, join.end());
            String word = text.substring(join.end(), end).toLowerCase(Locale.ROOT);
            high = end == join.end() ? null : Figures.inWords(text, join.end(), end, word);
            if (high == null || high.article() || !figure.words()) {
                return null;
            }
        }
        Matcher unit = UNIT.matcher(text).region(high.end(), text.length());
        if (!unit.lookingAt() || high.value() <= low) {
            return null;
        }
        String word = unit.group(1).toLowerCase(Locale.ROOT);
        UnitWords.Measure measure = UnitWords.of(word);
        if (measure == null) {
            return null;
        }
        int start = opened ? reach + between.start(1) : figure.start();
        Value v = new Value(measure.dimension(), measure.system(low), measure.system(high.value()));
        return new Quantity(
                List.of(v),
                Bound.RANGE,
                start,
                unit.end(),
                text.substring(figure.start(), unit.end()),
                figure.start(),
                text.substring(start, unit.end()));
    }

    /**
     * "5 users", "four Ethernet ports": a count of what the words after the figure name, compared only with counts of
     * the same thing. Without parts of speech the noun is not known: each of the next two content words is a reading
     * ("ethernet", "port"), so that "two USB ports" and "four Ethernet ports" count the same ports.
     */
    private static Quantity count(String text, int start, Matcher unit, double value) {
        List<String> nouns = new ArrayList<>(2);
        int at = unit.start(1);
        for (int n = 0; n < 2 && at < text.length(); n++) {
            int end = Tokens.tokenEnd(text, at);
            if (end == at) {
                break;
            }
            String word = text.substring(at, end).toLowerCase(Locale.ROOT);
            if (!countable(word)) {
                break;
            }
            nouns.add(Stems.stem(word));
            at = end;
            while (at < text.length() && (text.charAt(at) == ' ' || text.charAt(at) == '-')) {
                at++;
            }
        }
        if (nouns.isEmpty()) {
            return null;
        }
        List<Value> readings =
                nouns.stream().map(noun -> new Value("count:" + noun, value)).toList();
        return bounded(text, start, unit.end(), readings, start);
    }

    /** "USB ports: two", "| USB ports | two |": a figure after the words it counts and a colon or a table bar. */
    private static Quantity labelled(String text, Figure figure, double value) {
        int reach = Math.max(0, figure.start() - BOUND_REACH);
        Matcher label = LABEL.matcher(text.substring(reach, figure.start()));
        if (!label.find() || !countable(label.group(1).toLowerCase(Locale.ROOT))) {
            return null;
        }
        Value v = new Value("count:" + Stems.stem(label.group(1).toLowerCase(Locale.ROOT)), value);
        return new Quantity(
                List.of(v),
                Bound.EXACTLY,
                figure.start(),
                figure.end(),
                text.substring(figure.start(), figure.end()),
                figure.start(),
                text.substring(reach + label.start(1), figure.end()));
    }

    private static boolean countable(String word) {
        return word.length() >= 2
                && !Lexicon.STOP_WORDS.contains(word)
                && !Lexicon.DATE_WORDS.contains(word)
                && !Lexicon.NUMBER_WORDS.containsKey(word)
                && UnitWords.of(word) == null
                && Stems.isContent(word);
    }

    /** "half of", "a third of", "three quarters of": a share, as a percentage states one. */
    private static void fractions(String text, boolean[] taken, List<Quantity> found) {
        Matcher m = FRACTION.matcher(text);
        while (m.find()) {
            if (!free(taken, m.start(), m.end())) {
                continue;
            }
            String f = m.group().toLowerCase(Locale.ROOT);
            double share = f.contains("half")
                    ? 0.5
                    : f.contains("two") ? 2 / 3.0 : f.contains("third") ? 1 / 3.0 : f.contains("three") ? 0.75 : 0.25;
            Quantity q = bounded(text, m.start(), m.end(), List.of(new Value("ratio", share)), m.start());
            found.add(q);
            mark(taken, q.start(), q.end());
        }
    }

    /** {@code q} as the rate it is when "a month", "per user" follows it ("20 dollars a month"), else {@code q}. */
    private static Quantity rate(String text, Quantity q) {
        Matcher per = RATE.matcher(text).region(q.end(), text.length());
        if (!per.lookingAt()) {
            return q;
        }
        String word = per.group(1).toLowerCase(Locale.ROOT);
        UnitWords.Measure unit = UnitWords.of(word);
        // The figure as written counts too: "a monthly cost of $499" states the $499 of "$499/month".
        List<Value> rates = new ArrayList<>(q.readings());
        for (Value v : q.readings()) {
            if (unit != null) {
                double per1 = unit.system(1);
                rates.add(new Value(v.dimension() + "/" + unit.dimension(), v.low() / per1, v.high() / per1));
            } else if (Stems.isContent(word) && !word.equals("a") && !word.equals("an")) {
                rates.add(new Value(v.dimension() + "/" + Stems.stem(word), v.low(), v.high()));
            } else {
                return q;
            }
        }
        return new Quantity(
                rates,
                q.bound(),
                q.start(),
                per.end(),
                text.substring(q.valueStart(), per.end()),
                q.valueStart(),
                text.substring(q.start(), per.end()));
    }

    /**
     * Whether "a"/"an"/"per" + unit at {@code start} is the rate of what comes before ("twice a day", "$5 a month").
     */
    private static boolean rateWord(String text, int start) {
        String before = text.substring(0, start).stripTrailing().toLowerCase(Locale.ROOT);
        return before.endsWith("per")
                || before.endsWith("each")
                || before.endsWith("every")
                || before.endsWith("once")
                || before.endsWith("twice")
                || before.endsWith("times")
                || before.endsWith("thrice");
    }

    /** The quantity from {@code start} to {@code end} with the bound its surrounding words state. */
    static Quantity bounded(String text, int start, int end, List<Value> readings, int valueStart) {
        // The bound words stand right before the figure ("no more than", "in excess of"): a short stretch suffices.
        int reach = Math.max(0, start - BOUND_REACH);
        String before = text.substring(reach, start);
        String after = text.substring(end, Math.min(text.length(), end + BOUND_REACH));
        Bound bound = Bound.EXACTLY;
        Matcher m;
        if ((m = AT_MOST.matcher(before)).find()) {
            bound = Bound.AT_MOST;
        } else if ((m = BELOW.matcher(before)).find()) {
            bound = Bound.BELOW;
        } else if ((m = ABOVE.matcher(before)).find()) {
            bound = Bound.ABOVE;
        } else if ((m = AT_LEAST.matcher(before)).find()) {
            bound = Bound.AT_LEAST;
        } else if ((m = ABOUT.matcher(before)).find()) {
            bound = Bound.ABOUT;
        } else {
            m = null;
        }
        int from = m == null ? start : reach + m.start(1);
        int to = end;
        Matcher more = OR_MORE.matcher(after);
        Matcher less = OR_LESS.matcher(after);
        if (bound == Bound.EXACTLY && more.lookingAt()) {
            bound = Bound.AT_LEAST;
            to = end + more.end();
        } else if (bound == Bound.EXACTLY && less.lookingAt()) {
            bound = Bound.AT_MOST;
            to = end + less.end();
        }
        return new Quantity(
                readings, bound, from, to, text.substring(valueStart, end), valueStart, text.substring(from, to));
    }

    private static List<Value> money(String country, String word, double value) {
        String w = word.toLowerCase(Locale.ROOT);
        String code;
        double factor = 1;
        if (w.startsWith("dollar") || w.startsWith("buck")) {
            code = country == null
                    ? "USD"
                    : switch (country) {
                        case "Canadian" -> "CAD";
                        case "Australian" -> "AUD";
                        case "Hong Kong" -> "HKD";
                        case "Singapore" -> "SGD";
                        case "New Zealand" -> "NZD";
                        default -> "USD";
                    };
        } else if (w.startsWith("cent")) {
            code = "USD";
            factor = 0.01;
        } else if (w.startsWith("euro")) {
            code = "EUR";
        } else if (w.startsWith("pounds sterling") || w.startsWith("pound sterling")) {
            code = "GBP";
        } else if (w.startsWith("pound")) {
            // "5 pounds" is money or weight: both readings.
            return List.of(
                    new Value("money:GBP", value),
                    new Value(
                            UnitWords.of("pounds").dimension(),
                            UnitWords.of("pounds").system(value)));
        } else if (w.equals("pence")) {
            code = "GBP";
            factor = 0.01;
        } else if (w.equals("yen")) {
            code = "JPY";
        } else if (word.length() == 3 && isCurrencyCode(word)) {
            code = word;
        } else {
            return List.of();
        }
        return List.of(new Value("money:" + code, value * factor));
    }

    /** Whether {@code code} is an ISO 4217 currency code ("USD", "EUR"), as {@link java.util.Currency} knows them. */
    private static boolean isCurrencyCode(String code) {
        try {
            Currency.getInstance(code);
            return true;
        } catch (IllegalArgumentException e) {
            return false;
        }
    }

    private static String currency(String symbol) {
        return switch (symbol) {
            case "€" -> "EUR";
            case "£" -> "GBP";
            case "¥" -> "JPY";
            default -> "USD";
        };
    }

    private static double scaleOf(String word) {
        return switch (word.toLowerCase(Locale.ROOT)) {
            case "thousand", "k" -> 1e3;
            case "million", "m" -> 1e6;
            case "billion", "bn" -> 1e9;
            default -> 1e12;
        };
    }

    private static boolean free(boolean[] taken, int start, int end) {
        for (int i = start; i < end; i++) {
            if (taken[i]) {
                return false;
            }
        }
        return true;
    }

    private static void mark(boolean[] taken, int start, int end) {
        for (int i = Math.max(0, start); i < Math.min(taken.length, end); i++) {
            taken[i] = true;
        }
    }
}
