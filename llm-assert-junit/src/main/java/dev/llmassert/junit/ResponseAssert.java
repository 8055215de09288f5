package dev.llmassert.junit;

import dev.llmassert.core.criteria.Criteria;
import dev.llmassert.core.criteria.CriteriaJudgeBuilder;
import dev.llmassert.core.criteria.DirectJudge;
import dev.llmassert.core.criteria.DirectResult;
import dev.llmassert.core.criteria.Instance;
import dev.llmassert.core.criteria.MultiCriteria;
import dev.llmassert.core.criteria.MultiCriteriaResult;
import dev.llmassert.core.criteria.PairwiseJudge;
import dev.llmassert.core.groundedness.GroundednessJudge;
import dev.llmassert.core.groundedness.GroundednessVerdict;
import dev.llmassert.junit.internal.AssertionState;
import dev.llmassert.junit.internal.CallSite;
import dev.llmassert.junit.internal.ConfigurationResolver;
import dev.llmassert.junit.internal.CurrentTest;
import dev.llmassert.junit.internal.FailureSink;
import dev.llmassert.junit.internal.Messages;
import dev.llmassert.junit.internal.TestScope;
import org.assertj.core.api.AbstractAssert;
import org.assertj.core.api.AssertionErrorCollector;
import org.assertj.core.error.ShouldNotBeNull;

import java.util.Arrays;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Assertions on an LLM response, made by {@link LlmAssertions#assertThat(String)}.
 *
 * <p>The judge is the one of the running {@link LlmJudge} test, or the one given to {@link #usingJudge} (groundedness)
 * or {@link #usingCriteriaJudge} (criteria).
 *
 * <p>Criteria checks need an LLM judge: under {@link LlmJudge}, a model provider
 * ({@code llmassert.judge.provider=openai} or {@code ollama}) or a chat model supplied with
 * {@link LlmAssertExtension#useChatModel}; outside it, a judge passed to {@code usingCriteriaJudge(...)}.
 * <ul>
 *   <li>{@link #meets(Criteria)}: one option of the criteria, checked with {@code withOption(...)} or
 *       {@code withMinScore(...)}; a bare {@code meets(...)} expects the criteria's best option;</li>
 *   <li>{@link #satisfies(String)}: a Yes/No question, expecting Yes;</li>
 *   <li>{@link #meetsAll(MultiCriteria)}: weighted criteria, checked with {@code withMinScore(...)};</li>
 *   <li>{@link #isPreferredOver(String...)}: a pairwise comparison, finished with {@code on(criteria)};</li>
 *   <li>{@link #inContext(String, String)} gives the fields a criteria shows the judge as context, and
 *       {@link #sampled(int)} asks for self-consistency samples.</li>
 * </ul>
 */
public class ResponseAssert extends AbstractAssert<ResponseAssert, String> {

    private GroundednessJudge judge;
    private DirectJudge directJudge;
    private PairwiseJudge pairwiseJudge;
    private final Map<String, String> context = new LinkedHashMap<>();
    private Integer samples;
    private FailureSink failures = FailureSink.THROWING;

    public ResponseAssert(String response) {
        super(response, ResponseAssert.class);
    }

    /**
     * Judges with {@code judge} instead of the judge of the running {@link LlmJudge} test; this is also how to
     * assert outside the extension.
     *
     * <p>Outside the extension nothing runs after the test, so a bare {@code isGroundedIn(...)} is checked at once
     * against the default minimum ({@value LlmJudge#MIN_SCORE_KEY} as a system property or environment variable,
     * else {@value LlmJudge#DEFAULT_MIN_SCORE}); a {@link GroundednessAssert#withMinScore(double)} after it adds a
     * check. Under {@link LlmJudge}, {@code withMinScore} replaces the default, higher or lower.
     */
    public ResponseAssert usingJudge(GroundednessJudge judge) {
        if (judge == null) {
            throw new IllegalArgumentException(Messages.nullArgument("usingJudge(judge)",
                    "Pass a GroundednessJudge, e.g. Judges.groundedness(JudgeSettings.defaults()), "
                            + "or drop usingJudge(...) to use the judge of @LlmJudge."));
        }
        this.judge = judge;
        return myself;
    }

    /**
     * Judges the response against {@code sources} now. Finish with
     * {@link GroundednessAssert#withMinScore(double) withMinScore(...)}; without it, the default minimum applies.
     *
     * @throws IllegalArgumentException if there are no sources or one is blank
     * @throws IllegalStateException    if there is no judge: neither {@link LlmJudge} nor {@link #usingJudge}
     */
    public GroundednessAssert isGroundedIn(String... sources) {
        if (sources == null) {
            throw new IllegalArgumentException(Messages.noSources());
        }
        return judgeAgainst(Arrays.asList(sources));
    }

    /** As {@link #isGroundedIn(String...)}, for sources that are several chunks, e.g. retrieval results. */
    public GroundednessAssert isGroundedIn(List<String> sources) {
        if (sources == null) {
            throw new IllegalArgumentException(Messages.noSources());
        }
        return judgeAgainst(sources);
    }

    /**
     * Judges criteria with {@code judge} instead of the direct judge of the running {@link LlmJudge} test; this is
     * also how to assert on criteria outside the extension. The caller keeps ownership of the judge.
     *
     * <p>Outside the extension nothing runs after the test, so a bare {@code meets(...)} or {@code meetsAll(...)} is
     * checked at once against the best option or attainable score. To expect another option there, assert on the
     * result instead: {@code LlmAssertions.assertThat(judge.evaluate(answer, criteria)).withOption("No")}.
     */
    public ResponseAssert usingCriteriaJudge(DirectJudge judge) {
        if (judge == null) {
            throw new IllegalArgumentException(Messages.nullArgument("usingCriteriaJudge(judge)",
                    "Pass a DirectJudge, e.g. DirectJudge.builder().chatModel(JudgeModels.chatModel(settings))"
                            + ".build(), or drop usingCriteriaJudge(...) to use the judge of @LlmJudge."));
        }
        this.directJudge = judge;
        return myself;
    }

    /** As {@link #usingCriteriaJudge(DirectJudge)}, for {@link #isPreferredOver(String...)} comparisons. */
    public ResponseAssert usingCriteriaJudge(PairwiseJudge judge) {
        if (judge == null) {
            throw new IllegalArgumentException(Messages.nullArgument("usingCriteriaJudge(judge)",
                    "Pass a PairwiseJudge, e.g. PairwiseJudge.builder().chatModel(JudgeModels.chatModel(settings))"
                            + ".build(), or drop usingCriteriaJudge(...) to use the judge of @LlmJudge."));
        }
        this.pairwiseJudge = judge;
        return myself;
    }

    /**
     * Adds a context field for the criteria checks that follow, e.g. {@code inContext("question", question)}. The
     * criteria decides which fields it shows the judge ({@code contextFields}); the response itself fills the field
     * the criteria judges ({@code toEvaluateField}). Giving the same field again replaces its value.
     */
    public ResponseAssert inContext(String field, String value) {
        if (field == null || field.isBlank()) {
            throw new IllegalArgumentException(Messages.blankContextField(field));
        }
        if (value == null) {
            throw new IllegalArgumentException(Messages.nullArgument("inContext(\"" + field + "\", value)",
                    "Pass the text of the field; an empty string is allowed."));
        }
        context.put(field.strip(), value);
        return myself;
    }

    /**
     * Takes {@code n} samples of every criteria judgement that follows and keeps the majority vote (self-consistency);
     * check the samples' agreement with {@code withAgreementAtLeast(...)}. The samples are identical requests, so they
     * differ only at a judge temperature above 0 ({@code llmassert.judge.temperature}), and recordings replay them in
     * order. Each sample is one more judge call. Default: 1, a single judgement.
     *
     * @param n from 1 to {@value CriteriaJudgeBuilder#MAX_SELF_CONSISTENCY}; an odd n avoids ties
     */
    public ResponseAssert sampled(int n) {
        if (n < 1 || n > CriteriaJudgeBuilder.MAX_SELF_CONSISTENCY) {
            throw new IllegalArgumentException(Messages.samplesOutOfRange(n, CriteriaJudgeBuilder.MAX_SELF_CONSISTENCY));
        }
        this.samples = n;
        return myself;
    }

    /**
     * Judges the response on {@code criteria} now: the judge selects one of its options. Finish with
     * {@link CriteriaAssert#withOption(String) withOption(...)} or {@link CriteriaAssert#withMinScore(double)
     * withMinScore(...)}; without either, the criteria's best option (highest score) is expected, checked after the
     * test under {@link LlmJudge}.
     *
     * @throws IllegalArgumentException if the criteria needs a context field not given with {@link #inContext}
     * @throws IllegalStateException    if there is no criteria judge
     */
    public CriteriaAssert meets(Criteria criteria) {
        if (criteria == null) {
            throw new IllegalArgumentException(Messages.nullArgument("meets(criteria)",
                    "Pass a criteria, e.g. CriteriaCatalog.CONCISENESS, CriteriaLoader.fromClasspath(\"criteria/"
                            + "tone.json\"), or an @LlmJudge.Criteria parameter."));
        }
        CriteriaAssert criteriaAssert = judgeOn(criteria, "meets(...)");
        Optional<TestScope> scope = Optional.ofNullable(criteriaAssert.origin.scope());
        if (scope.isPresent()) {
            scope.get().register(criteriaAssert.pendingCheck());
        } else {
            criteriaAssert.checkAtOnceAgainstBestOption();
        }
        return criteriaAssert;
    }

    /**
     * Asks the judge a Yes/No question about the response ({@link Criteria#yesNo(String)}) and verifies at once that
     * the answer is Yes. Chain {@code withoutPositionalBias()} or {@code withAgreementAtLeast(...)} to check how
     * reliable the answer is.
     *
     * <p>An overload of AssertJ's {@code satisfies(Consumer...)} and {@code satisfies(Condition)}: a text argument
     * picks this one, a lambda or condition picks AssertJ's.
     *
     * @param question a question whose answer Yes means the response is good, e.g. "Is the text self-contained?"
     */
    public CriteriaAssert satisfies(String question) {
        if (question == null || question.isBlank()) {
            throw new IllegalArgumentException(Messages.nullArgument("satisfies(question) as a non-blank text",
                    "Pass a Yes/No question about the response, e.g. satisfies(\"Is the text self-contained?\")."));
        }
        CriteriaAssert criteriaAssert = judgeOn(Criteria.yesNo(question), "satisfies(...)");
        return criteriaAssert.origin.alreadyFailed() ? criteriaAssert : criteriaAssert.withOption("Yes");
    }

    /**
     * Judges the response on every criteria of {@code multiCriteria} now and aggregates the results with its
     * weights, targets, thresholds and required items. The response fills each criteria's judged field unless
     * {@link #inContext} gave that field (e.g. {@code context} for context relevance). Finish with
     * {@link MultiCriteriaAssert#withMinScore(double) withMinScore(...)}; without it, the best attainable aggregate
     * is expected.
     */
    public MultiCriteriaAssert meetsAll(MultiCriteria multiCriteria) {
        if (multiCriteria == null) {
            throw new IllegalArgumentException(Messages.nullArgument("meetsAll(multiCriteria)",
                    "Pass a multi-criteria, e.g. CriteriaLoader.multiCriteriaFromClasspath(\"criteria/rubric.json\")"
                            + " or an @LlmJudge.Criteria MultiCriteria parameter."));
        }
        StackTraceElement[] site = CallSite.capture();
        Optional<TestScope> scope = CurrentTest.scope();
        double best = MultiCriteriaAssert.bestAttainable(multiCriteria);
        if (actual == null) {
            failures.fail(assertionError(ShouldNotBeNull.shouldNotBeNull()));
            return carryState(new MultiCriteriaAssert(null, best, origin(scope, site, true)));
        }
        Map<String, String> fields = new LinkedHashMap<>(context);
        multiCriteria.criteria().forEach(c -> fields.putIfAbsent(c.toEvaluateField(), actual));
        MultiCriteriaResult result = directJudge(scope, "meetsAll(...)").evaluate(new Instance(fields), multiCriteria);
        MultiCriteriaAssert multi = carryState(new MultiCriteriaAssert(result, best, origin(scope, site, false)));
        if (scope.isPresent()) {
            scope.get().register(multi.pendingCheck());
        } else {
            multi.checkAtOnceAgainstBestAttainable();
        }
        return multi;
    }

    /**
     * Starts a pairwise comparison of the response with {@code others}; {@link PreferredOver#on(Criteria) on(criteria)}
     * compares them (one judge call for all pairs) and verifies that the response won every contest.
     */
    public PreferredOver isPreferredOver(String... others) {
        if (others == null || others.length == 0) {
            throw new IllegalArgumentException(Messages.noOthers());
        }
        for (int i = 0; i < others.length; i++) {
            if (others[i] == null) {
                throw new IllegalArgumentException(Messages.nullArgument("isPreferredOver(...) response " + (i + 1),
                        "Pass the texts of the responses to compare with."));
            }
        }
        StackTraceElement[] site = CallSite.capture();
        Optional<TestScope> scope = CurrentTest.scope();
        boolean nullResponse = actual == null;
        if (nullResponse) {
            failures.fail(assertionError(ShouldNotBeNull.shouldNotBeNull()));
        }
        PairwiseJudge chosen = nullResponse ? null : pairwiseJudge(scope, "isPreferredOver(...).on(...)");
        PreferredOver preferred = new PreferredOver(actual, Arrays.asList(others), chosen,
                origin(scope, site, nullResponse), info);
        scope.ifPresent(s -> s.register(preferred.pendingCheck()));
        return preferred;
    }

    /** The context fields as an instance, or {@code null} when there are none. */
    static Instance contextInstance(Map<String, String> context) {
        return context == null || context.isEmpty() ? null : new Instance(context);
    }

    private CriteriaAssert judgeOn(Criteria criteria, String check) {
        StackTraceElement[] site = CallSite.capture();
        Optional<TestScope> scope = CurrentTest.scope();
        if (actual == null) {
            failures.fail(assertionError(ShouldNotBeNull.shouldNotBeNull()));
            return carryState(new CriteriaAssert(null, null, null, null, origin(scope, site, true)));
        }
        if (context.containsKey(criteria.toEvaluateField())) {
            throw new IllegalArgumentException(Messages.contextRepeatsEvaluatedField(criteria.name(),
                    criteria.toEvaluateField()));
        }
        Map<String, String> fields = new LinkedHashMap<>();
        fields.put(criteria.toEvaluateField(), actual);
        fields.putAll(context);
        Instance instance = new Instance(fields);
        DirectJudge chosen = directJudge(scope, check);
        DirectResult result = chosen.evaluate(instance, criteria);
        return carryState(new CriteriaAssert(result, actual, instance, chosen, origin(scope, site, false)));
    }

    private DirectJudge directJudge(Optional<TestScope> scope, String check) {
        if (directJudge != null) {
            requireSamplesOf(directJudge.samples());
            return directJudge;
        }
        TestScope test = scope.orElseThrow(() -> new IllegalStateException(Messages.noCriteriaJudge(check,
                "DirectJudge")));
        return test.directJudge(samples == null ? 1 : samples).orElseThrow(() -> new IllegalStateException(
                Messages.noCriteriaJudgeUnderLocalJudge(check, test.provider())));
    }

    private PairwiseJudge pairwiseJudge(Optional<TestScope> scope, String check) {
        if (pairwiseJudge != null) {
            requireSamplesOf(pairwiseJudge.samples());
            return pairwiseJudge;
        }
        TestScope test = scope.orElseThrow(() -> new IllegalStateException(Messages.noCriteriaJudge(check,
                "PairwiseJudge")));
        return test.pairwiseJudge(samples == null ? 1 : samples).orElseThrow(() -> new IllegalStateException(
                Messages.noCriteriaJudgeUnderLocalJudge(check, test.provider())));
    }

    private void requireSamplesOf(int judgeSamples) {
        if (samples != null && samples != judgeSamples) {
            throw new IllegalStateException(Messages.sampledWithOwnJudge(samples, judgeSamples));
        }
    }

    private JudgedAssert.Origin origin(Optional<TestScope> scope, StackTraceElement[] site, boolean alreadyFailed) {
        return new JudgedAssert.Origin(actual, Collections.unmodifiableMap(new LinkedHashMap<>(context)), failures,
                scope.orElse(null), site, alreadyFailed);
    }

    private <A extends AbstractAssert<?, ?>> A carryState(A next) {
        AssertionState.copy(info, next.info);
        return next;
    }

    /** Sends this assert's failures, and those of the asserts it makes, to soft assertions. */
    ResponseAssert collectingFailuresIn(AssertionErrorCollector collector) {
        this.failures = FailureSink.collectingIn(collector);
        return myself;
    }

    private GroundednessAssert judgeAgainst(List<String> sources) {
        if (sources.isEmpty()) {
            throw new IllegalArgumentException(Messages.noSources());
        }
        for (int i = 0; i < sources.size(); i++) {
            if (sources.get(i) == null || sources.get(i).isBlank()) {
                throw new IllegalArgumentException(Messages.blankSource(i));
            }
        }
        StackTraceElement[] site = CallSite.capture();
        Optional<TestScope> scope = CurrentTest.scope();
        if (actual == null) {
            // a soft assertion collects this and goes on; the returned assert then has nothing left to report
            failures.fail(assertionError(ShouldNotBeNull.shouldNotBeNull()));
            return carryState(new GroundednessAssert(null, null, failures, scope.orElse(null), site, true));
        }
        GroundednessJudge chosen = judge != null
                ? judge
                : scope.map(TestScope::groundednessJudge).orElseThrow(() -> new IllegalStateException(Messages.noJudge()));
        GroundednessVerdict verdict = chosen.judge(actual, List.copyOf(sources));
        GroundednessAssert grounded = carryState(
                new GroundednessAssert(verdict, actual, failures, scope.orElse(null), site, false));
        if (scope.isPresent()) {
            scope.get().register(grounded.pendingCheck());
        } else {
            grounded.checkAtOnceAgainstDefault(ConfigurationResolver.outsideJUnit().minScore());
        }
        return grounded;
    }

}
