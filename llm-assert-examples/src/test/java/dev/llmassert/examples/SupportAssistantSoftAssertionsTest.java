package dev.llmassert.examples;

import dev.llmassert.examples.SupportAssistant.Answer;
import dev.llmassert.junit.LlmJudge;
import dev.llmassert.junit.LlmSoftAssertions;
import org.junit.jupiter.api.Test;

import java.util.List;

import static dev.llmassert.junit.LlmAssertions.assertThat;
import static dev.llmassert.junit.LlmAssertions.assertThatThrownBy;

/** Checking a batch of answers with soft assertions, so one run reports every unsupported answer. */
@LlmJudge
class SupportAssistantSoftAssertionsTest {

    private static final List<String> QUESTIONS = List.of(
            "How do I restore the factory settings?",
            "How long is the warranty?",
            "Does the router install firmware updates by itself?",
            "Can I set a bedtime for my kids' devices?");

    private final SupportAssistant assistant = NimbusAssistants.recorded();

    @Test
    void everyAnswerOfTheReleaseChecklistIsGrounded() {
        LlmSoftAssertions softly = new LlmSoftAssertions();
        for (String question : QUESTIONS) {
            Answer answer = assistant.ask(question);
            softly.assertThat(answer.text())
                    .as(question)
                    .isGroundedIn(answer.sources())
                    .withMinScore(0.7);
        }
        softly.assertAll();
    }

    @Test
    void softAssertionsReportTheUnsupportedAnswerAndKeepGoing() {
        LlmSoftAssertions softly = new LlmSoftAssertions();
        Answer blinking = assistant.ask("What does a blinking red light mean?");
        Answer warranty = assistant.ask("How long is the warranty?");

        softly.assertThat(blinking.text())
                .as("blinking red")
                .isGroundedIn(blinking.sources())
                .withMinScore(0.7);
        softly.assertThat(warranty.text())
                .as("warranty")
                .isGroundedIn(warranty.sources())
                .withMinScore(0.7);

        assertThat(softly.errorsCollected()).hasSize(1);
        assertThatThrownBy(softly::assertAll)
                .hasMessageContaining("blinking red")
                .hasMessageContaining("1-800-555-0199");
    }
}
