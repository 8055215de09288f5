package dev.llmassert.junit;

import dev.llmassert.core.criteria.DirectJudge;
import dev.llmassert.core.criteria.DirectResult;
import dev.llmassert.core.criteria.MultiCriteria;
import dev.llmassert.core.criteria.MultiCriteriaResult;
import dev.llmassert.core.criteria.PairwiseJudge;
import dev.llmassert.core.model.JudgeModels;
import dev.llmassert.core.model.JudgeProvider;
import dev.llmassert.core.model.JudgeSettings;
import dev.llmassert.core.testing.LoopbackChatServer;
import dev.llmassert.junit.testing.RuleJudge;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.opentest4j.MultipleFailuresError;

import static dev.llmassert.core.criteria.CriteriaCatalog.CONCISENESS;
import static dev.llmassert.junit.CriteriaAssertionsTest.SELF_CONTAINED;
import static dev.llmassert.junit.CriteriaAssertionsTest.SHORT;
import static dev.llmassert.junit.CriteriaAssertionsTest.VERDICTS;
import static dev.llmassert.junit.CriteriaAssertionsTest.WORDY;
import static dev.llmassert.junit.LlmAssertions.assertThat;
import static dev.llmassert.junit.LlmAssertions.assertThatThrownBy;
import static dev.llmassert.junit.testing.Runs.failureOf;
import static dev.llmassert.junit.testing.Runs.run;

/** The criteria DSL through soft assertions, and outside the extension with a judge of one's own. */
class CriteriaSoftAndStandaloneTest {

    private LoopbackChatServer server;

    @BeforeEach
    void startJudge() {
        server = RuleJudge.serve(VERDICTS);
    }

    @AfterEach
    void stopJudge() {
        server.close();
    }

    @Test
    void softAssertionsCollectEveryFailingCriteriaCheck() {
        Throwable failure = failureOf(run(Softly.class, CriteriaAssertionsTest.openAi(server)), "collectsAll");

        assertThat(failure).isInstanceOf(MultipleFailuresError.class);
        assertThat(((MultipleFailuresError) failure).getFailures())
                .extracting(Throwable::getMessage)
                .satisfiesExactly(
                        m -> assertThat(m).contains("with option \"Concise\", but the judge chose \"Verbose\""),
                        m -> assertThat(m).contains("to meet criteria \"" + SELF_CONTAINED + "\" with option \"Yes\""),
                        m -> assertThat(m).contains("to be preferred over the other response"),
                        m -> assertThat(m).contains("to meet all criteria with an aggregate score of at least 0.80"),
                        m -> assertThat(m).contains("Expecting actual not to be null"));
    }

    @Test
    void aMinimumThatIsNotANumberIsNamedAsSuch() {
        assertThatThrownBy(() -> assertThat((DirectResult) null).withMinScore(Double.NaN))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("withMinScore(minScore) must be a finite number, but is: NaN." + System.lineSeparator()
                        + "Pass a score on the criteria's own scale, e.g. withMinScore(0.75).");
        assertThatThrownBy(() -> assertThat((MultiCriteriaResult) null).withMinScore(Double.POSITIVE_INFINITY))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContainingAll("must be a finite number, but is: Infinity.", "e.g. withMinScore(0.8)")
                .hasMessageNotContaining("null");
    }

    @Test
    void aBareSoftMeetsIsStillCheckedAfterTheMethod() {
        assertThat(failureOf(run(Softly.class, CriteriaAssertionsTest.openAi(server)), "bareSoftMeets"))
                .hasMessageContaining("meets(...) at " + Softly.class.getName() + ".bareSoftMeets(");
    }

    @Test
    void outsideTheExtensionAJudgeOfOnesOwnChecksAtOnce() {
        JudgeSettings settings = JudgeSettings.builder()
                .provider(JudgeProvider.OPENAI)
                .baseUrl(server.baseUrl())
                .apiKeyEnv("JUDGE_TEST_UNSET_KEY")
                .maxRetries(0)
                .build();
        try (DirectJudge direct = DirectJudge.builder()
                        .chatModel(JudgeModels.chatModel(settings))
                        .settings(settings)
                        .build();
                PairwiseJudge pairwise = PairwiseJudge.builder()
                        .chatModel(JudgeModels.chatModel(settings))
                        .settings(settings)
                        .build()) {
            assertThat(SHORT).usingCriteriaJudge(direct).meets(CONCISENESS);
            assertThat(SHORT)
                    .usingCriteriaJudge(pairwise)
                    .isPreferredOver(WORDY)
                    .on(CONCISENESS);
            assertThat(direct.evaluate(WORDY, CONCISENESS)).withOption("Verbose");

            assertThatThrownBy(
                            () -> assertThat(WORDY).usingCriteriaJudge(direct).meets(CONCISENESS))
                    .isInstanceOf(AssertionError.class)
                    .hasMessageContainingAll(
                            "meets(...) ran outside @LlmJudge and had no withOption(...) or"
                                    + " withMinScore(...), so it was checked at once against the criteria's best "
                                    + "option.",
                            "but the judge chose \"Verbose\"");
            assertThatThrownBy(() -> assertThat(SHORT)
                            .usingCriteriaJudge(direct)
                            .sampled(3)
                            .meets(CONCISENESS))
                    .isInstanceOf(IllegalStateException.class)
                    .hasMessageContaining("build that judge with .selfConsistency(3)");
        }
    }

    @Test
    void outsideTheExtensionWithoutAJudgeTheMessageSaysHowToGiveOne() {
        assertThatThrownBy(() -> assertThat(SHORT).satisfies(SELF_CONTAINED))
                .isInstanceOf(IllegalStateException.class)
                .hasMessageContainingAll(
                        "satisfies(...) needs a DirectJudge",
                        "usingCriteriaJudge(DirectJudge.builder().chatModel(model).build())");
    }

    @LlmJudge
    static class Softly {

        private final MultiCriteria rubric;

        Softly(@LlmJudge.Criteria("criteria/release-rubric.json") MultiCriteria rubric) {
            this.rubric = rubric;
        }

        @Test
        void collectsAll() {
            LlmSoftAssertions softly = new LlmSoftAssertions();
            softly.assertThat(WORDY).meets(CONCISENESS).withOption("Concise");
            softly.assertThat(WORDY).satisfies(SELF_CONTAINED);
            // AssertJ's own satisfies(Consumer) is still there beside satisfies(String)
            softly.assertThat(SHORT).satisfies(text -> assertThat(text).startsWith("Hold"));
            softly.assertThat(WORDY).isPreferredOver(SHORT).on(CONCISENESS);
            softly.assertThat(WORDY).meetsAll(rubric).withMinScore(0.8);
            softly.assertThat((String) null).meets(CONCISENESS).withOption("Concise");
            softly.assertAll();
        }

        @Test
        void bareSoftMeets() {
            LlmSoftAssertions softly = new LlmSoftAssertions();
            softly.assertThat(WORDY).meets(CONCISENESS);
            softly.assertAll();
        }
    }
}
