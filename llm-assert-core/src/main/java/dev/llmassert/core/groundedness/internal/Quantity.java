package dev.llmassert.core.groundedness.internal;

import org.apiguardian.api.API;

import java.util.List;

import static org.apiguardian.api.API.Status.INTERNAL;

/**
 * A quantity a text states, read as a value ({@link QuantityReader}): a date, a time, a duration, money, a measure, a
 * percentage or a count of something, with the comparison it is stated with ("under a minute", "up to 5 users",
 * "about 90 seconds", "3 to 5 days").
 *
 * @param readings the values it may stand for: one, or several when the text is ambiguous ("9:00" is 9 a.m. or 9
 *                 p.m., "03/04/2026" the 4th of March or the 3rd of April)
 * @param bound    how the value is stated: exactly, about, as a bound, or as a range
 * @param start    where the quantity starts in its text, its comparison words included
 * @param end      where it ends
 * @param value    the quantity as written, without its comparison words ("a minute", "1,500 ml")
 * @param valueStart where {@code value} starts in the text
 * @param stated   the quantity as written, with its comparison words ("under a minute")
 */
@API(status = INTERNAL, since = "0.1")
public record Quantity(
        List<Value> readings, Bound bound, int start, int end, String value, int valueStart, String stated) {

    /** The share a value stated as "about" may stray from its figure: "about 90 seconds" is 81 to 99 seconds. */
    static final double ABOUT = 0.1;

    public Quantity {
        readings = List.copyOf(readings);
    }

    /**
     * One reading of a quantity: its dimension ("[T]" for time, "money:USD", "date", "count:user") and its figure,
     * from {@code low} to {@code high} (the same for a single figure), in the dimension's system unit.
     */
    @API(status = INTERNAL, since = "0.1")
    public record Value(String dimension, double low, double high) {

        Value(String dimension, double figure) {
            this(dimension, figure, figure);
        }

        /** Whether the two state the same figure in the same dimension: "a week" and "7 days". */
        boolean sameFigure(Value other) {
            return dimension.equals(other.dimension) && close(low, other.low) && close(high, other.high);
        }

        private static boolean close(double a, double b) {
            return Math.abs(a - b) <= 1e-6 * Math.max(1, Math.max(Math.abs(a), Math.abs(b)));
        }
    }

    /** How a quantity's figure is stated. */
    @API(status = INTERNAL, since = "0.1")
    public enum Bound {
        /** "90 seconds". */
        EXACTLY,
        /** "about 90 seconds", "around 20 dollars". */
        ABOUT,
        /** "under a minute", "less than 5 users", "before March 1": strictly below. */
        BELOW,
        /** "up to 5 users", "at most 3 days", "within 3 days", "by March 1". */
        AT_MOST,
        /** "more than 10 users", "over a minute", "after 5 p.m.": strictly above. */
        ABOVE,
        /** "at least 3 days", "5 users or more". */
        AT_LEAST,
        /** "3 to 5 days", "between 3 and 5 days". */
        RANGE;

        /** Whether a quantity stated this way claims a bound rather than a figure. */
        boolean isBound() {
            return this != EXACTLY && this != RANGE;
        }
    }

    /** This quantity with other readings. */
    Quantity withReadings(List<Value> other) {
        return new Quantity(other, bound, start, end, value, valueStart, stated);
    }

    /** Whether this quantity has a reading in {@code dimension}. */
    boolean in(String dimension) {
        return readings.stream().anyMatch(r -> r.dimension().equals(dimension));
    }

    /**
     * Whether the two can state the same thing: a reading of each with the same figure, stated plainly by one of
     * them or with bounds that meet ("within 3 business days" and "3 business days", but not "more than 10 users"
     * and "up to 10 users"). A figure that differs is a changed figure: "within 7 days" does not restate "within 3
     * days".
     */
    boolean sameAs(Quantity other) {
        // A figure stated plainly matches the same figure stated with a bound ("fifty Euros" for "more than fifty
        // Euros"): an answer often drops a qualifier. Two bounds must meet ("more than 10" is not "up to 10").
        boolean plain = bound == Bound.EXACTLY || other.bound == Bound.EXACTLY;
        for (Value a : readings) {
            for (Value b : other.readings) {
                if (a.sameFigure(b) && (plain || meets(a, bound, b, other.bound))) {
                    return true;
                }
            }
        }
        return false;
    }

    /**
     * Whether this quantity is a bound that what {@code source} states lies within, stated another way: "under 2
     * minutes" for "about 90 seconds", "within 7 days" for "3 days". A bound stated as the source states its own
     * ("within 7 days" for "within 3 days") is a changed figure.
     */
    boolean within(Quantity source) {
        boolean loose = source.bound == Bound.EXACTLY || source.bound == Bound.ABOUT || source.bound == Bound.RANGE;
        if (!bound.isBound() || bound == Bound.ABOUT || !loose) {
            return false;
        }
        for (Value a : readings) {
            for (Value b : source.readings) {
                if (a.dimension().equals(b.dimension())
                        && lower(a, bound) <= lower(b, source.bound)
                        && upper(a, bound) >= upper(b, source.bound)) {
                    return true;
                }
            }
        }
        return false;
    }

    /** The reading of this quantity in a dimension {@code other} has too, or {@code null}. */
    Value sharedDimension(Quantity other) {
        for (Value a : readings) {
            if (other.in(a.dimension())) {
                return a;
            }
        }
        return null;
    }

    private static boolean meets(Value a, Bound boundA, Value b, Bound boundB) {
        return below(lower(a, boundA), upper(b, boundB), boundA == Bound.ABOVE || boundB == Bound.BELOW)
                && below(lower(b, boundB), upper(a, boundA), boundB == Bound.ABOVE || boundA == Bound.BELOW);
    }

    /** Whether {@code low} lies below {@code high}: strictly, when either end is a strict bound. */
    private static boolean below(double low, double high, boolean strict) {
        return strict ? low < high : low <= high;
    }

    /** Whether the two cannot both be true: no reading in a shared dimension whose values meet. */
    boolean contradicts(Quantity other) {
        boolean shared = false;
        for (Value a : readings) {
            for (Value b : other.readings) {
                if (a.dimension().equals(b.dimension())) {
                    shared = true;
                    if (meets(a, bound, b, other.bound)) {
                        return false;
                    }
                }
            }
        }
        return shared;
    }

    private static double lower(Value v, Bound bound) {
        return switch (bound) {
            case EXACTLY, RANGE, ABOVE, AT_LEAST -> v.low();
            case ABOUT -> v.low() * (1 - ABOUT);
            case BELOW, AT_MOST -> Double.NEGATIVE_INFINITY;
        };
    }

    private static double upper(Value v, Bound bound) {
        return switch (bound) {
            case EXACTLY, RANGE, BELOW, AT_MOST -> v.high();
            case ABOUT -> v.high() * (1 + ABOUT);
            case ABOVE, AT_LEAST -> Double.POSITIVE_INFINITY;
        };
    }
}
