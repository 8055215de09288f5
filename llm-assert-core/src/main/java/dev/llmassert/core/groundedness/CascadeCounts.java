package dev.llmassert.core.groundedness;

import org.apiguardian.api.API;

import java.util.Objects;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

/**
 * What a cascade ({@link Judges#cascade(GroundednessJudge, GroundednessJudge)}) did with one response: the sentences
 * the local judge was sure of and decided, those it sent on to the other judge, and what the other judge would have
 * cost for the sentences it was not asked about.
 *
 * @param localJudge       the judge that decided the sentences it was sure of, as {@code provider:model}
 * @param minConfidence    the confidence from which the local judge's verdict stands
 *                         ({@code llmassert.groundedness.cascade.min-confidence}), or {@code NaN} when the local judge
 *                         is not this library's and says no minimum
 * @param decidedLocally   the sentences that make a claim and that the local judge decided
 * @param sentOn           the sentences sent on to the other judge
 * @param callsNotSpent    the calls the other judge would have made for the sentences decided locally (one per
 *                         sentence, or one per sentence and chunk of the sources for claim-check)
 * @param tokensNotSpent   the prompt tokens of those calls, estimated as the rate limits estimate them (the characters
 *                         of each request the other judge would have sent, divided by 4); the replies' tokens are not
 *                         counted
 */
@API(status = EXPERIMENTAL, since = "0.1")
public record CascadeCounts(
        String localJudge,
        double minConfidence,
        int decidedLocally,
        int sentOn,
        int callsNotSpent,
        long tokensNotSpent) {

    /**
     * Checks the counts.
     *
     * @param localJudge the judge that decided the sentences it was sure of
     * @param minConfidence the confidence from which the local judge's verdict stands
     * @param decidedLocally the sentences the local judge decided
     * @param sentOn the sentences sent on to the other judge
     * @param callsNotSpent the calls the other judge would have made for the sentences decided locally
     * @param tokensNotSpent the prompt tokens of those calls
     * @throws NullPointerException if {@code localJudge} is null
     * @throws IllegalArgumentException if a count is negative
     */
    public CascadeCounts {
        Objects.requireNonNull(localJudge, "localJudge");
        if (decidedLocally < 0 || sentOn < 0 || callsNotSpent < 0 || tokensNotSpent < 0) {
            throw new IllegalArgumentException("counts must not be negative, but are: decidedLocally " + decidedLocally
                    + ", sentOn " + sentOn + ", callsNotSpent " + callsNotSpent + ", tokensNotSpent "
                    + tokensNotSpent);
        }
    }
}
