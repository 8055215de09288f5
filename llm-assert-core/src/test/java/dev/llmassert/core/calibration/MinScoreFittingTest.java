package dev.llmassert.core.calibration;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import java.util.Arrays;
import java.util.stream.IntStream;

import static org.assertj.core.api.Assertions.assertThat;

class MinScoreFittingTest {

    private static int[] all(int n) {
        return IntStream.range(0, n).toArray();
    }

    @Test
    void separableScoresGetABarInTheGapBetweenTheLabels() {
        double[] scores = {0.2, 0.35, 0.41, 0.66, 0.8, 0.95};
        boolean[] yes = {false, false, false, true, true, true};

        assertThat(MinScoreFitting.fit(scores, yes, all(6))).isEqualTo(0.5);
    }

    @Test
    void theBestOfSeveralEqualGapsIsTheMedianOne() {
        // the balanced accuracy is 0.75 with a bar in (0.1, 0.3] and in (0.5, 0.7], 0.5 elsewhere: of the two best
        // gaps the lower median, the first, is taken
        double[] scores = {0.1, 0.3, 0.5, 0.7, 0.6, 0.62};
        boolean[] yes = {false, true, false, true, false, true};

        assertThat(MinScoreFitting.fit(scores, yes, all(4))).isEqualTo(0.2);
        // with two more rows, one gap is best: (0.6, 0.62]
        assertThat(MinScoreFitting.fit(scores, yes, all(6))).isEqualTo(0.61);
    }

    @Test
    void aBarIsNeverAboveOne() {
        double[] scores = {1.0, 1.0, 1.0, 0.9};
        boolean[] yes = {false, false, true, true};

        assertThat(MinScoreFitting.fit(scores, yes, all(4))).isBetween(0.0, 1.0);
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

        boolean[] passed = MinScoreFitting.heldOut(scores, yes, MinScoreFitting.folds(yes, 2, 1), 2, bars);

        for (int i = 0; i < scores.length; i++) {
            assertThat(passed[i]).isEqualTo(yes[i]);
        }
        assertThat(Arrays.stream(bars).boxed())
                .allSatisfy(bar -> assertThat(bar).isBetween(0.2, 0.8));
    }
}
