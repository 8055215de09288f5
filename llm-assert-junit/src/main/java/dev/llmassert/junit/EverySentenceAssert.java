package dev.llmassert.junit;

import dev.llmassert.core.groundedness.GroundednessVerdict;
import dev.llmassert.core.groundedness.SentenceVerdict;
import dev.llmassert.junit.internal.CheckReport;
import dev.llmassert.junit.internal.FailureSink;
import dev.llmassert.junit.internal.ShouldHaveEverySentenceGrounded;
import dev.llmassert.junit.internal.TestScope;
import org.assertj.core.api.AbstractAssert;
import org.assertj.core.error.ShouldNotBeNull;

import java.util.stream.Collectors;

/** Checks every sentence of a judged response on its own, made by {@link GroundednessAssert#everySentence()}. */
public class EverySentenceAssert extends AbstractAssert<EverySentenceAssert, GroundednessVerdict> {

    private final String response;
    private final FailureSink failures;
    private final TestScope scope;
    private final StackTraceElement[] site;
    private final boolean alreadyFailed;

    public EverySentenceAssert(GroundednessVerdict verdict) {
        this(verdict, null, FailureSink.THROWING, null, null, false);
    }

    EverySentenceAssert(GroundednessVerdict verdict, String response, FailureSink failures, TestScope scope,
                        StackTraceElement[] site, boolean alreadyFailed) {
        super(verdict, EverySentenceAssert.class);
        this.response = response != null || verdict == null ? response
                : verdict.sentences().stream().map(SentenceVerdict::sentence).collect(Collectors.joining(" "));
        this.failures = failures;
        this.scope = scope;
        this.site = site;
        this.alreadyFailed = alreadyFailed;
    }

    /**
     * Verifies that no sentence scores below {@code minScore}.
     *
     * @param minScore from 0 to 1
     * @throws IllegalArgumentException if {@code minScore} is outside 0..1
     */
    public EverySentenceAssert hasMinScore(double minScore) {
        GroundednessAssert.requireScore("everySentence().hasMinScore(minScore)", minScore);
        if (actual == null) {
            if (!alreadyFailed) {
                failures.fail(assertionError(ShouldNotBeNull.shouldNotBeNull()));
            }
            return myself;
        }
        boolean passed = actual.sentences().stream().allMatch(s -> GroundednessAssert.passes(s.score(), minScore));
        if (scope != null) {
            scope.publish(CheckReport.entry("groundedness.every-sentence", actual, minScore, passed,
                    GroundednessAssert.where(site)));
        }
        if (!passed) {
            failures.fail(assertionError(
                    ShouldHaveEverySentenceGrounded.shouldHaveEverySentenceGrounded(response, actual, minScore)));
        }
        return myself;
    }
}
