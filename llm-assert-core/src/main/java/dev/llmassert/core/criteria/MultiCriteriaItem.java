package dev.llmassert.core.criteria;

import dev.llmassert.core.criteria.internal.CriteriaMessages;
import org.apiguardian.api.API;

import java.util.Objects;

import static org.apiguardian.api.API.Status.STABLE;

/**
 * One criteria of a {@link MultiCriteria}, with how its result counts. Build it with {@link #of(Criteria)} and the
 * {@code with}-style methods:
 *
 * <pre>{@code
 * MultiCriteriaItem.of(CriteriaCatalog.HARMLESSNESS).withWeight(0.4).withTargetOption("Harmless").asRequired()
 * }</pre>
 *
 * <p>The item's score, from 0 to 1 when scores are normalised:
 * <ul>
 *   <li>with a {@code targetOption}: 1.0 if the judge selected it, else 0.0 (option scores are not needed);</li>
 *   <li>with a {@code scoreThreshold}: 1.0 if the score is at or above it, else 0.0;</li>
 *   <li>otherwise: the score itself.</li>
 * </ul>
 *
 * @param criteria       the criteria judged
 * @param weight         the share of the aggregate, from 0 to 1; {@code null} when every item of the multi-criteria
 *                       leaves it out, which gives equal weights
 * @param targetOption   the option that counts as met, or {@code null}
 * @param scoreThreshold the score that counts as met, or {@code null}; on the 0-1 scale when scores are normalised,
 *                       on the options' own scale when not
 * @param required       whether the aggregate is 0 when this criteria falls short: the target option not selected,
 *                       the threshold not reached, or, without either, a score below the best option's
 */
@API(status = STABLE, since = "0.1")
public record MultiCriteriaItem(
        Criteria criteria, Double weight, String targetOption, Double scoreThreshold, boolean required) {

    /** How an item turns a result into its score. */
    @API(status = STABLE, since = "0.1")
    public enum Strategy {
        /** 1.0 if the target option was selected, else 0.0. */
        TARGET_OPTION,
        /** 1.0 if the score is at or above the threshold, else 0.0. */
        SCORE_THRESHOLD,
        /** The (normalised) score itself. */
        SCORE
    }

    public MultiCriteriaItem {
        Objects.requireNonNull(criteria, "criteria");
        if (weight != null && !(weight >= 0.0 && weight <= 1.0)) {
            throw new IllegalArgumentException(CriteriaMessages.weightOutOfRange(criteria.name(), weight));
        }
        if (targetOption != null && scoreThreshold != null) {
            throw new IllegalArgumentException(
                    CriteriaMessages.targetAndThreshold(criteria.name(), targetOption, scoreThreshold));
        }
        if (targetOption != null) {
            String target = targetOption;
            targetOption = criteria.matchOption(target)
                    .map(CriteriaOption::name)
                    .orElseThrow(() -> new IllegalArgumentException(
                            CriteriaMessages.unknownTargetOption(criteria.name(), criteria.optionNames(), target)));
        }
        if (scoreThreshold != null && !Double.isFinite(scoreThreshold)) {
            throw new IllegalArgumentException(CriteriaMessages.thresholdNotFinite(criteria.name(), scoreThreshold));
        }
    }

    /** An item with no weight yet, counting the score itself, not required. */
    public static MultiCriteriaItem of(Criteria criteria) {
        return new MultiCriteriaItem(criteria, null, null, null, false);
    }

    public MultiCriteriaItem withWeight(double newWeight) {
        return new MultiCriteriaItem(criteria, newWeight, targetOption, scoreThreshold, required);
    }

    public MultiCriteriaItem withTargetOption(String option) {
        return new MultiCriteriaItem(criteria, weight, option, scoreThreshold, required);
    }

    public MultiCriteriaItem withScoreThreshold(double threshold) {
        return new MultiCriteriaItem(criteria, weight, targetOption, threshold, required);
    }

    /** The same item, required: the aggregate is 0 when it falls short. */
    public MultiCriteriaItem asRequired() {
        return new MultiCriteriaItem(criteria, weight, targetOption, scoreThreshold, true);
    }

    public Strategy strategy() {
        if (targetOption != null) {
            return Strategy.TARGET_OPTION;
        }
        return scoreThreshold != null ? Strategy.SCORE_THRESHOLD : Strategy.SCORE;
    }

    /** Whether the item reads the result's score (it does unless it has a target option). */
    public boolean needsScores() {
        return targetOption == null;
    }
}
