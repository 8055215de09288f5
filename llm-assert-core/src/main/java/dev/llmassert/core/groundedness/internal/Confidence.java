package dev.llmassert.core.groundedness.internal;

import org.apiguardian.api.API;

import java.util.List;

import static org.apiguardian.api.API.Status.INTERNAL;

/**
 * How sure the local judge is of its verdict on a sentence: the probability that a person agrees with it, fitted on
 * labelled sets of seven kinds of text, each left out in turn ({@code ConfidenceFit} in the tests;
 * docs/local-judge.md, round 10).
 *
 * <p>The model is a logistic regression of "the sources support the sentence" on {@link #features}: what the judge
 * already measured (the entailment model's probability, the evidence, the rules that fired, the sentence's length)
 * and its score. The confidence of a pass is that probability, of a fail its complement, so the confidence can be
 * surer of fails than of passes, and a verdict the evidence argues against gets a confidence under one half.
 *
 * <p>A labelled response of several sentences is supported when each of its sentences is: the fit takes the
 * probability of the response as the product of its sentences' probabilities (a noisy AND), so that a sentence's
 * probability stays a sentence's.
 *
 * @param weights   the weight of each of {@link #FEATURES}
 * @param intercept the intercept of the regression
 */
@API(status = INTERNAL, since = "0.1")
public record Confidence(double[] weights, double intercept) {

    /** The names of the features, in the order of {@link #features}. */
    public static final List<String> FEATURES = List.of(
            "score",
            "passes",
            "entailment logit",
            "no entailment",
            "log evidence",
            "log words",
            "invented fact",
            "misattached number",
            "negation",
            "opposite word",
            "recombined pairs",
            "recombined content words",
            "confirmed with a wording rule",
            "passes unconfirmed");

    /** The confidence from which a verdict stands by default: chosen by leaving one labelled set out. */
    public static final double DEFAULT_MIN_CONFIDENCE = 0.8;

    /** A judge that gives no confidence: every verdict's is {@code NaN}. */
    public static final Confidence NONE = new Confidence(null, Double.NaN);

    /** The judge with the entailment model (the default judge): placeholder, refitted by {@code ConfidenceFit}. */
    public static final Confidence WITH_ENTAILMENT = new Confidence(new double[FEATURES.size()], 0);

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
        return NONE; // not fitted yet: WITH_ENTAILMENT once ConfidenceFit has run
    }

    /**
     * The features of a sentence the judge measured as {@code s} and scored {@code score}, in the order of
     * {@link #FEATURES}: the one place the confidence reads the judge's measurements.
     */
    public static double[] features(Support s, double score) {
        Departures d = s.departures();
        boolean read = !Double.isNaN(s.entailment());
        double p = read ? s.entailment() : 0.5;
        double logit = Math.max(-LOGIT_CAP, Math.min(LOGIT_CAP, Math.log(p / (1 - p))));
        boolean passes = score >= Scoring.THRESHOLD;
        boolean wording = d.negatedWord() != null
                || s.negationMismatch()
                || d.opposite() != null
                || d.recombined() > 0
                || d.recombinedContent() > 0;
        return new double[] {
            score,
            passes ? 1 : 0,
            read ? logit : 0,
            read ? 0 : 1,
            Math.log(Math.max(Scoring.evidence(s), 0.05)),
            Math.log1p(s.contentWords()),
            s.inventedFacts().isEmpty() ? 0 : 1,
            d.misattached() == null ? 0 : 1,
            d.negatedWord() != null || s.negationMismatch() ? 1 : 0,
            d.opposite() == null ? 0 : 1,
            d.recombined(),
            d.recombinedContent(),
            read && p >= 0.6 && wording ? 1 : 0,
            passes && read && p < 0.6 ? 1 : 0
        };
    }

    /** Whether this model gives a confidence. */
    public boolean gives() {
        return weights != null;
    }

    /** The probability that the sources support the sentence: the model's reading of {@code features}. */
    public double supported(double[] features) {
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
        double q = supported(features(s, score));
        double agree = score >= Scoring.THRESHOLD ? q : 1 - q;
        return Math.round(agree * 1000) / 1000.0;
    }

    /** Why the judge is unsure of its verdict on the sentence, in a few words. */
    public String doubt(Support s, double score) {
        return Doubts.of(s, score);
    }
}
