package dev.llmassert.core.groundedness.internal;

import org.apiguardian.api.API;

import java.util.List;

import static org.apiguardian.api.API.Status.INTERNAL;

/**
 * How sure the local judge is of its verdict on a sentence: the probability that a person agrees with it, fitted on
 * labelled sets of seven kinds of text, each left out in turn ({@code ConfidenceFit} in the tests;
 * docs/local-judge.md, round 10).
 *
 * <p>The model is a logistic regression of "the verdict agrees with the person's label" on {@link #features}, read
 * from what the judge already measured: how far the score lies from the bar, and whether the judge's wording rules
 * alone (the judge without its entailment model, {@link Scoring#WITH_EMBEDDINGS}) reach the same verdict; the other
 * features are candidates the fit weighed and left at zero (docs/local-judge.md says what each was worth). It is
 * fitted on the labelled responses of one sentence, whose label is that sentence's.
 *
 * @param weights   the weight of each of {@link #FEATURES}, or {@code null} for a judge without a model
 * @param intercept the intercept of the regression
 */
@API(status = INTERNAL, since = "0.1")
public record Confidence(double[] weights, double intercept) {

    /** The names of the features, in the order of {@link #features}. */
    public static final List<String> FEATURES = List.of(
            "distance from the bar",
            "the wording agrees",
            "the model agrees",
            "no model reading",
            "log words",
            "invented fact",
            "passes");

    /**
     * The confidence from which a verdict stands by default: a verdict stands when it is at least as likely right as
     * wrong. Chosen by leaving one set out as the highest minimum, from 0.50, at which each of the six sets fitted on
     * keeps at least half of its responses local: 0.50 or 0.51 in every fold, and 0.50 on all seven.
     */
    public static final double DEFAULT_MIN_CONFIDENCE = 0.5;

    /** A judge that gives no confidence: every verdict's is {@code NaN}. */
    public static final Confidence NONE = new Confidence(null, Double.NaN);

    /**
     * The judge with the entailment model (the default judge), fitted by {@code ConfidenceFit} on the seven shared
     * sets with the first four features (chosen by leaving one set out; refitted on 2026-11-28 after the judge read
     * quantities as values: the model reads every sentence, so "no model reading" weighs nothing).
     */
    public static final Confidence WITH_ENTAILMENT =
            new Confidence(new double[] {2.2156, 0.4706, 0.2470, 0, 0, 0, 0}, -0.0754);

    /** The highest logit of the entailment probability a feature takes: 1e-4 from 0 or 1. */
    private static final double LOGIT_CAP = 9.2;

    public Confidence {
        if (weights != null) {
            if (weights.length != FEATURES.size()) {
                throw new IllegalArgumentException(
                        "weights must have " + FEATURES.size() + " values, but has " + weights.length);
            }
            weights = weights.clone();
        }
    }

    /** The confidence model of a judge that scores by {@code scoring}; {@link #NONE} for one not fitted. */
    public static Confidence of(Scoring scoring) {
        return scoring == Scoring.WITH_ENTAILMENT ? WITH_ENTAILMENT : NONE;
    }

    /**
     * The features of a sentence the judge measured as {@code s} and scored {@code score}, in the order of
     * {@link #FEATURES}, each turned towards the verdict (positive where it argues for it): the one place the
     * confidence reads the judge's measurements.
     */
    public static double[] features(Support s, double score) {
        boolean passes = score >= Scoring.THRESHOLD;
        double toward = passes ? 1 : -1;
        boolean read = !Double.isNaN(s.entailment());
        double p = read ? s.entailment() : 0.5;
        double logit = Math.max(-LOGIT_CAP, Math.min(LOGIT_CAP, Math.log(p / (1 - p))));
        return new double[] {
            Math.abs(score - Scoring.THRESHOLD),
            toward * (wordingScore(s) - Scoring.THRESHOLD),
            read ? toward * logit : 0,
            read ? 0 : 1,
            Math.log1p(s.contentWords()),
            s.inventedFacts().isEmpty() ? 0 : toward,
            passes ? 1 : 0
        };
    }

    /** The score the judge's wording rules alone give: the judge without its entailment model. */
    static double wordingScore(Support s) {
        return Scoring.WITH_EMBEDDINGS.score(s.withEntailment(Double.NaN, null));
    }

    /** Whether this model gives a confidence. */
    public boolean gives() {
        return weights != null;
    }

    /** The probability that a person agrees with a verdict whose features are {@code features}. */
    public double agrees(double[] features) {
        double z = intercept;
        for (int k = 0; k < features.length; k++) {
            z += weights[k] * features[k];
        }
        return 1 / (1 + Math.exp(-z));
    }

    /**
     * The probability that a person agrees with the judge's verdict on the sentence it measured as {@code s} and
     * scored {@code score}, rounded to three decimals; {@code NaN} for a judge without a model.
     */
    public double of(Support s, double score) {
        if (!gives()) {
            return Double.NaN;
        }
        return Math.round(agrees(features(s, score)) * 1000) / 1000.0;
    }

    /** Why the judge is unsure of its verdict on the sentence, in a few words. */
    public String doubt(Support s, double score) {
        return Doubts.of(s, score);
    }
}
