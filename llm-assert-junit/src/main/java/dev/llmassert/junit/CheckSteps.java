package dev.llmassert.junit;

import dev.llmassert.core.agent.Trajectory;
import dev.llmassert.core.criteria.DirectJudge;
import dev.llmassert.core.criteria.Instance;
import dev.llmassert.core.criteria.PairwiseJudge;
import dev.llmassert.core.groundedness.GroundednessJudge;
import dev.llmassert.junit.internal.AssertionState;
import dev.llmassert.junit.internal.CallSite;
import dev.llmassert.junit.internal.CurrentTest;
import dev.llmassert.junit.internal.FailureSink;
import dev.llmassert.junit.internal.TestScope;
import dev.llmassert.junit.internal.message.Messages;
import org.assertj.core.api.AssertionErrorCollector;
import org.assertj.core.api.WritableAssertionInfo;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.BiFunction;
import java.util.function.Supplier;
import java.util.function.ToIntFunction;

/**
 * What a {@link ResponseAssert} has been told (its judges, context fields, samples and where failures go), and the
 * two steps every judged check of it takes around its judge call:
 * <ol>
 *   <li>{@link #begin}: where the assertion was made and which test runs it (the {@link JudgedAssert.Origin}); then
 *       the check chooses its judge ({@link #groundednessJudge}, {@link #directJudge}: the one given to
 *       {@code usingJudge(...)}, else the test's) and judges a response that is there;</li>
 *   <li>{@link #open}: carries what the user set ({@code as(...)}, ...) to the new assert, which fails once on a
 *       missing response, and leaves its default check for after the test, or, outside the extension, makes it
 *       now.</li>
 * </ol>
 */
final class CheckSteps {

    private GroundednessJudge groundednessJudge;
    private DirectJudge directJudge;
    private PairwiseJudge pairwiseJudge;
    private final Map<String, String> context = new LinkedHashMap<>();
    private Integer samples;
    private String question;
    private FailureSink failures = FailureSink.THROWING;
    private Trajectory trajectory;

    void use(GroundednessJudge judge) {
        this.groundednessJudge = judge;
    }

    void use(DirectJudge judge) {
        this.directJudge = judge;
    }

    void use(PairwiseJudge judge) {
        this.pairwiseJudge = judge;
    }

    void putContext(String field, String value) {
        context.put(field, value);
    }

    void question(String question) {
        this.question = question;
    }

    /** The question the response answers, or {@code null} when none was given. */
    String question() {
        return question;
    }

    boolean hasContext(String field) {
        return context.containsKey(field);
    }

    /** A copy of the context fields. */
    Map<String, String> contextFields() {
        return new LinkedHashMap<>(context);
    }

    /** The judged field with the response, ahead of a copy of the context fields. */
    Map<String, String> fieldsJudging(String judgedField, String response) {
        Map<String, String> fields = new LinkedHashMap<>();
        fields.put(judgedField, response);
        fields.putAll(context);
        return fields;
    }

    /** The context fields as an instance, or {@code null} when there are none. */
    static Instance contextInstance(Map<String, String> context) {
        return context == null || context.isEmpty() ? null : new Instance(context);
    }

    void samples(int n) {
        this.samples = n;
    }

    void collectFailuresIn(AssertionErrorCollector collector) {
        this.failures = FailureSink.collectingIn(collector);
    }

    /** Step 1: where the assertion was made, which test runs it, and where its failures go. */
    JudgedAssert.Origin begin(String response) {
        return new JudgedAssert.Origin(
                response,
                Collections.unmodifiableMap(new LinkedHashMap<>(context)),
                failures,
                CurrentTest.scope().orElse(null),
                CallSite.capture(),
                trajectory);
    }

    /**
     * Step 2 of a check with a default expectation ({@code isGroundedIn}, {@code meets}, {@code meetsAll}): the
     * assert gets what the user set on the response assert, then leaves its default check open until the test ends,
     * when a bare one is checked against its default unless a call such as {@code withMinScore(...)} settled it
     * first. Outside the extension nothing runs after the test, so a bare one is checked at once. A missing response
     * fails once, here, and leaves nothing open.
     */
    <A extends JudgedAssert<A, ?>> A open(A made, WritableAssertionInfo info) {
        AssertionState.copy(info, made.info);
        // outside the extension, a calibration record applies to the judge given to the check only
        made.open(groundednessJudge == null ? null : groundednessJudge.name());
        return made;
    }

    /**
     * Step 2 of a check its caller finishes at once, such as {@code satisfies(question)}, which always expects "Yes":
     * as {@link #open}, with nothing left open.
     */
    <A extends JudgedAssert<A, ?>> A finish(A made, WritableAssertionInfo info) {
        AssertionState.copy(info, made.info);
        made.requireResponse();
        return made;
    }

    /**
     * Both steps for {@code isPreferredOver(...)}, which waits for its criteria before it judges: a missing response
     * fails once, here; the comparison is left open until {@code on(criteria)}.
     */
    PreferredOver preferredOver(
            String response, List<String> others, WritableAssertionInfo info, Supplier<AssertionError> nullFailure) {
        JudgedAssert.Origin origin = begin(response);
        if (response == null) {
            // a soft assertion collects this and goes on; the comparison made then has nothing left to report
            failures.fail(nullFailure.get());
        }
        PairwiseJudge judge = response == null ? null : pairwiseJudge(origin, "isPreferredOver(...).on(...)");
        PreferredOver preferred = new PreferredOver(response, others, judge, origin, info);
        if (origin.scope() != null) {
            origin.scope().register(preferred.pendingCheck());
        }
        return preferred;
    }

    /** The response judged is the final answer of {@code agentTrajectory}: the report shows the trajectory. */
    void answerOf(Trajectory agentTrajectory) {
        this.trajectory = agentTrajectory;
    }

    /** The judge given to {@code usingJudge(...)}, else the test's. */
    GroundednessJudge groundednessJudge(JudgedAssert.Origin origin) {
        if (groundednessJudge != null) {
            return groundednessJudge;
        }
        if (origin.scope() == null) {
            throw new IllegalStateException(Messages.noJudge());
        }
        return origin.scope().groundednessJudge();
    }

    /** The judge given to {@code usingCriteriaJudge(...)}, else the test's, with the samples asked for. */
    DirectJudge directJudge(JudgedAssert.Origin origin, String check) {
        return criteriaJudge(
                directJudge, DirectJudge::samples, origin.scope(), TestScope::directJudge, check, "DirectJudge");
    }

    /** As {@link #directJudge}, for a pairwise comparison. */
    PairwiseJudge pairwiseJudge(JudgedAssert.Origin origin, String check) {
        return criteriaJudge(
                pairwiseJudge,
                PairwiseJudge::samples,
                origin.scope(),
                TestScope::pairwiseJudge,
                check,
                "PairwiseJudge");
    }

    /** The judge given to {@code usingCriteriaJudge(...)}, else the test's, with the samples asked for. */
    private <J> J criteriaJudge(
            J own,
            ToIntFunction<J> samplesOf,
            TestScope scope,
            BiFunction<TestScope, Integer, Optional<J>> testJudge,
            String check,
            String type) {
        if (own != null) {
            requireSamplesOf(samplesOf.applyAsInt(own));
            return own;
        }
        if (scope == null) {
            throw new IllegalStateException(Messages.noCriteriaJudge(check, type));
        }
        return testJudge
                .apply(scope, samplesOrOne())
                .orElseThrow(() ->
                        new IllegalStateException(Messages.noCriteriaJudgeUnderLocalJudge(check, scope.provider())));
    }

    private int samplesOrOne() {
        return samples == null ? 1 : samples;
    }

    private void requireSamplesOf(int judgeSamples) {
        if (samples != null && samples != judgeSamples) {
            throw new IllegalStateException(Messages.sampledWithOwnJudge(samples, judgeSamples));
        }
    }
}
