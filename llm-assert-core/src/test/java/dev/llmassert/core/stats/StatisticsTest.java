package dev.llmassert.core.stats;

import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;

import java.util.Arrays;
import java.util.Random;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

/**
 * Checks {@link Statistics} and {@link Summary} against values from the literature or computed independently (by hand,
 * or with SciPy 1.17: {@code scipy.stats.t.ppf}, {@code scipy.stats.norm.ppf}, {@code scipy.stats.binomtest}).
 */
class StatisticsTest {

    private static final double EXACT = 1e-12;

    /** z(0.95) + z(0.8) = 1.6448536 + 0.8416212 (scipy.stats.norm.ppf). */
    private static final double Z_SUM = 2.4864748605243863;

    @Nested
    class SummaryOf {

        @Test
        void summarisesASample() {
            // mean 0.54; squared deviations 0.1156 + 0.0196 + 0.0016 + 0.0256 + 0.1296 = 0.292; s = sqrt(0.292 / 4)
            Summary summary = Summary.of(new double[] {0.2, 0.4, 0.5, 0.7, 0.9});

            assertThat(summary.n()).isEqualTo(5);
            assertThat(summary.mean()).isCloseTo(0.54, within(EXACT));
            assertThat(summary.min()).isEqualTo(0.2);
            assertThat(summary.max()).isEqualTo(0.9);
            assertThat(summary.sum()).isCloseTo(2.7, within(EXACT));
            assertThat(summary.standardDeviation()).isCloseTo(Math.sqrt(0.073), within(EXACT));
        }

        @Test
        void anEmptySampleHasNoMeanAndASumOfZero() {
            Summary summary = Summary.of(new double[0]);

            assertThat(summary.n()).isZero();
            assertThat(summary.mean()).isNaN();
            assertThat(summary.min()).isNaN();
            assertThat(summary.max()).isNaN();
            assertThat(summary.standardDeviation()).isNaN();
            assertThat(summary.sum()).isZero();
        }

        @Test
        void oneValueHasAStandardDeviationOfZero() {
            assertThat(Summary.of(new double[] {0.7})).isEqualTo(new Summary(1, 0.7, 0.7, 0.7, 0.7, 0));
        }

        @Test
        void rejectsNaN() {
            assertThatIllegalArgumentException()
                    .isThrownBy(() -> Summary.of(new double[] {0.5, Double.NaN}))
                    .withMessageContaining("Value 2 of 2")
                    .withMessageContaining("NaN")
                    .withMessageContaining("Fix:");
        }
    }

    @Nested
    class Wilson {

        @Test
        void matchesWallisExample() {
            // Wallis (2013), "Binomial confidence intervals and contingency tests": 81 of 263 at 95%.
            Interval interval = Statistics.wilson(81, 263, 0.95);

            assertThat(interval.lower()).isCloseTo(0.2553, within(1e-4));
            assertThat(interval.upper()).isCloseTo(0.3662, within(1e-4));
            assertThat(interval.level()).isEqualTo(0.95);
            assertThat(interval.method()).isEqualTo("wilson");
        }

        @Test
        void noSuccessesStartAtZero() {
            // upper = (z²/n) / (1 + z²/n) = 0.384146 / 1.384146 with z = 1.959964
            Interval interval = Statistics.wilson(0, 10, 0.95);

            assertThat(interval.lower()).isZero();
            assertThat(interval.upper()).isCloseTo(0.2775328, within(1e-6));
        }

        @Test
        void allSuccessesEndAtOne() {
            Interval interval = Statistics.wilson(10, 10, 0.95);

            assertThat(interval.lower()).isCloseTo(0.7224672, within(1e-6));
            assertThat(interval.upper()).isEqualTo(1.0);
        }

        @Test
        void aLowerLevelGivesANarrowerInterval() {
            Interval ninety = Statistics.wilson(81, 263, 0.90);
            Interval ninetyFive = Statistics.wilson(81, 263, 0.95);

            assertThat(ninety.lower()).isGreaterThan(ninetyFive.lower());
            assertThat(ninety.upper()).isLessThan(ninetyFive.upper());
        }

        @Test
        void rejectsMoreSuccessesThanTrials() {
            assertThatIllegalArgumentException()
                    .isThrownBy(() -> Statistics.wilson(11, 10, 0.95))
                    .withMessageContaining("11 successes in 10 trials")
                    .withMessageContaining("Fix:");
        }

        @Test
        void rejectsNoTrials() {
            assertThatIllegalArgumentException()
                    .isThrownBy(() -> Statistics.wilson(0, 0, 0.95))
                    .withMessageContaining("at least one trial");
        }

        @Test
        void rejectsALevelGivenInPercent() {
            assertThatIllegalArgumentException()
                    .isThrownBy(() -> Statistics.wilson(5, 10, 1.5))
                    .withMessageContaining("1.5")
                    .withMessageContaining("strictly between 0 and 1")
                    .withMessageContaining("0.95");
            assertThatIllegalArgumentException()
                    .isThrownBy(() -> Statistics.wilson(5, 10, Double.NaN))
                    .withMessageContaining("NaN");
        }
    }

    @Nested
    class TInterval {

        @Test
        void matchesAHandComputation() {
            // mean = 0.54, s = sqrt(0.292 / 4) = 0.2701851, s / sqrt(5) = 0.1208305
            // t(0.975, 4) = 2.776445, half-width = 2.776445 * 0.1208305 = 0.3354792
            // [0.54 - 0.3354792, 0.54 + 0.3354792] = [0.2045208, 0.8754792]
            Interval interval = Statistics.t(new double[] {0.2, 0.4, 0.5, 0.7, 0.9}, 0.95);

            assertThat(interval.lower()).isCloseTo(0.2045208, within(1e-6));
            assertThat(interval.upper()).isCloseTo(0.8754792, within(1e-6));
            assertThat(interval.method()).isEqualTo("t");
        }

        @Test
        void equalValuesGiveAPointInterval() {
            assertThat(Statistics.t(new double[] {0.3, 0.3, 0.3}, 0.95)).isEqualTo(new Interval(0.3, 0.3, 0.95, "t"));
        }

        @Test
        void oneValueGivesNoInterval() {
            assertThat(Statistics.t(new double[] {0.4}, 0.95)).isEqualTo(new Interval(0.4, 0.4, 0.95, "none"));
        }

        @Test
        void rejectsAnEmptySample() {
            assertThatIllegalArgumentException()
                    .isThrownBy(() -> Statistics.t(new double[0], 0.95))
                    .withMessageContaining("empty");
        }
    }

    @Nested
    class Bootstrap {

        private final double[] scores = {
            0.91, 0.35, 0.72, 0.88, 0.15, 0.64, 0.97, 0.58, 0.43, 0.79,
            0.66, 0.21, 0.84, 0.93, 0.52, 0.47, 0.76, 0.69, 0.31, 0.99
        };

        @Test
        void theSameSeedGivesTheSameInterval() {
            Interval first = Statistics.bootstrap(scores, 0.95, 2000, 42L);
            Interval second = Statistics.bootstrap(scores.clone(), 0.95, 2000, 42L);

            assertThat(second).isEqualTo(first);
            assertThat(first.method()).isEqualTo("bootstrap");
        }

        @Test
        void anotherSeedGivesASlightlyDifferentInterval() {
            Interval first = Statistics.bootstrap(scores, 0.95, 2000, 42L);
            Interval other = Statistics.bootstrap(scores, 0.95, 2000, 43L);

            assertThat(other).isNotEqualTo(first);
            assertThat(other.lower()).isCloseTo(first.lower(), within(0.03));
            assertThat(other.upper()).isCloseTo(first.upper(), within(0.03));
        }

        @Test
        void containsTheMeanAndStaysWithinTheData() {
            double mean = Summary.of(scores).mean();

            Interval interval = Statistics.bootstrap(scores, 0.95, 2000, 7L);

            assertThat(interval.lower()).isLessThan(mean).isGreaterThanOrEqualTo(0.15);
            assertThat(interval.upper()).isGreaterThan(mean).isLessThanOrEqualTo(0.99);
        }

        @Test
        void isCloseToTheTIntervalForALargeSample() {
            // 1,000 draws from Uniform(0, 1): the mean is nearly normal, so both intervals agree closely
            // (half-width about 1.96 * 0.2887 / sqrt(1000) = 0.018; Monte Carlo error of the bounds about 0.0006).
            Random random = new Random(20240601L);
            double[] sample = new double[1000];
            for (int i = 0; i < sample.length; i++) {
                sample[i] = random.nextDouble();
            }

            Interval bootstrap = Statistics.bootstrap(sample, 0.95, 2000, 1L);
            Interval t = Statistics.t(sample, 0.95);

            assertThat(bootstrap.lower()).isCloseTo(t.lower(), within(0.003));
            assertThat(bootstrap.upper()).isCloseTo(t.upper(), within(0.003));
        }

        @Test
        void oneValueGivesNoInterval() {
            assertThat(Statistics.bootstrap(new double[] {0.6}, 0.95, 2000, 1L))
                    .isEqualTo(new Interval(0.6, 0.6, 0.95, "none"));
        }

        @Test
        void rejectsZeroResamples() {
            assertThatIllegalArgumentException()
                    .isThrownBy(() -> Statistics.bootstrap(scores, 0.95, 0, 1L))
                    .withMessageContaining("resamples is 0");
        }
    }

    @Nested
    class MeanInterval {

        @Test
        void passFailValuesGetAWilsonInterval() {
            double[] outcomes = new double[10];
            Arrays.fill(outcomes, 0, 7, 1.0);

            assertThat(Statistics.isBinary(outcomes)).isTrue();
            assertThat(Statistics.meanInterval(outcomes, 0.95)).isEqualTo(Statistics.wilson(7, 10, 0.95));
        }

        @Test
        void scoresGetAReproducibleBootstrapInterval() {
            double[] scores = {0.9, 0.8, 1.0, 0.7, 0.95, 0.5, 1.0, 0.85};

            Interval first = Statistics.meanInterval(scores, 0.95);
            Interval second = Statistics.meanInterval(scores.clone(), 0.95);

            assertThat(Statistics.isBinary(scores)).isFalse();
            assertThat(first.method()).isEqualTo("bootstrap");
            assertThat(second).isEqualTo(first);
            assertThat(first.lower()).isGreaterThanOrEqualTo(0.5);
            assertThat(first.upper()).isLessThanOrEqualTo(1.0);
        }

        @Test
        void equalScoresGetTheWilsonIntervalOfTheirMeanNotACertainty() {
            double[] scores = {0.8, 0.8, 0.8, 0.8, 0.8};

            Interval interval = Statistics.meanInterval(scores, 0.95);

            // Wilson at p = 0.8, n = 5, z = 1.959964: centre (0.8 + 0.384146) / 1.768293 = 0.669655, half width
            // 1.959964 / 1.768293 * sqrt(0.032 + 0.038415) = 0.294121 -> [0.375535, 0.963776]
            assertThat(interval.method()).isEqualTo("wilson");
            assertThat(interval.lower()).isCloseTo(0.375535, within(1e-5));
            assertThat(interval.upper()).isCloseTo(0.963776, within(1e-5));
            // equal 1s are binary: the same as the plain Wilson interval of 5 of 5
            assertThat(Statistics.meanInterval(new double[] {1, 1, 1, 1, 1}, 0.95))
                    .isEqualTo(Statistics.wilson(5, 5, 0.95));
        }

        @Test
        void anEmptyArrayIsNotBinary() {
            assertThat(Statistics.isBinary(new double[0])).isFalse();
        }
    }

    @Nested
    class SignTest {

        @Test
        void matchesExactBinomialProbabilities() {
            assertThat(Statistics.signTestPValue(5, 0)).isCloseTo(1.0 / 32, within(EXACT));
            assertThat(Statistics.signTestPValue(4, 1)).isCloseTo(6.0 / 32, within(EXACT));
            assertThat(Statistics.signTestPValue(0, 5)).isCloseTo(1.0, within(EXACT));
            // P(X >= 7), X ~ Binomial(10, 0.5) = (120 + 45 + 10 + 1) / 1024
            assertThat(Statistics.signTestPValue(7, 3)).isCloseTo(176.0 / 1024, within(EXACT));
        }

        @Test
        void noDiscordantPairsGiveOne() {
            assertThat(Statistics.signTestPValue(0, 0)).isEqualTo(1.0);
        }

        @Test
        void rejectsNegativeCounts() {
            assertThatIllegalArgumentException()
                    .isThrownBy(() -> Statistics.signTestPValue(-1, 2))
                    .withMessageContaining("worse is -1");
        }
    }

    @Nested
    class PassFailComparison {

        @Test
        void eightNewFailuresAreASignificantRegression() {
            // 20 items: 8 pass -> fail, none fail -> pass, 12 tied. p = P(X >= 8 | Binomial(8, 0.5)) = 1/256.
            double[] baseline = new double[20];
            double[] current = new double[20];
            Arrays.fill(baseline, 0, 14, 1.0);
            Arrays.fill(current, 8, 14, 1.0);

            PairedComparison comparison = Statistics.comparePaired(baseline, current, 0.95, 0.05);

            assertThat(comparison.method()).isEqualTo("mcnemar-exact");
            assertThat(comparison.n()).isEqualTo(20);
            assertThat(comparison.worse()).isEqualTo(8);
            assertThat(comparison.better()).isZero();
            assertThat(comparison.pValue())
                    .isCloseTo(1.0 / 256, within(EXACT))
                    .isEqualTo(Statistics.signTestPValue(8, 0));
            assertThat(comparison.significantRegression()).isTrue();
            assertThat(comparison.baselineMean()).isCloseTo(0.7, within(EXACT));
            assertThat(comparison.currentMean()).isCloseTo(0.3, within(EXACT));
            assertThat(comparison.meanDifference()).isCloseTo(-0.4, within(EXACT));
            assertThat(comparison.differenceInterval()).isEqualTo(Statistics.t(difference(baseline, current), 0.95));
            assertThat(comparison.differenceInterval().upper()).isLessThan(0);
            // sd of the differences (8 × -1, 12 × 0) = sqrt(4.8 / 19) = 0.5026247; MDD = 2.4864749 · 0.5026247 / √20
            assertThat(comparison.minimumDetectableDrop()).isCloseTo(0.2794556, within(1e-6));
        }

        @Test
        void threeNewFailuresAndOneFixAreNotSignificant() {
            // discordant pairs: 3 worse, 1 better; p = P(X >= 3 | Binomial(4, 0.5)) = 5/16
            double[] baseline = {1, 1, 1, 0, 1, 1, 0, 1, 1, 1};
            double[] current = {0, 0, 0, 1, 1, 1, 0, 1, 1, 1};

            PairedComparison comparison = Statistics.comparePaired(baseline, current, 0.95, 0.05);

            assertThat(comparison.worse()).isEqualTo(3);
            assertThat(comparison.better()).isEqualTo(1);
            assertThat(comparison.pValue())
                    .isCloseTo(5.0 / 16, within(EXACT))
                    .isEqualTo(Statistics.signTestPValue(3, 1));
            assertThat(comparison.significantRegression()).isFalse();
        }

        @Test
        void tenTiedPairsCannotDetectAFivePointDrop() {
            // No discordant pair, so the sd of the differences is 0 and the stand-in 0.5 is used:
            // MDD = 2.4864749 · 0.5 / √10 = 0.3931462; pairs = ceil((2.4864749 · 0.5 / 0.05)²) = ceil(618.26) = 619
            double[] outcomes = {1, 1, 1, 1, 1, 0, 0, 1, 1, 1};

            PairedComparison comparison = Statistics.comparePaired(outcomes, outcomes.clone(), 0.95, 0.05);

            assertThat(comparison.pValue()).isEqualTo(1.0);
            assertThat(comparison.significantRegression()).isFalse();
            assertThat(comparison.minimumDetectableDrop())
                    .isCloseTo(Z_SUM * 0.5 / Math.sqrt(10), within(EXACT))
                    .isCloseTo(0.393, within(5e-4));
            assertThat(comparison.requiredPairs()).isEqualTo(619);
            assertThat(comparison.underpowered()).isTrue();
        }

        @Test
        void tenTiedPairsCanDetectAHalfPointDrop() {
            // MDD 0.393 < 0.5; pairs = ceil((2.4864749 · 0.5 / 0.5)²) = ceil(6.18) = 7
            double[] outcomes = {1, 1, 1, 1, 1, 0, 0, 1, 1, 1};

            PairedComparison comparison = Statistics.comparePaired(outcomes, outcomes.clone(), 0.95, 0.5);

            assertThat(comparison.requiredPairs()).isEqualTo(7);
            assertThat(comparison.underpowered()).isFalse();
        }
    }

    @Nested
    class ScoreComparison {

        private final double[] baseline = {0.9, 0.8, 0.85, 0.95, 0.7, 0.9, 0.8, 0.75, 0.9, 0.85};
        private final double[] drops = {-0.1, -0.3, -0.2, -0.1, -0.3, -0.2, -0.1, -0.3, -0.2, -0.2};

        private double[] current() {
            double[] current = new double[baseline.length];
            for (int i = 0; i < current.length; i++) {
                current[i] = baseline[i] + drops[i];
            }
            return current;
        }

        @Test
        void aClearDropIsASignificantRegression() {
            PairedComparison comparison = Statistics.comparePaired(baseline, current(), 0.95, 0.05);

            assertThat(comparison.method()).isEqualTo("paired-bootstrap");
            assertThat(comparison.worse()).isEqualTo(10);
            assertThat(comparison.better()).isZero();
            assertThat(comparison.meanDifference()).isCloseTo(-0.2, within(1e-9));
            // every resampled mean difference is negative: the bootstrap's p = (0 + 1) / (2000 + 1); the sign test on
            // 10 worse and 0 better gives 1/1024, the larger, so that is the p-value
            assertThat(comparison.pValue()).isCloseTo(1.0 / 1024, within(EXACT));
            assertThat(comparison.significantRegression()).isTrue();
            assertThat(comparison.differenceInterval().method()).isEqualTo("bootstrap");
            assertThat(comparison.differenceInterval().lower()).isGreaterThanOrEqualTo(-0.3 - 1e-9);
            assertThat(comparison.differenceInterval().upper()).isLessThan(-0.1);
            // sd of the drops = sqrt(0.06 / 9) = 0.0816497; MDD = 2.4864749 · 0.0816497 / √10 = 0.0642005;
            // pairs = ceil((2.4864749 · 0.0816497 / 0.05)²) = ceil(16.49) = 17
            assertThat(comparison.minimumDetectableDrop()).isCloseTo(0.0642005, within(1e-6));
            assertThat(comparison.requiredPairs()).isEqualTo(17);
            assertThat(comparison.underpowered()).isTrue();
        }

        @Test
        void fourEqualDropsAreNotSignificantOnTheBootstrapAlone() {
            double[] before = {0.9, 0.8, 0.7, 0.6};
            double[] after = {0.65, 0.55, 0.45, 0.35};

            PairedComparison comparison = Statistics.comparePaired(before, after, 0.95, 0.05);

            // the bootstrap alone would say 1/2001; the exact sign test on 4 worse, 0 better says 1/16
            assertThat(comparison.pValue()).isCloseTo(1.0 / 16, within(EXACT));
            assertThat(comparison.significantRegression()).isFalse();
        }

        @Test
        void theSameDataGiveTheSameComparison() {
            PairedComparison first = Statistics.comparePaired(baseline, current(), 0.95, 0.05);
            PairedComparison second = Statistics.comparePaired(baseline.clone(), current(), 0.95, 0.05);

            assertThat(second).isEqualTo(first);
        }

        @Test
        void identicalScoresAreNoRegression() {
            PairedComparison comparison = Statistics.comparePaired(baseline, baseline.clone(), 0.95, 0.05);

            assertThat(comparison.pValue()).isEqualTo(1.0);
            assertThat(comparison.significantRegression()).isFalse();
            assertThat(comparison.worse()).isZero();
            assertThat(comparison.better()).isZero();
            assertThat(comparison.differenceInterval()).isEqualTo(new Interval(0, 0, 0.95, "bootstrap"));
        }

        @Test
        void balancedChangesAreNotSignificant() {
            double[] current = baseline.clone();
            for (int i = 0; i < current.length; i++) {
                current[i] += i % 2 == 0 ? -0.05 : 0.05;
            }

            PairedComparison comparison = Statistics.comparePaired(baseline, current, 0.95, 0.05);

            assertThat(comparison.worse()).isEqualTo(5);
            assertThat(comparison.better()).isEqualTo(5);
            assertThat(comparison.pValue()).isGreaterThan(0.2);
            assertThat(comparison.significantRegression()).isFalse();
            assertThat(comparison.differenceInterval().lower()).isNegative();
            assertThat(comparison.differenceInterval().upper()).isPositive();
        }

        @Test
        void equalDropsUseTheLargerSampleSdForPower() {
            // every difference is exactly -0.25, so sd_d = 0; the stand-in is sd(baseline) = sd(current)
            // = sd(0.25, 0.5, 0.75, 1.0) = sqrt(0.3125 / 3) = 0.3227486; MDD = 2.4864749 · 0.3227486 / √4 = 0.4012532
            double[] baseline = {0.5, 0.75, 0.25, 1.0};
            double[] current = {0.25, 0.5, 0.0, 0.75};

            PairedComparison comparison = Statistics.comparePaired(baseline, current, 0.95, 0.05);

            assertThat(comparison.minimumDetectableDrop()).isCloseTo(0.4012532, within(1e-6));
            assertThat(comparison.requiredPairs()).isEqualTo(258);
            assertThat(comparison.underpowered()).isTrue();
        }
    }

    @Nested
    class BadPairedInput {

        @Test
        void rejectsMismatchedLengths() {
            assertThatIllegalArgumentException()
                    .isThrownBy(() -> Statistics.comparePaired(new double[] {1, 0, 1}, new double[] {1, 0}, 0.95, 0.05))
                    .withMessageContaining("baseline has 3 values and the current run 2")
                    .withMessageContaining("Fix:");
        }

        @Test
        void rejectsEmptyArrays() {
            assertThatIllegalArgumentException()
                    .isThrownBy(() -> Statistics.comparePaired(new double[0], new double[0], 0.95, 0.05))
                    .withMessageContaining("baseline array is empty");
        }

        @Test
        void rejectsNaN() {
            assertThatIllegalArgumentException()
                    .isThrownBy(() ->
                            Statistics.comparePaired(new double[] {1, 0}, new double[] {Double.NaN, 0}, 0.95, 0.05))
                    .withMessageContaining("Value 1 of 2 in the current array is NaN");
        }

        @Test
        void rejectsALevelOutsideZeroToOne() {
            assertThatIllegalArgumentException()
                    .isThrownBy(() -> Statistics.comparePaired(new double[] {1, 0}, new double[] {1, 0}, 1.5, 0.05))
                    .withMessageContaining("confidence level is 1.5");
        }

        @Test
        void rejectsANonPositiveDrop() {
            assertThatIllegalArgumentException()
                    .isThrownBy(() -> Statistics.comparePaired(new double[] {1, 0}, new double[] {1, 0}, 0.95, 0))
                    .withMessageContaining("dropToDetect is 0.0");
        }
    }

    private static double[] difference(double[] baseline, double[] current) {
        double[] difference = new double[baseline.length];
        for (int i = 0; i < difference.length; i++) {
            difference[i] = current[i] - baseline[i];
        }
        return difference;
    }

    @Nested
    class DeclaredKinds {

        @Test
        void aCountGetsTheExactPoissonIntervalWithPublishedValues() {
            // Garwood's exact 95% limits: 0 events [0, 3.689], 1 [0.0253, 5.572], 10 [4.795, 18.39]
            assertThat(Statistics.poisson(0, 1, 0.95).upper()).isCloseTo(3.689, within(0.001));
            assertThat(Statistics.poisson(0, 1, 0.95).lower()).isZero();
            assertThat(Statistics.poisson(1, 1, 0.95).lower()).isCloseTo(0.0253, within(0.0001));
            assertThat(Statistics.poisson(1, 1, 0.95).upper()).isCloseTo(5.572, within(0.001));
            assertThat(Statistics.poisson(10, 1, 0.95).lower()).isCloseTo(4.795, within(0.001));
            assertThat(Statistics.poisson(10, 1, 0.95).upper()).isCloseTo(18.39, within(0.01));
            // over 10 items the mean count's limits are a tenth
            assertThat(Statistics.poisson(10, 10, 0.95).upper()).isCloseTo(1.839, within(0.001));
        }

        @Test
        void aCountOfZerosAndOnesIsNoRateAndAScoreOfZerosAndOnesNoRateEither() {
            double[] values = {0, 1, 0, 0, 1, 0, 0, 0, 0, 1};

            assertThat(Statistics.meanInterval(values, 0.95).method())
                    .as("guessed")
                    .isEqualTo("wilson");
            assertThat(Statistics.meanInterval(values, 0.95, null).method()).isEqualTo("wilson");
            assertThat(Statistics.meanInterval(values, 0.95, MeasurementKind.RATE)
                            .method())
                    .isEqualTo("wilson");
            Interval count = Statistics.meanInterval(values, 0.95, MeasurementKind.COUNT);
            assertThat(count.method()).isEqualTo("poisson");
            assertThat(count).isEqualTo(Statistics.poisson(3, 10, 0.95));
            assertThat(Statistics.meanInterval(values, 0.95, MeasurementKind.SCORE)
                            .method())
                    .isEqualTo("bootstrap");
            assertThat(Statistics.meanInterval(new double[] {0, 0, 0}, 0.95, MeasurementKind.COUNT)
                            .upper())
                    .as("no events in three items is no certainty")
                    .isCloseTo(3.689 / 3, within(0.001));
        }

        @Test
        void valuesThatDoNotFitTheDeclaredKindSayWhatToDeclare() {
            assertThatThrownBy(() -> Statistics.meanInterval(new double[] {0, 0.5, 1}, 0.95, MeasurementKind.RATE))
                    .isInstanceOf(IllegalArgumentException.class)
                    .hasMessageContaining("declared a rate, but holds 0.5")
                    .hasMessageContaining("declare it MeasurementKind.SCORE");
            assertThatThrownBy(() -> Statistics.meanInterval(new double[] {1, 2.5}, 0.95, MeasurementKind.COUNT))
                    .hasMessageContaining("declared a count, but holds 2.5");
            assertThatThrownBy(() -> MeasurementKind.of("ratio"))
                    .hasMessage("'ratio' is no measurement kind. Fix: " + "use rate, count or score.");
        }
    }
}
