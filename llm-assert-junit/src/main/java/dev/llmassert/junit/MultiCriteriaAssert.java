package dev.llmassert.junit;

import dev.llmassert.core.criteria.MultiCriteria;
import dev.llmassert.core.criteria.MultiCriteriaItem;
import dev.llmassert.core.criteria.MultiCriteriaResult;
import dev.llmassert.junit.internal.CheckReport;
import dev.llmassert.junit.internal.message.ShouldMeetAllCriteria;
import org.apiguardian.api.API;

import java.util.Optional;

import static org.apiguardian.api.API.Status.STABLE;

/**
 * Checks a multi-criteria verdict: made by {@code assertThat(response).meetsAll(multiCriteria)}, which judged the
 * response on every criteria and aggregated the results with the weights, targets, thresholds and required items.
 *
 * <p>Under {@link LlmJudge}, a {@code meetsAll(...)} never given {@link #withMinScore(double)} is checked after the
 * test method against the best attainable aggregate (1.0 when scores are normalised): every criteria at its best
 * option, target or threshold. Outside the extension that check is made at once.
 */
@API(status = STABLE, since = "0.1")
public class MultiCriteriaAssert extends JudgedAssert<MultiCriteriaAssert, MultiCriteriaResult> {

    private final double bestAttainable;

    /**
     * Checks a result obtained from a judge directly; nothing is checked until a method is called.
     *
     * @param result the result
     */
    public MultiCriteriaAssert(MultiCriteriaResult result) {
        this(result, Double.NaN, Origin.of(CriteriaAssert.UNKNOWN_RESPONSE));
    }

    MultiCriteriaAssert(MultiCriteriaResult result, double bestAttainable, Origin origin) {
        super(result, MultiCriteriaAssert.class, origin);
        this.bestAttainable = bestAttainable;
    }

    /**
     * Verifies that the aggregate score is at least {@code minScore}. A required criteria that fell short makes the
     * aggregate 0, so it fails any minimum above 0.
     *
     * @param minScore the least aggregate score
     * @return this assertion, to chain more checks
     */
    public MultiCriteriaAssert withMinScore(double minScore) {
        settle();
        requireFinite("withMinScore(minScore)", minScore, "withMinScore(0.8)");
        if (isNullChecked()) {
            boolean passed = passes(actual.score(), minScore);
            check(
                    CheckReport.multiCriteria("multi-criteria", actual, minScore, passed, origin.where()),
                    passed,
                    () -> ShouldMeetAllCriteria.shouldMeetAll(
                            origin.response(), origin.context(), actual, minScore, false, null));
        }
        return myself;
    }

    /**
     * The aggregated result, with every criteria's own result. Does not count as a check.
     *
     * @return the result
     */
    public MultiCriteriaResult result() {
        return actual;
    }

    /** A bare {@code meetsAll(...)} expects the best attainable aggregate. */
    @Override
    Optional<AssertionError> checkDefault(boolean afterTest) {
        boolean passed = passes(actual.score(), bestAttainable);
        publish(CheckReport.multiCriteria("multi-criteria", actual, bestAttainable, passed, origin.where()));
        return failure(
                passed,
                () -> ShouldMeetAllCriteria.shouldMeetAll(
                        origin.response(),
                        origin.context(),
                        actual,
                        bestAttainable,
                        true,
                        afterTest ? origin.where() : null),
                afterTest);
    }

    /** The highest aggregate {@code multiCriteria} can give: every item at its best. */
    static double bestAttainable(MultiCriteria multiCriteria) {
        double best = 0;
        for (MultiCriteriaItem item : multiCriteria.items()) {
            double itemBest = item.strategy() != MultiCriteriaItem.Strategy.SCORE || multiCriteria.normalizeScores()
                    ? 1.0
                    : item.criteria().maxScore();
            best += item.weight() * itemBest;
        }
        return Math.round(best * 1e9) / 1e9;
    }
}
