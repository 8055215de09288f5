package dev.llmassert.core.groundedness.internal;

import org.apiguardian.api.API;

import static org.apiguardian.api.API.Status.INTERNAL;

/**
 * Why the local judge is unsure of its verdict on a sentence, in the words a failure message, the verdict table and
 * the run report show after "unsure (0.42): ". They name what lowers the confidence ({@link Confidence}): the
 * entailment model and the wording rules pulling two ways, both of them against the verdict, a score near the bar,
 * or no reading by the model.
 */
@API(status = INTERNAL, since = "0.1")
public final class Doubts {

    /** The entailment model reads the sentence one way, the wording rules (the judge without the model) the other. */
    public static final String DISAGREE = "the model and the wording disagree";

    /** Both the entailment model and the wording rules argue against the verdict the score gives. */
    public static final String AGAINST = "the model and the wording both argue against its score";

    /** The score is close to the bar, where a little evidence more or less turns the verdict. */
    public static final String NEAR_THE_BAR = "its score is near the bar";

    /** The entailment model did not read the sentence (not English, or no model). */
    public static final String UNREAD = "the model did not read it";

    /** A score within this of the bar is near it. */
    static final double NEAR = 0.15;

    private Doubts() {}

    /** Why the judge is unsure of its verdict on the sentence it measured as {@code s} and scored {@code score}. */
    public static String of(Support s, double score) {
        double[] x = Confidence.features(s, score);
        boolean read = !Double.isNaN(s.entailment());
        if (read) {
            // the second and third features: the wording's and the model's readings, turned towards the verdict
            boolean wordingFor = x[1] >= 0;
            boolean modelFor = x[2] >= 0;
            if (wordingFor != modelFor) {
                return DISAGREE;
            }
            if (!wordingFor) {
                return AGAINST;
            }
        }
        if (Math.abs(score - Scoring.THRESHOLD) < NEAR || read) {
            return NEAR_THE_BAR;
        }
        return UNREAD;
    }
}
