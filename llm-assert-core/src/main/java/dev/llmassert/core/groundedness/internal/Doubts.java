package dev.llmassert.core.groundedness.internal;

import org.apiguardian.api.API;

import static org.apiguardian.api.API.Status.INTERNAL;

/**
 * Why the local judge is unsure of its verdict on a sentence, in the words a failure message, the verdict table and
 * the run report show after "unsure (0.58): ": the first that applies of its evidence pulling two ways, a score near
 * the bar, a model that cannot decide, evidence that is weak, and a long sentence.
 */
@API(status = INTERNAL, since = "0.1")
public final class Doubts {

    /** The entailment model reads the sentence one way, the wording rules or the score the other. */
    public static final String DISAGREE = "the model and the wording disagree";

    /** The score is close to the bar, where a little evidence more or less turns the verdict. */
    public static final String NEAR_THE_BAR = "its score is near the bar";

    /** The entailment model's probability is near one half. */
    public static final String MODEL_UNDECIDED = "the model cannot decide";

    /** The best source sentence is only loosely related. */
    public static final String WEAK_EVIDENCE = "its evidence is weak";

    /** A long sentence holds several claims, and the judge reads them as one. */
    public static final String LONG = "a long sentence with several claims";

    /** None of the above: a sentence of a kind the judge often misjudges. */
    public static final String OFTEN_MISJUDGED = "sentences like it are often misjudged";

    /** A score within this of the bar is near it. */
    static final double NEAR = 0.1;

    /** A sentence with more content words than this is long. */
    static final int LONG_SENTENCE = 20;

    private Doubts() {}

    /** Why the judge is unsure of its verdict on the sentence it measured as {@code s} and scored {@code score}. */
    public static String of(Support s, double score) {
        boolean read = !Double.isNaN(s.entailment());
        boolean passes = score >= Scoring.THRESHOLD;
        Departures d = s.departures();
        boolean wording = d.negatedWord() != null
                || s.negationMismatch()
                || d.opposite() != null
                || d.recombined() > 0
                || d.recombinedContent() > 0;
        if (read) {
            boolean confirms = s.entailment() >= 0.5;
            if (confirms != passes || confirms && wording) {
                return DISAGREE;
            }
        }
        if (Math.abs(score - Scoring.THRESHOLD) < NEAR) {
            return NEAR_THE_BAR;
        }
        if (read && s.entailment() > 0.2 && s.entailment() < 0.8) {
            return MODEL_UNDECIDED;
        }
        if (Scoring.evidence(s) < Scoring.WEAK_MATCH) {
            return WEAK_EVIDENCE;
        }
        if (s.contentWords() > LONG_SENTENCE) {
            return LONG;
        }
        return OFTEN_MISJUDGED;
    }
}
