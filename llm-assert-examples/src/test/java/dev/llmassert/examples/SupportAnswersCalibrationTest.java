package dev.llmassert.examples;

import dev.llmassert.core.calibration.Calibration;
import dev.llmassert.core.dataset.Dataset;
import dev.llmassert.core.dataset.LabelledDataset;
import dev.llmassert.core.groundedness.GroundednessJudge;
import dev.llmassert.junit.Evaluator;
import dev.llmassert.junit.LlmJudge;
import org.junit.jupiter.api.Test;

import static dev.llmassert.junit.LlmAssertions.assertThat;

/**
 * Calibrates the embedded local judge on the support assistant's 32 answers, each labelled by a person: is every
 * claim of the answer supported by the manual sections the question relies on? ({@value #LABELS}; 28 yes, 4 no, each
 * no with the reason.) The calibration fits the bar where this judge agrees best with these labels, measures the
 * agreement held out at it, and writes {@code target/llm-assert/calibrations/<this class>.theLocalJudge....json}; the
 * log prints the line that applies the bar.
 */
@LlmJudge
class SupportAnswersCalibrationTest {

    static final String LABELS = "calibration/support-answers.labelled.jsonl";

    /** The labelled answers: the judged text is {@code answer}, the person's label {@code grounded}. */
    // tag::calibration[]
    static LabelledDataset labelledAnswers() {
        return Dataset.fromClasspath(LABELS)
                .labelled()
                .response("answer")
                .label("grounded")
                .contextList("sources")
                .ignore("question", "why");
    }
    // end::calibration[]

    // tag::calibration[]
    @Test
    void theLocalJudgeAgreesWithOurLabelsBeyondChance(Evaluator evaluator, GroundednessJudge judge) {
        Calibration calibration = evaluator.calibrate(judge, labelledAnswers());

        assertThat(calibration).balancedAccuracy().hasLowerBoundAtLeast(0.5);
        assertThat(calibration).auc().hasLowerBoundAtLeast(0.8);
    }
    // end::calibration[]
}
