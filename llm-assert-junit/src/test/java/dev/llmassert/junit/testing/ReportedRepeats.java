package dev.llmassert.junit.testing;

import dev.llmassert.junit.LlmJudge;
import org.junit.jupiter.api.TestInfo;

import static dev.llmassert.junit.LlmAssertions.assertThat;

/**
 * A repeated test for the run report: five runs, the second and the fourth of which get a wrong answer, against a
 * pass rate of 0.8. Plain checks only, so the report's checks stay those of the other fixtures.
 */
@LlmJudge
public class ReportedRepeats {

    @LlmJudge.Repeat(times = 5, minPassRate = 0.8)
    void answersNameTheWarrantyTerm(TestInfo run) {
        String name = run.getDisplayName();
        String answer = name.startsWith("run 2 ") || name.startsWith("run 4 ")
                ? "The warranty lasts five years."
                : "The warranty lasts two years.";

        assertThat(answer).contains("two years");
    }
}
