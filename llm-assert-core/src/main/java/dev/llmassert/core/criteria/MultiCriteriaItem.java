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

    /**
     * Checks the item; a target option is taken as the criteria spells it.
     *
     * @param criteria the criteria judged, not {@code null}
     * @param weight the share of the aggregate, from 0 to 1, or {@code null}
     * @param targetOption one of the criteria's options (case does not matter), or {@code null}
     * @param scoreThreshold a finite score, or {@code null}; not with a target option
     * @param required whether the aggregate is 0 when this criteria falls short
     * @throws IllegalArgumentException naming the criteria, for a weight outside 0 to 1, both a target option and a
     *                                  threshold, an unknown target option or a threshold that is not finite
     * @throws NullPointerException for a {@code null} criteria
     */
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

    /**
     * An item with no weight yet, counting the score itself, not required.
     *
     * @param criteria the criteria, not {@code null}
     * @return the item
     * @throws NullPointerException for {@code null}
     */
    public static MultiCriteriaItem of(Criteria criteria) {
        return new MultiCriteriaItem(criteria, null, null, null, false);
    }

    /**
     * The same item with a weight.
     *
     * @param newWeight its share of the aggregate, from 0 to 1
     * @return a new item; this one is unchanged
     * @throws IllegalArgumentException for a weight outside 0 to 1
     */
    public MultiCriteriaItem withWeight(double newWeight) {
        return new MultiCriteriaItem(criteria, newWeight, targetOption, scoreThreshold, required);
    }

    /**
     * The same item, met only when the judge selects {@code option}.
     *
     * @param option one of the criteria's options, case not mattering
     * @return a new item; this one is unchanged
     * @throws IllegalArgumentException for an unknown option, or an item with a threshold
     */
    public MultiCriteriaItem withTargetOption(String option) {
        return new MultiCriteriaItem(criteria, weight, option, scoreThreshold, required);
    }

    /**
     * The same item, met only when its score is at or above {@code threshold}.
     *
     * @param threshold the score, on the 0-1 scale when scores are normalised, else on the options' own
     * @return a new item; this one is unchanged
     * @throws IllegalArgumentException for a threshold that is not finite, or an item with a target option
     */
    public MultiCriteriaItem withScoreThreshold(double threshold) {
        return new MultiCriteriaItem(criteria, weight, targetOption, threshold, required);
    }

    /**
     * The same item, required: the aggregate is 0 when it falls short.
     *
     * @return a new item; this one is unchanged
     */
    public MultiCriteriaItem asRequired() {
        return new MultiCriteriaItem(criteria, weight, targetOption, scoreThreshold, true);
    }

    /**
     * How the item turns a result into its score: by its target option, its threshold, or else the score itself.
     *
     * @return the item's strategy
     */
    public Strategy strategy() {
        if (targetOption != null) {
            return Strategy.TARGET_OPTION;
        }
        return scoreThreshold != null ? Strategy.SCORE_THRESHOLD : Strategy.SCORE;
    }

    /**
     * Whether the item reads the result's score (it does unless it has a target option).
     *
     * @return {@code true} when the item has no target option
     */
    public boolean needsScores() {
        return targetOption == null;
    }
}
