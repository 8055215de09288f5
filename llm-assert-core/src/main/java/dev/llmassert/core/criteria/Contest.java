package dev.llmassert.core.criteria;

import org.apiguardian.api.API;

import static org.apiguardian.api.API.Status.STABLE;

/**
 * A pairwise judge's verdict on one pair of responses. Indexes are positions in the list of responses as the caller
 * gave it, whatever order the judge saw them in.
 *
 * @param first       the lower index of the pair
 * @param second      the higher index of the pair
 * @param winner      {@code first} or {@code second}
 * @param explanation the judge's reasoning
 */
@API(status = STABLE, since = "0.1")
public record Contest(int first, int second, int winner, String explanation) {

    /**
     * Checks the pair and its winner; a missing explanation becomes {@code ""}.
     *
     * @param first the lower index of the pair, 0 or more
     * @param second the higher index of the pair
     * @param winner {@code first} or {@code second}
     * @param explanation the judge's reasoning; {@code null} for none
     * @throws IllegalArgumentException when the indexes are not {@code 0 <= first < second}, or the winner is
     *                                  neither of them
     */
    public Contest {
        if (first < 0 || second <= first) {
            throw new IllegalArgumentException("A contest needs two response indexes with 0 <= first < second, but has "
                    + first + " and " + second + ".");
        }
        if (winner != first && winner != second) {
            throw new IllegalArgumentException("The winner of the contest between responses " + first + " and " + second
                    + " must be one of them, but is " + winner + ".");
        }
        explanation = explanation == null ? "" : explanation;
    }

    /**
     * The contest between {@code a} and {@code b}, in either order.
     *
     * @param a the index of one response
     * @param b the index of the other, not {@code a}
     * @param winner {@code a} or {@code b}
     * @param explanation the judge's reasoning; {@code null} for none
     * @return the contest, with the lower index first
     * @throws IllegalArgumentException for a negative or repeated index, or a winner that is neither
     */
    public static Contest between(int a, int b, int winner, String explanation) {
        return new Contest(Math.min(a, b), Math.max(a, b), winner, explanation);
    }

    /**
     * Whether the response {@code index} is one of the pair.
     *
     * @param index a response's index in the caller's list
     * @return {@code true} when it is {@link #first()} or {@link #second()}
     */
    public boolean involves(int index) {
        return first == index || second == index;
    }

    /**
     * The other response of the pair.
     *
     * @param index one of the pair's indexes
     * @return the other one
     * @throws IllegalArgumentException when {@code index} is not in the pair
     */
    public int opponentOf(int index) {
        if (!involves(index)) {
            throw new IllegalArgumentException(
                    "Response " + index + " is not in the contest " + first + " vs " + second + ".");
        }
        return index == first ? second : first;
    }

    /**
     * Whether this is the contest between {@code a} and {@code b}, in either order.
     *
     * @param a the index of one response
     * @param b the index of the other
     * @return {@code true} when the pair is {@code a} and {@code b}
     */
    public boolean isPair(int a, int b) {
        return first == Math.min(a, b) && second == Math.max(a, b);
    }
}
