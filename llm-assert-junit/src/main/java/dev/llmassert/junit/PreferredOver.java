package dev.llmassert.junit;

import dev.llmassert.core.criteria.Criteria;
import dev.llmassert.core.criteria.Instance;
import dev.llmassert.core.criteria.PairwiseJudge;
import dev.llmassert.core.criteria.PairwiseResult;
import dev.llmassert.junit.internal.AssertionState;
import dev.llmassert.junit.internal.PendingCheck;
import dev.llmassert.junit.internal.message.Messages;
import org.apiguardian.api.API;
import org.assertj.core.api.WritableAssertionInfo;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicBoolean;

import static org.apiguardian.api.API.Status.STABLE;

/**
 * A comparison waiting for its criteria: {@code assertThat(newAnswer).isPreferredOver(oldAnswer)} makes it, and
 * {@link #on(Criteria)} compares and checks. Under {@link LlmJudge}, one never finished with {@code on(...)} fails
 * the test after the method, naming the line.
 */
@API(status = STABLE, since = "0.1")
public class PreferredOver {

    private final String response;
    private final List<String> others;
    private final PairwiseJudge judge;
    private final JudgedAssert.Origin origin;
    private final WritableAssertionInfo info;
    private final AtomicBoolean compared = new AtomicBoolean();

    PreferredOver(
            String response,
            List<String> others,
            PairwiseJudge judge,
            JudgedAssert.Origin origin,
            WritableAssertionInfo info) {
        this.response = response;
        this.others = List.copyOf(others);
        this.judge = judge;
        this.origin = origin;
        this.info = info;
    }

    /**
     * Compares the response with the others on {@code criteria} (one pairwise judgement) and verifies that it won
     * every contest. The failure gives the ranking and who won each contest, with the judge's explanations. The
     * assert it returns checks how reliable the comparison is ({@code withoutPositionalBias()},
     * {@code withAgreementAtLeast(...)}); the preference itself is checked already.
     *
     * @param criteria the criteria the responses are compared on
     * @return the comparison's assertions
     */
    public PairwiseAssert on(Criteria criteria) {
        if (criteria == null) {
            throw new IllegalArgumentException(Messages.nullArgument(
                    "on(criteria)", "Pass the criteria to compare on, e.g. CriteriaCatalog.CONCISENESS."));
        }
        compared.set(true);
        if (response == null) {
            PairwiseAssert nothing = new PairwiseAssert(null, List.of(), null, null, origin).withResponseMissing();
            AssertionState.copy(info, nothing.info);
            return nothing;
        }
        List<String> responses = new ArrayList<>();
        responses.add(response);
        responses.addAll(others);
        Instance context = CheckSteps.contextInstance(origin.context());
        PairwiseResult result = judge.compare(responses, criteria, context);
        PairwiseAssert pairwise = new PairwiseAssert(result, responses, context, judge, origin);
        AssertionState.copy(info, pairwise.info);
        return pairwise.isPreferred();
    }

    /** Under the extension: fails after the test when {@link #on(Criteria)} was never called. */
    PendingCheck pendingCheck() {
        return new PendingCheck() {
            @Override
            public boolean settled() {
                return compared.get() || response == null;
            }

            @Override
            public Optional<AssertionError> checkAfterTest() {
                AssertionError error = new AssertionError(Messages.preferenceWithoutCriteria(origin.where()));
                JudgedAssert.pointAtAssertion(error, origin);
                return Optional.of(error);
            }
        };
    }
}
