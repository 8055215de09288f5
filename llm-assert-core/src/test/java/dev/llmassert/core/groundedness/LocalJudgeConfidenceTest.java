package dev.llmassert.core.groundedness;

import dev.llmassert.core.groundedness.internal.Doubts;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * The local judge's confidence in each verdict, with its embedding and entailment models: sure of a copied sentence
 * and of an invented fact, unsure of a sentence its model and its wording rules read two ways, and saying why.
 */
class LocalJudgeConfidenceTest {

    private static final String MANUAL = "The X200 router has four Ethernet ports. Hold the reset button for ten "
            + "seconds to restore factory settings. The warranty lasts two years and covers hardware faults. Phone "
            + "support is available on weekdays.";

    private static final LocalGroundednessJudge JUDGE = LocalGroundednessJudge.create();

    private static SentenceVerdict judged(LocalGroundednessJudge judge, String sentence) {
        return judge.judge(sentence, List.of(MANUAL)).sentences().get(0);
    }

    @Test
    void aCopiedSentenceAndAnInventedFactAreVerdictsTheJudgeIsSureOf() {
        SentenceVerdict copied = judged(JUDGE, "The X200 router has four Ethernet ports.");
        SentenceVerdict invented = judged(JUDGE, "The warranty lasts five years.");

        assertThat(copied.score()).isEqualTo(1.0);
        assertThat(copied.confidence()).isGreaterThan(0.9);
        assertThat(copied.unsure()).isFalse();
        assertThat(copied.decidedBy()).isEqualTo(LocalGroundednessJudge.NAME_WITH_EMBEDDINGS);
        assertThat(invented.score()).isLessThan(0.1);
        assertThat(invented.confidence())
                .as("surer of this fail than of a paraphrase's pass")
                .isGreaterThan(0.9);
        assertThat(invented.unsure()).isFalse();
    }

    @Test
    void aPassTheModelAndTheWordingReadTwoWaysIsUnsureAndSaysWhy() {
        // the manual says weekdays: the score passes it, but the judge's confidence sends it on
        SentenceVerdict weekends = judged(JUDGE, "Phone support is available on weekends.");

        assertThat(weekends.score()).isGreaterThanOrEqualTo(LocalGroundednessJudge.DEFAULT_THRESHOLD);
        assertThat(weekends.confidence()).isLessThan(LocalGroundednessJudge.DEFAULT_MIN_CONFIDENCE);
        assertThat(weekends.unsure()).isTrue();
        assertThat(weekends.doubt()).isEqualTo(Doubts.DISAGREE);
        assertThat(weekends.unsureNote()).matches("unsure \\(0\\.\\d\\d\\): the model and the wording disagree");
    }

    @Test
    void aHigherMinimumMarksMoreVerdictsUnsure() {
        String paraphrase = "Support can be reached by phone during the week.";
        LocalGroundednessJudge strict = JUDGE.withMinConfidence(0.95);

        SentenceVerdict atDefault = judged(JUDGE, paraphrase);
        SentenceVerdict atStrict = judged(strict, paraphrase);

        assertThat(atDefault.unsure()).isFalse();
        assertThat(atStrict.confidence()).isEqualTo(atDefault.confidence()).isLessThan(0.95);
        assertThat(atStrict.unsure()).isTrue();
        assertThat(atStrict.doubt()).isNotEmpty();
        assertThat(strict.minConfidence()).isEqualTo(0.95);
        assertThat(JUDGE.withMinConfidence(JUDGE.minConfidence())).isSameAs(JUDGE);
    }

    @Test
    void aSentenceThatMakesNoClaimAndTheJudgesWithoutAModelGiveNoConfidence() {
        SentenceVerdict opener = JUDGE.judge("Great question! The X200 router has four Ethernet ports.", MANUAL)
                .sentences()
                .get(0);
        SentenceVerdict lexical = judged(
                LocalGroundednessJudge.builder().withoutEmbeddings().build(),
                "The X200 router has four Ethernet ports.");

        assertThat(opener.evidence()).isEqualTo(LocalGroundednessJudge.NO_CLAIM);
        assertThat(opener.hasConfidence()).isFalse();
        assertThat(lexical.hasConfidence()).isFalse();
        assertThat(lexical.unsure()).isFalse();
        assertThat(lexical.decidedBy()).isEqualTo(LocalGroundednessJudge.NAME_LEXICAL);
    }

    @Test
    void aMinimumThatIsNoProbabilityIsRefusedWithTheFix() {
        assertThatThrownBy(() -> LocalGroundednessJudge.builder().minConfidence(1.5))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("minConfidence must be between 0.0 and 1.0, but is: 1.5. Fix: pass a probability, e.g. "
                        + "0.5 (the default).");
        assertThatThrownBy(() -> JUDGE.withMinConfidence(Double.NaN)).isInstanceOf(IllegalArgumentException.class);
    }
}
