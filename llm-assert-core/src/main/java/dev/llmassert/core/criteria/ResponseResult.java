package dev.llmassert.core.criteria;

import org.apiguardian.api.API;

import java.util.List;

import static org.apiguardian.api.API.Status.STABLE;

/**
 * How one response fared in a pairwise comparison.
 *
 * @param index          the response's position in the caller's list
 * @param comparedTo     the opponents, in contest order
 * @param contestResults whether this response won against each opponent
 * @param explanations   the judge's reasoning for each contest
 * @param positionalBias for each contest, whether the winner changed when the responses were reversed; empty when
 *                       the check did not run
 * @param winrate        the share of contests won, from 0 to 1
 * @param ranking        1 for the best winrate; responses with equal winrates share a rank and the next rank is
 *                       skipped (1, 1, 3)
 */
@API(status = STABLE, since = "0.1")
public record ResponseResult(
        int index,
        List<Integer> comparedTo,
        List<Boolean> contestResults,
        List<String> explanations,
        List<Boolean> positionalBias,
        double winrate,
        int ranking) {

    /**
     * Copies the lists.
     *
     * @param index the response's position in the caller's list
     * @param comparedTo the opponents, in contest order; not {@code null}
     * @param contestResults whether this response won each contest; not {@code null}
     * @param explanations the judge's reasoning for each contest; not {@code null}
     * @param positionalBias whether each contest's winner changed when reversed; not {@code null}, empty when the
     *                       check did not run
     * @param winrate the share of contests won, from 0 to 1
     * @param ranking the response's rank, from 1
     */
    public ResponseResult {
        comparedTo = List.copyOf(comparedTo);
        contestResults = List.copyOf(contestResults);
        explanations = List.copyOf(explanations);
        positionalBias = List.copyOf(positionalBias);
    }

    /**
     * Whether the check ran and any of this response's contests changed winner when the order was reversed.
     *
     * @return {@code true} when the bias was detected in one of its contests
     */
    public boolean positionalBiasDetected() {
        return positionalBias.contains(Boolean.TRUE);
    }
}
