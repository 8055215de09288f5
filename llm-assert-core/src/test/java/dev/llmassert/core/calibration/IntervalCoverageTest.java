package dev.llmassert.core.calibration;

import dev.llmassert.core.dataset.LabelledItem;
import dev.llmassert.core.eval.EvaluationSettings;
import dev.llmassert.core.groundedness.GroundednessJudge;
import dev.llmassert.core.groundedness.GroundednessVerdict;
import dev.llmassert.core.groundedness.SentenceVerdict;
import dev.llmassert.core.stats.Interval;
import org.apache.commons.rng.UniformRandomProvider;
import org.apache.commons.rng.simple.RandomSource;
import org.apache.commons.statistics.distribution.BetaDistribution;
import org.apache.commons.statistics.distribution.ContinuousDistribution;
import org.junit.jupiter.api.TestReporter;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The intervals hold their confidence: 1,000 calibrations, each on rows simulated from a judge whose true agreement
 * is known, through the public API ({@link Calibrator} and a judge), and the share whose interval covers the truth.
 *
 * <p>A simulated judge scores a row labelled yes from one Beta distribution and a row labelled no from another, so
 * its true recall of yes at a bar {@code b} is {@code P(score >= b | yes)} and of no {@code P(score < b | no)}: the
 * true balanced accuracy at any bar is known exactly. Checked at 95%:
 * <ul>
 *   <li>the held-out balanced accuracy against the true agreement of the held-out verdicts: each row judged at the
 *       bar of its fold, so the truth is the mean of each fold's true recalls, weighted by the fold's rows;</li>
 *   <li>the in-sample balanced accuracy at a bar fixed in advance (the current bar) against the truth at that
 *       bar;</li>
 *   <li>the held-out lower bound against the truth at the bar fitted on every row, the bar a team applies: a gate
 *       on the lower bound must not pass a judge that is worse than it says more often than the level allows.</li>
 * </ul>
 * The simulations are seeded, so the test gives the same figures on every run.
 */
class IntervalCoverageTest {

    private static final int SIMULATIONS = 1_000;
    private static final double LEVEL = 0.95;
    private static final double REQUIRED = 0.93;
    /** A 95% two-sided interval leaves 2.5% above its lower bound's side. */
    private static final double REQUIRED_BELOW = 0.965;

    private static final double FIXED_BAR = 0.5;

    /** Scores the row by the number its response carries. */
    private static final GroundednessJudge JUDGE = new GroundednessJudge() {
        @Override
        public GroundednessVerdict judge(String response, List<String> sources) {
            return GroundednessVerdict.of(
                    List.of(new SentenceVerdict(0, response, Double.parseDouble(response), null)),
                    name(),
                    null,
                    false,
                    Duration.ZERO);
        }

        @Override
        public String name() {
            return "simulated";
        }
    };

    @ParameterizedTest(name = "{0} yes and {1} no rows, yes ~ Beta({2}, {3}), no ~ Beta({4}, {5})")
    @CsvSource({"60, 40, 5, 2, 2, 5", "150, 50, 3, 2, 2, 3"})
    void atLeast93Of100CalibrationsCoverTheTrueBalancedAccuracy(
            int yesRows,
            int noRows,
            double yesAlpha,
            double yesBeta,
            double noAlpha,
            double noBeta,
            TestReporter reporter) {
        ContinuousDistribution yes = BetaDistribution.of(yesAlpha, yesBeta);
        ContinuousDistribution no = BetaDistribution.of(noAlpha, noBeta);
        UniformRandomProvider random = RandomSource.XO_RO_SHI_RO_128_PP.create(20_261_125L + yesRows);
        ContinuousDistribution.Sampler yesScores = yes.createSampler(random);
        ContinuousDistribution.Sampler noScores = no.createSampler(random);
        double truthAtFixedBar = balancedAccuracy(yes, no, FIXED_BAR);

        int heldOutCovered = 0;
        int fixedCovered = 0;
        int lowerBelowFittedTruth = 0;
        double width = 0;
        for (int s = 0; s < SIMULATIONS; s++) {
            List<LabelledItem> rows = new ArrayList<>(yesRows + noRows);
            for (int i = 0; i < yesRows; i++) {
                rows.add(row("y" + i, yesScores.sample(), "yes"));
            }
            for (int i = 0; i < noRows; i++) {
                rows.add(row("n" + i, noScores.sample(), "no"));
            }
            // the figures checked here take no bootstrap: the fewest resamples keep the test quick
            Calibrator calibrator = Calibrator.builder()
                    .currentMinScore(FIXED_BAR)
                    .seed(s)
                    .bootstrapResamples(Calibrator.MIN_RESAMPLES)
                    .settings(EvaluationSettings.defaults().withConcurrency(1).withConfidence(LEVEL))
                    .build();

            Calibration calibration = calibrator.calibrate(JUDGE, rows);

            Interval heldOut = calibration.agreement().balancedAccuracy().interval();
            double truth = heldOutTruth(calibration, yes, no);
            heldOutCovered += heldOut.lower() <= truth && truth <= heldOut.upper() ? 1 : 0;
            double fittedTruth =
                    balancedAccuracy(yes, no, calibration.fittedMinScore().minScore());
            lowerBelowFittedTruth += heldOut.lower() <= fittedTruth ? 1 : 0;
            Interval fixed = calibration.atCurrentMinScore().balancedAccuracy().interval();
            fixedCovered += fixed.lower() <= truthAtFixedBar && truthAtFixedBar <= fixed.upper() ? 1 : 0;
            width += heldOut.upper() - heldOut.lower();
        }

        double heldOutCoverage = (double) heldOutCovered / SIMULATIONS;
        double fixedCoverage = (double) fixedCovered / SIMULATIONS;
        double lowerBelow = (double) lowerBelowFittedTruth / SIMULATIONS;
        String figures = String.format(
                Locale.ROOT,
                "%d yes, %d no: held out %.3f, at a fixed bar %.3f, lower bound "
                        + "below the truth at the fitted bar %.3f; mean width %.3f",
                yesRows,
                noRows,
                heldOutCoverage,
                fixedCoverage,
                lowerBelow,
                width / SIMULATIONS);
        reporter.publishEntry("coverage", figures);
        System.out.println("Interval coverage, " + figures);
        assertThat(heldOutCoverage)
                .as("held-out intervals covering the true agreement of the held-out verdicts")
                .isGreaterThanOrEqualTo(REQUIRED);
        assertThat(fixedCoverage)
                .as("in-sample intervals covering the truth at a fixed bar")
                .isGreaterThanOrEqualTo(REQUIRED);
        assertThat(lowerBelow)
                .as("held-out lower bounds at or below the truth at the bar fitted on every row")
                .isGreaterThanOrEqualTo(REQUIRED_BELOW);
    }

    private static LabelledItem row(String id, double score, String label) {
        return LabelledItem.of(id, Double.toString(score), label).withContext("sources", "-");
    }

    /** The true balanced accuracy at {@code bar}: the mean of P(score >= bar | yes) and P(score < bar | no). */
    private static double balancedAccuracy(ContinuousDistribution yes, ContinuousDistribution no, double bar) {
        return (yes.survivalProbability(bar) + no.cumulativeProbability(bar)) / 2;
    }

    /** The true agreement of the held-out verdicts: each row's true chance of being judged right at its fold's bar. */
    private static double heldOutTruth(Calibration calibration, ContinuousDistribution yes, ContinuousDistribution no) {
        List<Double> bars = calibration.fittedMinScore().foldMinScores();
        double recallYes = 0;
        double recallNo = 0;
        int yesCount = 0;
        int noCount = 0;
        for (JudgedRow row : calibration.rows()) {
            double bar = bars.get(row.fold());
            if (row.label().equals(Calibration.YES)) {
                recallYes += yes.survivalProbability(bar);
                yesCount++;
            } else {
                recallNo += no.cumulativeProbability(bar);
                noCount++;
            }
        }
        return (recallYes / yesCount + recallNo / noCount) / 2;
    }
}
