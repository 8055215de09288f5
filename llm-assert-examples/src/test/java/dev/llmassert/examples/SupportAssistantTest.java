package dev.llmassert.examples;

import dev.llmassert.core.groundedness.GroundednessJudge;
import dev.llmassert.core.groundedness.GroundednessVerdict;
import dev.llmassert.examples.SupportAssistant.Answer;
import dev.llmassert.junit.LlmJudge;
import org.junit.jupiter.api.Test;

import static dev.llmassert.junit.LlmAssertions.assertThat;
import static dev.llmassert.junit.LlmAssertions.assertThatThrownBy;

/**
 * The support assistant's answers, judged on the embedded default judge: no key, no network. The assistant's own
 * model replays its recorded replies (see {@link NimbusAssistants}).
 */
@LlmJudge
class SupportAssistantTest {

    private final SupportAssistant assistant = NimbusAssistants.recorded();

    @Test
    void answersFromTheManual() {
        Answer answer = assistant.ask("How do I restore the factory settings?");

        // tag::grounded[]
        assertThat(answer.text()).isGroundedIn(answer.sources()).withMinScore(0.7);
        // end::grounded[]
    }

    @Test
    void plainStringChecksChainWithTheJudgedOne() {
        Answer answer = assistant.ask("How long is the warranty?");

        // tag::assertj[]
        assertThat(answer.text())
                .isNotBlank()
                .doesNotContain("As an AI")
                .isGroundedIn(answer.sources())
                .withMinScore(0.7);
        // end::assertj[]
    }

    @Test
    void everySentenceOfTheWarrantyAnswerIsSupported() {
        Answer answer = assistant.ask("How long is the warranty?");

        assertThat(answer.text())
                .isGroundedIn(answer.sources())
                .withMinScore(0.7)
                .everySentence()
                .hasMinScore(0.7);
    }

    @Test
    void aCheckWithoutAMinimumUsesTheConfiguredDefault() {
        Answer answer = assistant.ask("Can I set a bedtime for my kids' devices?");

        // Checked by the extension after the test, against llmassert.groundedness.min-score.
        assertThat(answer.text()).isGroundedIn(answer.sources());
    }

    @Test
    void anInventedSupportLineIsCaught() {
        Answer answer = assistant.ask("What does a blinking red light mean?");

        assertThatThrownBy(() ->
                        assertThat(answer.text()).isGroundedIn(answer.sources()).withMinScore(0.7))
                .isInstanceOf(AssertionError.class)
                .hasMessageContaining("1-800-555-0199")
                .hasMessageContaining("✗");
    }

    @Test
    void noSingleSentenceMayBeInvented() {
        Answer answer = assistant.ask("What does a blinking red light mean?");

        // Stricter than the mean: one invented sentence among supported ones is enough to fail.
        assertThatThrownBy(() -> assertThat(answer.text())
                        .isGroundedIn(answer.sources())
                        .withMinScore(0.3)
                        .everySentence()
                        .hasMinScore(0.7))
                .hasMessageContaining("every sentence")
                .hasMessageContaining("call Nimbus support at 1-800-555-0199");
    }

    @Test
    void theInjectedJudgeGivesTheVerdictForYourOwnChecks(GroundednessJudge judge) {
        Answer answer = assistant.ask("Does the router install firmware updates by itself?");

        GroundednessVerdict verdict = judge.judge(answer.text(), answer.sources());

        assertThat(verdict.judge()).startsWith("local:");
        assertThat(verdict.sentences())
                .hasSizeGreaterThan(1)
                .allSatisfy(sentence -> assertThat(sentence.evidence()).isNotBlank());
    }
}
