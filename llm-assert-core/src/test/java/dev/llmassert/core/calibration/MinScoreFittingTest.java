package dev.llmassert.core.calibration;

import dev.llmassert.core.calibration.MinScoreFitting.Choice;
import dev.llmassert.core.calibration.MinScoreFitting.End;
import org.apache.commons.rng.simple.RandomSource;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import java.util.Arrays;
import java.util.stream.IntStream;

import static org.assertj.core.api.Assertions.assertThat;

class MinScoreFittingTest {

    @Test
    void separableScoresGetTheBarInTheGapBetweenTheLabelsNearestTheCurrentOne() {
        double[] scores = {0.2, 0.35, 0.41, 0.66, 0.8, 0.95};
        boolean[] yes = {false, false, false, true, true, true};

        // the labels are apart, so the noise is nil and only the gap (0.41, 0.66] is as good as the best
        assertThat(MinScoreFitting.fit(scores, yes, 0.5))
                .extracting(Choice::minScore, Choice::kept, Choice::best, Choice::standardError)
                .containsExactly(0.5, true, 1.0, 0.0);
        // from outside the gap: its shortest decimal nearest the current bar
        assertThat(MinScoreFitting.fit(scores, yes, 0.7))
                .extracting(Choice::minScore, Choice::kept, Choice::atCurrent, Choice::end)
                .containsExactly(0.6, false, (2 / 3.0 + 1) / 2, End.NONE);
        assertThat(MinScoreFitting.fit(scores, yes, 0.2).minScore()).isEqualTo(0.5);
    }

    @Test
    void ofEquallyGoodGapsTheOneNearestTheCurrentBarIsTaken() {
        // the balanced accuracy is 0.75 with a bar in (0.1, 0.3] and in (0.5, 0.7], 0.5 elsewhere; one standard
        // error of the best, 0.177, leaves out the gaps at 0.5
        double[] scores = {0.1, 0.3, 0.5, 0.7};
        boolean[] yes = {false, true, false, true};

        assertThat(MinScoreFitting.fit(scores, yes, 0.65).minScore()).isEqualTo(0.65);
        assertThat(MinScoreFitting.fit(scores, yes, 0.9).minScore()).isEqualTo(0.7);
        assertThat(MinScoreFitting.fit(scores, yes, 0.05).minScore()).isEqualTo(0.2);
        // between the two, as near to each: the lower
        assertThat(MinScoreFitting.fit(scores, yes, 0.4).minScore()).isEqualTo(0.3);
    }

    @Test
    void theCurrentBarStaysWhenNoBarIsBetterByMoreThanTheNoiseOfTheRows() {
        // 20 rows of each label; a bar of 0.6 passes one yes row (0.65) more than 0.7 does: 0.025 better, less than
        // one standard error (0.048)
        double[] scores = new double[40];
        boolean[] yes = new boolean[40];
        for (int i = 0; i < 20; i++) {
            yes[i] = true;
            scores[i] = i < 19 ? 0.75 + i * 0.01 : 0.65;
            scores[20 + i] = i < 15 ? 0.1 + i * 0.01 : 0.8;
        }

        Choice choice = MinScoreFitting.fit(scores, yes, 0.7);

        assertThat(choice.kept()).isTrue();
        assertThat(choice.minScore()).isEqualTo(0.7);
        assertThat(choice.best() - choice.atCurrent()).isPositive().isLessThan(choice.standardError());
    }

    @Test
    void aBarIsNeverAboveOne() {
        double[] scores = {1.0, 1.0, 1.0, 0.9};
        boolean[] yes = {false, false, true, true};

        assertThat(MinScoreFitting.fit(scores, yes, 1.0).minScore()).isBetween(0.0, 1.0);
    }

    @Test
    void aBarMovedToAnEndOfTheScaleSaysSo() {
        // only the yes rows score 1: the best bar passes only perfect scores, and nothing nearer 0.7 comes close
        double[] scores = {1.0, 1.0, 1.0, 1.0, 0.99, 0.98, 0.97, 0.96};
        boolean[] yes = {true, true, true, true, false, false, false, false};
        double[] apart = {0.8, 0.85, 0.9, 0.95, 0.1, 0.2, 0.3, 0.4};

        assertThat(MinScoreFitting.fit(scores, yes, 0.7))
                .extracting(Choice::minScore, Choice::end)
                .containsExactly(1.0, End.ONLY_PERFECT_SCORES_PASS);
        assertThat(MinScoreFitting.fit(apart, yes, 0.9))
                .extracting(Choice::minScore, Choice::end)
                .containsExactly(0.8, End.NONE);
        // the yes rows score lower than the no rows: passing every row is the best a bar does
        boolean[] reversed = {false, false, false, false, true, true, true, true};
        assertThat(MinScoreFitting.fit(new double[] {1.0, 1.0, 1.0, 1.0, 0.1, 0.2, 0.3, 0.4}, reversed, 0.7))
                .extracting(Choice::minScore, Choice::end)
                .containsExactly(0.0, End.EVERY_ROW_PASSES);
    }

    @ParameterizedTest(name = "({0}, {1}] -> {2}")
    @CsvSource({
        "0.6213, 0.659, 0.64",
        "0.6213, 0.6214, 0.6214",
        "0.3, 0.9, 0.6",
        "0.1, 0.2, 0.2",
        "0.69999, 0.7, 0.7",
        "-1, 0.05, 0"
    })
    void aBarIsTheShortestDecimalInItsGapNearestTheMiddle(double below, double above, double bar) {
        assertThat(MinScoreFitting.shortestDecimal(below, above)).isEqualTo(bar);
    }

    @Test
    void foldsAreStratifiedSeededAndBalanced() {
        boolean[] yes = new boolean[23];
        for (int i = 0; i < 17; i++) {
            yes[i] = true;
        }

        int[] folds = MinScoreFitting.folds(yes, 5, 42);

        for (int f = 0; f < 5; f++) {
            int fold = f;
            long yesInFold = IntStream.range(0, 23)
                    .filter(i -> folds[i] == fold && yes[i])
                    .count();
            long noInFold = IntStream.range(0, 23)
                    .filter(i -> folds[i] == fold && !yes[i])
                    .count();
            assertThat(yesInFold).isBetween(3L, 4L);
            assertThat(noInFold).isBetween(1L, 2L);
        }
        assertThat(MinScoreFitting.folds(yes, 5, 42)).isEqualTo(folds);
        assertThat(Arrays.equals(MinScoreFitting.folds(yes, 5, 43), folds))
                .as("another seed, another split")
                .isFalse();
    }

    @Test
    void heldOutVerdictsUseTheBarOfTheOtherFolds() {
        double[] scores = {0.1, 0.2, 0.3, 0.7, 0.8, 0.9, 0.15, 0.85};
        boolean[] yes = {false, false, false, true, true, true, false, true};
        double[] bars = new double[2];

        boolean[] passed = MinScoreFitting.heldOut(scores, yes, MinScoreFitting.folds(yes, 2, 1), 2, 0.5, bars);

        for (int i = 0; i < scores.length; i++) {
            assertThat(passed[i]).isEqualTo(yes[i]);
        }
        assertThat(Arrays.stream(bars).boxed())
                .allSatisfy(bar -> assertThat(bar).isBetween(0.2, 0.8));
    }

    @Test
    void aResampleOfTheWholeFitIsSeededAndNeedsTwoRowsOfEachLabel() {
        double[] scores = {0.1, 0.2, 0.3, 0.7, 0.8, 0.9, 0.15, 0.85, 0.5, 0.55};
        boolean[] yes = {false, false, false, true, true, true, false, true, false, true};
        int[] order = MinScoreFitting.order(scores);

        double first = MinScoreFitting.resampledHeldOut(
                scores, yes, order, 5, 0.7, RandomSource.XO_RO_SHI_RO_128_PP.create(3L));
        double again = MinScoreFitting.resampledHeldOut(
                scores, yes, order, 5, 0.7, RandomSource.XO_RO_SHI_RO_128_PP.create(3L));

        assertThat(first).isBetween(0.0, 1.0).isEqualTo(again);
        // one row of a label: every resample draws it alone, too few to fold
        assertThat(MinScoreFitting.resampledHeldOut(
                        new double[] {0.1, 0.8, 0.9},
                        new boolean[] {false, true, true},
                        new int[] {0, 1, 2},
                        5,
                        0.7,
                        RandomSource.XO_RO_SHI_RO_128_PP.create(3L)))
                .isNaN();
    }
}
