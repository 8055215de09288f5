package dev.llmassert.core.criteria;

import dev.llmassert.core.criteria.internal.CriteriaMessages;
import org.apiguardian.api.API;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Objects;
import java.util.OptionalInt;
import java.util.stream.IntStream;

import static org.apiguardian.api.API.Status.STABLE;

/**
 * What a pairwise judge decided about two or more responses on one criteria: every pair is contested once.
 *
 * <p>Winrate and ranking follow IBM EvalAssist: a response's winrate is the share of its contests it won, and
 * responses are ranked by winrate, best first, with equal winrates sharing a rank.
 *
 * @param criteria         the criteria judged; its name and description are the question, its options are not used
 * @param responseCount    how many responses were compared, at least 2
 * @param contests         one verdict per pair, indexes in the caller's order
 * @param reversedContests the verdicts with the responses shown in reverse order, or {@code null} when the
 *                         positional-bias check did not run
 * @param samples          how many judge runs the result combines: 1, or n under self-consistency
 * @param agreement        under self-consistency, the share of samples that agreed with the majority in the least
 *                         agreed contest; 1.0 for a single run
 * @param metadata         the judge and the prompt; {@code null} only for results built by hand
 */
@API(status = STABLE, since = "0.1")
public record PairwiseResult(
        Criteria criteria,
        int responseCount,
        List<Contest> contests,
        List<Contest> reversedContests,
        int samples,
        double agreement,
        ResultMetadata metadata) {

    /**
     * Checks the result; the contests are sorted in {@link #pairs(int)}'s order.
     *
     * @param criteria the criteria judged, not {@code null}
     * @param responseCount how many responses were compared, at least 2
     * @param contests exactly one verdict per pair
     * @param reversedContests exactly one verdict per pair, or {@code null} when the check did not run
     * @param samples the judge runs combined, at least 1
     * @param agreement the agreement of the least agreed contest, from 0 to 1
     * @param metadata the judge and the prompt, or {@code null} for a result built by hand
     * @throws IllegalArgumentException for fewer than two responses, a pair missing or repeated or an extra contest,
     *                                  fewer than one sample or an agreement outside 0 to 1
     * @throws NullPointerException for a {@code null} criteria or contests
     */
    public PairwiseResult {
        Objects.requireNonNull(criteria, "criteria");
        if (responseCount < 2) {
            throw new IllegalArgumentException(CriteriaMessages.tooFewResponses(responseCount));
        }
        contests = sortedComplete(responseCount, contests, "contests");
        reversedContests =
                reversedContests == null ? null : sortedComplete(responseCount, reversedContests, "reversedContests");
        if (samples < 1) {
            throw new IllegalArgumentException("samples must be at least 1, but is: " + samples);
        }
        if (!(agreement >= 0.0 && agreement <= 1.0)) {
            throw new IllegalArgumentException("agreement must be between 0.0 and 1.0, but is: " + agreement);
        }
    }

    /**
     * A single run's result.
     *
     * @param criteria the criteria judged
     * @param responseCount how many responses were compared, at least 2
     * @param contests exactly one verdict per pair
     * @param metadata the judge and the prompt; {@code null} for a result built by hand
     * @return the result, of one sample with agreement 1 and no positional-bias check
     * @throws IllegalArgumentException for fewer than two responses, or contests that are not one per pair
     */
    public static PairwiseResult of(
            Criteria criteria, int responseCount, List<Contest> contests, ResultMetadata metadata) {
        return new PairwiseResult(criteria, responseCount, contests, null, 1, 1.0, metadata);
    }

    /**
     * The pairs {@code (i, j)}, {@code i < j}, in the order contests are listed.
     *
     * @param responseCount how many responses are compared
     * @return each pair as a two-element array, {@code n(n-1)/2} of them
     */
    public static List<int[]> pairs(int responseCount) {
        List<int[]> pairs = new ArrayList<>();
        for (int i = 0; i < responseCount; i++) {
            for (int j = i + 1; j < responseCount; j++) {
                pairs.add(new int[] {i, j});
            }
        }
        return pairs;
    }

    private static List<Contest> sortedComplete(int n, List<Contest> contests, String what) {
        Objects.requireNonNull(contests, what);
        List<Contest> sorted = new ArrayList<>();
        List<String> missing = new ArrayList<>();
        for (int[] pair : pairs(n)) {
            List<Contest> matching =
                    contests.stream().filter(c -> c.isPair(pair[0], pair[1])).toList();
            if (matching.size() > 1) {
                throw new IllegalArgumentException(CriteriaMessages.repeatedContest(pair[0], pair[1]));
            }
            if (matching.isEmpty()) {
                missing.add(pair[0] + " vs " + pair[1]);
            } else {
                sorted.add(matching.get(0));
            }
        }
        if (!missing.isEmpty() || sorted.size() != contests.size()) {
            throw new IllegalArgumentException(CriteriaMessages.incompleteContests(n, missing, contests.size()));
        }
        return List.copyOf(sorted);
    }

    /**
     * The verdict on the pair {@code a}, {@code b}.
     *
     * @param a the index of one response
     * @param b the index of the other, in either order
     * @return the contest between them
     * @throws IllegalArgumentException when there is no such pair
     */
    public Contest contest(int a, int b) {
        return contests.stream()
                .filter(c -> c.isPair(a, b))
                .findFirst()
                .orElseThrow(() -> new IllegalArgumentException("There is no contest between responses " + a + " and "
                        + b + " among " + responseCount + " responses."));
    }

    /**
     * Whether the judge preferred response {@code a} over response {@code b}.
     *
     * @param a the index of one response
     * @param b the index of the other
     * @return {@code true} when {@code a} won their contest
     * @throws IllegalArgumentException when there is no such pair
     */
    public boolean prefers(int a, int b) {
        return contest(a, b).winner() == a;
    }

    /**
     * Per response, in the caller's order: its contests, winrate and rank.
     *
     * @return one result per response
     */
    public List<ResponseResult> responses() {
        double[] winrates = new double[responseCount];
        List<ResponseResult> results = new ArrayList<>();
        for (int i = 0; i < responseCount; i++) {
            int index = i;
            List<Contest> own = contests.stream().filter(c -> c.involves(index)).toList();
            long won = own.stream().filter(c -> c.winner() == index).count();
            winrates[i] = (double) won / own.size();
        }
        for (int i = 0; i < responseCount; i++) {
            int index = i;
            List<Contest> own = contests.stream().filter(c -> c.involves(index)).toList();
            List<Boolean> bias = reversedContests == null
                    ? List.of()
                    : own.stream()
                            .map(c -> reversedContest(c.first(), c.second()).winner() != c.winner())
                            .toList();
            int rank = 1
                    + (int) IntStream.range(0, responseCount)
                            .filter(j -> winrates[j] > winrates[index])
                            .count();
            results.add(new ResponseResult(
                    i,
                    own.stream().map(c -> c.opponentOf(index)).toList(),
                    own.stream().map(c -> c.winner() == index).toList(),
                    own.stream().map(Contest::explanation).toList(),
                    bias,
                    winrates[i],
                    rank));
        }
        return List.copyOf(results);
    }

    private Contest reversedContest(int a, int b) {
        return reversedContests.stream().filter(c -> c.isPair(a, b)).findFirst().orElseThrow();
    }

    /**
     * Response indexes from best to worst; equal ranks keep the caller's order.
     *
     * @return every response's index
     */
    public List<Integer> ranking() {
        return responses().stream()
                .sorted(Comparator.comparingInt(ResponseResult::ranking).thenComparingInt(ResponseResult::index))
                .map(ResponseResult::index)
                .toList();
    }

    /**
     * The response ranked first alone, or empty when several share the first rank.
     *
     * @return the winner's index
     */
    public OptionalInt winner() {
        List<ResponseResult> first =
                responses().stream().filter(r -> r.ranking() == 1).toList();
        return first.size() == 1 ? OptionalInt.of(first.get(0).index()) : OptionalInt.empty();
    }

    /**
     * Whether the positional-bias check ran.
     *
     * @return {@code true} when {@link #reversedContests()} is not {@code null}
     */
    public boolean positionalBiasChecked() {
        return reversedContests != null;
    }

    /**
     * Whether the check ran and any contest changed winner when the responses were shown in reverse order.
     *
     * @return {@code true} when the bias was detected
     */
    public boolean positionalBiasDetected() {
        return reversedContests != null
                && contests.stream()
                        .anyMatch(c -> reversedContest(c.first(), c.second()).winner() != c.winner());
    }

    /**
     * The contests whose winner changed with the order reversed; empty when the check did not run.
     *
     * @return those contests, as first decided
     */
    public List<Contest> biasedContests() {
        return reversedContests == null
                ? List.of()
                : contests.stream()
                        .filter(c -> reversedContest(c.first(), c.second()).winner() != c.winner())
                        .toList();
    }

    /**
     * This result with the outcome of asking again with the responses reversed. The reversed run's contests must
     * already use the caller's indexes (the reply parser maps them back).
     *
     * @param reversedRun the result of the same comparison with the responses in reverse order
     * @return a copy with the reversed contests; this one is unchanged
     * @throws IllegalArgumentException when the reversed run compared another number of responses
     */
    public PairwiseResult withPositionalBias(PairwiseResult reversedRun) {
        if (reversedRun.responseCount != responseCount) {
            throw new IllegalArgumentException("The reversed run compared " + reversedRun.responseCount
                    + " responses, this one " + responseCount + "; a positional-bias check must compare the same"
                    + " responses.");
        }
        return new PairwiseResult(
                criteria, responseCount, contests, reversedRun.contests, samples, agreement, metadata);
    }
}
