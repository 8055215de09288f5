package dev.llmassert.core.criteria.internal;

import dev.llmassert.core.criteria.Contest;
import dev.llmassert.core.criteria.Criteria;
import dev.llmassert.core.criteria.DirectResult;
import dev.llmassert.core.criteria.PairwiseResult;
import dev.llmassert.core.criteria.PositionalBias;
import dev.llmassert.core.criteria.ResultMetadata;
import org.apiguardian.api.API;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import static org.apiguardian.api.API.Status.INTERNAL;

/**
 * Combines n samples of the same judgement into one result by majority vote.
 *
 * <p>Direct results, as in IBM EvalAssist: the option chosen most often wins, the score is the mean of all the
 * samples' scores, and the agreement is the share of samples that chose the winning option.
 *
 * <p>Ties are broken deterministically, and more strictly than EvalAssist (which keeps the tied option seen first):
 * a tie goes to the tied option with the <em>lowest</em> score, so a split vote never lets a check pass. When the
 * tied options have no scores or equal scores, the one a sample chose first wins.
 *
 * <p>Pairwise results: each pair's winner is decided by majority separately; a tied pair goes to the later response
 * of the pair, so a split vote never makes the response under test (the first, in {@code isPreferredOver}) win. The
 * agreement is that of the least agreed pair. An odd number of samples avoids ties.
 */
@API(status = INTERNAL, since = "0.1")
public final class SelfConsistency {

    private SelfConsistency() {}

    /**
     * The majority of n direct results on the same criteria.
     *
     * <p>The explanation, feedback and metadata are the first winning sample's. The positional-bias check counts as
     * run when it ran on every sample, and as detected when the majority with the options reversed differs from the
     * majority in the original order.
     */
    public static DirectResult majorityVote(List<DirectResult> samples) {
        requireSamples(samples);
        Criteria criteria = samples.get(0).criteria();
        for (DirectResult sample : samples) {
            if (!sample.criteria().name().equals(criteria.name())) {
                throw new IllegalArgumentException(CriteriaMessages.mixedSamples(
                        criteria.name(), sample.criteria().name()));
            }
        }
        List<String> options = samples.stream().map(DirectResult::option).toList();
        String winner = majority(criteria, options);
        int top = (int) options.stream().filter(winner::equals).count();
        DirectResult representative = samples.stream()
                .filter(s -> s.option().equals(winner))
                .findFirst()
                .orElseThrow();
        Double score = samples.stream().allMatch(DirectResult::hasScore)
                ? samples.stream().mapToDouble(DirectResult::score).average().orElseThrow()
                : null;
        PositionalBias bias = null;
        if (samples.stream().allMatch(DirectResult::positionalBiasChecked)) {
            // The majority in each order is compared, not sample by sample: at a temperature above 0 two samples
            // may differ by chance, and that is not a bias.
            String reversed = majority(
                    criteria,
                    samples.stream()
                            .map(s -> s.positionalBias().optionWhenReversed())
                            .toList());
            String explanation = samples.stream()
                    .map(DirectResult::positionalBias)
                    .filter(b -> b.optionWhenReversed().equals(reversed))
                    .findFirst()
                    .orElseThrow()
                    .explanationWhenReversed();
            bias = new PositionalBias(!reversed.equals(winner), reversed, explanation);
        }
        return new DirectResult(
                criteria,
                winner,
                score,
                representative.explanation(),
                representative.feedback(),
                bias,
                samples.size(),
                (double) top / samples.size(),
                representative.metadata());
    }

    /** The option chosen most often; a tie goes to the lowest-scoring tied option, then to the one seen first. */
    private static String majority(Criteria criteria, List<String> options) {
        Map<String, Integer> counts = new LinkedHashMap<>();
        options.forEach(o -> counts.merge(o, 1, Integer::sum));
        int top = counts.values().stream().mapToInt(Integer::intValue).max().orElseThrow();
        String majority = null;
        for (Map.Entry<String, Integer> entry : counts.entrySet()) {
            if (entry.getValue() == top && (majority == null || lower(criteria, entry.getKey(), majority))) {
                majority = entry.getKey();
            }
        }
        return majority;
    }

    private static boolean lower(Criteria criteria, String candidate, String current) {
        Double a = criteria.requireOption(candidate).score();
        Double b = criteria.requireOption(current).score();
        return a != null && b != null && a < b;
    }

    /**
     * The majority of n pairwise results on the same responses: per pair, the winner chosen most often; a tie goes to
     * the later response of the pair. The positional-bias verdicts, when every sample has them, are combined the same
     * way.
     */
    public static PairwiseResult majorityVote(List<PairwiseResult> samples, ResultMetadata metadata) {
        requireSamples(samples);
        PairwiseResult first = samples.get(0);
        for (PairwiseResult sample : samples) {
            if (sample.responseCount() != first.responseCount()
                    || !sample.criteria().name().equals(first.criteria().name())) {
                throw new IllegalArgumentException(CriteriaMessages.mixedPairwiseSamples());
            }
        }
        List<Contest> contests = new ArrayList<>();
        double agreement = 1.0;
        for (int[] pair : PairwiseResult.pairs(first.responseCount())) {
            List<Contest> votes =
                    samples.stream().map(s -> s.contest(pair[0], pair[1])).toList();
            Vote vote = vote(votes);
            contests.add(vote.contest);
            agreement = Math.min(agreement, vote.share);
        }
        List<Contest> reversed = null;
        if (samples.stream().allMatch(PairwiseResult::positionalBiasChecked)) {
            reversed = new ArrayList<>();
            for (int[] pair : PairwiseResult.pairs(first.responseCount())) {
                reversed.add(vote(samples.stream()
                                .map(s -> s.reversedContests().stream()
                                        .filter(c -> c.isPair(pair[0], pair[1]))
                                        .findFirst()
                                        .orElseThrow())
                                .toList())
                        .contest);
            }
        }
        return new PairwiseResult(
                first.criteria(),
                first.responseCount(),
                contests,
                reversed,
                samples.size(),
                agreement,
                metadata != null ? metadata : first.metadata());
    }

    private record Vote(Contest contest, double share) {}

    private static Vote vote(List<Contest> votes) {
        Map<Integer, Integer> counts = new LinkedHashMap<>();
        votes.forEach(c -> counts.merge(c.winner(), 1, Integer::sum));
        int top = counts.values().stream().mapToInt(Integer::intValue).max().orElseThrow();
        // A split vote goes to the later response of the pair: the first is the one under test in isPreferredOver,
        // and a tie must never make it win.
        int winner = counts.entrySet().stream()
                .filter(e -> e.getValue() == top)
                .mapToInt(Map.Entry::getKey)
                .max()
                .orElseThrow();
        Contest representative =
                votes.stream().filter(c -> c.winner() == winner).findFirst().orElseThrow();
        return new Vote(representative, (double) top / votes.size());
    }

    private static void requireSamples(List<?> samples) {
        if (samples == null || samples.isEmpty()) {
            throw new IllegalArgumentException(CriteriaMessages.noSamples());
        }
    }
}
