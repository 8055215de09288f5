package dev.llmassert.examples;

import dev.llmassert.examples.SupportAssistant.Answer;
import dev.llmassert.junit.Evaluator;
import dev.llmassert.junit.LlmJudge;

import static dev.llmassert.junit.LlmAssertions.assertThat;

/**
 * One question asked ten times: does the assistant answer it from the manual often enough? The ten answers are
 * replayed in order from this class's recordings (hand-written, each entry says {@code "model":
 * "hand-written-example"}; written by {@link RecordRepeatedSamples}). Nine runs of ten pass, over the pass rate of
 * 0.8: in the sixth the assistant invents a three-year warranty. The fourth says "is not covered" where the manual
 * says "does not cover", a rewording the local judge's entailment model confirms (without it, that run fails too).
 */
@LlmJudge
class SupportAssistantRepeatedTest {

    static final String QUESTION = "How long is the warranty?";

    // tag::repeat[]
    @LlmJudge.Repeat(times = 10, minPassRate = 0.8)
    void theWarrantyAnswerIsGroundedOftenEnough(Evaluator evaluator) {
        SupportAssistant assistant =
                new SupportAssistant(evaluator.recorded(NimbusAssistants.applicationModel()), ProductManual.nimbusR2());

        Answer answer = assistant.ask(QUESTION);

        assertThat(answer.text()).isGroundedIn(answer.sources()).withMinScore(0.7);
    }
    // end::repeat[]
}
