package dev.llmassert.core.model.internal;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.llmassert.core.testing.FuzzedReplies;
import dev.llmassert.core.testing.FuzzedReplies.Outcome;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;

import java.math.BigDecimal;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Fuzzed input to the JSON helpers every JSON reply parser uses: any text gives a JSON object or a re-ask, and a
 * whole-number field gives exactly the number it holds, when that is a whole number in range, or a re-ask.
 */
class JsonRepliesPropertyTest {

    private static final ObjectMapper JSON = new ObjectMapper();

    @Provide
    Arbitrary<String> anyReply() {
        return Arbitraries.oneOf(
                FuzzedReplies.anyText(500),
                FuzzedReplies.prose(500),
                Arbitraries.strings()
                        .withChars("{}[]\":,0123456789.eE-+ \n`jsonJSON")
                        .ofMaxLength(400),
                Arbitraries.integers().between(900, 3000).map(depth -> "[".repeat(depth) + "]".repeat(depth)),
                Arbitraries.integers()
                        .between(900, 3000)
                        .map(depth -> "{\"a\":".repeat(depth) + "1" + "}".repeat(depth)));
    }

    @Property(tries = 1000)
    void anyReplyIsAJsonObjectOrAReask(@ForAll("anyReply") String reply) {
        Outcome<JsonNode> outcome = FuzzedReplies.parse(JsonReplies::parseObject, reply);

        if (outcome.parsed()) {
            assertThat(outcome.value().isObject()).isTrue();
            assertThat(reply).contains("{", "}");
        }
    }

    @Provide
    Arbitrary<String> fieldValues() {
        return Arbitraries.oneOf(
                Arbitraries.integers().between(-20, 30).map(String::valueOf),
                Arbitraries.integers().between(-20, 30).map(n -> "\"" + n + "\""),
                Arbitraries.integers().between(-20, 30).map(n -> n + ".0"),
                Arbitraries.bigDecimals()
                        .between(BigDecimal.valueOf(-20), BigDecimal.valueOf(30))
                        .ofScale(3)
                        .map(BigDecimal::toPlainString),
                FuzzedReplies.numbersOutOfRange(),
                FuzzedReplies.numbersOutOfRange().map(n -> "\"" + n + "\""),
                FuzzedReplies.notANumber()
                        .map(text -> JSON.getNodeFactory().textNode(text).toString()),
                Arbitraries.of(
                        "true",
                        "false",
                        "null",
                        "[]",
                        "[5]",
                        "{}",
                        "{\"score\": 5}",
                        "\"\"",
                        "\" 5 \"",
                        "\"+5\"",
                        "\"5e0\"",
                        "\"0x5\"",
                        "\"5f\"",
                        "\"5d\"",
                        "\"0x1.4p2\"",
                        "-0",
                        "\"-0\""));
    }

    @Property(tries = 1000)
    void aWholeNumberFieldGivesTheNumberItHoldsOrAReask(@ForAll("fieldValues") String value) {
        String reply = "{\"score\": " + value + "}";
        Outcome<Integer> outcome = FuzzedReplies.parse(
                text -> JsonReplies.requireInt(JsonReplies.parseObject(text), "score", 0, 10), reply);

        if (outcome.parsed()) {
            String written = value.replace("\"", "").strip();
            assertThat(written).as("a plain decimal number").matches("[+-]?\\d+(\\.\\d+)?([eE][+-]?\\d+)?");
            BigDecimal exact = new BigDecimal(written);
            assertThat(exact.compareTo(BigDecimal.valueOf(outcome.value())))
                    .as("%s read as %s", value, outcome.value())
                    .isZero();
            assertThat(outcome.value()).isBetween(0, 10);
        }
    }
}
