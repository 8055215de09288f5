package dev.llmassert.core.testing;

import dev.llmassert.core.model.internal.ReplyParseException;
import dev.llmassert.core.model.internal.ReplyParser;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;

import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Generators of judge replies for property-based tests of the reply parsers, and the one outcome check they share:
 * a parser either returns a value or throws {@link ReplyParseException} (the judge is re-asked) with a message fit
 * to send back, and never throws anything else.
 */
public final class FuzzedReplies {

    /** The longest re-ask message: it is sent back to the judge model and quoted in the final error. */
    public static final int MAX_MESSAGE = 400;

    private FuzzedReplies() {}

    /** What a parser made of a reply: a value, or the message of the re-ask. */
    public record Outcome<T>(T value, String reask) {

        public boolean parsed() {
            return reask == null;
        }
    }

    /**
     * Parses {@code reply}; a {@link ReplyParseException} becomes the outcome's re-ask, after checking that its
     * message can be sent back (not blank, at most {@value #MAX_MESSAGE} characters). Any other exception escapes
     * and fails the property.
     */
    public static <T> Outcome<T> parse(ReplyParser<T> parser, String reply) {
        try {
            return new Outcome<>(parser.parse(reply), null);
        } catch (ReplyParseException e) {
            assertThat(e.getMessage()).as("the re-ask message").isNotBlank().hasSizeLessThanOrEqualTo(MAX_MESSAGE);
            return new Outcome<>(null, e.getMessage());
        }
    }

    /** Any text: every UTF-16 unit (lone surrogates too), controls, blanks; empty often. */
    public static Arbitrary<String> anyText(int maxLength) {
        return Arbitraries.oneOf(
                Arbitraries.strings().all().ofMaxLength(maxLength),
                Arbitraries.strings()
                        .withChars(" \t\r\n\u00a0\u2028\u2029\u200b")
                        .ofMaxLength(maxLength),
                Arbitraries.strings().withCharRange('\u0000', '\u007f').ofMaxLength(maxLength),
                Arbitraries.of("", " ", "\n", "null", "{}", "[]", "```", "```json\n```"));
    }

    /** Prose in several scripts, with emoji and JSON punctuation, that a judge might write. */
    public static Arbitrary<String> prose(int maxLength) {
        return Arbitraries.strings()
                .withCharRange('a', 'z')
                .withCharRange('A', 'Z')
                .withCharRange('0', '9')
                .withChars(" .,;:!?'\"-()[]{}\\/\n")
                .withChars("äöüßéèçñ中文字日本語한국어عربيةעברית")
                .withChars("\uD83D\uDE00\uD83D\uDC4D\u2764\uFE0F")
                .ofMaxLength(maxLength);
    }

    /** Numbers written as text that are not whole numbers from 0 to 10, in forms a reply may hold. */
    public static Arbitrary<String> numbersOutOfRange() {
        return Arbitraries.oneOf(
                Arbitraries.integers().between(11, Integer.MAX_VALUE).map(String::valueOf),
                Arbitraries.integers().between(Integer.MIN_VALUE, -1).map(String::valueOf),
                Arbitraries.longs().greaterOrEqual(Integer.MAX_VALUE + 1L).map(String::valueOf),
                Arbitraries.strings()
                        .numeric()
                        .ofMinLength(20)
                        .ofMaxLength(1200)
                        .map(d -> "9" + d),
                Arbitraries.integers()
                        .between(0, 9)
                        .flatMap(whole -> Arbitraries.integers().between(1, 9).map(tenth -> whole + "." + tenth)),
                Arbitraries.of(
                        "1e400",
                        "-1e400",
                        "1e-400",
                        "10.000001",
                        "9.999999",
                        "-0.5",
                        "0.1",
                        "1.5e1",
                        "99999999999999999999999999999999",
                        "10.00000000000000000001",
                        "7.99999999999999999999",
                        "1e99999999999",
                        "-0.00000000000000000001"));
    }

    /** Texts that name no number at all. */
    public static Arbitrary<String> notANumber() {
        return Arbitraries.oneOf(
                Arbitraries.of(
                        "NaN",
                        "Infinity",
                        "-Infinity",
                        "N/A",
                        "none",
                        "ten",
                        "eight",
                        "high",
                        "",
                        " ",
                        "0x1p3",
                        "8f",
                        "8d",
                        "0x8",
                        "8e",
                        "e8",
                        "..",
                        "-",
                        "+",
                        "½",
                        "８",
                        "٨",
                        "八",
                        "10%",
                        "∞",
                        "null",
                        "true"),
                prose(12).filter(text -> !text.matches("(?s).*\\d.*")));
    }

    /** {@code text} cut short: at least one character gone, the way a reply stopped at its token limit ends. */
    public static Arbitrary<String> truncated(String text) {
        if (text.isEmpty()) {
            return Arbitraries.just("");
        }
        return Arbitraries.integers().between(0, text.length() - 1).map(end -> text.substring(0, end));
    }

    /** Text a model often writes around a JSON object: nothing, a sentence, a code fence. */
    public static Arbitrary<List<String>> wrappers() {
        return Arbitraries.of(
                List.of("", ""),
                List.of("```json\n", "\n```"),
                List.of("```\n", "\n```"),
                List.of("Here is my evaluation:\n", ""),
                List.of("", "\nI hope this helps."),
                List.of("  \n", "\n  "));
    }
}
