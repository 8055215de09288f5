package dev.llmassert.core.criteria;

import dev.llmassert.core.criteria.internal.CriteriaMessages;
import org.apiguardian.api.API;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;

import static org.apiguardian.api.API.Status.STABLE;

/**
 * Several criteria combined into one score, with IBM EvalAssist's semantics.
 *
 * <ul>
 *   <li>Each item has a weight from 0 to 1. Either every item has one and they sum to 1 (within 1e-9), or none has
 *       one and each gets {@code 1/n}. Weights that sum to anything else are an error, not silently rescaled: a
 *       rubric whose weights do not add up is usually a typo.</li>
 *   <li>Item scores: see {@link MultiCriteriaItem}. With {@code normalizeScores} (the default) a score {@code s} of
 *       a criteria whose options score from {@code min} to {@code max} counts as {@code (s - min) / (max - min)}.
 *       Without it, scores count as they are and the aggregate may leave 0-1.</li>
 *   <li>The aggregate is the sum of {@code weight * itemScore}, rounded to 9 decimals, or 0 when a required item
 *       falls short.</li>
 *   <li>An item that reads scores (no target option) needs a score on every option of its criteria; with
 *       normalisation its options also need at least two different scores. Both are checked when the
 *       multi-criteria is built.</li>
 * </ul>
 *
 * @param items           at least one, criteria names unique
 * @param normalizeScores whether scores are normalised to 0-1 per criteria
 */
@API(status = STABLE, since = "0.1")
public record MultiCriteria(List<MultiCriteriaItem> items, boolean normalizeScores) {

    private static final double TOLERANCE = 1e-9;

    /**
     * Checks the items and gives them their weights: equal weights when none has one.
     *
     * @param items at least one, none {@code null}, criteria names unique; all with a weight, summing to 1, or none
     * @param normalizeScores whether scores are normalised to 0-1 per criteria
     * @throws IllegalArgumentException naming the items and the fix, for no item, a repeated criteria, weights on
     *                                  some items only or not summing to 1, an item that reads scores of a criteria
     *                                  without them (or, normalised, with one score only), or a threshold off the
     *                                  scale
     * @throws NullPointerException for a {@code null} item
     */
    public MultiCriteria {
        if (items == null || items.isEmpty()) {
            throw new IllegalArgumentException(CriteriaMessages.noItems());
        }
        Set<String> names = new HashSet<>();
        for (MultiCriteriaItem item : items) {
            Objects.requireNonNull(item, "item");
            if (!names.add(item.criteria().name())) {
                throw new IllegalArgumentException(
                        CriteriaMessages.duplicateItem(item.criteria().name()));
            }
        }
        items = withWeights(items);
        List<String> withoutScores = items.stream()
                .filter(MultiCriteriaItem::needsScores)
                .filter(i -> !i.criteria().hasScores())
                .map(i -> i.criteria().name())
                .toList();
        if (!withoutScores.isEmpty()) {
            throw new IllegalArgumentException(CriteriaMessages.itemsWithoutScores(withoutScores));
        }
        for (MultiCriteriaItem item : items) {
            if (!item.needsScores()) {
                continue;
            }
            double min = item.criteria().minScore();
            double max = item.criteria().maxScore();
            if (normalizeScores && max - min < TOLERANCE) {
                throw new IllegalArgumentException(
                        CriteriaMessages.cannotNormalize(item.criteria().name(), min));
            }
            if (item.scoreThreshold() != null) {
                double low = normalizeScores ? 0.0 : min;
                double high = normalizeScores ? 1.0 : max;
                if (item.scoreThreshold() < low - TOLERANCE || item.scoreThreshold() > high + TOLERANCE) {
                    throw new IllegalArgumentException(CriteriaMessages.thresholdOutOfRange(
                            item.criteria().name(), item.scoreThreshold(), low, high, normalizeScores));
                }
            }
        }
    }

    private static List<MultiCriteriaItem> withWeights(List<MultiCriteriaItem> items) {
        long weighted = items.stream().filter(i -> i.weight() != null).count();
        if (weighted == 0) {
            double equal = 1.0 / items.size();
            return items.stream().map(i -> i.withWeight(equal)).toList();
        }
        if (weighted != items.size()) {
            throw new IllegalArgumentException(CriteriaMessages.mixedWeights(items.stream()
                    .filter(i -> i.weight() == null)
                    .map(i -> i.criteria().name())
                    .toList()));
        }
        double sum = items.stream().mapToDouble(MultiCriteriaItem::weight).sum();
        if (Math.abs(sum - 1.0) > TOLERANCE) {
            throw new IllegalArgumentException(CriteriaMessages.weightsDoNotSumToOne(
                    items.stream().map(i -> i.criteria().name()).toList(),
                    items.stream().map(MultiCriteriaItem::weight).toList(),
                    sum));
        }
        return List.copyOf(items);
    }

    /**
     * The items, normalised, in order.
     *
     * @param items at least one, as the canonical constructor needs them
     * @return the multi-criteria
     * @throws IllegalArgumentException as the canonical constructor says
     */
    public static MultiCriteria of(MultiCriteriaItem... items) {
        return new MultiCriteria(Arrays.asList(items), true);
    }

    /**
     * The criteria with equal weights, each counting its normalised score.
     *
     * @param criteria at least one, names unique, each with at least two different option scores
     * @return the multi-criteria
     * @throws IllegalArgumentException as the canonical constructor says
     */
    public static MultiCriteria equalWeights(Criteria... criteria) {
        return new MultiCriteria(
                Arrays.stream(criteria).map(MultiCriteriaItem::of).toList(), true);
    }

    /**
     * Starts a multi-criteria with no item, normalised.
     *
     * @return a new builder
     */
    public static Builder builder() {
        return new Builder();
    }

    /**
     * The same items with normalisation switched on or off.
     *
     * @param normalize whether scores are normalised to 0-1 per criteria
     * @return a new multi-criteria; this one is unchanged
     * @throws IllegalArgumentException when an item cannot be scored that way, as the canonical constructor says
     */
    public MultiCriteria withNormalizeScores(boolean normalize) {
        return new MultiCriteria(items, normalize);
    }

    /**
     * The items' criteria, in order.
     *
     * @return one criteria per item
     */
    public List<Criteria> criteria() {
        return items.stream().map(MultiCriteriaItem::criteria).toList();
    }

    /**
     * Aggregates one direct result per criteria.
     *
     * @param results by criteria name; exactly the names of this multi-criteria's criteria
     * @return the aggregate score and how each criteria counted
     * @throws IllegalArgumentException when a result is missing or unexpected, or lacks a score its item needs
     */
    public MultiCriteriaResult aggregate(Map<String, DirectResult> results) {
        Objects.requireNonNull(results, "results");
        List<String> expected = items.stream().map(i -> i.criteria().name()).toList();
        List<String> missing =
                expected.stream().filter(n -> !results.containsKey(n)).toList();
        List<String> unexpected =
                results.keySet().stream().filter(n -> !expected.contains(n)).toList();
        if (!missing.isEmpty() || !unexpected.isEmpty()) {
            throw new IllegalArgumentException(CriteriaMessages.resultsDoNotMatch(expected, missing, unexpected));
        }
        List<MultiCriteriaResult.Item> scored = new ArrayList<>();
        for (MultiCriteriaItem item : items) {
            scored.add(score(item, results.get(item.criteria().name())));
        }
        boolean requiredFailed = scored.stream().anyMatch(i -> i.required() && i.fellShort());
        double total = scored.stream()
                .mapToDouble(MultiCriteriaResult.Item::weightedScore)
                .sum();
        return new MultiCriteriaResult(requiredFailed ? 0.0 : round9(total), scored);
    }

    /**
     * Aggregates one direct result per criteria, matched by the results' criteria names.
     *
     * @param results one per criteria of this multi-criteria, in any order
     * @return the aggregate score and how each criteria counted
     * @throws IllegalArgumentException when two results share a criteria, a result is missing or unexpected, or
     *                                  lacks a score its item needs
     */
    public MultiCriteriaResult aggregate(Collection<DirectResult> results) {
        Map<String, DirectResult> byName = new LinkedHashMap<>();
        for (DirectResult result : results) {
            if (byName.put(result.criteriaName(), result) != null) {
                throw new IllegalArgumentException(CriteriaMessages.repeatedResult(result.criteriaName()));
            }
        }
        return aggregate(byName);
    }

    private MultiCriteriaResult.Item score(MultiCriteriaItem item, DirectResult result) {
        Criteria criteria = item.criteria();
        if (criteria.option(result.option()).isEmpty()) {
            throw new IllegalArgumentException(
                    CriteriaMessages.resultOptionNotInItem(criteria.name(), criteria.optionNames(), result.option()));
        }
        double itemScore;
        boolean fellShort;
        switch (item.strategy()) {
            case TARGET_OPTION -> {
                fellShort = !result.option().equals(item.targetOption());
                itemScore = fellShort ? 0.0 : 1.0;
            }
            case SCORE_THRESHOLD -> {
                fellShort = scale(item, result) < item.scoreThreshold() - TOLERANCE;
                itemScore = fellShort ? 0.0 : 1.0;
            }
            default -> {
                itemScore = scale(item, result);
                double best = normalizeScores ? 1.0 : criteria.maxScore();
                fellShort = itemScore < best - TOLERANCE;
            }
        }
        return new MultiCriteriaResult.Item(
                criteria.name(),
                item.strategy(),
                item.weight(),
                itemScore,
                item.weight() * itemScore,
                item.required(),
                fellShort,
                result);
    }

    private double scale(MultiCriteriaItem item, DirectResult result) {
        if (!result.hasScore()) {
            throw new IllegalArgumentException(
                    CriteriaMessages.resultWithoutScore(item.criteria().name()));
        }
        double score = result.score();
        if (!normalizeScores) {
            return score;
        }
        double min = item.criteria().minScore();
        double max = item.criteria().maxScore();
        return (score - min) / (max - min);
    }

    private static double round9(double value) {
        return Math.round(value * 1e9) / 1e9;
    }

    /** Builds a multi-criteria item by item. */
    @API(status = STABLE, since = "0.1")
    public static final class Builder {
        private final List<MultiCriteriaItem> items = new ArrayList<>();
        private boolean normalizeScores = true;

        private Builder() {}

        /**
         * Adds an item.
         *
         * @param item the item, not {@code null}
         * @return this builder
         * @throws NullPointerException for {@code null}
         */
        public Builder add(MultiCriteriaItem item) {
            items.add(Objects.requireNonNull(item, "item"));
            return this;
        }

        /**
         * Adds a criteria with a weight, counting its score.
         *
         * @param criteria the criteria, not {@code null}
         * @param weight its share of the aggregate, from 0 to 1; all items' weights sum to 1
         * @return this builder
         * @throws IllegalArgumentException for a weight outside 0 to 1
         */
        public Builder add(Criteria criteria, double weight) {
            return add(MultiCriteriaItem.of(criteria).withWeight(weight));
        }

        /**
         * Adds a criteria without a weight; when no item has one, all get equal weights.
         *
         * @param criteria the criteria, not {@code null}
         * @return this builder
         */
        public Builder add(Criteria criteria) {
            return add(MultiCriteriaItem.of(criteria));
        }

        /**
         * Whether scores are normalised to 0-1 per criteria; default on.
         *
         * @param normalize {@code false} to count scores on their options' own scale
         * @return this builder
         */
        public Builder normalizeScores(boolean normalize) {
            this.normalizeScores = normalize;
            return this;
        }

        /**
         * The multi-criteria of the items added.
         *
         * @return a new multi-criteria
         * @throws IllegalArgumentException as the canonical constructor says
         */
        public MultiCriteria build() {
            return new MultiCriteria(items, normalizeScores);
        }
    }
}
