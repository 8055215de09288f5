package dev.llmassert.core.stats;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

/**
 * The hand-written formulas against published values: the MOVER interval against Newcombe's, Cohen's kappa against
 * the worked examples of its definition; and the library-backed figures against counts made by hand.
 */
class AgreementStatisticsTest {

    /**
     * Newcombe, "Interval estimation for the difference between independent proportions: comparison of eleven
     * methods", Statistics in Medicine 17 (1998) 873-890, Table II, method 10 (the score method: the Wilson intervals
     * of both proportions combined). The difference p1 - p2 is the sum of p1 and -p2, whose interval is [-u2, -l2].
     */
    @ParameterizedTest(name = "{0}/{1} - {2}/{3}: [{4}, {5}]")
    @CsvSource({
        "56, 70, 48, 80, 0.0524, 0.3339",
        "9, 10, 3, 10, 0.1705, 0.8090",
        "5, 56, 0, 29, -0.0381, 0.1926",
        "0, 10, 0, 20, -0.1611, 0.2775",
        "10, 10, 0, 20, 0.6791, 1.0000"
    })
    void theMoverIntervalOfTwoWilsonIntervalsIsNewcombesScoreInterval(
            int x1, int n1, int x2, int n2, double lower, double upper) {
        Interval first = Statistics.wilson(x1, n1, 0.95);
        Interval second = Statistics.wilson(x2, n2, 0.95);
        double p1 = (double) x1 / n1;
        double p2 = (double) x2 / n2;

        double[] bounds = AgreementStatistics.moverSum(
                new double[] {p1, -p2},
                new double[] {first.lower(), -second.upper()},
                new double[] {first.upper(), -second.lower()});

        assertThat(bounds[0]).isCloseTo(lower, within(0.00005));
        assertThat(bounds[1]).isCloseTo(upper, within(0.00005));
    }

    /**
     * The worked examples of Cohen's kappa (Wikipedia, "Cohen's kappa": 50 grant proposals, κ = 0.4; and the two
     * tables of 100 with the same agreement, 0.60, and different kappas, 0.1304 and 0.2593).
     */
    @ParameterizedTest(name = "[[{0}, {1}], [{2}, {3}]]: kappa {4}")
    @CsvSource({"20, 5, 10, 15, 0.4", "45, 15, 25, 15, 0.1304", "25, 35, 5, 35, 0.2593"})
    void kappaOfThePublishedExamples(int yesYes, int yesNo, int noYes, int noNo, double kappa) {
        assertThat(AgreementStatistics.kappa(new int[][] {{yesYes, yesNo}, {noYes, noNo}}))
                .isCloseTo(kappa, within(0.00005));
    }

    @Test
    void kappaOfThreeOptionsCountedByHand() {
        // po = 0.73; row shares 0.4, 0.35, 0.25; column shares 0.4, 0.4, 0.2; pe = 0.16 + 0.14 + 0.05 = 0.35
        int[][] confusion = {{32, 6, 2}, {6, 26, 3}, {2, 8, 15}};

        assertThat(AgreementStatistics.kappa(confusion)).isCloseTo((0.73 - 0.35) / 0.65, within(1e-12));
    }

    @Test
    void kappaIsUndefinedWhenBothSidesUsedOneLabel() {
        assertThat(AgreementStatistics.kappa(new int[][] {{12, 0}, {0, 0}})).isNaN();
        assertThat(AgreementStatistics.kappa(
                        new int[] {0, 0, 0}, new int[] {0, 0, 0}, 2, 0.95, 1, AgreementStatistics.RESAMPLES))
                .isNull();
    }

    @Test
    void theBalancedAccuracyIsTheMeanRecallWithItsMoverInterval() {
        int[][] confusion = {{40, 10}, {6, 14}};
        List<Estimate> recalls = AgreementStatistics.recalls(confusion, 0.95);

        Estimate balanced = AgreementStatistics.balancedAccuracy(recalls, 0.95);

        assertThat(recalls).extracting(Estimate::n).containsExactly(50, 20);
        assertThat(recalls.get(0).value()).isEqualTo(0.8);
        assertThat(recalls.get(0).interval()).isEqualTo(Statistics.wilson(40, 50, 0.95));
        assertThat(balanced.value()).isCloseTo(0.75, within(1e-12));
        assertThat(balanced.n()).isEqualTo(70);
        assertThat(balanced.interval().method()).isEqualTo("wilson-mover");
        // half the MOVER interval of the sum of the two recalls
        Interval yes = Statistics.wilson(40, 50, 0.95);
        Interval no = Statistics.wilson(14, 20, 0.95);
        double below = Math.hypot(0.8 - yes.lower(), 0.7 - no.lower());
        double above = Math.hypot(yes.upper() - 0.8, no.upper() - 0.7);
        assertThat(balanced.interval().lower()).isCloseTo(0.75 - below / 2, within(1e-12));
        assertThat(balanced.interval().upper()).isCloseTo(0.75 + above / 2, within(1e-12));
    }

    @Test
    void theAucIsTheShareOfYesNoPairsInTheRightOrderTiesCountingHalf() {
        double[] yes = {0.9, 0.8, 0.6, 0.4};
        double[] no = {0.7, 0.4, 0.2};
        // pairs in order: 0.9 > all 3, 0.8 > all 3, 0.6 > 0.4 and 0.2, 0.4 > 0.2 and ties 0.4: 3 + 3 + 2 + 1.5 = 9.5
        Estimate auc = AgreementStatistics.auc(yes, no, 0.95, 7, AgreementStatistics.RESAMPLES);

        assertThat(auc.value()).isCloseTo(9.5 / 12, within(1e-12));
        assertThat(auc.interval().method()).isEqualTo("bootstrap");
        assertThat(auc.interval().lower()).isBetween(0.0, auc.value());
        assertThat(auc.interval().upper()).isBetween(auc.value(), 1.0);
        assertThat(AgreementStatistics.auc(yes, no, 0.95, 7, AgreementStatistics.RESAMPLES))
                .as("seeded: the same data give the same interval")
                .isEqualTo(auc);
    }

    @Test
    void theKappaBootstrapIsSeededAndHoldsTheEstimate() {
        int[] labels = {0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 0, 1, 0, 1, 1, 0};
        int[] judged = {0, 0, 0, 1, 0, 0, 1, 1, 0, 1, 0, 1, 0, 1, 1, 1};

        Estimate kappa = AgreementStatistics.kappa(labels, judged, 2, 0.95, 3, AgreementStatistics.RESAMPLES);

        assertThat(kappa.value())
                .isCloseTo(AgreementStatistics.kappa(AgreementStatistics.confusion(labels, judged, 2)), within(1e-12));
        assertThat(kappa.interval().lower()).isLessThan(kappa.value());
        assertThat(kappa.interval().upper()).isGreaterThan(kappa.value()).isLessThanOrEqualTo(1.0);
        assertThat(AgreementStatistics.kappa(labels, judged, 2, 0.95, 3, AgreementStatistics.RESAMPLES))
                .isEqualTo(kappa);
    }
}
