package dev.llmassert.junit;

import dev.llmassert.core.agent.Trajectory;
import dev.llmassert.core.conversation.Conversation;
import dev.llmassert.core.conversation.TurnGroundedness;
import dev.llmassert.core.criteria.Criteria;
import dev.llmassert.core.criteria.CriteriaJudgeBuilder;
import dev.llmassert.core.criteria.DirectJudge;
import dev.llmassert.core.criteria.Instance;
import dev.llmassert.core.criteria.MultiCriteria;
import dev.llmassert.core.criteria.MultiCriteriaResult;
import dev.llmassert.core.criteria.PairwiseJudge;
import dev.llmassert.core.groundedness.GroundednessJudge;
import dev.llmassert.core.groundedness.GroundednessVerdict;
import dev.llmassert.junit.internal.CallSite;
import dev.llmassert.junit.internal.message.ConversationMessages;
import dev.llmassert.junit.internal.message.Messages;
import dev.llmassert.junit.internal.message.ShouldFollowTrajectory;
import dev.llmassert.junit.internal.message.ShouldHaveConversation;
import org.apiguardian.api.API;
import org.assertj.core.api.AbstractStringAssert;
import org.assertj.core.api.AssertionErrorCollector;
import org.assertj.core.error.ShouldNotBeNull;

import java.util.Arrays;
import java.util.List;
import java.util.Map;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;
import static org.apiguardian.api.API.Status.STABLE;

/**
 * Assertions on an LLM response, made by {@link LlmAssertions#assertThat(String)}: AssertJ's string assertions, and
 * the judged checks below, which chain with them:
 *
 * <pre>{@code
 * assertThat(answer).isNotBlank().doesNotContain("As an AI").isGroundedIn(manual).withMinScore(0.8);
 * }</pre>
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
@API(status = STABLE, since = "0.1")
public class ResponseAssert extends AbstractStringAssert<ResponseAssert> {

    private final CheckSteps steps = new CheckSteps();
    private Trajectory trajectory;

    /**
     * Assertions on {@code response}; public, as AssertJ's soft assertions need it: a test gets them from {@code
     * LlmAssertions.assertThat(response)}.
     *
     * @param response the response under test
     */
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
     *
     * @param judge the groundedness judge to use
     * @return this assertion, to chain more checks
     */
    public ResponseAssert usingJudge(GroundednessJudge judge) {
        if (judge == null) {
            throw new IllegalArgumentException(Messages.nullArgument(
                    "usingJudge(judge)",
                    "Pass a GroundednessJudge, e.g. Judges.groundedness(JudgeSettings.defaults()), "
                            + "or drop usingJudge(...) to use the judge of @LlmJudge."));
        }
        steps.use(judge);
        return myself;
    }

    /**
     * Judges the response against {@code sources} now. Finish with
     * {@link GroundednessAssert#withMinScore(double) withMinScore(...)}; without it, the default minimum applies.
     *
     * @param sources the texts the response must be grounded in
     * @return the groundedness check, to set its minimum
     * @throws IllegalArgumentException if there are no sources or one is blank
     * @throws IllegalStateException    if there is no judge: neither {@link LlmJudge} nor {@link #usingJudge}
     */
    public GroundednessAssert isGroundedIn(String... sources) {
        if (sources == null) {
            throw new IllegalArgumentException(Messages.noSources());
        }
        return isGroundedIn(Arrays.asList(sources));
    }

    /**
     * As {@link #isGroundedIn(String...)}, for sources that are several chunks, e.g. retrieval results.
     *
     * @param sources the texts the response must be grounded in
     * @return the groundedness check, to set its minimum
     */
    public GroundednessAssert isGroundedIn(List<String> sources) {
        if (sources == null || sources.isEmpty()) {
            throw new IllegalArgumentException(Messages.noSources());
        }
        for (int i = 0; i < sources.size(); i++) {
            if (sources.get(i) == null || sources.get(i).isBlank()) {
                throw new IllegalArgumentException(Messages.blankSource(i));
            }
        }
        List<String> judgedSources = steps.withTurnSources(List.copyOf(sources));
        JudgedAssert.Origin origin = steps.begin(actual);
        GroundednessVerdict verdict =
                actual == null ? null : steps.groundednessJudge(origin).judge(actual, judgedSources, steps.question());
        return steps.open(new GroundednessAssert(verdict, origin), info);
    }

    /**
     * Judges an agent's final answer against what its tools returned: each non-blank tool result is a source, as
     * in {@link #isGroundedIn(List)}. Only on the answer of {@code assertThat(trajectory).finalAnswer()}; finish with
     * {@link GroundednessAssert#withMinScore(double) withMinScore(...)} as with any groundedness check.
     *
     * @return the groundedness check, to set its minimum
     * @throws IllegalStateException if this response is not the final answer of a trajectory
     * @throws AssertionError        at once, if the agent called no tool or every tool returned a blank result
     */
    @API(status = EXPERIMENTAL, since = "0.1")
    public GroundednessAssert isGroundedInToolResults() {
        if (trajectory == null) {
            throw new IllegalStateException(Messages.notAFinalAnswer());
        }
        List<String> results = trajectory.toolResults();
        if (results.isEmpty()) {
            throwAssertionError(ShouldFollowTrajectory.shouldHaveToolResults(trajectory));
        }
        return isGroundedIn(results);
    }

    /**
     * Judges a conversation turn's reply against the sources the assistant was given in that turn and the turns
     * before it, as in {@link #isGroundedIn(List)}. Only on a reply of {@code assertThat(conversation).turn(n)};
     * finish with {@link GroundednessAssert#withMinScore(double) withMinScore(...)} as with any groundedness check.
     *
     * @return the groundedness check, to set its minimum
     * @throws IllegalStateException if this response is not a turn's reply
     * @throws AssertionError        at once, if no turn up to this one was given a source
     */
    @API(status = EXPERIMENTAL, since = "0.1")
    public GroundednessAssert isGroundedInItsSources() {
        TurnOf turn = steps.turn();
        if (turn == null) {
            throw new IllegalStateException(ConversationMessages.notATurn());
        }
        List<String> sources = turn.conversation().sourcesUpTo(turn.number());
        if (sources.isEmpty()) {
            throwAssertionError(ShouldHaveConversation.shouldHaveSources(turn.conversation(), turn.number()));
        }
        return isGroundedIn(sources);
    }

    /**
     * The user's question that the response answers. The groundedness checks that follow do not hold against the
     * response what it repeats from the question: "A 27 kg bag costs extra." answering "Does my 27 kg bag cost
     * extra?" does not invent "27 kg". Its claims are still judged against the sources. The criteria checks that
     * follow get the question as the context field {@code question}, as {@code inContext("question", question)}
     * would give it.
     *
     * <p>Every groundedness judge uses the question: the local judge counts its numbers, dates and names as given;
     * the LLM judges show it to the model beside the sources, between the data tags, marked as what the user said
     * and not a source.
     *
     * @param question what the user asked
     * @return this assertion, to chain more checks
     */
    public ResponseAssert forQuestion(String question) {
        if (question == null || question.isBlank()) {
            throw new IllegalArgumentException(Messages.nullArgument(
                    "forQuestion(question) as a non-blank text",
                    "Pass the user's question that the response answers, or drop forQuestion(...)."));
        }
        steps.question(question);
        steps.putContext("question", question);
        return myself;
    }

    /**
     * Judges criteria with {@code judge} instead of the direct judge of the running {@link LlmJudge} test; this is
     * also how to assert on criteria outside the extension. The caller keeps ownership of the judge.
     *
     * <p>Outside the extension nothing runs after the test, so a bare {@code meets(...)} or {@code meetsAll(...)} is
     * checked at once against the best option or attainable score. To expect another option there, assert on the
     * result instead: {@code LlmAssertions.assertThat(judge.evaluate(answer, criteria)).withOption("No")}.
     *
     * @param judge the direct criteria judge to use
     * @return this assertion, to chain more checks
     */
    public ResponseAssert usingCriteriaJudge(DirectJudge judge) {
        if (judge == null) {
            throw new IllegalArgumentException(Messages.nullArgument(
                    "usingCriteriaJudge(judge)",
                    "Pass a DirectJudge, e.g. DirectJudge.builder().chatModel(JudgeModels.chatModel(settings))"
                            + ".build(), or drop usingCriteriaJudge(...) to use the judge of @LlmJudge."));
        }
        steps.use(judge);
        return myself;
    }

    /**
     * As {@link #usingCriteriaJudge(DirectJudge)}, for {@link #isPreferredOver(String...)} comparisons.
     *
     * @param judge the pairwise judge to use
     * @return this assertion, to chain more checks
     */
    public ResponseAssert usingCriteriaJudge(PairwiseJudge judge) {
        if (judge == null) {
            throw new IllegalArgumentException(Messages.nullArgument(
                    "usingCriteriaJudge(judge)",
                    "Pass a PairwiseJudge, e.g. PairwiseJudge.builder().chatModel(JudgeModels.chatModel(settings))"
                            + ".build(), or drop usingCriteriaJudge(...) to use the judge of @LlmJudge."));
        }
        steps.use(judge);
        return myself;
    }

    /**
     * Adds a context field for the criteria checks that follow, e.g. {@code inContext("question", question)}. The
     * criteria decides which fields it shows the judge ({@code contextFields}); the response itself fills the field
     * the criteria judges ({@code toEvaluateField}). Giving the same field again replaces its value.
     *
     * @param field the context field's name
     * @param value its value
     * @return this assertion, to chain more checks
     */
    public ResponseAssert inContext(String field, String value) {
        if (field == null || field.isBlank()) {
            throw new IllegalArgumentException(Messages.blankContextField(field));
        }
        if (value == null) {
            throw new IllegalArgumentException(Messages.nullArgument(
                    "inContext(\"" + field + "\", value)", "Pass the text of the field; an empty string is allowed."));
        }
        steps.putContext(field.strip(), value);
        return myself;
    }

    /**
     * Takes {@code n} samples of every criteria judgement that follows and keeps the majority vote (self-consistency);
     * check the samples' agreement with {@code withAgreementAtLeast(...)}. The samples are identical requests, so they
     * differ only at a judge temperature above 0 ({@code llmassert.judge.temperature}), and recordings replay them in
     * order. Each sample is one more judge call. Default: 1, a single judgement.
     *
     * @param n from 1 to {@value CriteriaJudgeBuilder#MAX_SELF_CONSISTENCY}; an odd n avoids ties
     * @return this assertion, to chain more checks
     */
    public ResponseAssert sampled(int n) {
        if (n < 1 || n > CriteriaJudgeBuilder.MAX_SELF_CONSISTENCY) {
            throw new IllegalArgumentException(
                    Messages.samplesOutOfRange(n, CriteriaJudgeBuilder.MAX_SELF_CONSISTENCY));
        }
        steps.samples(n);
        return myself;
    }

    /**
     * Judges the response on {@code criteria} now: the judge selects one of its options. Finish with
     * {@link CriteriaAssert#withOption(String) withOption(...)} or {@link CriteriaAssert#withMinScore(double)
     * withMinScore(...)}; without either, the criteria's best option (highest score) is expected, checked after the
     * test under {@link LlmJudge}.
     *
     * @param criteria the criteria the response is judged on
     * @return the criteria check, to name the option or a minimum score
     * @throws IllegalArgumentException if the criteria needs a context field not given with {@link #inContext}
     * @throws IllegalStateException    if there is no criteria judge
     */
    public CriteriaAssert meets(Criteria criteria) {
        if (criteria == null) {
            throw new IllegalArgumentException(Messages.nullArgument(
                    "meets(criteria)",
                    "Pass a criteria, e.g. CriteriaCatalog.CONCISENESS, CriteriaLoader.fromClasspath(\"criteria/"
                            + "tone.json\"), or an @LlmJudge.Criteria parameter."));
        }
        return steps.open(judgeOn(criteria, "meets(...)"), info);
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
     * @return the criteria check, to chain more checks of the judgement
     */
    public CriteriaAssert satisfies(String question) {
        if (question == null || question.isBlank()) {
            throw new IllegalArgumentException(Messages.nullArgument(
                    "satisfies(question) as a non-blank text",
                    "Pass a Yes/No question about the response, e.g. satisfies(\"Is the text self-contained?\")."));
        }
        Criteria yesNo = Criteria.yesNo(question);
        CriteriaAssert criteriaAssert = steps.finish(judgeOn(yesNo, "satisfies(...)"), info);
        return criteriaAssert.responseMissing() ? criteriaAssert : criteriaAssert.withOption("Yes");
    }

    /**
     * Judges the response on every criteria of {@code multiCriteria} now and aggregates the results with its
     * weights, targets, thresholds and required items. The response fills each criteria's judged field unless
     * {@link #inContext} gave that field (e.g. {@code context} for context relevance). Finish with
     * {@link MultiCriteriaAssert#withMinScore(double) withMinScore(...)}; without it, the best attainable aggregate
     * is expected.
     *
     * @param multiCriteria the criteria and how their results aggregate
     * @return the multi-criteria check, to set a minimum aggregate score
     */
    public MultiCriteriaAssert meetsAll(MultiCriteria multiCriteria) {
        if (multiCriteria == null) {
            throw new IllegalArgumentException(Messages.nullArgument(
                    "meetsAll(multiCriteria)",
                    "Pass a multi-criteria, e.g. CriteriaLoader.multiCriteriaFromClasspath(\"criteria/rubric.json\")"
                            + " or an @LlmJudge.Criteria MultiCriteria parameter."));
        }
        double best = MultiCriteriaAssert.bestAttainable(multiCriteria);
        JudgedAssert.Origin origin = steps.begin(actual);
        MultiCriteriaResult result = null;
        if (actual != null) {
            Map<String, String> fields = steps.contextFields();
            multiCriteria.criteria().forEach(c -> fields.putIfAbsent(c.toEvaluateField(), actual));
            result = steps.directJudge(origin, "meetsAll(...)").evaluate(new Instance(fields), multiCriteria);
        }
        return steps.open(new MultiCriteriaAssert(result, best, origin), info);
    }

    /**
     * Starts a pairwise comparison of the response with {@code others}; {@link PreferredOver#on(Criteria) on(criteria)}
     * compares them (one judge call for all pairs) and verifies that the response won every contest.
     *
     * @param others the responses this one is compared with
     * @return the comparison, to name its criteria
     */
    public PreferredOver isPreferredOver(String... others) {
        if (others == null || others.length == 0) {
            throw new IllegalArgumentException(Messages.noOthers());
        }
        for (int i = 0; i < others.length; i++) {
            if (others[i] == null) {
                throw new IllegalArgumentException(Messages.nullArgument(
                        "isPreferredOver(...) response " + (i + 1),
                        "Pass the texts of the responses to compare with."));
            }
        }
        return steps.preferredOver(actual, List.of(others), info, this::nullResponse);
    }

    /**
     * Marks the response as the final answer of {@code trajectory}, for {@link #isGroundedInToolResults()}: for an
     * assert of another module that knows the tools an application called (a Spring AI {@code ChatClient}'s).
     *
     * @param trajectory the tools the application called, and what they returned
     * @return this assert
     */
    @API(status = EXPERIMENTAL, since = "0.1")
    protected ResponseAssert answerOf(Trajectory trajectory) {
        this.trajectory = trajectory;
        steps.answerOf(trajectory);
        return myself;
    }

    /**
     * Marks the response as the reply of turn {@code number} of {@code conversation}: what the user said up to it is
     * the groundedness checks' question (facts they gave are not invented), the sources of the turns up to it are
     * sources too, the turn's own message is the criteria's {@code question}, and the report shows the conversation.
     */
    ResponseAssert turnOf(Conversation conversation, int number) {
        steps.turnOf(new TurnOf(conversation, number));
        steps.question(TurnGroundedness.userSaidUpTo(conversation, number));
        steps.putContext("question", conversation.turn(number).user());
        return myself;
    }

    /** Sends this assert's failures, and those of the asserts it makes, to soft assertions. */
    ResponseAssert collectingFailuresIn(AssertionErrorCollector collector) {
        steps.collectFailuresIn(collector);
        return myself;
    }

    /** Step 1 of a criteria check, then the judgement of the response on {@code criteria}, when there is one. */
    private CriteriaAssert judgeOn(Criteria criteria, String check) {
        JudgedAssert.Origin origin = steps.begin(actual);
        if (actual == null) {
            return new CriteriaAssert(null, null, null, origin);
        }
        if (steps.hasContext(criteria.toEvaluateField())) {
            throw new IllegalArgumentException(
                    Messages.contextRepeatsEvaluatedField(criteria.name(), criteria.toEvaluateField()));
        }
        Instance instance = new Instance(steps.fieldsJudging(criteria.toEvaluateField(), actual));
        DirectJudge judge = steps.directJudge(origin, check);
        return new CriteriaAssert(judge.evaluate(instance, criteria), instance, judge, origin);
    }

    private AssertionError nullResponse() {
        return CallSite.fromTheTest(assertionError(ShouldNotBeNull.shouldNotBeNull()));
    }
}
