package dev.llmassert.junit.testing;

import dev.llmassert.core.calibration.Calibration;
import dev.llmassert.core.dataset.LabelledItem;
import dev.llmassert.core.groundedness.GroundednessJudge;
import dev.llmassert.junit.Evaluator;
import dev.llmassert.junit.LlmJudge;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

import java.util.ArrayList;
import java.util.List;

import static dev.llmassert.junit.LlmAssertions.assertThat;

/**
 * A fixture run for the run report's calibration section: the word-overlap judge calibrated on 16 labelled rows, two
 * of them misjudged, one of which is markup ({@link ReportedChecks#SCRIPT_ANSWER}) that the page must show as text.
 */
@LlmJudge
@ExtendWith(WordOverlapJudgeExtension.class)
public class ReportedCalibration {

    @Test
    void calibratesTheJudge(Evaluator evaluator, GroundednessJudge judge) {
        Calibration calibration = evaluator.calibrate(judge, rows());

        assertThat(calibration).balancedAccuracy().hasValueAtLeast(0.5);
    }

    /** 10 rows labelled yes (one misjudged: none of its words are in the manual) and 6 no (one misjudged). */
    public static List<LabelledItem> rows() {
        List<LabelledItem> rows = new ArrayList<>();
        for (int i = 0; i < 9; i++) {
            rows.add(row(
                    "yes-" + i,
                    i % 2 == 0 ? "Hold the red button for ten seconds." : "The lights blink green.",
                    "yes"));
        }
        rows.add(row("yes-markup", ReportedChecks.SCRIPT_ANSWER, "yes"));
        for (int i = 0; i < 5; i++) {
            rows.add(row("no-" + i, "Call support on Sundays.", "no"));
        }
        rows.add(row("no-copied", "Hold the lights for ten seconds.", "no"));
        return rows;
    }

    private static LabelledItem row(String id, String response, String label) {
        return LabelledItem.of(id, response, label).withContext("sources", ReportedChecks.MANUAL);
    }
}
