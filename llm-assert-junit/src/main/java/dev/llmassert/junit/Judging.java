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
import dev.llmassert.junit.internal.config.ConfigurationResolver;
import dev.llmassert.junit.internal.message.Messages;
import org.assertj.core.api.AssertionErrorCollector;
import org.assertj.core.api.WritableAssertionInfo;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.BiFunction;
import java.util.function.Function;
import java.util.function.Supplier;
import java.util.function.ToIntFunction;

/**
 * What a {@link ResponseAssert} has been told (its judges, context fields, samples and where failures go) and the
 * steps every judged check of it takes, in one place:
 * <ol>
 *   <li>capture the line that made the assertion;</li>
 *   <li>find the running test, if the assertion runs under the extension;</li>
 *   <li>fail once on a null response, and hand back an assert that has nothing left to report;</li>
 *   <li>choose the judge: the one given to {@code usingJudge(...)}, else the test's;</li>
 *   <li>judge, and carry what the user set ({@code as(...)}, ...) to the new assert;</li>
 *   <li>for a check with a default ({@link #checkWithDefault}), leave it open for after the test, or, outside the
 *       extension, make it now.</li>
 * </ol>
 */
final class Judging {

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

    /**
     * A check with a default expectation ({@code isGroundedIn}, {@code meets}, {@code meetsAll}): judged now, then
     * left open until the test ends, when a bare one is checked against its default unless a call such as
     * {@code withMinScore(...)} settled it first. Outside the extension nothing runs after the test, so a bare one is
     * checked at once.
     *
     * @param response    the asserted response
     * @param info        what the user set on the response assert
     * @param nullFailure the failure of a null response, as the response assert words it
     * @param judged      judges the (non-null) response and makes the assert
     * @param unjudged    makes the assert of a null response, whose failure is already reported
     */
    <A extends JudgedAssert<A, ?>> A checkWithDefault(
            String response,
            WritableAssertionInfo info,
            Supplier<AssertionError> nullFailure,
            Function<JudgedAssert.Origin, A> judged,
            Function<JudgedAssert.Origin, A> unjudged) {
        A made = checkFinishedAtOnce(response, info, nullFailure, judged, unjudged);
        // outside the extension, a calibration record applies to the judge given to the check only
        made.leaveOpenOrCheckNow(() -> ConfigurationResolver.outsideJUnit()
                .defaultMinScore(groundednessJudge == null ? null : groundednessJudge.name()));
        return made;
    }

    /**
     * A check its caller finishes at once, such as {@code satisfies(question)}, which always expects "Yes": nothing
     * is left open. The parameters are those of {@link #checkWithDefault}.
     */
    <A extends JudgedAssert<A, ?>> A checkFinishedAtOnce(
            String response,
            WritableAssertionInfo info,
            Supplier<AssertionError> nullFailure,
            Function<JudgedAssert.Origin, A> judged,
            Function<JudgedAssert.Origin, A> unjudged) {
        JudgedAssert.Origin origin = start(response, nullFailure);
        A made = origin.alreadyFailed() ? unjudged.apply(origin) : judged.apply(origin);
        AssertionState.copy(info, made.info);
        return made;
    }

    /** Runs the template for {@code isPreferredOver(...)}, which waits for its criteria before it judges. */
    PreferredOver preferredOver(
            String response, List<String> others, WritableAssertionInfo info, Supplier<AssertionError> nullFailure) {
        JudgedAssert.Origin origin = start(response, nullFailure);
        PairwiseJudge judge =
                origin.alreadyFailed() ? null : pairwiseJudge(origin.scope(), "isPreferredOver(...).on(...)");
        PreferredOver preferred = new PreferredOver(response, others, judge, origin, info);
        if (origin.scope() != null) {
            origin.scope().register(preferred.pendingCheck());
        }
        return preferred;
    }

    /** Steps 1 to 3: where, which test, and the null check. */
    private JudgedAssert.Origin start(String response, Supplier<AssertionError> nullFailure) {
        StackTraceElement[] site = CallSite.capture();
        TestScope scope = CurrentTest.scope().orElse(null);
        boolean nullResponse = response == null;
        if (nullResponse) {
            // a soft assertion collects this and goes on; the assert handed back then has nothing left to report
            failures.fail(nullFailure.get());
        }
        return new JudgedAssert.Origin(
                response,
                Collections.unmodifiableMap(new LinkedHashMap<>(context)),
                failures,
                scope,
                site,
                nullResponse,
                trajectory);
    }

    /** The response judged is the final answer of {@code agentTrajectory}: the report shows the trajectory. */
    void answerOf(Trajectory agentTrajectory) {
        this.trajectory = agentTrajectory;
    }

    GroundednessJudge groundednessJudge(TestScope scope) {
        if (groundednessJudge != null) {
            return groundednessJudge;
        }
        if (scope == null) {
            throw new IllegalStateException(Messages.noJudge());
        }
        return scope.groundednessJudge();
    }

    DirectJudge directJudge(TestScope scope, String check) {
        return criteriaJudge(directJudge, DirectJudge::samples, scope, TestScope::directJudge, check, "DirectJudge");
    }

    PairwiseJudge pairwiseJudge(TestScope scope, String check) {
        return criteriaJudge(
                pairwiseJudge, PairwiseJudge::samples, scope, TestScope::pairwiseJudge, check, "PairwiseJudge");
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
