package dev.llmassert.core.groundedness;

import dev.llmassert.core.groundedness.LabelledSets.Item;
import dev.llmassert.core.groundedness.LabelledSets.LabelledSet;
import dev.llmassert.core.groundedness.internal.Confidence;
import dev.llmassert.core.groundedness.internal.Scoring;
import dev.llmassert.core.groundedness.internal.Support;

import java.util.ArrayList;
import java.util.List;

/**
 * The labelled responses of the sets as the confidence sees them: each response's label, its sentences' features and
 * scores, and the judge's verdict on it (a bare {@code isGroundedIn}: the mean of the sentence scores at the bar).
 * A response of several sentences is decided locally in a cascade only when every one of its sentences is.
 *
 * <p>Only a response of one sentence has a label that is its sentence's: the confidence is fitted on those, and its
 * calibration measured on them.
 */
final class ConfidenceUnits {

    private ConfidenceUnits() {}

    /** One labelled response. */
    record Unit(boolean grounded, double[][] features, double[] scores) {

        /** The judge's verdict: the mean of its sentences' scores at the bar (a response of no claim passes). */
        boolean passes() {
            double sum = 0;
            for (double s : scores) {
                sum += s;
            }
            return scores.length == 0 || sum / scores.length >= Scoring.THRESHOLD;
        }

        boolean right() {
            return passes() == grounded;
        }

        /** Whether the response is one sentence that makes a claim, so that its label is that sentence's. */
        boolean single() {
            return scores.length == 1;
        }
    }

    /** The units of one set. */
    record UnitSet(String name, List<Unit> units) {}

    static List<UnitSet> of(List<LabelledSet> sets, Scoring scoring) {
        List<UnitSet> out = new ArrayList<>(sets.size());
        for (LabelledSet set : sets) {
            List<Unit> units = new ArrayList<>(set.items().size());
            for (Item item : set.items()) {
                int n = item.supports().size();
                double[][] x = new double[n][];
                double[] scores = new double[n];
                for (int i = 0; i < n; i++) {
                    Support s = item.supports().get(i);
                    scores[i] = scoring.score(s);
                    x[i] = Confidence.features(s, scores[i]);
                }
                units.add(new Unit(item.grounded(), x, scores));
            }
            out.add(new UnitSet(set.name(), units));
        }
        return out;
    }

    /** The lowest confidence of a sentence of {@code unit}: the response stays local when it reaches the minimum. */
    static double leastSure(Confidence model, Unit unit) {
        double least = 1;
        for (double[] x : unit.features()) {
            least = Math.min(least, model.agrees(x));
        }
        return least;
    }
}
