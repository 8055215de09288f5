package dev.llmassert.junit.internal.message;

import org.assertj.core.util.Strings;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;

/**
 * Builds an AssertJ message format and its arguments together, for a {@link MessageTextFactory}. Every text that is
 * not ours (responses, sentences, options, explanations, judge names) goes in as an argument, never into the format,
 * so a {@code %} in it cannot break the message.
 */
final class MessageText {

    private final StringBuilder format = new StringBuilder();
    private final List<Object> args = new ArrayList<>();

    /** Our own fixed text. */
    MessageText text(String fixed) {
        format.append(Strings.escapePercent(fixed));
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

    /** The arguments, each plain text turned into what AssertJ shows without quotes. */
    Object[] args(Function<String, CharSequence> unquoted) {
        return args.stream()
                .map(arg -> arg instanceof Plain plain ? unquoted.apply(plain.text()) : arg)
                .toArray();
    }

    /** A text to show as it is. */
    private record Plain(String text) {}
}
