package dev.llmassert.junit;

import dev.llmassert.core.agent.Trajectory;
import dev.llmassert.core.criteria.CriteriaCatalog;
import dev.llmassert.core.criteria.DirectJudge;
import dev.llmassert.core.testing.ScriptedChatModel;
import org.junit.jupiter.api.Test;

import static dev.llmassert.junit.LlmAssertions.assertThat;
import static dev.llmassert.junit.LlmAssertions.assertThatThrownBy;

/**
 * Judged trajectory criteria: the direct judge sees the request, the tool calls and the answer, the judged one as the
 * evaluated field and the others as context, each between data tags.
 */
class TrajectoryCriteriaTest {

    static final Trajectory REFUND = TrajectoryAssertionsTest.REFUND;

    @Test
    void taskCompletionJudgesTheAnswerWithTheRequestAndTheCallsAsContext() {
        ScriptedChatModel model =
                ScriptedChatModel.replying(reply("The refund was issued by refundPayment.", "Complete"));
        DirectJudge judge = DirectJudge.builder().chatModel(model).build();

        assertThat(REFUND)
                .usingCriteriaJudge(judge)
                .meets(CriteriaCatalog.TASK_COMPLETION)
                .withOption("Complete");

        String prompt = ScriptedChatModel.lastUserText(model.requests().get(0));
        assertThat(prompt)
                .contains("Please refund order A-1042.")
                .contains("1. lookupOrder {\"orderId\":\"A-1042\"} -> \"Order A-1042 was paid 198 dollars.\"")
                .contains("2. refundPayment")
                .contains("Your refund of 198 dollars has been issued.")
                .containsPattern("<<data-[0-9a-f]+>>");
    }

    @Test
    void toolUseAppropriatenessJudgesTheCallsAndAFailureShowsTheJudgesChoice() {
        ScriptedChatModel model =
                ScriptedChatModel.replying(reply("It refunded without checking the amount.", "Partly appropriate"));
        DirectJudge judge = DirectJudge.builder().chatModel(model).build();

        assertThatThrownBy(() -> assertThat(REFUND)
                        .usingCriteriaJudge(judge)
                        .meets(CriteriaCatalog.TOOL_USE_APPROPRIATENESS)
                        .withMinScore(1.0))
                .hasMessageContaining("tool_use_appropriateness")
                .hasMessageContaining("Partly appropriate")
                .hasMessageContaining("1. lookupOrder");
        String prompt = ScriptedChatModel.lastUserText(model.requests().get(0));
        assertThat(prompt.indexOf("2. refundPayment"))
                .as("the calls are the judged text")
                .isPositive();
        assertThat(prompt).contains("Please refund order A-1042.");
    }

    private static String reply(String explanation, String option) {
        return "{\"explanation\": \"" + explanation + "\", \"selectedOption\": \"" + option + "\", \"feedback\": \"\"}";
    }
}
