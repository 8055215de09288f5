package dev.llmassert.core.calibration;

import dev.llmassert.core.stats.AgreementStatistics;
import dev.llmassert.core.stats.Estimate;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * The figures of a calibration from its judged rows: agreements (at one bar, held out, or of options), the curve of
 * the agreement against the bar, and the area under the ROC curve.
 */
final class AgreementFigures {

    /** The groundedness labels, in the order of the confusion matrix: yes, then no. */
    static final List<String> BINARY = List.of(Calibration.YES, Calibration.NO);

    /** The curve's bars: 0 to 1 in steps of this. */
    static final double CURVE_STEP = 0.01;

    private AgreementFigures() {}

    /** The agreement of groundedness rows at {@code bar}, every row at the same bar. */
    static Agreement inSample(List<JudgedRow> rows, double bar, double level, long seed, int resamples) {
        int[] labels = new int[rows.size()];
        int[] judged = new int[rows.size()];
        for (int i = 0; i < rows.size(); i++) {
            labels[i] = Calibration.YES.equals(rows.get(i).label()) ? 0 : 1;
            judged[i] = MinScoreFitting.passes(rows.get(i).score(), bar) ? 0 : 1;
        }
        return agreement(Agreement.IN_SAMPLE, bar, BINARY, labels, judged, level, seed, resamples);
    }

    /** The agreement of groundedness verdicts already taken, e.g. held out: {@code passed[i]} for row i. */
    static Agreement binary(String basis, boolean[] yes, boolean[] passed, double level, long seed, int resamples) {
        int[] labels = new int[yes.length];
        int[] judged = new int[yes.length];
        for (int i = 0; i < yes.length; i++) {
            labels[i] = yes[i] ? 0 : 1;
            judged[i] = passed[i] ? 0 : 1;
        }
        return agreement(basis, null, BINARY, labels, judged, level, seed, resamples);
    }

    /**
     * The agreement of the pairs {@code (labels[i], judged[i])}, indices into {@code names}: the confusion matrix,
     * each label's recall, the balanced accuracy, the accuracy and kappa, each with its interval.
     */
    static Agreement agreement(
            String basis,
            Double bar,
            List<String> names,
            int[] labels,
            int[] judged,
            double level,
            long seed,
            int resamples) {
        int[][] confusion = AgreementStatistics.confusion(labels, judged, names.size());
        List<LabelAgreement> recalls = recalls(names, confusion, level);
        return new Agreement(
                basis,
                bar,
                labels.length,
                AgreementStatistics.balancedAccuracy(
                        recalls.stream().map(LabelAgreement::recall).toList(), level),
                AgreementStatistics.accuracy(confusion, level),
                AgreementStatistics.kappa(labels, judged, names.size(), level, seed, resamples),
                recalls,
                ConfusionMatrix.of(names, confusion, level));
    }

    /** Each label's recall, with its Wilson interval; {@code null} for a label with no rows. */
    static List<LabelAgreement> recalls(List<String> labels, int[][] confusion, double level) {
        List<Estimate> recalls = AgreementStatistics.recalls(confusion, level);
        List<LabelAgreement> agreements = new ArrayList<>(labels.size());
        for (int i = 0; i < labels.size(); i++) {
            agreements.add(new LabelAgreement(
                    labels.get(i), Arrays.stream(confusion[i]).sum(), recalls.get(i)));
        }
        return agreements;
    }

    /** The in-sample agreement at each bar from 0 to 1. */
    static List<CurvePoint> curve(double[] scores, boolean[] yes) {
        int positives = 0;
        for (boolean label : yes) {
            positives += label ? 1 : 0;
        }
        int negatives = yes.length - positives;
        int steps = (int) Math.round(1 / CURVE_STEP);
        List<CurvePoint> curve = new ArrayList<>(steps + 1);
        for (int step = 0; step <= steps; step++) {
            double bar = step / (double) steps;
            int yesPassed = 0;
            int noFailed = 0;
            for (int i = 0; i < scores.length; i++) {
                boolean passed = MinScoreFitting.passes(scores[i], bar);
                yesPassed += yes[i] && passed ? 1 : 0;
                noFailed += !yes[i] && !passed ? 1 : 0;
            }
            double recallYes = (double) yesPassed / positives;
            double recallNo = (double) noFailed / negatives;
            curve.add(new CurvePoint(bar, (recallYes + recallNo) / 2, recallYes, recallNo));
        }
        return curve;
    }

    /** The area under the ROC curve of the scores, rows labelled yes against rows labelled no. */
    static Estimate auc(double[] scores, boolean[] yes, double level, long seed, int resamples) {
        double[] positives = new double[count(yes, true)];
        double[] negatives = new double[yes.length - positives.length];
        int p = 0;
        int q = 0;
        for (int i = 0; i < scores.length; i++) {
            if (yes[i]) {
                positives[p++] = scores[i];
            } else {
                negatives[q++] = scores[i];
            }
        }
        return AgreementStatistics.auc(positives, negatives, level, seed, resamples);
    }

    static int count(boolean[] values, boolean wanted) {
        int count = 0;
        for (boolean value : values) {
            count += value == wanted ? 1 : 0;
        }
        return count;
    }
}
