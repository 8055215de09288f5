package dev.llmassert.examples;

import dev.llmassert.core.criteria.Criteria;
import dev.llmassert.core.criteria.MultiCriteria;
import dev.llmassert.examples.SupportAssistant.Answer;
import dev.llmassert.junit.LlmJudge;
import org.junit.jupiter.api.Test;

import static dev.llmassert.core.criteria.CriteriaCatalog.ANSWER_RELEVANCE;
import static dev.llmassert.core.criteria.CriteriaCatalog.CONCISENESS;
import static dev.llmassert.core.criteria.CriteriaCatalog.POLITENESS;
import static dev.llmassert.junit.LlmAssertions.assertThat;
import static dev.llmassert.junit.LlmAssertions.assertThatThrownBy;

/**
 * The support assistant's answers judged on criteria: concise, self-contained, relevant, better than the old
 * prompt's answer, and passing the release rubric. The judge is OpenAI's gpt-4o-mini; its replies are replayed from
 * this class's committed recordings ({@code src/test/resources/llm-recordings/<this class>.json}), as this module's
 * {@code junit-platform.properties} sets {@code llmassert.recordings.mode=replay}, so the tests run offline with no
 * key. The committed replies were written by hand (each entry says {@code "model": "hand-written-example"}), since no
 * model is reachable where this project is built; the README says how to record real ones. The assistant's own
 * model replays its recordings too.
 */
@LlmJudge(provider = "openai", model = "gpt-4o-mini")
class SupportAssistantCriteriaTest {

    /** What the assistant answered before its prompt asked for at most four sentences. */
    static final String OLD_FIRMWARE_ANSWER = "Great question! Firmware is the software that runs inside your router,"
            + " and keeping it up to date is really important for security and performance. The good news is that"
            + " the Nimbus R2 takes care of this for you: every night at 3 a.m. it checks whether a new version is"
            + " available and, if there is one, installs it automatically. While it installs, which takes about five"
            + " minutes, your internet connection will drop. If you would rather update by hand, you can switch"
            + " automatic updates off in the Nimbus app under Settings, then Firmware. Let me know if there is"
            + " anything else I can help you with!";

    /** A reply the assistant must never give. */
    static final String DISMISSIVE_REPLY = "That is in the manual. Read it before contacting support.";

    private final SupportAssistant assistant = NimbusAssistants.recorded();

    @Test
    void theWarrantyAnswerIsConcise() {
        Answer answer = assistant.ask("How long is the warranty?");

        // tag::concise[]
        assertThat(answer.text()).meets(CONCISENESS).withOption("Concise");
        // end::concise[]
    }

    @Test
    void theFactoryResetAnswerStandsOnItsOwn() {
        Answer answer = assistant.ask("How do I restore the factory settings?");

        // tag::standalone[]
        assertThat(answer.text())
                .satisfies("Can a customer follow this answer without reading anything else?")
                .withoutPositionalBias();
        // end::standalone[]
    }

    @Test
    void theBedtimeAnswerAnswersTheQuestionThatWasAsked() {
        String question = "Can I set a bedtime for my kids' devices?";
        Answer answer = assistant.ask(question);

        // tag::relevance[]
        assertThat(answer.text())
                .inContext("question", question)
                .meets(ANSWER_RELEVANCE)
                .withMinScore(0.75);
        // end::relevance[]
    }

    @Test
    void theNewPromptsAnswerIsPreferredOverTheOldOne() {
        Answer answer = assistant.ask("Does the router install firmware updates by itself?");

        // tag::preferred[]
        assertThat(answer.text())
                .isPreferredOver(OLD_FIRMWARE_ANSWER)
                .on(CONCISENESS)
                .withoutPositionalBias();
        // end::preferred[]
    }

    @Test
    void theFactoryResetAnswerPassesTheReleaseRubric(
            @LlmJudge.Criteria("criteria/support-release-rubric.json") MultiCriteria rubric) {
        String question = "How do I restore the factory settings?";
        Answer answer = assistant.ask(question);

        // tag::rubric[]
        assertThat(answer.text())
                .inContext("question", question)
                .meetsAll(rubric)
                .withMinScore(0.8);
        // end::rubric[]
    }

    @Test
    void theBlinkingLightAnswerIsPolite(@LlmJudge.Criteria("politeness") Criteria politeness) {
        Answer answer = assistant.ask("What does a blinking red light mean?");

        // No withOption(...): the extension checks it after the test against the best option, "Polite".
        assertThat(answer.text()).meets(politeness);
    }

    @Test
    void aDismissiveReplyIsCaught() {
        assertThatThrownBy(() -> assertThat(DISMISSIVE_REPLY).meets(POLITENESS).withOption("Polite"))
                .isInstanceOf(AssertionError.class)
                .hasMessageContaining("but the judge chose \"Impolite\" (score 0.00).")
                .hasMessageContaining("Feedback: ");
    }
}
