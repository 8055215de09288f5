package dev.llmassert.core.criteria.internal;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.llmassert.core.criteria.Contest;
import dev.llmassert.core.criteria.Criteria;
import dev.llmassert.core.criteria.CriteriaCatalog;
import dev.llmassert.core.criteria.PairwiseResult;
import dev.llmassert.core.testing.FuzzedReplies;
import dev.llmassert.core.testing.FuzzedReplies.Outcome;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.GenerationMode;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.constraints.IntRange;

import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Random;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Fuzzed replies to the direct and pairwise criteria judges: every reply either parses to what it says (the option
 * it names, the winner of every pair, in the caller's order), or is re-asked ({@code ReplyParseException}); no other
 * exception, and never an option or a winner the reply does not give.
 */
class CriteriaRepliesPropertyTest {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final JsonNodeFactory NODES = JsonNodeFactory.instance;
    private static final Criteria CONCISENESS = CriteriaCatalog.CONCISENESS;

    record Intended(String reply, String option) {}

    // ---- direct ----

    @Provide
    Arbitrary<Intended> wellFormedDirectReplies() {
        Arbitrary<String> option = Arbitraries.of(CONCISENESS.optionNames());
        Arbitrary<String> spelling = option.flatMap(name -> Arbitraries.of(
                name,
                name.toUpperCase(Locale.ROOT),
                name.toLowerCase(Locale.ROOT),
                "  " + name + " ",
                "\"" + name + "\"",
                "'" + name + "'",
                "\n" + name + "\t"));
        Arbitrary<String> field = Arbitraries.of(DirectReply.SELECTED_OPTION, "selected_option", "option");
        Arbitrary<String> explanation = Arbitraries.oneOf(FuzzedReplies.prose(200), FuzzedReplies.anyText(200));
        Arbitrary<Object> feedback = Arbitraries.oneOf(
                FuzzedReplies.prose(50).map(Object.class::cast),
                Arbitraries.just(NODES.nullNode()),
                Arbitraries.just(NODES.missingNode()));
        return Combinators.combine(
                        spelling, field, explanation, feedback, Arbitraries.of(true, false), FuzzedReplies.wrappers())
                .as((spelled, name, why, advice, optionFirst, wrap) -> {
                    ObjectNode object = JSON.createObjectNode();
                    if (optionFirst) {
                        object.put(name, spelled);
                    }
                    object.put(DirectReply.EXPLANATION, why);
                    if (!optionFirst) {
                        object.put(name, spelled);
                    }
                    if (advice instanceof String text) {
                        object.put(DirectReply.FEEDBACK, text);
                    } else if (advice == NODES.nullNode()) {
                        object.putNull(DirectReply.FEEDBACK);
                    }
                    return new Intended(
                            wrap.get(0) + object + wrap.get(1),
                            CONCISENESS.matchOption(spelled).orElseThrow().name());
                });
    }

    @Property(tries = 1000)
    void aWellFormedDirectReplyGivesTheOptionItNames(@ForAll("wellFormedDirectReplies") Intended reply) {
        Outcome<DirectReply> outcome = FuzzedReplies.parse(DirectReply.parser(CONCISENESS), reply.reply());

        assertThat(outcome.parsed()).as("parsed: %s", outcome.reask()).isTrue();
        assertThat(outcome.value().selectedOption()).isEqualTo(reply.option());
    }

    @Provide
    Arbitrary<String> unknownOrMistypedOptions() {
        Arbitrary<String> unknown = Arbitraries.oneOf(
                Arbitraries.of(
                                "Very concise",
                                "Concise.",
                                "Concise!",
                                "concise-ish",
                                "Somewhat  verbose",
                                "Con\u200bcise",
                                "\u0421oncise",
                                "Concise\u00a0",
                                "Verbose, mostly",
                                "Concise or Verbose",
                                "1",
                                "0",
                                "Option 1",
                                "",
                                " ",
                                "N/A",
                                "null",
                                "\u7b80\u6d01",
                                "\u0645\u0648\u062c\u0632")
                        .map(text -> NODES.textNode(text).toString()),
                FuzzedReplies.prose(30)
                        .filter(text -> CONCISENESS.matchOption(text).isEmpty())
                        .map(text -> NODES.textNode(text).toString()),
                Arbitraries.of(
                        "1",
                        "0",
                        "true",
                        "false",
                        "null",
                        "[]",
                        "[\"Concise\"]",
                        "{}",
                        "{\"name\": \"Concise\"}",
                        "1e400",
                        "NaN"));
        return Combinators.combine(unknown, Arbitraries.of(DirectReply.SELECTED_OPTION, "selected_option", "option"))
                .as((value, field) -> "{\"explanation\": \"It is short.\", \"" + field + "\": " + value + "}");
    }

    @Property(tries = 1000)
    void anOptionThatIsNotOneOfTheCriteriasIsReasked(@ForAll("unknownOrMistypedOptions") String reply) {
        Outcome<DirectReply> outcome = FuzzedReplies.parse(DirectReply.parser(CONCISENESS), reply);

        assertThat(outcome.parsed())
                .as("parsed %s from %s", outcome.value(), reply)
                .isFalse();
    }

    @Provide
    Arbitrary<String> badExplanations() {
        return Arbitraries.of(
                        "",
                        "\"explanation\": [\"a\"], ",
                        "\"explanation\": {\"a\": 1}, ",
                        "\"explanation\": null, ",
                        "\"explanation\": [], ")
                .map(part -> "{" + part + "\"selectedOption\": \"Concise\"}");
    }

    @Property(generation = GenerationMode.EXHAUSTIVE)
    void aMissingOrNonTextExplanationIsReasked(@ForAll("badExplanations") String reply) {
        assertThat(FuzzedReplies.parse(DirectReply.parser(CONCISENESS), reply).parsed())
                .isFalse();
    }

    @Provide
    Arbitrary<String> anyDirectReply() {
        return Arbitraries.oneOf(
                FuzzedReplies.anyText(400),
                FuzzedReplies.prose(400),
                wellFormedDirectReplies().flatMap(r -> FuzzedReplies.truncated(r.reply())),
                Arbitraries.strings()
                        .withChars("{}[]\":,01 \nselectedOption explanation Concise Verbose")
                        .ofMaxLength(200));
    }

    @Property(tries = 1000)
    void anyDirectReplyGivesAnOptionItNamesOrIsReasked(@ForAll("anyDirectReply") String reply) {
        Outcome<DirectReply> outcome = FuzzedReplies.parse(DirectReply.parser(CONCISENESS), reply);

        if (outcome.parsed()) {
            assertThat(CONCISENESS.optionNames()).contains(outcome.value().selectedOption());
            assertThat(reply.toLowerCase(Locale.ROOT))
                    .contains(outcome.value().selectedOption().toLowerCase(Locale.ROOT));
        }
    }

    // ---- pairwise ----

    /** A pairwise reply, and the winner of each pair it means, by the caller's indexes ("0-2" → 2). */
    record IntendedComparisons(String reply, int responses, boolean reversed, Map<String, Integer> winners) {}

    @Provide
    Arbitrary<IntendedComparisons> wellFormedPairwiseReplies() {
        return Combinators.combine(
                        Arbitraries.integers().between(2, 5),
                        Arbitraries.of(true, false),
                        Arbitraries.longs(),
                        FuzzedReplies.wrappers(),
                        FuzzedReplies.prose(60))
                .as((n, reversed, seed, wrap, why) -> {
                    Random random = new Random(seed);
                    List<ObjectNode> entries = new ArrayList<>();
                    Map<String, Integer> winners = new HashMap<>();
                    for (int[] pair : PairwiseResult.pairs(n)) {
                        int a = pair[0] + 1;
                        int b = pair[1] + 1;
                        int winner = random.nextBoolean() ? a : b;
                        boolean swapped = random.nextBoolean();
                        ObjectNode entry = JSON.createObjectNode();
                        putNumber(entry, PairwiseReply.FIRST, swapped ? b : a, random);
                        putNumber(entry, PairwiseReply.SECOND, swapped ? a : b, random);
                        entry.put(PairwiseReply.EXPLANATION, why);
                        putNumber(entry, PairwiseReply.WINNER, winner, random);
                        entries.add(entry);
                        winners.put(key(index(a, n, reversed), index(b, n, reversed)), index(winner, n, reversed));
                    }
                    Collections.shuffle(entries, random);
                    ObjectNode root = JSON.createObjectNode();
                    ArrayNode comparisons = root.putArray(PairwiseReply.COMPARISONS);
                    entries.forEach(comparisons::add);
                    return new IntendedComparisons(wrap.get(0) + root + wrap.get(1), n, reversed, winners);
                });
    }

    @Property(tries = 1000)
    void aWellFormedPairwiseReplyGivesEveryWinnerInTheCallersOrder(
            @ForAll("wellFormedPairwiseReplies") IntendedComparisons reply) {
        Outcome<PairwiseReply> outcome =
                FuzzedReplies.parse(PairwiseReply.parser(reply.responses(), reply.reversed()), reply.reply());

        assertThat(outcome.parsed()).as("parsed: %s", outcome.reask()).isTrue();
        Map<String, Integer> winners = new HashMap<>();
        for (Contest contest : outcome.value().contests()) {
            winners.put(key(contest.first(), contest.second()), contest.winner());
        }
        assertThat(winners).isEqualTo(reply.winners());
    }

    @Provide
    Arbitrary<String> brokenComparisons() {
        Arbitrary<String> number = Arbitraries.oneOf(
                Arbitraries.of(
                        "0",
                        "-1",
                        "3",
                        "4",
                        "1.5",
                        "1.0",
                        "2e0",
                        "true",
                        "null",
                        "[]",
                        "{}",
                        "\"\"",
                        "\"one\"",
                        "\"Response 0\"",
                        "\"Response 3\"",
                        "\"Response 99999999999\"",
                        "\"99999999999999999999\"",
                        "\"2147483648\"",
                        "\"-1\"",
                        "\"1.0\"",
                        "\"\u0661\""),
                Arbitraries.longs().greaterOrEqual(3).map(String::valueOf),
                Arbitraries.strings()
                        .numeric()
                        .ofMinLength(11)
                        .ofMaxLength(1200)
                        .map(d -> "\"9" + d + "\""),
                Arbitraries.strings()
                        .numeric()
                        .ofMinLength(11)
                        .ofMaxLength(1200)
                        .map(d -> "9" + d));
        Arbitrary<String> broken = Arbitraries.oneOf(
                number.map(v -> "[{\"first\": 1, \"second\": 2, \"explanation\": \"x\", \"winner\": " + v + "}]"),
                number.map(v -> "[{\"first\": " + v + ", \"second\": 2, \"explanation\": \"x\", \"winner\": 2}]"),
                number.map(v -> "[{\"first\": 1, \"second\": " + v + ", \"explanation\": \"x\", \"winner\": 1}]"),
                Arbitraries.of(
                        "[]",
                        "[1]",
                        "[[1, 2, 1]]",
                        "{}",
                        "null",
                        "\"1 vs 2: 1\"",
                        "[{\"first\": 1, \"second\": 1, \"explanation\": \"x\", \"winner\": 1}]",
                        "[{\"first\": 1, \"second\": 2, \"winner\": 1}]",
                        "[{\"first\": 1, \"second\": 2, \"explanation\": [\"x\"], \"winner\": 1}]",
                        "[{\"first\": 1, \"second\": 2, \"explanation\": \"x\", \"winner\": 1},"
                                + " {\"first\": 2, \"second\": 1, \"explanation\": \"y\", \"winner\": 2}]"));
        return broken.map(comparisons -> "{\"comparisons\": " + comparisons + "}");
    }

    @Property(tries = 1000)
    void aComparisonWithAWrongNumberAMissingOrRepeatedPairIsReasked(
            @ForAll("brokenComparisons") String reply, @ForAll boolean reversed) {
        Outcome<PairwiseReply> outcome = FuzzedReplies.parse(PairwiseReply.parser(2, reversed), reply);

        assertThat(outcome.parsed())
                .as("parsed %s from %s", outcome.value(), reply)
                .isFalse();
    }

    @Provide
    Arbitrary<String> anyPairwiseReply() {
        return Arbitraries.oneOf(
                FuzzedReplies.anyText(400),
                FuzzedReplies.prose(400),
                wellFormedPairwiseReplies().flatMap(r -> FuzzedReplies.truncated(r.reply())),
                Arbitraries.strings()
                        .withChars("{}[]\":,0123 \ncomparisons first second winner explanation")
                        .ofMaxLength(300));
    }

    @Property(tries = 1000)
    void anyPairwiseReplyGivesAWinnerForEveryPairOrIsReasked(
            @ForAll("anyPairwiseReply") String reply,
            @ForAll @IntRange(min = 2, max = 4) int responses,
            @ForAll boolean reversed) {
        Outcome<PairwiseReply> outcome = FuzzedReplies.parse(PairwiseReply.parser(responses, reversed), reply);

        if (outcome.parsed()) {
            List<Contest> contests = outcome.value().contests();
            assertThat(contests).hasSize(PairwiseResult.pairs(responses).size());
            assertThat(contests)
                    .allSatisfy(contest ->
                            assertThat(contest.involves(contest.winner())).isTrue());
            assertThat(reply).contains("\"comparisons\"");
        }
    }

    private static void putNumber(ObjectNode entry, String field, int number, Random random) {
        switch (random.nextInt(4)) {
            case 0 -> entry.put(field, String.valueOf(number));
            case 1 -> entry.put(field, "Response " + number);
            case 2 -> entry.put(field, "response" + number);
            default -> entry.put(field, number);
        }
    }

    private static int index(int shown, int n, boolean reversed) {
        return reversed ? n - shown : shown - 1;
    }

    private static String key(int a, int b) {
        return Math.min(a, b) + "-" + Math.max(a, b);
    }
}
