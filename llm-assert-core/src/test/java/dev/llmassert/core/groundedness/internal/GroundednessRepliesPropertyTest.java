package dev.llmassert.core.groundedness.internal;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.llmassert.core.model.internal.ReplyParser;
import dev.llmassert.core.testing.FuzzedReplies;
import dev.llmassert.core.testing.FuzzedReplies.Outcome;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;

import java.util.Locale;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Fuzzed replies to the groundedness judge, in the text template ({@code Score: N}) and as JSON: every reply either
 * parses to the score it states, or is re-asked ({@code ReplyParseException}); no other exception, and never a score
 * the reply does not give as its score.
 */
class GroundednessRepliesPropertyTest {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final ReplyParser<SentenceScore> TEXT = GroundednessReplies.text();
    private static final ReplyParser<SentenceScore> STRUCTURED = GroundednessReplies.json();

    /** A reply and the score it means, or {@code null} when it gives no usable score. */
    record Intended(String reply, Integer score) {}

    // ---- the text template ----

    @Provide
    Arbitrary<Intended> wellFormedTextReplies() {
        Arbitrary<String> label = Arbitraries.of(
                "Score: %s",
                "score: %s",
                "SCORE:%s",
                "**Score:** %s",
                "Score: %s/10",
                "Score = %s out of 10",
                "Final score: %s",
                "- Score: %s",
                "## Score: %s",
                "Score: %s (see the evidence)");
        Arbitrary<String> number = Arbitraries.integers()
                .between(0, 10)
                .flatMap(n -> Arbitraries.of(String.valueOf(n), n + ".0", n + ",0"));
        Arbitrary<String> evidence = Arbitraries.oneOf(
                FuzzedReplies.prose(300), FuzzedReplies.anyText(300), Arbitraries.just("NOTHING FOUND"));
        return Combinators.combine(evidence, label, number, Arbitraries.of("", "\n", "  \n\n"))
                .as((text, format, n, end) -> new Intended(
                        "Supporting Evidence: " + text + "\n" + String.format(Locale.ROOT, format, n) + end,
                        (int) Double.parseDouble(n.replace(',', '.'))));
    }

    @Property(tries = 1000)
    void aWellFormedTextReplyGivesTheScoreOnItsLastScoreLine(@ForAll("wellFormedTextReplies") Intended reply) {
        Outcome<SentenceScore> outcome = FuzzedReplies.parse(TEXT, reply.reply());

        assertThat(outcome.parsed()).as("parsed: %s", outcome.reask()).isTrue();
        assertThat(outcome.value().score()).isEqualTo(reply.score());
    }

    @Provide
    Arbitrary<String> badScoreLines() {
        Arbitrary<String> value = Arbitraries.oneOf(
                FuzzedReplies.numbersOutOfRange(),
                FuzzedReplies.notANumber(),
                Arbitraries.integers().between(0, 10).map(n -> n + "/100"));
        // Evidence that mentions scores of its own: none of them may stand in for the bad score line.
        Arbitrary<String> evidence = Arbitraries.of(
                "", "the test score of 7 in the manual", "Score: 10", "\"I would give it a score of 9.\"", "score 5");
        return Combinators.combine(evidence, Arbitraries.of("Score: %s", "**Score:** %s", "Final score: %s"), value)
                .as((text, format, v) -> "Supporting Evidence: " + text + "\n" + String.format(Locale.ROOT, format, v));
    }

    @Property(tries = 1000)
    void aScoreLineThatIsNotAWholeNumberFromZeroToTenIsReasked(@ForAll("badScoreLines") String reply) {
        Outcome<SentenceScore> outcome = FuzzedReplies.parse(TEXT, reply);

        assertThat(outcome.parsed())
                .as("parsed %s from %s", outcome.value(), reply)
                .isFalse();
        assertThat(outcome.reask()).containsAnyOf("whole number from 0 to 10", "Score: N");
    }

    @Provide
    Arbitrary<String> evidenceWithoutAScoreLine() {
        // On the evidence's line: a line of its own that starts with "Score" would be the reply's score statement.
        return Combinators.combine(
                        FuzzedReplies.prose(200).map(text -> text.replace('\n', ' ')),
                        Arbitraries.integers().between(0, 10),
                        Arbitraries.of("the score of %d", "a score %d", "score: %d points", "Score is %d"))
                .as((text, n, mention) ->
                        "Supporting Evidence: \"" + text + " " + String.format(Locale.ROOT, mention, n) + "\"");
    }

    @Property(tries = 1000)
    void aScoreMentionedOnlyInsideTheEvidenceIsNotTakenForTheScore(@ForAll("evidenceWithoutAScoreLine") String reply) {
        Outcome<SentenceScore> outcome = FuzzedReplies.parse(TEXT, reply);

        assertThat(outcome.parsed())
                .as("parsed %s from %s", outcome.value(), reply)
                .isFalse();
        assertThat(outcome.reask()).contains("Score: N");
    }

    @Provide
    Arbitrary<String> anyTextReply() {
        return Arbitraries.oneOf(
                FuzzedReplies.anyText(400),
                FuzzedReplies.prose(400),
                wellFormedTextReplies().flatMap(r -> FuzzedReplies.truncated(r.reply())));
    }

    @Property(tries = 1000)
    void anyTextReplyParsesToAScoreItStatesOrIsReasked(@ForAll("anyTextReply") String reply) {
        Outcome<SentenceScore> outcome = FuzzedReplies.parse(TEXT, reply);

        if (outcome.parsed()) {
            int score = outcome.value().score();
            assertThat(score).isBetween(0, 10);
            assertThat(reply.toLowerCase(Locale.ROOT))
                    .as("a parsed reply says 'score'")
                    .contains("score");
            assertThat(reply).as("and states the number").contains(String.valueOf(score));
            assertThat(outcome.value().evidence()).isNotNull();
        }
    }

    // ---- JSON (structured output) ----

    @Provide
    Arbitrary<Intended> wellFormedJsonReplies() {
        Arbitrary<Object> score = Arbitraries.integers()
                .between(0, 10)
                .flatMap(n -> Arbitraries.of(n, (double) n, String.valueOf(n), n + ".0", " " + n + " "));
        Arbitrary<String> evidence = Arbitraries.oneOf(FuzzedReplies.prose(200), FuzzedReplies.anyText(200));
        return Combinators.combine(evidence, score, Arbitraries.of(true, false), FuzzedReplies.wrappers())
                .as((text, value, scoreFirst, wrap) -> {
                    ObjectNode object = JSON.createObjectNode();
                    if (scoreFirst) {
                        putScore(object, value);
                        object.put("evidence", text);
                    } else {
                        object.put("evidence", text);
                        putScore(object, value);
                    }
                    return new Intended(wrap.get(0) + object + wrap.get(1), (int)
                            Double.parseDouble(String.valueOf(value).strip()));
                });
    }

    @Property(tries = 1000)
    void aWellFormedJsonReplyGivesItsScore(@ForAll("wellFormedJsonReplies") Intended reply) {
        Outcome<SentenceScore> outcome = FuzzedReplies.parse(STRUCTURED, reply.reply());

        assertThat(outcome.parsed()).as("parsed: %s", outcome.reask()).isTrue();
        assertThat(outcome.value().score()).isEqualTo(reply.score());
    }

    @Property(tries = 1000)
    void aTruncatedJsonReplyIsReaskedOrStillWhole(@ForAll("truncatedJsonReplies") Intended reply) {
        Outcome<SentenceScore> outcome = FuzzedReplies.parse(STRUCTURED, reply.reply());

        if (outcome.parsed()) {
            assertThat(outcome.value().score())
                    .as("only a cut after the object parses")
                    .isEqualTo(reply.score());
        }
    }

    @Provide
    Arbitrary<Intended> truncatedJsonReplies() {
        return wellFormedJsonReplies()
                .flatMap(r -> FuzzedReplies.truncated(r.reply()).map(cut -> new Intended(cut, r.score())));
    }

    @Provide
    Arbitrary<String> badJsonScores() {
        Arbitrary<String> value = Arbitraries.oneOf(
                FuzzedReplies.numbersOutOfRange(),
                FuzzedReplies.numbersOutOfRange().map(n -> "\"" + n + "\""),
                FuzzedReplies.notANumber()
                        .map(text -> JSON.getNodeFactory().textNode(text).toString()),
                Arbitraries.of(
                        "true",
                        "false",
                        "null",
                        "[]",
                        "[8]",
                        "{}",
                        "{\"value\": 8}",
                        "NaN",
                        "Infinity",
                        "-Infinity",
                        "08",
                        "1e400",
                        "--8",
                        "8.",
                        ".8"));
        return Combinators.combine(FuzzedReplies.prose(80), value)
                .as((text, v) -> "{\"evidence\": " + JSON.getNodeFactory().textNode(text) + ", \"score\": " + v + "}");
    }

    @Property(tries = 1000)
    void aJsonScoreOfTheWrongTypeOrOutOfRangeIsReasked(@ForAll("badJsonScores") String reply) {
        Outcome<SentenceScore> outcome = FuzzedReplies.parse(STRUCTURED, reply);

        assertThat(outcome.parsed())
                .as("parsed %s from %s", outcome.value(), reply)
                .isFalse();
    }

    @Provide
    Arbitrary<String> anyJsonishReply() {
        return Arbitraries.oneOf(
                FuzzedReplies.anyText(400),
                FuzzedReplies.prose(400),
                deepJson(),
                Arbitraries.strings()
                        .withChars("{}[]\":,0123456789.eE-+ \ntruefalsn")
                        .ofMaxLength(300));
    }

    @Property(tries = 1000)
    void anyReplyToTheJsonParserGivesAScoreFromItsScoreFieldOrIsReasked(@ForAll("anyJsonishReply") String reply) {
        Outcome<SentenceScore> outcome = FuzzedReplies.parse(STRUCTURED, reply);

        if (outcome.parsed()) {
            assertThat(outcome.value().score()).isBetween(0, 10);
            assertThat(reply).contains("\"score\"");
        }
    }

    /** Objects and arrays nested past the JSON reader's depth limit. */
    static Arbitrary<String> deepJson() {
        return Arbitraries.integers()
                .between(500, 5000)
                .map(depth -> "{\"score\": " + "[".repeat(depth) + "8" + "]".repeat(depth) + "}");
    }

    private static void putScore(ObjectNode object, Object value) {
        if (value instanceof Integer i) {
            object.put("score", i);
        } else if (value instanceof Double d) {
            object.put("score", d);
        } else {
            object.put("score", (String) value);
        }
    }
}
