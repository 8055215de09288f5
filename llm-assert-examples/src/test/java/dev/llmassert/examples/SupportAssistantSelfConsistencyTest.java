package dev.llmassert.examples;

import dev.llmassert.examples.SupportAssistant.Answer;
import dev.llmassert.junit.LlmJudge;
import org.junit.jupiter.api.Test;

import static dev.llmassert.core.criteria.CriteriaCatalog.POLITENESS;
import static dev.llmassert.junit.LlmAssertions.assertThat;

/**
 * Self-consistency: the judge is asked three times and the majority counts, with the agreement checked. Samples
 * only differ when the judge samples, so this class's judge runs at temperature 0.7; its recording keeps the three
 * distinct replies under one key and replays them in order. As in {@link SupportAssistantCriteriaTest}, the judge's
 * replies are hand-written recordings, replayed.
 */
@LlmJudge(provider = "openai", model = "gpt-4o-mini", temperature = 0.7)
class SupportAssistantSelfConsistencyTest {

    private final SupportAssistant assistant = NimbusAssistants.recorded();

    @Test
    void twoOfThreeSamplesFindTheBlinkingLightAnswerPolite() {
        Answer answer = assistant.ask("What does a blinking red light mean?");

        assertThat(answer.text())
                .sampled(3)
                .meets(POLITENESS)
                .withOption("Polite")
                .withAgreementAtLeast(0.67);
    }
}
