package dev.llmassert.core.criteria;

import org.junit.jupiter.api.Test;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;
import static org.assertj.core.api.Assertions.within;

/**
 * The multi-criteria rules, including IBM EvalAssist's edge cases (required, targetOption, thresholds, normalisation).
 */
class MultiCriteriaTest {

    /** Options score 1 to 5, so normalisation matters. */
    static final Criteria QUALITY = Criteria.builder("quality")
            .description("How good is it?")
            .option("Excellent", "", 5)
            .option("Good", "", 4)
            .option("Fair", "", 3)
            .option("Poor", "", 1)
            .build();

    static final Criteria SAFE = Criteria.yesNo("Is it safe?").withName("safe");
    static final Criteria TONE = Criteria.builder("tone")
            .description("Which tone?")
            .option("Friendly", "")
            .option("Neutral", "")
            .option("Hostile", "")
            .build();

    private static Map<String, DirectResult> results(DirectResult... results) {
        Map<String, DirectResult> map = new LinkedHashMap<>();
        for (DirectResult r : results) {
            map.put(r.criteriaName(), r);
        }
        return map;
    }

    @Test
    void scoresAreNormalisedFromTheOptionsMinAndMaxThenWeighted() {
        MultiCriteria multi =
                MultiCriteria.builder().add(QUALITY, 0.6).add(SAFE, 0.4).build();

        MultiCriteriaResult result =
                multi.aggregate(results(DirectResult.of(QUALITY, "Good", "ok"), DirectResult.of(SAFE, "Yes", "ok")));

        // Good = 4 on 1..5 -> (4-1)/(5-1) = 0.75
        assertThat(result.item("quality").orElseThrow().itemScore()).isEqualTo(0.75);
        assertThat(result.weightedScores()).containsEntry("quality", 0.6 * 0.75).containsEntry("safe", 0.4);
        assertThat(result.score()).isEqualTo(0.85);
        assertThat(result.results()).containsOnlyKeys("quality", "safe");
    }

    @Test
    void withNormalisationOffRawScoresAreWeightedAndMayLeaveZeroToOne() {
        MultiCriteria multi = MultiCriteria.builder()
                .add(QUALITY, 0.5)
                .add(SAFE, 0.5)
                .normalizeScores(false)
                .build();

        MultiCriteriaResult result =
                multi.aggregate(results(DirectResult.of(QUALITY, "Good", ""), DirectResult.of(SAFE, "Yes", "")));

        assertThat(result.item("quality").orElseThrow().itemScore()).isEqualTo(4.0);
        assertThat(result.score()).isEqualTo(2.5);
    }

    @Test
    void theAggregateIsRoundedToNineDecimalsSoThatSumsOfTenthsAreExact() {
        Criteria a = SAFE.withName("a");
        Criteria b = SAFE.withName("b");
        Criteria c = SAFE.withName("c");
        MultiCriteria multi =
                MultiCriteria.builder().add(a, 0.1).add(b, 0.2).add(c, 0.7).build();

        double score = multi.aggregate(results(
                        DirectResult.of(a, "Yes", ""), DirectResult.of(b, "Yes", ""), DirectResult.of(c, "No", "")))
                .score();

        assertThat(score).isEqualTo(0.3);
    }

    @Test
    void aTargetOptionScoresOneWhenSelectedAndZeroOtherwiseAndNeedsNoScores() {
        MultiCriteria multi = MultiCriteria.of(
                MultiCriteriaItem.of(TONE).withWeight(0.5).withTargetOption("friendly"),
                MultiCriteriaItem.of(SAFE).withWeight(0.5));

        assertThat(multi.items().get(0).targetOption()).isEqualTo("Friendly");
        assertThat(multi.aggregate(results(DirectResult.of(TONE, "Friendly", ""), DirectResult.of(SAFE, "Yes", "")))
                        .score())
                .isEqualTo(1.0);
        MultiCriteriaResult missed =
                multi.aggregate(results(DirectResult.of(TONE, "Neutral", ""), DirectResult.of(SAFE, "Yes", "")));
        assertThat(missed.score()).isEqualTo(0.5);
        assertThat(missed.item("tone").orElseThrow().strategy()).isEqualTo(MultiCriteriaItem.Strategy.TARGET_OPTION);
        assertThat(missed.item("tone").orElseThrow().fellShort()).isTrue();
    }

    @Test
    void aTargetOptionMustBeAnOptionOfItsCriteria() {
        assertThatIllegalArgumentException()
                .isThrownBy(() -> MultiCriteriaItem.of(TONE).withTargetOption("Warm"))
                .withMessageContaining("targetOption 'Warm' is not an option of criteria 'tone'")
                .withMessageContaining("'Friendly', 'Neutral', 'Hostile'");
    }

    @Test
    void aThresholdScoresOneAtOrAboveItOnTheNormalisedScale() {
        MultiCriteria multi =
                MultiCriteria.of(MultiCriteriaItem.of(QUALITY).withWeight(1.0).withScoreThreshold(0.75));

        assertThat(multi.aggregate(results(DirectResult.of(QUALITY, "Good", "")))
                        .score())
                .as("Good normalises to exactly 0.75: at the threshold counts")
                .isEqualTo(1.0);
        assertThat(multi.aggregate(results(DirectResult.of(QUALITY, "Fair", "")))
                        .score())
                .isEqualTo(0.0);
    }

    @Test
    void aThresholdIsOnTheOptionsOwnScaleWhenNormalisationIsOff() {
        MultiCriteria multi = new MultiCriteria(
                List.of(MultiCriteriaItem.of(QUALITY).withWeight(1.0).withScoreThreshold(4)), false);

        assertThat(multi.aggregate(results(DirectResult.of(QUALITY, "Good", "")))
                        .score())
                .isEqualTo(1.0);
        assertThat(multi.aggregate(results(DirectResult.of(QUALITY, "Fair", "")))
                        .score())
                .isEqualTo(0.0);
    }

    @Test
    void aThresholdOutsideTheScoreRangeIsAnError() {
        assertThatIllegalArgumentException()
                .isThrownBy(() -> MultiCriteria.of(
                        MultiCriteriaItem.of(QUALITY).withWeight(1.0).withScoreThreshold(4)))
                .withMessageContaining("scoreThreshold 4.0, outside its score range 0.0 to 1.0")
                .withMessageContaining("normalised");
    }

    @Test
    void targetOptionAndThresholdTogetherAreAnError() {
        assertThatIllegalArgumentException()
                .isThrownBy(
                        () -> MultiCriteriaItem.of(SAFE).withTargetOption("Yes").withScoreThreshold(0.5))
                .withMessageContaining("both targetOption 'Yes' and scoreThreshold 0.5");
    }

    @Test
    void aRequiredCriteriaThatFallsShortMakesTheAggregateZero() {
        MultiCriteria multi = MultiCriteria.of(
                MultiCriteriaItem.of(SAFE)
                        .withWeight(0.2)
                        .withTargetOption("Yes")
                        .asRequired(),
                MultiCriteriaItem.of(QUALITY).withWeight(0.8));

        MultiCriteriaResult unsafe =
                multi.aggregate(results(DirectResult.of(SAFE, "No", ""), DirectResult.of(QUALITY, "Excellent", "")));
        MultiCriteriaResult safe =
                multi.aggregate(results(DirectResult.of(SAFE, "Yes", ""), DirectResult.of(QUALITY, "Excellent", "")));

        assertThat(unsafe.score()).isZero();
        assertThat(unsafe.requiredFailures())
                .extracting(MultiCriteriaResult.Item::criteriaName)
                .containsExactly("safe");
        assertThat(unsafe.weightedScores())
                .as("the per-criterion scores are still reported")
                .containsEntry("quality", 0.8);
        assertThat(safe.score()).isEqualTo(1.0);
        assertThat(safe.requiredFailures()).isEmpty();
    }

    @Test
    void aRequiredScoreCriteriaFallsShortBelowTheBestOption() {
        MultiCriteria multi = MultiCriteria.of(
                MultiCriteriaItem.of(QUALITY).withWeight(0.5).asRequired(),
                MultiCriteriaItem.of(SAFE).withWeight(0.5));

        assertThat(multi.aggregate(results(DirectResult.of(QUALITY, "Good", ""), DirectResult.of(SAFE, "Yes", "")))
                        .score())
                .isZero();
        assertThat(multi.aggregate(results(DirectResult.of(QUALITY, "Excellent", ""), DirectResult.of(SAFE, "No", "")))
                        .score())
                .isEqualTo(0.5);
    }

    @Test
    void aRequiredThresholdCriteriaFallsShortBelowTheThreshold() {
        MultiCriteria multi = MultiCriteria.of(
                MultiCriteriaItem.of(QUALITY)
                        .withWeight(0.5)
                        .withScoreThreshold(0.5)
                        .asRequired(),
                MultiCriteriaItem.of(SAFE).withWeight(0.5));

        assertThat(multi.aggregate(results(DirectResult.of(QUALITY, "Fair", ""), DirectResult.of(SAFE, "Yes", "")))
                        .score())
                .as("Fair = 0.5 normalised meets 0.5")
                .isEqualTo(1.0);
        assertThat(multi.aggregate(results(DirectResult.of(QUALITY, "Poor", ""), DirectResult.of(SAFE, "Yes", "")))
                        .score())
                .isZero();
    }

    @Test
    void aRequiredCriteriaWithWeightZeroStillCounts() {
        // EvalAssist compares the weighted score with the weight, so with weight 0 its required check never fires.
        MultiCriteria multi = MultiCriteria.of(
                MultiCriteriaItem.of(SAFE)
                        .withWeight(0.0)
                        .withTargetOption("Yes")
                        .asRequired(),
                MultiCriteriaItem.of(QUALITY).withWeight(1.0));

        assertThat(multi.aggregate(results(DirectResult.of(SAFE, "No", ""), DirectResult.of(QUALITY, "Excellent", "")))
                        .score())
                .isZero();
    }

    @Test
    void withoutAnyWeightsEachCriteriaWeighsOneNth() {
        Criteria other = SAFE.withName("other");
        MultiCriteria multi = MultiCriteria.equalWeights(QUALITY, SAFE, other);

        assertThat(multi.items()).extracting(MultiCriteriaItem::weight).containsOnly(1.0 / 3);
        assertThat(multi.aggregate(List.of(
                                DirectResult.of(QUALITY, "Excellent", ""),
                                DirectResult.of(SAFE, "Yes", ""),
                                DirectResult.of(other, "No", "")))
                        .score())
                .isCloseTo(2.0 / 3, within(1e-9));
    }

    @Test
    void mixingItemsWithAndWithoutWeightsIsAnError() {
        assertThatIllegalArgumentException()
                .isThrownBy(() ->
                        MultiCriteria.builder().add(QUALITY, 1.0).add(SAFE).build())
                .withMessageContaining("'safe' have none")
                .withMessageContaining("give every criteria a weight");
    }

    @Test
    void weightsThatDoNotSumToOneAreAnErrorThatSuggestsScaledWeights() {
        assertThatIllegalArgumentException()
                .isThrownBy(() -> MultiCriteria.builder()
                        .add(QUALITY, 0.5)
                        .add(SAFE, 0.25)
                        .build())
                .withMessageContaining("sum to 0.75, but must sum to 1: quality=0.5, safe=0.25")
                .withMessageContaining("e.g. quality=0.6667, safe=0.3333");
    }

    @Test
    void aWeightOutsideZeroToOneIsAnError() {
        assertThatIllegalArgumentException()
                .isThrownBy(() -> MultiCriteriaItem.of(SAFE).withWeight(2))
                .withMessageContaining("'safe' has weight 2.0, but weights go from 0 to 1");
    }

    @Test
    void criteriaWhoseScoresAreCountedNeedScoresOnEveryOption() {
        assertThatIllegalArgumentException()
                .isThrownBy(() -> MultiCriteria.equalWeights(TONE, SAFE))
                .withMessageContaining("need a score on every option")
                .withMessageContaining("'tone'")
                .withMessageContaining("targetOption");
        assertThatIllegalArgumentException()
                .isThrownBy(() -> MultiCriteria.of(
                        MultiCriteriaItem.of(TONE).withWeight(1.0).withScoreThreshold(0.5)))
                .withMessageContaining("'tone'");
    }

    @Test
    void optionsThatAllScoreTheSameCannotBeNormalised() {
        Criteria flat = Criteria.builder("flat")
                .description("?")
                .option("A", "", 1.0)
                .option("B", "", 1.0)
                .build();

        assertThatIllegalArgumentException()
                .isThrownBy(() -> MultiCriteria.equalWeights(flat))
                .withMessageContaining("'flat' cannot be normalised to 0-1: all its options score 1.0")
                .withMessageContaining("normalizeScores false");
    }

    @Test
    void optionsThatAllScoreTheSameWorkWithATargetOptionOrWithoutNormalisation() {
        Criteria flat = Criteria.builder("flat")
                .description("?")
                .option("A", "", 1.0)
                .option("B", "", 1.0)
                .build();

        assertThat(MultiCriteria.of(MultiCriteriaItem.of(flat).withWeight(1.0).withTargetOption("B"))
                        .aggregate(results(DirectResult.of(flat, "B", "")))
                        .score())
                .isEqualTo(1.0);
        assertThat(new MultiCriteria(List.of(MultiCriteriaItem.of(flat)), false)
                        .aggregate(results(DirectResult.of(flat, "A", "")))
                        .score())
                .isEqualTo(1.0);
    }

    @Test
    void aMeanScoreFromSelfConsistencyIsNormalisedLikeAnOptionScore() {
        DirectResult mean = new DirectResult(QUALITY, "Excellent", 4.5, "", null, null, 2, 0.5, null);

        assertThat(MultiCriteria.equalWeights(QUALITY).aggregate(results(mean)).score())
                .isEqualTo(0.875);
    }

    @Test
    void aResultWithoutTheScoreAnItemNeedsIsAnError() {
        DirectResult noScore = new DirectResult(QUALITY, "Good", null, "", null, null, 1, 1.0, null);

        assertThatIllegalArgumentException()
                .isThrownBy(() -> MultiCriteria.equalWeights(QUALITY).aggregate(results(noScore)))
                .withMessageContaining("result for criteria 'quality' has no score");
    }

    @Test
    void missingAndUnexpectedResultsAreNamed() {
        MultiCriteria multi = MultiCriteria.equalWeights(QUALITY, SAFE);

        assertThatIllegalArgumentException()
                .isThrownBy(() -> multi.aggregate(Map.of(
                        "quality", DirectResult.of(QUALITY, "Good", ""), "Safe", DirectResult.of(SAFE, "Yes", ""))))
                .withMessageContaining("Missing results for: 'safe'")
                .withMessageContaining("Results for criteria it does not have: 'Safe'");
    }

    @Test
    void aResultJudgedWithOtherOptionsIsAnError() {
        Criteria otherSafe = Criteria.builder("safe")
                .description("?")
                .option("Safe", "", 1)
                .option("Unsafe", "", 0)
                .build();

        assertThatIllegalArgumentException()
                .isThrownBy(() ->
                        MultiCriteria.equalWeights(SAFE).aggregate(List.of(DirectResult.of(otherSafe, "Safe", ""))))
                .withMessageContaining("selected 'Safe', which is not one of its options in the multi-criteria");
    }

    @Test
    void criteriaNamesMustBeUniqueAndThereMustBeAtLeastOne() {
        assertThatIllegalArgumentException()
                .isThrownBy(() -> MultiCriteria.equalWeights(SAFE, SAFE))
                .withMessageContaining("lists criteria 'safe' more than once");
        assertThatIllegalArgumentException()
                .isThrownBy(() -> MultiCriteria.builder().build())
                .withMessageContaining("has no criteria");
    }
}
