package dev.llmassert.core.groundedness.internal;

import dev.llmassert.core.groundedness.SentenceVerdict;
import dev.llmassert.core.model.internal.ReplyParseException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class GroundednessRepliesTest {

    @Test
    void readsTheTextTemplate() throws ReplyParseException {
        SentenceScore score =
                GroundednessReplies.text().parse("Supporting Evidence: \"The router has four ports.\"\nScore: 8");

        assertThat(score).isEqualTo(new SentenceScore(8, "\"The router has four ports.\""));
    }

    @ParameterizedTest
    @ValueSource(
            strings = {
                "Score: 8",
                "score: 8/10",
                "**Score:** 8",
                "Score = 8 out of 10",
                "Supporting Evidence: x\n\nFinal score: 8",
                "- Score: 8.0",
                "I would give it a score of 8.",
                "SCORE:8"
            })
    void readsScoresWrittenInManyWays(String reply) throws ReplyParseException {
        assertThat(GroundednessReplies.text().parse(reply).score()).isEqualTo(8);
    }

    @Test
    void takesTheScoreLineNotANumberInsideTheEvidence() throws ReplyParseException {
        SentenceScore score = GroundednessReplies.text()
                .parse("Supporting Evidence: \"The final score was 3-1 to the home side.\"\nScore: 9");

        assertThat(score.score()).isEqualTo(9);
        assertThat(score.evidence()).isEqualTo("\"The final score was 3-1 to the home side.\"");
    }

    @Test
    void markdownAndNothingFoundBecomeTheStandardMarker() throws ReplyParseException {
        SentenceScore score = GroundednessReplies.text().parse("**Supporting Evidence:** Nothing found.\n**Score:** 0");

        assertThat(score).isEqualTo(new SentenceScore(0, SentenceVerdict.NOTHING_FOUND));
    }

    @Test
    void aReplyWithoutEvidenceHasNothingFound() throws ReplyParseException {
        assertThat(GroundednessReplies.text().parse("Score: 3").evidence()).isEqualTo(SentenceVerdict.NOTHING_FOUND);
    }

    @ParameterizedTest
    @ValueSource(strings = {"Score: 11", "Score: -1", "Score: 7.5", "Score: 8/100", "Score: 100"})
    void rejectsScoresOutsideTheScale(String reply) {
        assertThatThrownBy(() -> GroundednessReplies.text().parse(reply))
                .isInstanceOf(ReplyParseException.class)
                .hasMessageContaining("whole number from 0 to 10");
    }

    @ParameterizedTest
    @ValueSource(strings = {"", "   ", "I think the statement is mostly right.", "Supporting Evidence: the manual"})
    void rejectsRepliesWithoutAScore(String reply) {
        assertThatThrownBy(() -> GroundednessReplies.text().parse(reply))
                .isInstanceOf(ReplyParseException.class)
                .hasMessageContaining("Score: N");
    }

    @Test
    void readsTheJsonObject() throws ReplyParseException {
        assertThat(GroundednessReplies.json().parse("{\"evidence\": \"four ports\", \"score\": 10}"))
                .isEqualTo(new SentenceScore(10, "four ports"));
    }

    @Test
    void readsJsonInACodeFenceWithAStringScore() throws ReplyParseException {
        assertThat(GroundednessReplies.json()
                        .parse("```json\n{\"evidence\": \"NOTHING FOUND\", \"score\": \"0\"}\n```"))
                .isEqualTo(new SentenceScore(0, SentenceVerdict.NOTHING_FOUND));
    }

    @Test
    void jsonWithNullEvidenceHasNothingFound() throws ReplyParseException {
        assertThat(GroundednessReplies.json()
                        .parse("{\"evidence\": null, \"score\": 2}")
                        .evidence())
                .isEqualTo(SentenceVerdict.NOTHING_FOUND);
    }

    @ParameterizedTest
    @ValueSource(
            strings = {
                "{\"evidence\": \"x\", \"score\": 11}",
                "{\"evidence\": \"x\", \"score\": -1}",
                "{\"evidence\": \"x\", \"score\": 6.5}",
                "{\"evidence\": \"x\"}",
                "{\"evidence\": \"x\", \"score\": \"high\"}"
            })
    void rejectsJsonWithoutAUsableScore(String reply) {
        assertThatThrownBy(() -> GroundednessReplies.json().parse(reply))
                .isInstanceOf(ReplyParseException.class)
                .hasMessageContaining("\"score\"")
                .hasMessageContaining("whole number from 0 to 10");
    }

    @ParameterizedTest
    @ValueSource(strings = {"", "Score: 8", "{\"evidence\": \"x\", \"score\": 8"})
    void rejectsRepliesThatAreNotJson(String reply) {
        assertThatThrownBy(() -> GroundednessReplies.json().parse(reply))
                .isInstanceOf(ReplyParseException.class)
                .hasMessageContaining("JSON");
    }

    @ParameterizedTest
    @ValueSource(
            strings = {
                "Score: 8f",
                "Score: 0x1p3",
                "Score: 8.5e1",
                "Score: 10%",
                "**Score:** N/A",
                "Score: ten",
                "Score:"
            })
    void aScoreLineWhoseValueIsNotAPlainNumberIsReaskedEvenIfTheEvidenceHoldsOne(String scoreLine) {
        assertThatThrownBy(() -> GroundednessReplies.text()
                        .parse("Supporting Evidence: \"the test score of 7\", I would give it a score of 9\n"
                                + scoreLine))
                .isInstanceOf(ReplyParseException.class)
                .hasMessageStartingWith("the score must be a whole number from 0 to 10, but is ");
    }

    @Test
    void aScoreMentionedOnlyInTheQuotedEvidenceIsNotTheScore() {
        assertThatThrownBy(() -> GroundednessReplies.text()
                        .parse("Supporting Evidence: \"The final score was 3 to 1.\" and it has a score of 8"))
                .isInstanceOf(ReplyParseException.class)
                .hasMessageContaining("the reply has no score");
    }

    @ParameterizedTest
    @ValueSource(
            strings = {
                "{\"evidence\": \"x\", \"score\": 1e-400}",
                "{\"evidence\": \"x\", \"score\": 10.00000000000000000001}",
                "{\"evidence\": \"x\", \"score\": \"0x1p3\"}",
                "{\"evidence\": \"x\", \"score\": \"8f\"}",
                "{\"evidence\": \"x\", \"score\": \"NaN\"}"
            })
    void aJsonScoreIsReadExactlyAndOnlyAsADecimalNumber(String reply) {
        assertThatThrownBy(() -> GroundednessReplies.json().parse(reply))
                .isInstanceOf(ReplyParseException.class)
                .hasMessageContaining("whole number from 0 to 10");
    }

    @Test
    void aJsonScoreWithAZeroFractionOrAnExponentIsWhole() throws ReplyParseException {
        assertThat(GroundednessReplies.json()
                        .parse("{\"evidence\": \"x\", \"score\": 8.000}")
                        .score())
                .isEqualTo(8);
        assertThat(GroundednessReplies.json()
                        .parse("{\"evidence\": \"x\", \"score\": \"1e1\"}")
                        .score())
                .isEqualTo(10);
    }
}
