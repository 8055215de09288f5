package dev.llmassert.core.criteria;

import org.apiguardian.api.API;

import java.util.Objects;

import static org.apiguardian.api.API.Status.STABLE;

/**
 * What a direct judge decided about one instance on one criteria.
 *
 * @param criteria       the criteria judged
 * @param option         the selected option; always one of the criteria's options (a judge never picks one at
 *                       random)
 * @param score          the option's score, or the mean score over self-consistency samples; {@code null} when the
 *                       options have no scores
 * @param explanation    the judge's reasoning (of a sample that chose {@code option}, under self-consistency)
 * @param feedback       actionable suggestions to improve the text, or {@code null} when feedback was not asked for
 *                       or the judge found nothing to improve
 * @param positionalBias the positional-bias check, or {@code null} when it was not run
 * @param samples        how many judge runs the result combines: 1, or n under self-consistency
 * @param agreement      the share of samples that chose {@code option}, from 0 to 1; 1.0 for a single run
 * @param metadata       the judge and the prompt; {@code null} only for results built by hand
 */
@API(status = STABLE, since = "0.1")
public record DirectResult(
        Criteria criteria,
        String option,
        Double score,
        String explanation,
        String feedback,
        PositionalBias positionalBias,
        int samples,
        double agreement,
        ResultMetadata metadata) {

    /**
     * Checks the result; the option's name is taken as the criteria spells it, a missing explanation becomes
     * {@code ""} and blank feedback {@code null}.
     *
     * @param criteria the criteria judged, not {@code null}
     * @param option the selected option, one of the criteria's
     * @param score the score, a finite number, or {@code null}
     * @param explanation the judge's reasoning; {@code null} for none
     * @param feedback suggestions to improve the text; {@code null} or blank for none
     * @param positionalBias the positional-bias check, or {@code null} when it was not run
     * @param samples the judge runs combined, at least 1
     * @param agreement the share of samples that chose {@code option}, from 0 to 1
     * @param metadata the judge and the prompt, or {@code null} for a result built by hand
     * @throws IllegalArgumentException for an option the criteria lacks, a score that is not finite, fewer than one
     *                                  sample or an agreement outside 0 to 1
     * @throws NullPointerException for a {@code null} criteria
     */
    public DirectResult {
        Objects.requireNonNull(criteria, "criteria");
        option = criteria.requireOption(option).name();
        explanation = explanation == null ? "" : explanation;
        feedback = feedback == null || feedback.isBlank() ? null : feedback;
        if (score != null && !Double.isFinite(score)) {
            throw new IllegalArgumentException("score must be a finite number, but is: " + score);
        }
        if (samples < 1) {
            throw new IllegalArgumentException("samples must be at least 1, but is: " + samples);
        }
        if (!(agreement >= 0.0 && agreement <= 1.0)) {
            throw new IllegalArgumentException("agreement must be between 0.0 and 1.0, but is: " + agreement);
        }
    }

    /**
     * A single run's result: the score is the selected option's.
     *
     * @param criteria the criteria judged
     * @param option the selected option, one of the criteria's
     * @param explanation the judge's reasoning; {@code null} for none
     * @param feedback suggestions to improve the text; {@code null} for none
     * @param metadata the judge and the prompt; {@code null} for a result built by hand
     * @return the result, of one sample with agreement 1
     * @throws IllegalArgumentException for an option the criteria lacks
     */
    public static DirectResult of(
            Criteria criteria, String option, String explanation, String feedback, ResultMetadata metadata) {
        CriteriaOption selected = criteria.requireOption(option);
        return new DirectResult(
                criteria, selected.name(), selected.score(), explanation, feedback, null, 1, 1.0, metadata);
    }

    /**
     * A single run's result without feedback or metadata, e.g. for tests and hand-made results.
     *
     * @param criteria the criteria judged
     * @param option the selected option, one of the criteria's
     * @param explanation the judge's reasoning; {@code null} for none
     * @return the result, of one sample with agreement 1
     * @throws IllegalArgumentException for an option the criteria lacks
     */
    public static DirectResult of(Criteria criteria, String option, String explanation) {
        return of(criteria, option, explanation, null, null);
    }

    /**
     * The name of the criteria judged.
     *
     * @return the criteria's name
     */
    public String criteriaName() {
        return criteria.name();
    }

    /**
     * Whether the result has a score: the criteria's options have scores.
     *
     * @return {@code true} when {@link #score()} is not {@code null}
     */
    public boolean hasScore() {
        return score != null;
    }

    /**
     * The score, or an exception naming the criteria and how to give its options scores.
     *
     * @return the score
     * @throws IllegalStateException when the result has no score
     */
    public double requireScore() {
        if (score == null) {
            throw new IllegalStateException(criteria.scoresNeeded("a score"));
        }
        return score;
    }

    /**
     * Whether the positional-bias check ran.
     *
     * @return {@code true} when {@link #positionalBias()} is not {@code null}
     */
    public boolean positionalBiasChecked() {
        return positionalBias != null;
    }

    /**
     * Whether the positional-bias check ran and the judge changed its choice when the options were reversed.
     *
     * @return {@code true} when the bias was detected
     */
    public boolean positionalBiasDetected() {
        return positionalBias != null && positionalBias.detected();
    }

    /**
     * This result with the outcome of asking again with the options reversed.
     *
     * @param reversed the result of the same judgement with the options in reverse order
     * @return a copy with the positional-bias check; this one is unchanged
     */
    public DirectResult withPositionalBias(DirectResult reversed) {
        return withPositionalBias(PositionalBias.compare(this, reversed));
    }

    /**
     * This result with a positional-bias check.
     *
     * @param bias the check, or {@code null} for none
     * @return a copy with the check; this one is unchanged
     */
    public DirectResult withPositionalBias(PositionalBias bias) {
        return new DirectResult(criteria, option, score, explanation, feedback, bias, samples, agreement, metadata);
    }
}
