package dev.llmassert.core.groundedness.internal;

import org.apiguardian.api.API;
import tech.units.indriya.unit.Units;

import java.util.HashMap;
import java.util.Locale;
import java.util.Map;
import java.util.function.DoubleUnaryOperator;
import javax.measure.MetricPrefix;
import javax.measure.Unit;
import javax.measure.UnitConverter;

import static org.apiguardian.api.API.Status.INTERNAL;

/**
 * The words English writes for units of measure, each with the unit it names: JSR 385's reference implementation
 * (Indriya) holds the units and converts between them ("1.5 litres" and "1,500 ml" are both 0.0015 m³), this class
 * only maps the words. Units Indriya does not hold are defined from those it does (a mile is 1,609.344 metres, a month
 * a twelfth of a year). Data sizes ("2 GB") are counted in bytes, a thousand to the next prefix, as storage is sold.
 *
 * <p>"Business days" and "working days" are a unit of their own: five of them are not a week.
 */
@API(status = INTERNAL, since = "0.1")
public final class UnitWords {

    /**
     * A unit: the dimension its values are compared in ("[T]" for time, "[L]³" for volume) and how a value in it
     * becomes a value in that dimension's system unit.
     */
    record Measure(String dimension, DoubleUnaryOperator toSystem) {

        double system(double value) {
            return toSystem.applyAsDouble(value);
        }
    }

    /** The dimension of durations. */
    static final String TIME = dimension(Units.SECOND);

    private static final Map<String, Measure> WORDS = new HashMap<>();

    static {
        Unit<?> month = Units.YEAR.divide(12);
        time(Units.SECOND, "second", "seconds", "sec", "secs", "s");
        time(Units.MINUTE, "minute", "minutes", "min", "mins");
        time(Units.HOUR, "hour", "hours", "hr", "hrs", "h");
        time(Units.DAY, "day", "days");
        time(Units.WEEK, "week", "weeks", "wk", "wks");
        time(month, "month", "months", "mo");
        time(Units.YEAR, "year", "years", "yr", "yrs");
        time(Units.YEAR.multiply(10), "decade", "decades");
        add(Units.LITRE, "litre", "litres", "liter", "liters", "l");
        add(MetricPrefix.MILLI(Units.LITRE), "millilitre", "millilitres", "milliliter", "milliliters", "ml");
        add(MetricPrefix.CENTI(Units.LITRE), "centilitre", "centilitres", "centiliter", "centiliters", "cl");
        add(Units.LITRE.multiply(3.785411784), "gallon", "gallons", "gal");
        add(Units.LITRE.multiply(0.0295735295625), "fl oz");
        add(Units.GRAM, "gram", "grams", "g");
        add(Units.KILOGRAM, "kilogram", "kilograms", "kilo", "kilos", "kg", "kgs");
        add(MetricPrefix.MILLI(Units.GRAM), "milligram", "milligrams", "mg");
        add(MetricPrefix.MEGA(Units.GRAM), "tonne", "tonnes", "metric ton", "metric tons");
        add(Units.KILOGRAM.multiply(0.45359237), "pound", "pounds", "lb", "lbs");
        add(Units.GRAM.multiply(28.349523125), "ounce", "ounces", "oz");
        add(Units.METRE, "metre", "metres", "meter", "meters", "m");
        add(MetricPrefix.KILO(Units.METRE), "kilometre", "kilometres", "kilometer", "kilometers", "km");
        add(MetricPrefix.CENTI(Units.METRE), "centimetre", "centimetres", "centimeter", "centimeters", "cm");
        add(MetricPrefix.MILLI(Units.METRE), "millimetre", "millimetres", "millimeter", "millimeters", "mm");
        add(Units.METRE.multiply(1609.344), "mile", "miles", "mi");
        add(Units.METRE.multiply(0.3048), "foot", "feet", "ft");
        add(Units.METRE.multiply(0.0254), "inch", "inches");
        add(Units.KILOMETRE_PER_HOUR, "km/h", "kph", "kmh");
        add(Units.METRE.multiply(1609.344).divide(Units.HOUR), "mph");
        add(Units.CELSIUS, "°c", "celsius", "degrees celsius");
        add(Units.WATT, "watt", "watts", "w");
        add(MetricPrefix.KILO(Units.WATT), "kilowatt", "kilowatts", "kw");
        add(Units.VOLT, "volt", "volts", "v");
        add(Units.AMPERE, "amp", "amps", "ampere", "amperes");
        add(MetricPrefix.MILLI(Units.AMPERE).multiply(Units.HOUR), "mah");
        add(Units.HERTZ, "hertz", "hz");
        add(MetricPrefix.KILO(Units.HERTZ), "khz");
        add(MetricPrefix.MEGA(Units.HERTZ), "mhz");
        add(MetricPrefix.GIGA(Units.HERTZ), "ghz");
        bytes(1, "byte", "bytes");
        bytes(1e3, "kilobyte", "kilobytes", "kb");
        bytes(1e6, "megabyte", "megabytes", "mb");
        bytes(1e9, "gigabyte", "gigabytes", "gb");
        bytes(1e12, "terabyte", "terabytes", "tb");
        Measure businessDay = new Measure("business day", v -> v);
        for (String word : new String[] {"business day", "business days", "working day", "working days"}) {
            WORDS.put(word, businessDay);
        }
    }

    private UnitWords() {}

    /** The unit {@code word} names (lower case; "fl oz" and "business days" are one word), or {@code null}. */
    static Measure of(String word) {
        return WORDS.get(word.toLowerCase(Locale.ROOT));
    }

    /** Whether {@code word} names a unit of time ("day", "weeks"), which "per" or "a" can make the rate of a value. */
    static boolean isTime(String word) {
        Measure m = of(word);
        return m != null && m.dimension().equals(TIME);
    }

    /**
     * Whether {@code word} is a unit written glued to its figure ("10kg", "2GB", "500ml"): a symbol of two letters or
     * more. A figure with one letter glued to it ("5G", "4K", "3D") names a thing, not a measure.
     */
    static boolean gluedSymbol(String word) {
        return word.length() >= 2 && of(word) != null;
    }

    private static void time(Unit<?> unit, String... words) {
        add(unit, words);
    }

    @SuppressWarnings({"unchecked", "rawtypes"})
    private static void add(Unit<?> unit, String... words) {
        Unit system = unit.getSystemUnit();
        UnitConverter converter = ((Unit) unit).getConverterTo(system);
        Measure measure = new Measure(dimension(unit), converter::convert);
        for (String word : words) {
            WORDS.put(word, measure);
        }
    }

    private static void bytes(double factor, String... words) {
        Measure measure = new Measure("byte", v -> v * factor);
        for (String word : words) {
            WORDS.put(word, measure);
        }
    }

    private static String dimension(Unit<?> unit) {
        return String.valueOf(unit.getDimension());
    }
}
