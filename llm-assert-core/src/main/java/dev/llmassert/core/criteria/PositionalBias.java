package dev.llmassert.core.criteria;

import org.apiguardian.api.API;

import static org.apiguardian.api.API.Status.STABLE;

/**
 * The outcome of a direct positional-bias check: the judge was asked again with the options in reverse order.
 *
 * @param detected               whether the judge chose a different option the second time
 * @param optionWhenReversed     the option chosen with the options reversed
 * @param explanationWhenReversed the judge's explanation for that choice
 */
@API(status = STABLE, since = "0.1")
public record PositionalBias(boolean detected, String optionWhenReversed, String explanationWhenReversed) {

    /**
     * Compares the choice in the original order with the choice in reverse order.
     *
     * @param original the result with the options in the criteria's order
     * @param reversed the result with the options reversed
     * @return the check, detected when the two chose different options
     */
    public static PositionalBias compare(DirectResult original, DirectResult reversed) {
        return new PositionalBias(
                !original.option().equals(reversed.option()), reversed.option(), reversed.explanation());
    }
}
