package dev.llmassert.core.criteria;

import org.junit.jupiter.api.Test;

import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

class PairwiseResultTest {

    private static final Criteria CLARITY = Criteria.yesNo("Which response is clearer?");

    @Test
    void winrateIsTheShareOfContestsWonAndRankingFollowsIt() {
        PairwiseResult result = PairwiseResult.of(
                CLARITY,
                3,
                List.of(
                        Contest.between(0, 1, 1, "1 beats 0"),
                        Contest.between(0, 2, 0, "0 beats 2"),
                        Contest.between(1, 2, 1, "1 beats 2")),
                null);

        List<ResponseResult> responses = result.responses();
        assertThat(responses).extracting(ResponseResult::winrate).containsExactly(0.5, 1.0, 0.0);
        assertThat(responses).extracting(ResponseResult::ranking).containsExactly(2, 1, 3);
        assertThat(result.ranking()).containsExactly(1, 0, 2);
        assertThat(result.winner()).hasValue(1);
        assertThat(result.prefers(1, 0)).isTrue();
        ResponseResult first = responses.get(0);
        assertThat(first.comparedTo()).containsExactly(1, 2);
        assertThat(first.contestResults()).containsExactly(false, true);
        assertThat(first.explanations()).containsExactly("1 beats 0", "0 beats 2");
        assertThat(first.positionalBias()).as("not checked").isEmpty();
    }

    @Test
    void equalWinratesShareARankAndTheNextRankIsSkipped() {
        // A cycle: 0 beats 1, 1 beats 2, 2 beats 0, and all beat 3.
        PairwiseResult result = PairwiseResult.of(
                CLARITY,
                4,
                List.of(
                        Contest.between(0, 1, 0, ""),
                        Contest.between(1, 2, 1, ""),
                        Contest.between(0, 2, 2, ""),
                        Contest.between(0, 3, 0, ""),
                        Contest.between(1, 3, 1, ""),
                        Contest.between(2, 3, 2, "")),
                null);

        assertThat(result.responses()).extracting(ResponseResult::ranking).containsExactly(1, 1, 1, 4);
        assertThat(result.ranking()).containsExactly(0, 1, 2, 3);
        assertThat(result.winner()).as("no single winner").isEmpty();
    }

    @Test
    void everyPairMustBeContestedExactlyOnce() {
        assertThatIllegalArgumentException()
                .isThrownBy(() -> PairwiseResult.of(
                        CLARITY, 3, List.of(Contest.between(0, 1, 0, ""), Contest.between(1, 2, 1, "")), null))
                .withMessageContaining("3 responses make 3 pairs")
                .withMessageContaining("missing: 0 vs 2");
        assertThatIllegalArgumentException()
                .isThrownBy(() -> PairwiseResult.of(
                        CLARITY, 2, List.of(Contest.between(0, 1, 0, ""), Contest.between(1, 0, 1, "")), null))
                .withMessageContaining("appears more than once");
        assertThatIllegalArgumentException()
                .isThrownBy(() -> PairwiseResult.of(
                        CLARITY, 2, List.of(Contest.between(0, 1, 0, ""), Contest.between(1, 2, 1, "")), null))
                .withMessageContaining("some for responses that do not exist");
        assertThatIllegalArgumentException()
                .isThrownBy(() -> PairwiseResult.of(CLARITY, 1, List.of(), null))
                .withMessageContaining("at least two responses");
    }

    @Test
    void aContestWinnerMustBeOneOfItsPair() {
        assertThatIllegalArgumentException()
                .isThrownBy(() -> Contest.between(0, 1, 2, ""))
                .withMessageContaining("must be one of them, but is 2");
    }

    @Test
    void positionalBiasFlagsTheContestsWhoseWinnerChangedWhenReversed() {
        PairwiseResult original = PairwiseResult.of(
                CLARITY,
                3,
                List.of(Contest.between(0, 1, 0, ""), Contest.between(0, 2, 0, ""), Contest.between(1, 2, 1, "")),
                null);
        PairwiseResult reversedRun = PairwiseResult.of(
                CLARITY,
                3,
                List.of(Contest.between(0, 1, 0, ""), Contest.between(0, 2, 2, ""), Contest.between(1, 2, 1, "")),
                null);

        PairwiseResult checked = original.withPositionalBias(reversedRun);

        assertThat(checked.positionalBiasChecked()).isTrue();
        assertThat(checked.positionalBiasDetected()).isTrue();
        assertThat(checked.biasedContests())
                .extracting(Contest::first, Contest::second)
                .containsExactly(org.assertj.core.groups.Tuple.tuple(0, 2));
        assertThat(checked.responses().get(0).positionalBias()).containsExactly(false, true);
        assertThat(checked.responses().get(1).positionalBiasDetected()).isFalse();
        assertThat(original.withPositionalBias(original).positionalBiasDetected())
                .isFalse();
        assertThat(original.positionalBiasDetected()).as("not checked").isFalse();
    }

    @Test
    void directPositionalBiasIsAChangeOfOption() {
        Criteria criteria = Criteria.yesNo("Is it clear?");
        DirectResult yes = DirectResult.of(criteria, "Yes", "clear");

        DirectResult biased = yes.withPositionalBias(DirectResult.of(criteria, "No", "unclear when reversed"));

        assertThat(biased.positionalBiasDetected()).isTrue();
        assertThat(biased.positionalBias().explanationWhenReversed()).isEqualTo("unclear when reversed");
        assertThat(biased.option()).as("the original choice stays").isEqualTo("Yes");
        assertThat(yes.withPositionalBias(DirectResult.of(criteria, "Yes", "")).positionalBiasDetected())
                .isFalse();
        assertThat(yes.positionalBiasChecked()).isFalse();
    }
}
