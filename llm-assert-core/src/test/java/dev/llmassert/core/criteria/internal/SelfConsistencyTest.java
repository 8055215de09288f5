package dev.llmassert.core.criteria.internal;

import dev.llmassert.core.criteria.Contest;
import dev.llmassert.core.criteria.Criteria;
import dev.llmassert.core.criteria.DirectResult;
import dev.llmassert.core.criteria.PairwiseResult;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

class SelfConsistencyTest {

    private static final Criteria QUALITY = Criteria.builder("quality")
            .description("How good?")
            .option("Good", "", 1.0)
            .option("Fair", "", 0.5)
            .option("Poor", "", 0.0)
            .build();
    private static final Criteria TONE = Criteria.builder("tone")
            .description("Which tone?")
            .option("Friendly", "")
            .option("Hostile", "")
            .build();

    @Test
    void theMajorityOptionWinsTheScoreIsTheMeanAndAgreementTheMajorityShare() {
        DirectResult vote = SelfConsistency.majorityVote(List.of(
                DirectResult.of(QUALITY, "Fair", "first fair"),
                DirectResult.of(QUALITY, "Good", "good"),
                DirectResult.of(QUALITY, "Fair", "second fair")));

        assertThat(vote.option()).isEqualTo("Fair");
        assertThat(vote.score()).isEqualTo((0.5 + 1.0 + 0.5) / 3);
        assertThat(vote.agreement()).isEqualTo(2.0 / 3);
        assertThat(vote.samples()).isEqualTo(3);
        assertThat(vote.explanation()).as("the first winning sample explains").isEqualTo("first fair");
    }

    @Test
    void aTieGoesToTheLowerScoringOptionWhateverTheOrder() {
        DirectResult goodFirst = SelfConsistency.majorityVote(
                List.of(DirectResult.of(QUALITY, "Good", ""), DirectResult.of(QUALITY, "Poor", "")));
        DirectResult poorFirst = SelfConsistency.majorityVote(
                List.of(DirectResult.of(QUALITY, "Poor", ""), DirectResult.of(QUALITY, "Good", "")));

        assertThat(goodFirst.option()).isEqualTo("Poor");
        assertThat(poorFirst.option()).isEqualTo("Poor");
        assertThat(goodFirst.agreement()).isEqualTo(0.5);
    }

    @Test
    void aTieWithoutScoresGoesToTheOptionChosenFirst() {
        DirectResult vote = SelfConsistency.majorityVote(
                List.of(DirectResult.of(TONE, "Hostile", ""), DirectResult.of(TONE, "Friendly", "")));

        assertThat(vote.option()).isEqualTo("Hostile");
        assertThat(vote.score()).as("no scores, no mean").isNull();
    }

    @Test
    void aSingleSampleAgreesWithItself() {
        DirectResult vote = SelfConsistency.majorityVote(List.of(DirectResult.of(QUALITY, "Good", "")));

        assertThat(vote.agreement()).isEqualTo(1.0);
        assertThat(vote.samples()).isEqualTo(1);
    }

    @Test
    void positionalBiasIsDetectedWhenTheMajorityChangesWithTheOrder() {
        DirectResult steady =
                DirectResult.of(QUALITY, "Good", "").withPositionalBias(DirectResult.of(QUALITY, "Good", ""));
        DirectResult biased =
                DirectResult.of(QUALITY, "Good", "").withPositionalBias(DirectResult.of(QUALITY, "Poor", "reversed"));

        DirectResult noise = SelfConsistency.majorityVote(List.of(steady, biased, steady));
        DirectResult vote = SelfConsistency.majorityVote(List.of(biased, steady, biased));

        assertThat(noise.positionalBiasChecked()).isTrue();
        assertThat(noise.positionalBiasDetected())
                .as("one sample of three is noise, not bias")
                .isFalse();
        assertThat(vote.positionalBiasDetected()).isTrue();
        assertThat(vote.positionalBias().optionWhenReversed()).isEqualTo("Poor");
        assertThat(vote.positionalBias().explanationWhenReversed()).isEqualTo("reversed");
        assertThat(SelfConsistency.majorityVote(List.of(steady, DirectResult.of(QUALITY, "Good", "")))
                        .positionalBiasChecked())
                .as("not checked on every sample")
                .isFalse();
    }

    @Test
    void samplesMustExistAndJudgeOneCriteria() {
        assertThatIllegalArgumentException()
                .isThrownBy(() -> SelfConsistency.majorityVote(List.<DirectResult>of()))
                .withMessageContaining("at least one sample");
        assertThatIllegalArgumentException()
                .isThrownBy(() -> SelfConsistency.majorityVote(
                        List.of(DirectResult.of(QUALITY, "Good", ""), DirectResult.of(TONE, "Friendly", ""))))
                .withMessageContaining("'quality' and 'tone' were mixed");
    }

    @Test
    void pairwiseSamplesAreVotedPerPairWithTheLeastAgreedPairsAgreement() {
        Criteria criteria = Criteria.yesNo("Which is clearer?");
        PairwiseResult a = PairwiseResult.of(
                criteria,
                3,
                List.of(
                        Contest.between(0, 1, 0, "a01"),
                        Contest.between(0, 2, 2, "a02"),
                        Contest.between(1, 2, 1, "a12")),
                null);
        PairwiseResult b = PairwiseResult.of(
                criteria,
                3,
                List.of(
                        Contest.between(0, 1, 0, "b01"),
                        Contest.between(0, 2, 0, "b02"),
                        Contest.between(1, 2, 1, "b12")),
                null);
        PairwiseResult c = PairwiseResult.of(
                criteria,
                3,
                List.of(
                        Contest.between(0, 1, 0, "c01"),
                        Contest.between(0, 2, 0, "c02"),
                        Contest.between(1, 2, 1, "c12")),
                null);

        PairwiseResult vote = SelfConsistency.majorityVote(List.of(a, b, c), null);

        assertThat(vote.contest(0, 2).winner()).isZero();
        assertThat(vote.contest(0, 2).explanation()).isEqualTo("b02");
        assertThat(vote.agreement()).isEqualTo(2.0 / 3);
        assertThat(vote.samples()).isEqualTo(3);
        assertThat(vote.ranking()).containsExactly(0, 1, 2);
    }

    @Test
    void aTiedPairGoesToTheLaterResponseWhateverTheOrderOfTheSamples() {
        Criteria criteria = Criteria.yesNo("Which is clearer?");
        PairwiseResult first = PairwiseResult.of(criteria, 2, List.of(Contest.between(0, 1, 1, "")), null);
        PairwiseResult second = PairwiseResult.of(criteria, 2, List.of(Contest.between(0, 1, 0, "")), null);

        assertThat(SelfConsistency.majorityVote(List.of(first, second), null)
                        .contest(0, 1)
                        .winner())
                .isEqualTo(1);
        assertThat(SelfConsistency.majorityVote(List.of(second, first), null)
                        .contest(0, 1)
                        .winner())
                .isEqualTo(1);
    }
}
