package dev.llmassert.junit;

import dev.llmassert.core.criteria.Criteria;
import dev.llmassert.core.criteria.CriteriaOption;
import dev.llmassert.core.criteria.DirectJudge;
import dev.llmassert.core.criteria.DirectResult;
import dev.llmassert.core.criteria.Instance;
import dev.llmassert.junit.internal.CheckReport;
import dev.llmassert.junit.internal.message.Messages;
import dev.llmassert.junit.internal.message.ShouldMeetCriteria;
import org.apiguardian.api.API;

import java.util.List;
import java.util.Locale;
import java.util.Optional;

import static org.apiguardian.api.API.Status.STABLE;

/**
 * Checks a direct judge's verdict on a response: the response has been judged already, and each method checks the
 * result.
 *
 * <p>Made by {@code assertThat(response).meets(criteria)} and {@code satisfies(question)}. Under {@link LlmJudge}, a
 * {@code meets(...)} that is given neither {@link #withOption(String)} nor {@link #withMinScore(double)} is checked
 * after the test method against the criteria's <em>best option</em>: the option with the highest score (any of
 * them, when several share it). A criteria whose options have no scores has no best option, so such a bare check
 * fails and asks for {@code withOption(...)}: no check is silently dropped. Outside the extension the bare check is
 * made at once.
 *
 * <p>{@link #withoutPositionalBias()} and {@link #withAgreementAtLeast(double)} check how reliable the verdict is;
 * they add to the option or score check, they do not replace it.
 */
@API(status = STABLE, since = "0.1")
public class CriteriaAssert extends JudgedAssert<CriteriaAssert, DirectResult> {

    /** A result judged outside {@code assertThat(response)} does not hold the response; messages say so. */
    static final String UNKNOWN_RESPONSE = "(not known: the result was judged outside assertThat(response))";

    private final Instance instance;
    private final DirectJudge judge;
    private DirectResult checkedForBias;

    /**
     * Checks a result obtained from a judge directly; nothing is checked until a method is called.
     *
     * @param result the result
     */
    public CriteriaAssert(DirectResult result) {
        this(result, null, null, Origin.of(result == null ? null : UNKNOWN_RESPONSE));
    }

    /** A result judged on {@code instance} by {@code judge}; all three {@code null} for a missing response. */
    CriteriaAssert(DirectResult result, Instance instance, DirectJudge judge, Origin origin) {
        super(result, CriteriaAssert.class, origin);
        this.instance = instance;
        this.judge = judge;
    }

    /**
     * Verifies that the judge chose {@code option}. The name is matched as the judge's reply is: ignoring case.
     *
     * @param option the option's name
     * @return this assertion, to chain more checks
     * @throws IllegalArgumentException if the criteria has no such option; the message lists its options
     */
    public CriteriaAssert withOption(String option) {
        settle();
        if (option == null || option.isBlank()) {
            throw new IllegalArgumentException(Messages.nullArgument(
                    "withOption(option)", "Pass the name of one of the criteria's options, e.g. withOption(\"Yes\")."));
        }
        if (isNullChecked()) {
            Criteria criteria = actual.criteria();
            String expected = criteria.matchOption(option)
                    .map(CriteriaOption::name)
                    .orElseGet(() -> criteria.requireOption(option).name());
            boolean passed = actual.option().equals(expected);
            check(
                    CheckReport.direct("criteria", actual, "option \"" + expected + "\"", passed, origin.where()),
                    passed,
                    () -> ShouldMeetCriteria.shouldHaveOption(origin.response(), origin.context(), actual, expected));
        }
        return myself;
    }

    /**
     * Verifies that the chosen option's score is at least {@code minScore}: under {@code sampled(n)}, the mean score
     * of the samples. Scores are on the criteria's own scale (0 to 1 for the catalog criteria).
     *
     * @param minScore the least score, on the criteria's own scale
     * @return this assertion, to chain more checks
     * @throws IllegalStateException if the criteria's options have no scores
     */
    public CriteriaAssert withMinScore(double minScore) {
        settle();
        requireFinite("withMinScore(minScore)", minScore, "withMinScore(0.75)");
        if (isNullChecked()) {
            double score = actual.requireScore();
            boolean passed = passes(score, minScore);
            check(
                    CheckReport.direct(
                            "criteria",
                            actual,
                            "score >= " + String.format(Locale.ROOT, "%.2f", minScore),
                            passed,
                            origin.where()),
                    passed,
                    () -> ShouldMeetCriteria.shouldHaveMinScore(origin.response(), origin.context(), actual, minScore));
        }
        return myself;
    }

    /**
     * Verifies that the verdict does not depend on the order the options are shown in. When the judgement ran
     * without the positional-bias check, the judge is asked once more with the options in reverse order (one more
     * judgement, sampled like the first); it fails when that choice differs.
     *
     * @return this assertion, to chain more checks
     * @throws IllegalStateException for a result built outside the DSL without the check, as there is no judge to ask
     */
    public CriteriaAssert withoutPositionalBias() {
        if (isNullChecked()) {
            DirectResult checked = biasChecked();
            boolean passed = !checked.positionalBiasDetected();
            check(
                    CheckReport.direct(
                            "criteria.positional-bias",
                            checked,
                            "the same option with the options reversed",
                            passed,
                            origin.where()),
                    passed,
                    () -> ShouldMeetCriteria.shouldBeFreeOfPositionalBias(
                            origin.response(), origin.context(), checked));
        }
        return myself;
    }

    /**
     * Verifies that at least {@code minAgreement} of the samples chose the majority option. Needs samples: ask for
     * them with {@code assertThat(response).sampled(n)} before {@code meets(...)}, at a judge temperature above 0.
     *
     * @param minAgreement from 0 to 1, compared at two decimals: 0.67 accepts 2 of 3
     * @return this assertion, to chain more checks
     * @throws IllegalStateException if the judgement was not sampled
     */
    public CriteriaAssert withAgreementAtLeast(double minAgreement) {
        requireFraction("withAgreementAtLeast(minAgreement)", minAgreement);
        if (isNullChecked()) {
            if (actual.samples() < 2) {
                throw new IllegalStateException(Messages.agreementNeedsSamples("meets(...)"));
            }
            boolean passed = agreementReaches(actual.agreement(), minAgreement);
            check(
                    CheckReport.direct(
                            "criteria.agreement",
                            actual,
                            "agreement >= " + String.format(Locale.ROOT, "%.2f", minAgreement),
                            passed,
                            origin.where()),
                    passed,
                    () -> ShouldMeetCriteria.shouldHaveAgreement(
                            origin.response(), origin.context(), actual, minAgreement));
        }
        return myself;
    }

    /**
     * The judge's result, to inspect the option, explanation and feedback yourself; with the positional-bias outcome
     * once {@link #withoutPositionalBias()} ran. Does not count as a check.
     *
     * @return the result
     */
    public DirectResult result() {
        return checkedForBias != null ? checkedForBias : actual;
    }

    /** A bare {@code meets(...)} expects the criteria's best option. */
    @Override
    Optional<AssertionError> checkDefault(boolean afterTest) {
        StackTraceElement where = afterTest ? origin.where() : null;
        Criteria criteria = actual.criteria();
        if (!criteria.hasScores()) {
            publish(CheckReport.direct(
                    "criteria", actual, "an option named with withOption(...)", false, origin.where()));
            return failure(
                    false,
                    () -> ShouldMeetCriteria.shouldNameAnOption(origin.response(), origin.context(), actual, where),
                    afterTest);
        }
        double best = criteria.maxScore();
        List<String> bestOptions = criteria.options().stream()
                .filter(o -> o.score() >= best - TOLERANCE)
                .map(CriteriaOption::name)
                .toList();
        boolean passed = bestOptions.contains(actual.option());
        publish(CheckReport.direct("criteria", actual, "best option " + bestOptions, passed, origin.where()));
        return failure(
                passed,
                () -> ShouldMeetCriteria.shouldHaveBestOption(
                        origin.response(), origin.context(), actual, bestOptions, where),
                afterTest);
    }

    private DirectResult biasChecked() {
        if (actual.positionalBiasChecked()) {
            return actual;
        }
        if (checkedForBias == null) {
            if (judge == null || instance == null) {
                throw new IllegalStateException(Messages.noJudgeToCheckBias(
                        "result was judged", "assertThat(response).meets(criteria).withoutPositionalBias()"));
            }
            DirectResult reversed = judge.evaluate(instance, actual.criteria().withOptionsReversed());
            checkedForBias = actual.withPositionalBias(reversed);
        }
        return checkedForBias;
    }
}
