package dev.llmassert.core.criteria;

import org.apiguardian.api.API;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import static org.apiguardian.api.API.Status.STABLE;

/**
 * The outcome of a {@link MultiCriteria} over one instance.
 *
 * @param score the aggregate: the sum of the weighted item scores, rounded to 9 decimals, or 0 when a required
 *              item fell short
 * @param items one entry per criteria, in the multi-criteria's order
 */
@API(status = STABLE, since = "0.1")
public record MultiCriteriaResult(double score, List<Item> items) {

    /**
     * Copies the items.
     *
     * @param score the aggregate
     * @param items one entry per criteria, not {@code null}
     */
    public MultiCriteriaResult {
        items = List.copyOf(items);
    }

    /**
     * How one criteria counted.
     *
     * @param criteriaName  the criteria's name
     * @param strategy      how the result became the item score
     * @param weight        the item's weight
     * @param itemScore     the item score before weighting: 0-1 when normalised
     * @param weightedScore {@code weight * itemScore}
     * @param required      whether the item was required
     * @param fellShort     whether the item fell short: target option not selected, threshold not reached, or
     *                      score below the best option's
     * @param result        the direct result the item was computed from
     */
    @API(status = STABLE, since = "0.1")
    public record Item(
            String criteriaName,
            MultiCriteriaItem.Strategy strategy,
            double weight,
            double itemScore,
            double weightedScore,
            boolean required,
            boolean fellShort,
            DirectResult result) {}

    /**
     * The weighted score of every criteria, by name, in order.
     *
     * @return each criteria's name with its {@link Item#weightedScore()}
     */
    public Map<String, Double> weightedScores() {
        Map<String, Double> scores = new LinkedHashMap<>();
        items.forEach(i -> scores.put(i.criteriaName(), i.weightedScore()));
        return scores;
    }

    /**
     * The single results, by criteria name, in order.
     *
     * @return each criteria's name with its direct result
     */
    public Map<String, DirectResult> results() {
        Map<String, DirectResult> results = new LinkedHashMap<>();
        items.forEach(i -> results.put(i.criteriaName(), i.result()));
        return results;
    }

    /**
     * How the criteria {@code criteriaName} counted.
     *
     * @param criteriaName the criteria's name
     * @return its entry; empty when the multi-criteria has no such criteria
     */
    public Optional<Item> item(String criteriaName) {
        return items.stream().filter(i -> i.criteriaName().equals(criteriaName)).findFirst();
    }

    /**
     * The required items that fell short; when any did, the aggregate is 0.
     *
     * @return those items, in order; empty when none fell short
     */
    public List<Item> requiredFailures() {
        return items.stream().filter(i -> i.required() && i.fellShort()).toList();
    }
}
