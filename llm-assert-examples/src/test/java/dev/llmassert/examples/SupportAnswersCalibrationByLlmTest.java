package dev.llmassert.examples;

import dev.llmassert.core.calibration.Calibration;
import dev.llmassert.core.groundedness.GroundednessJudge;
import dev.llmassert.junit.Evaluator;
import dev.llmassert.junit.LlmJudge;
import org.junit.jupiter.api.Test;

import static dev.llmassert.junit.LlmAssertions.assertThat;

/**
 * Calibrates an LLM groundedness judge, {@code gpt-4o-mini} through the OpenAI API, on the same 32 labelled support
 * answers as {@link SupportAnswersCalibrationTest}, with no network and no key: every judge call replays from
 * {@code src/test/resources/llm-recordings/<this class>.json}, as a team's calibration replays in CI.
 *
 * <p>No model is reachable from this project's build, so the judge's replies were written by hand, one per sentence,
 * in {@value RecordCalibrationReplies#REPLIES}, and recorded by {@link RecordCalibrationReplies}; every entry says
 * {@code "model": "hand-written-example"}. Everything else is the real path: the judge builds its prompts, and the
 * recordings are looked up by the keys of those requests, so a prompt that changes fails with a replay miss. With
 * {@code OPENAI_API_KEY} set, {@code -Dllmassert.recordings.mode=record} calibrates the real model instead.
 */
@LlmJudge(provider = "openai", model = "gpt-4o-mini")
class SupportAnswersCalibrationByLlmTest {

    @Test
    void theLlmJudgeAgreesWithOurLabelsBeyondChance(Evaluator evaluator, GroundednessJudge judge) {
        Calibration calibration = evaluator.calibrate(judge, SupportAnswersCalibrationTest.labelledAnswers());

        assertThat(calibration.judge()).isEqualTo("openai:gpt-4o-mini");
        assertThat(calibration.recordings()).startsWith("replay ");
        assertThat(calibration.errors()).isEmpty();
        assertThat(calibration).balancedAccuracy().hasLowerBoundAtLeast(0.5);
        assertThat(calibration).kappa().hasValueAtLeast(0.4);
    }
}
