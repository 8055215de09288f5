package dev.llmassert.core.groundedness.internal;

import org.apiguardian.api.API;

import java.util.List;

import static org.apiguardian.api.API.Status.INTERNAL;

/**
 * Turns the local judge's measurements of a sentence into its score, with weights fitted on labelled sets of six
 * kinds of text ({@code LocalJudgeFit} in the tests; docs/local-judge.md).
 *
 * <p>The score is the evidence of support (meaning and copied words, from 0 to 1), times a factor for each way the
 * sentence departs from its evidence, mapped so that the fitted centre lands on {@link #THRESHOLD}, full support on 1
 * and none on 0. A fact the sources lack, or attach to something else, cuts the score to a tenth whatever the rest.
 *
 * @param center  the support at which a sentence counts as supported
 * @param related the evidence below which the best source sentence is about something else: no factor lifts it
 * @param weights the weight of each of {@link #FEATURES} after the first (the evidence's logarithm, weight 1): the
 *                logarithm of the factor the feature applies per unit
 * @param otherLanguages the scoring of a sentence that is not English, or {@code null} to score it the same way: the
 *                departures are read with English word lists, so another language is scored on its evidence
 * @param confirm the entailment probability at or above which the model confirms a sentence, or {@code NaN} for a
 *                scoring without the model: a sentence it confirms passes unless a fact fails it, and the wording
 *                rules (negations, opposites, recombined words) count only as far as it does not confirm
 * @param otherwise the entailment probability under which a sentence that restates its evidence
 *                ({@link #RESTATES_EVIDENCE}) fails, the sources saying otherwise; {@code NaN} for no such rule
 */
@API(status = INTERNAL, since = "0.1")
public record Scoring(
        double center, double related, double[] weights, Scoring otherLanguages, double confirm, double otherwise) {

    /** The score at or above which a sentence counts as supported. */
    public static final double THRESHOLD = 0.7;

    /** One invented or misattached number, date or name takes a fully supported sentence to 0.1. */
    public static final double FACT_FACTOR = 0.1;

    /** The features, in the order of {@link #features}. */
    public static final List<String> FEATURES = List.of(
            "log evidence",
            "log words",
            "invented fact",
            "misattached number",
            "negation its evidence lacks",
            "negation mismatch",
            "opposite word",
            "recombined pairs",
            "recombined content words",
            "not entailed");

    /** The first and last of {@link #FEATURES} that are wording rules, which the entailment model overrules. */
    private static final int FIRST_WORDING = 4;

    private static final int LAST_WORDING = 8;

    /**
     * What a negation mismatch with the evidence leaves of the score, on top of its fitted weight: "Phone support is
     * available on weekends" against "Phone support is not available on weekends" says the opposite of its evidence,
     * whatever else it shares with it.
     */
    static final double NEGATION_MISMATCH_FACTOR = 0.4;

    /**
     * How much of a negative sentence's content (rarity-weighted) its evidence must hold, and how short it must be, for
     * its wording alone to restate the evidence's negative: a short answer in other words, not a long summary whose
     * edit lies elsewhere.
     */
    static final double RESTATED_NEGATIVE_COVERAGE = 0.85;

    static final int RESTATED_NEGATIVE_WORDS = 10;

    /** Below this evidence the best source sentence is only the least bad of unrelated ones. */
    public static final double WEAK_MATCH = 0.5;

    /**
     * The evidence at or above which a sentence restates its evidence, however few of its words it shares: "Refunds
     * are paid as store credit within 5 business days" for "Refunds go back to the original payment method within 5
     * business days of receiving the return" (0.81).
     */
    public static final double RESTATES_EVIDENCE = 0.75;

    /**
     * The judge with embeddings, fitted by {@code LocalJudgeFit} on the six shared sets (2026-11-25). A sentence below
     * 0.3 similarity to every source sentence is about something else, whatever its length.
     */
    public static final Scoring WITH_EMBEDDINGS = new Scoring(
            0.8325,
            0.3,
            new double[] {0.6177, -4.5357, -0.6863, -1.9403, -1.1736, -7.0209, -5.0831, -7.1218, 0},
            evidenceOnly(0.8975),
            Double.NaN,
            Double.NaN);

    /**
     * The judge with embeddings and the entailment model, fitted by {@code LocalJudgeFit} on the seven shared sets; the
     * model confirms a sentence at 0.6 (chosen by leaving one set out among 0.5 to 0.9 and none), and a sentence that
     * restates its evidence fails under 0.2 (chosen the same way among 0.1 to 0.3 and none).
     */
    public static final Scoring WITH_ENTAILMENT = new Scoring(
            0.0425,
            0.3,
            new double[] {0.2700, -5.5107, -7.3111, -3.7553, -5.6319, -11.3609, -8.1078, -0.0010, -2.9817},
            evidenceOnly(0.8975),
            0.6,
            0.2);

    /**
     * The judge without embeddings (lexical evidence only), fitted the same way. Its evidence, the share of words
     * and word pairs, tells little across kinds of text, so the fit leans on the departures almost alone.
     */
    public static final Scoring LEXICAL = new Scoring(
            0.1175,
            0,
            new double[] {6.2595, -33.0575, -4.5165, -8.3938, -7.2184, -39.0011, -23.7479, -65.3648, 0},
            evidenceOnly(0.765),
            Double.NaN,
            Double.NaN);

    public Scoring {
        if (weights.length != FEATURES.size() - 1) {
            throw new IllegalArgumentException(
                    "weights must have " + (FEATURES.size() - 1) + " values, but has " + weights.length);
        }
        weights = weights.clone();
    }

    /**
     * The scoring of another language: the evidence with the centre the judge had before the departures were
     * fitted (rounds 5 and 6 of docs/local-judge.md), and a negation mismatch taking a supported sentence to 0.4.
     */
    private static Scoring evidenceOnly(double center) {
        double[] weights = new double[FEATURES.size() - 1];
        weights[FEATURES.indexOf("negation mismatch") - 1] = Math.log(0.4);
        return new Scoring(center, 0, weights, null, Double.NaN, Double.NaN);
    }

    /**
     * The evidence for support before the departures, from 0 to 1.
     * <ul>
     *   <li>With embeddings: the semantic similarity of the sentence's claim to the stretch of a source sentence it
     *       restates, or, when higher, how much of it is copied: the smaller of the rarity-weighted share of its
     *       content words that its evidence holds and the share of its word pairs the sources hold.</li>
     *   <li>Without embeddings: the mean of the evidence's share of the content words and the share of word pairs.</li>
     * </ul>
     */
    public static double evidence(Support s) {
        if (Double.isNaN(s.semantic())) {
            return (s.evidenceCoverage() + s.bigrams()) / 2;
        }
        double copied = Math.min(s.evidenceCoverage(), s.bigrams());
        return Math.max(Math.max(0, s.semantic()), copied);
    }

    /**
     * The features of a sentence, in the order of {@link #FEATURES}. With the entailment model, each wording rule
     * counts as far as the model does not confirm the sentence (times one minus its probability). Where the wording
     * restates a negative of its evidence ({@link #wordingRestatesNegative}), the model's reading of the negation does
     * not count against it. The rules that fail a sentence whatever else it has (a fact or a quantity in no source or
     * given for something else, a wording that says the opposite of its evidence) also act in {@link #score}.
     */
    public static double[] features(Support s) {
        Departures d = s.departures();
        boolean read = !Double.isNaN(s.entailment());
        double entailment = read ? s.entailment() : 0;
        double[] x = {
            Math.log(Math.max(evidence(s), 0.05)),
            Math.log1p(s.contentWords()),
            s.invents() ? 1 : 0,
            s.misattaches() ? 1 : 0,
            d.negatedWord() == null ? 0 : 1,
            s.negationMismatch() ? 1 : 0,
            d.opposite() == null ? 0 : 1,
            d.recombined(),
            d.recombinedContent(),
            notEntailed(s)
        };
        for (int k = FIRST_WORDING; k <= LAST_WORDING; k++) {
            x[k] *= 1 - entailment;
        }
        return x;
    }

    /**
     * How far the model does not read the sentence in the sources: one minus its probability; 0 without the model,
     * and for a negative the wording restates, which the model misreads.
     */
    private static double notEntailed(Support s) {
        if (Double.isNaN(s.entailment())) {
            return 0;
        }
        return wordingRestatesNegative(s) ? 0 : 1 - s.entailment();
    }

    /**
     * Whether the wording says the opposite of the evidence on the same content: a negation the other states plainly,
     * a word whose opposite the evidence holds, or a named part widened to the whole. The entailment model alone
     * never passes such a sentence.
     */
    public static boolean wordingContradicts(Support s) {
        Departures d = s.departures();
        return s.negationMismatch() || d.opposite() != null || d.widened() != null;
    }

    /**
     * Whether the sentence restates a negative of its evidence: both negate the same word, the sentence restates the
     * evidence, and nothing else departs from it ("Water damage is not covered by the warranty." for "The warranty
     * does not cover water damage."). The model, which reads a negation as a change of meaning, does not fail it.
     */
    public static boolean wordingRestatesNegative(Support s) {
        Departures d = s.departures();
        return s.negationShared()
                && !wordingContradicts(s)
                && d.negatedWord() == null
                && !s.invents()
                && !s.misattaches()
                && s.contentWords() <= RESTATED_NEGATIVE_WORDS
                && d.recombinedContent() == 0
                && s.evidenceCoverage() >= RESTATED_NEGATIVE_COVERAGE;
    }

    /**
     * Whether this scoring has the entailment model's probability of {@code s} and the model confirms it, and the
     * wording does not say the opposite of the evidence: the two must agree before the model passes a sentence.
     */
    public boolean confirms(Support s) {
        return !Double.isNaN(confirm)
                && !Double.isNaN(s.entailment())
                && s.entailment() >= confirm
                && !wordingContradicts(s);
    }

    /**
     * Whether {@code s} restates its evidence and the model reads that the evidence does not say it; not when the
     * wording restates a negative of the evidence, which the model misreads.
     */
    public boolean saysOtherwise(Support s) {
        return reads(s)
                && !Double.isNaN(otherwise)
                && evidence(s) >= RESTATES_EVIDENCE
                && s.entailment() < otherwise
                && !wordingRestatesNegative(s);
    }

    /** Whether this scoring reads the entailment model's probability of {@code s}. */
    private boolean reads(Support s) {
        return !Double.isNaN(confirm) && !Double.isNaN(s.entailment());
    }

    /** The support: the evidence times the factor of each departure, at most 1. */
    public double support(Support s) {
        double[] x = features(s);
        if (evidence(s) < related) {
            return evidence(s);
        }
        double log = x[0];
        for (int k = 1; k < x.length; k++) {
            if (k == 2 || k == 3) {
                continue; // facts: the fixed factor of score(...)
            }
            log += weights[k - 1] * x[k];
        }
        return Math.min(1, Math.exp(log));
    }

    /** The sentence's score, from 0 to 1, rounded to four decimals. */
    public double score(Support s) {
        if (!s.english() && otherLanguages != null) {
            return otherLanguages.score(s);
        }
        double support = support(s);
        boolean confirmed = confirms(s);
        double p = support >= center
                ? THRESHOLD + (1 - THRESHOLD) * (support - center) / (1 - center)
                : THRESHOLD * support / center;
        if (reads(s) && !confirmed && evidence(s) < WEAK_MATCH) {
            // Nothing related found, and the model does not read the sentence in the sources either: it cannot pass.
            p = Math.min(p, THRESHOLD * evidence(s) / WEAK_MATCH);
        }
        if (saysOtherwise(s)) {
            // It restates its evidence, and the model reads that the evidence does not say it: an edit.
            p = Math.min(p, THRESHOLD * s.entailment() / otherwise);
        }
        if (confirmed) {
            // Meaning first: what the model reads in the sources passes, however it is worded.
            p = Math.max(p, THRESHOLD + (1 - THRESHOLD) * (s.entailment() - confirm) / (1 - confirm));
        }
        p *= Math.pow(
                FACT_FACTOR, s.inventedFacts().size() + s.inventedQuantities().size() + (s.misattaches() ? 1 : 0));
        if (wordingContradicts(s)) {
            // A negation, an opposite or a widened scope on the same content: never passes on the model's word.
            p *= NEGATION_MISMATCH_FACTOR;
        }
        // Four decimals: enough to rank, and a last-bit difference in floating point never changes a verdict.
        return Math.round(Math.min(1, Math.max(0, p)) * 10_000) / 10_000.0;
    }
}
