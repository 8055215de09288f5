package dev.llmassert.junit;

import dev.llmassert.core.criteria.CriteriaCatalog;
import dev.llmassert.core.criteria.DirectJudge;
import dev.llmassert.core.criteria.DirectResult;
import dev.llmassert.core.criteria.MultiCriteria;
import dev.llmassert.core.criteria.PairwiseJudge;
import dev.llmassert.core.criteria.PairwiseResult;
import dev.llmassert.core.groundedness.GroundednessVerdict;
import dev.llmassert.core.groundedness.LocalGroundednessJudge;
import dev.llmassert.core.testing.ScriptedChatModel;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.function.Executable;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.util.Arrays;
import java.util.List;

import static dev.llmassert.junit.LlmAssertions.assertThat;
import static dev.llmassert.junit.LlmAssertions.assertThatThrownBy;
import static dev.llmassert.junit.testing.Texts.GROUNDED;
import static dev.llmassert.junit.testing.Texts.MANUAL;

/**
 * A null, NaN or blank wherever the DSL takes an argument, outside the extension with the local judge, and the
 * outcome the README's "Bad inputs" section documents: a null response fails the assertion as AssertJ does
 * ({@code Expecting actual not to be null}), with no judging; a null or out-of-range argument is an
 * {@link IllegalArgumentException} that names the method and the fix, thrown at the call, before any judging and
 * whatever the response.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class NullsInTheDslTest {

    private final LocalGroundednessJudge judge =
            LocalGroundednessJudge.builder().withoutEmbeddings().build();

    @AfterAll
    void close() {
        judge.close();
    }

    @Test
    void aNullResponseFailsTheAssertionAsAssertJDoesWithoutJudging() {
        assertThatThrownBy(() -> assertThat((String) null).usingJudge(judge).isGroundedIn(MANUAL))
                .isInstanceOf(AssertionError.class)
                .hasMessageContaining("Expecting actual not to be null");
        assertThatThrownBy(() -> assertThat((GroundednessVerdict) null).withMinScore(0.5))
                .isInstanceOf(AssertionError.class)
                .hasMessageContaining("Expecting actual not to be null");
        assertThatThrownBy(() -> assertThat((DirectResult) null).withOption("Concise"))
                .isInstanceOf(AssertionError.class)
                .hasMessageContaining("Expecting actual not to be null");
        assertThatThrownBy(() -> assertThat((PairwiseResult) null).isPreferred())
                .isInstanceOf(AssertionError.class)
                .hasMessageContaining("Expecting actual not to be null");
    }

    @Test
    void aBlankResponseFailsAsAnAssertionWithItsReason() {
        // The answer is what the application produced, never the test's mistake: a blank one fails, as AssertJ
        // fails on a null actual.
        assertThatThrownBy(() -> assertThat(" \n ").usingJudge(judge).isGroundedIn(MANUAL))
                .isInstanceOf(AssertionError.class)
                .hasMessageContaining("the response is blank: the application gave no answer to judge");
    }

    @Test
    void nullOrBlankSourcesAreRejectedNamingTheirIndex() {
        ResponseAssert response = assertThat(GROUNDED).usingJudge(judge);

        assertThatThrownBy(() -> response.isGroundedIn((String) null))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageStartingWith("isGroundedIn(...) got a null or blank source at index 0.");
        assertThatThrownBy(() -> response.isGroundedIn(MANUAL, null))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageStartingWith("isGroundedIn(...) got a null or blank source at index 1.");
        assertThatThrownBy(() -> response.isGroundedIn(Arrays.asList(MANUAL, "\t")))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageStartingWith("isGroundedIn(...) got a null or blank source at index 1.");
        for (Executable none : List.<Executable>of(
                () -> response.isGroundedIn((String[]) null),
                () -> response.isGroundedIn((List<String>) null),
                () -> response.isGroundedIn(List.of()),
                response::isGroundedIn)) {
            assertThatThrownBy(none::execute)
                    .isInstanceOf(IllegalArgumentException.class)
                    .hasMessageStartingWith("isGroundedIn(...) needs at least one source text");
        }
    }

    @ParameterizedTest
    @ValueSource(doubles = {Double.NaN, Double.POSITIVE_INFINITY, Double.NEGATIVE_INFINITY, -0.01, 1.01, 80})
    void aMinimumScoreOutsideZeroToOneIsRejected(double minScore) {
        GroundednessAssert grounded = assertThat(GROUNDED).usingJudge(judge).isGroundedIn(MANUAL);

        assertThatThrownBy(() -> grounded.withMinScore(minScore))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageStartingWith("withMinScore(minScore) must be between 0.0 and 1.0, but is: " + minScore);
        assertThatThrownBy(() -> grounded.everySentence().hasMinScore(minScore))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageStartingWith(
                        "everySentence().hasMinScore(minScore) must be between 0.0 and 1.0, but is: " + minScore);
    }

    @ParameterizedTest
    @ValueSource(doubles = {Double.NaN, Double.POSITIVE_INFINITY, Double.NEGATIVE_INFINITY})
    void aCriteriaMinimumMustBeFiniteAndIsCheckedBeforeTheResult(double minScore) {
        assertThatThrownBy(() -> assertThat((DirectResult) null).withMinScore(minScore))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageStartingWith("withMinScore(minScore) must be a finite number, but is: " + minScore);
        assertThatThrownBy(() -> new MultiCriteriaAssert(null).withMinScore(minScore))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageStartingWith("withMinScore(minScore) must be a finite number, but is: " + minScore);
        assertThatThrownBy(() -> assertThat((DirectResult) null).withAgreementAtLeast(minScore))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("must be between 0.0 and 1.0, but is: " + minScore);
    }

    @Test
    void nullArgumentsOfTheCriteriaChecksNameTheMethodAndTheFix() {
        ResponseAssert response = assertThat(GROUNDED);

        assertThatThrownBy(() -> response.usingJudge(null))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageStartingWith("usingJudge(judge) must not be null.");
        assertThatThrownBy(() -> response.usingCriteriaJudge((DirectJudge) null))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageStartingWith("usingCriteriaJudge(judge) must not be null.");
        assertThatThrownBy(() -> response.meets(null))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageStartingWith("meets(criteria) must not be null.");
        assertThatThrownBy(() -> response.meetsAll((MultiCriteria) null))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageStartingWith("meetsAll(multiCriteria) must not be null.");
        assertThatThrownBy(() -> response.satisfies((String) null))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("satisfies(question)");
        assertThatThrownBy(() -> response.satisfies(" "))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("satisfies(question)");
        assertThatThrownBy(() -> response.inContext(null, "How?")).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> response.inContext(" ", "How?")).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> response.inContext("question", null))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageStartingWith("inContext(\"question\", value) must not be null.");
        assertThatThrownBy(() -> response.isPreferredOver((String[]) null))
                .isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(response::isPreferredOver).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> response.isPreferredOver("Shorter.", null))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageStartingWith("isPreferredOver(...) response 2 must not be null.");
        try (PairwiseJudge pairwise =
                PairwiseJudge.builder().chatModel(ScriptedChatModel.replying()).build()) {
            assertThatThrownBy(() -> assertThat(GROUNDED)
                            .usingCriteriaJudge(pairwise)
                            .isPreferredOver("Shorter.")
                            .on(null))
                    .isInstanceOf(IllegalArgumentException.class)
                    .hasMessageStartingWith("on(criteria) must not be null.");
        }
        assertThatThrownBy(() -> response.sampled(0)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> assertThat((DirectResult) null).withOption(null))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageStartingWith("withOption(option) must not be null.");
        assertThatThrownBy(() -> assertThat(GROUNDED).usingJudge(judge).meets(CriteriaCatalog.CONCISENESS))
                .as("a criteria check needs a criteria judge, which the local judge is not")
                .isInstanceOf(IllegalStateException.class);
    }
}
