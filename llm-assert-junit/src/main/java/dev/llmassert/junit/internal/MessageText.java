package dev.llmassert.junit.internal;

import java.util.ArrayList;
import java.util.List;

/**
 * Builds an AssertJ message format and its arguments together. Every text that is not ours (responses, options,
 * explanations) goes in as an argument, never into the format, so a {@code %} in it cannot break the message.
 */
final class MessageText {

    private final StringBuilder format = new StringBuilder();
    private final List<Object> args = new ArrayList<>();

    /** Our own fixed text. */
    MessageText text(String fixed) {
        format.append(fixed.replace("%", "%%"));
        return this;
    }

    /** A line break, then our own fixed text. */
    MessageText line(String fixed) {
        format.append("%n");
        return text(fixed);
    }

    /** A text shown in quotes, as AssertJ shows strings. */
    MessageText quoted(String value) {
        format.append("%s");
        args.add(value);
        return this;
    }

    /** A text shown as it is. */
    MessageText plain(Object value) {
        format.append("%s");
        args.add(new Plain(String.valueOf(value)));
        return this;
    }

    /** {@code text} on one line, cut to {@code max} characters with "..." when it is longer; "" for null. */
    static String shorten(String text, int max) {
        String oneLine = text == null ? "" : text.strip().replaceAll("\\s+", " ");
        return oneLine.length() <= max ? oneLine : oneLine.substring(0, max - 3) + "...";
    }

    String format() {
        return format.toString();
    }

    Object[] args() {
        return args.toArray();
    }

    /** A text AssertJ's representation shows as it is: unknown types are shown by their {@code toString()}. */
    private static final class Plain {
        private final String text;

        Plain(String text) {
            this.text = text;
        }

        @Override
        public String toString() {
            return text;
        }
    }
}
