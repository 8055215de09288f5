package dev.llmassert.junit;

import dev.llmassert.core.criteria.Contest;
import dev.llmassert.core.criteria.Instance;
import dev.llmassert.core.criteria.PairwiseJudge;
import dev.llmassert.core.criteria.PairwiseResult;
import dev.llmassert.junit.internal.CheckReport;
import dev.llmassert.junit.internal.message.Messages;
import dev.llmassert.junit.internal.message.ShouldBePreferred;
import org.apiguardian.api.API;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Locale;
import java.util.stream.IntStream;

import static org.apiguardian.api.API.Status.STABLE;

/**
 * Checks a pairwise judge's comparison of a response (number 0) with others: made by
 * {@code assertThat(response).isPreferredOver(others).on(criteria)}, which already checked that the response won
 * every contest. The methods here check how reliable that comparison is.
 */
@API(status = STABLE, since = "0.1")
public class PairwiseAssert extends JudgedAssert<PairwiseAssert, PairwiseResult> {

    private final List<String> responses;
    private final Instance context;
    private final PairwiseJudge judge;
    private PairwiseResult checkedForBias;

    /**
     * Checks a comparison obtained from a judge directly, for the response at index 0.
     *
     * @param result the comparison
     */
    public PairwiseAssert(PairwiseResult result) {
        this(result, null, null, null, Origin.of(CriteriaAssert.UNKNOWN_RESPONSE));
    }

    PairwiseAssert(
            PairwiseResult result, List<String> responses, Instance context, PairwiseJudge judge, Origin origin) {
        super(result, PairwiseAssert.class, origin);
        this.responses = responses != null
                ? List.copyOf(responses)
                : result == null
                        ? List.of()
                        : IntStream.range(0, result.responseCount())
                                .mapToObj(i -> i == 0 ? origin.response() : "(response " + i + ")")
                                .toList();
        this.context = context;
        this.judge = judge;
    }

    /**
     * Verifies that the response at index 0 won every one of its contests.
     *
     * @return this assertion, to chain more checks
     */
    public PairwiseAssert isPreferred() {
        settle();
        if (isNullChecked()) {
            boolean passed =
                    actual.contests().stream().filter(c -> c.involves(0)).allMatch(c -> c.winner() == 0);
            check(
                    CheckReport.pairwise("pairwise", actual, "response 0 wins every contest", passed, origin.where()),
                    passed,
                    () -> ShouldBePreferred.shouldBePreferred(responses, origin.context(), actual));
        }
        return myself;
    }

    /**
     * Verifies that no contest changes winner when the responses are shown in reverse order. When the comparison ran
     * without that check, the judge is asked once more with the responses reversed.
     *
     * @return this assertion, to chain more checks
     * @throws IllegalStateException for a result built outside the DSL without the check, as there is no judge to ask
     */
    public PairwiseAssert withoutPositionalBias() {
        if (isNullChecked()) {
            PairwiseResult checked = biasChecked();
            boolean passed = !checked.positionalBiasDetected();
            check(
                    CheckReport.pairwise(
                            "pairwise.positional-bias",
                            checked,
                            "the same winners with the responses reversed",
                            passed,
                            origin.where()),
                    passed,
                    () -> ShouldBePreferred.shouldBeFreeOfPositionalBias(responses, origin.context(), checked));
        }
        return myself;
    }

    /**
     * Verifies that in every contest at least {@code minAgreement} of the samples agreed with the majority. Needs
     * samples: {@code assertThat(response).sampled(n).isPreferredOver(...)}. Compared at two decimals: 0.67 accepts 2
     * of 3.
     *
     * @param minAgreement the least share of samples, from 0 to 1
     * @return this assertion, to chain more checks
     * @throws IllegalStateException if the comparison was not sampled
     */
    public PairwiseAssert withAgreementAtLeast(double minAgreement) {
        requireFraction("withAgreementAtLeast(minAgreement)", minAgreement);
        if (isNullChecked()) {
            if (actual.samples() < 2) {
                throw new IllegalStateException(Messages.agreementNeedsSamples("isPreferredOver(...).on(...)"));
            }
            boolean passed = agreementReaches(actual.agreement(), minAgreement);
            check(
                    CheckReport.pairwise(
                            "pairwise.agreement",
                            actual,
                            "agreement >= " + String.format(Locale.ROOT, "%.2f", minAgreement),
                            passed,
                            origin.where()),
                    passed,
                    () -> ShouldBePreferred.shouldHaveAgreement(responses, origin.context(), actual, minAgreement));
        }
        return myself;
    }

    /**
     * The comparison, with the positional-bias outcome once {@link #withoutPositionalBias()} ran.
     *
     * @return the comparison
     */
    public PairwiseResult result() {
        return checkedForBias != null ? checkedForBias : actual;
    }

    private PairwiseResult biasChecked() {
        if (actual.positionalBiasChecked()) {
            return actual;
        }
        if (checkedForBias == null) {
            if (judge == null) {
                throw new IllegalStateException(Messages.noJudgeToCheckBias(
                        "comparison ran",
                        "assertThat(response).isPreferredOver(other).on(criteria).withoutPositionalBias()"));
            }
            List<String> reversed = new ArrayList<>(responses);
            Collections.reverse(reversed);
            PairwiseResult reversedRun = judge.compare(reversed, actual.criteria(), context);
            int last = responses.size() - 1;
            List<Contest> inOurOrder = reversedRun.contests().stream()
                    .map(c -> Contest.between(last - c.first(), last - c.second(), last - c.winner(), c.explanation()))
                    .toList();
            checkedForBias = actual.withPositionalBias(
                    PairwiseResult.of(actual.criteria(), responses.size(), inOurOrder, reversedRun.metadata()));
        }
        return checkedForBias;
    }
}
