package dev.llmassert.junit;

import com.fasterxml.jackson.databind.JsonNode;
import dev.llmassert.core.agent.ToolCall;
import dev.llmassert.core.agent.Trajectory;
import org.assertj.core.api.Condition;
import org.junit.jupiter.api.Test;
import org.opentest4j.AssertionFailedError;

import java.util.List;
import java.util.Map;

import static dev.llmassert.junit.LlmAssertions.assertThat;
import static dev.llmassert.junit.LlmAssertions.assertThatThrownBy;
import static dev.llmassert.junit.LlmAssertions.catchThrowable;

/** The trajectory assertions on trajectories built by hand: what passes, what fails, and what the failure says. */
class TrajectoryAssertionsTest {

    static final Trajectory REFUND = new Trajectory(
            "Please refund order A-1042.",
            List.of(
                    ToolCall.of("lookupOrder", "{\"orderId\":\"A-1042\"}", "Order A-1042 was paid 198 dollars."),
                    ToolCall.of(
                            "refundPayment",
                            "{\"orderId\":\"A-1042\",\"amount\":198.0,\"reason\":{\"code\":\"broken\","
                                    + "\"items\":[\"router\"]}}",
                            "A refund of 198 dollars has been issued.")),
            "Your refund of 198 dollars has been issued.");

    @Test
    void passingChecksChain() {
        assertThat(REFUND)
                .calledToolsInOrder("lookupOrder", "refundPayment")
                .calledToolsExactly("lookupOrder", "refundPayment")
                .neverCalled("deleteAccount")
                .calledOnlyTools("lookupOrder", "refundPayment", "deleteAccount")
                .hasAtMostToolCalls(2)
                .hasToolCallCountBetween(1, 3)
                .calledTool("lookupOrder")
                .withArgument("orderId", "A-1042")
                .times(1)
                .and()
                .calledTool("refundPayment")
                .withArgument("amount", 198)
                .withArgument("reason.code", "broken")
                .withArgument("/reason/items/0", "router")
                .withArgument("reason.items[0]", "router")
                .withArgument("reason.items", List.of("router"))
                .withArgumentMatching("orderId", id -> id.asText().startsWith("A-"))
                .withArgument("amount", new Condition<JsonNode>(n -> n.asDouble() > 100, "over 100"))
                .withArgumentsContaining("{\"orderId\": \"A-1042\", \"reason\": {\"code\": \"broken\"}}")
                .withArgumentsContaining(Map.of("amount", 198))
                .withArguments("{\"amount\": 198, \"orderId\": \"A-1042\", \"reason\": {\"items\": [\"router\"],"
                        + " \"code\": \"broken\"}}")
                .withResultContaining("198 dollars")
                .times(1)
                .finalAnswer()
                .contains("198 dollars");
    }

    @Test
    void aMissingToolShowsTheExpectedAndActualCallsSideBySide() {
        Throwable failure = catchThrowable(() -> assertThat(REFUND).calledToolsInOrder("refundPayment", "lookupOrder"));

        assertThat(failure)
                .isInstanceOf(AssertionFailedError.class)
                .hasMessage(String.format("%n"
                        + "Expecting the agent's trajectory for \"Please refund order A-1042.\"%n"
                        + "to call [refundPayment, lookupOrder] in this order (other calls may come between), but "
                        + "\"lookupOrder\" was not called after \"refundPayment\".%n"
                        + "  #   expected          actual%n"
                        + "  1   refundPayment   ✗ lookupOrder {\"orderId\":\"A-1042\"} -> \"Order A-1042 was paid 198 "
                        + "dollars.\"%n"
                        + "  2   lookupOrder     ✗ refundPayment "
                        + "{\"orderId\":\"A-1042\",\"amount\":198.0,\"reason\":{\"code\":"
                        + "\"broken\",\"items\":[\"router\"]}} -> \"A refund of 198 dollars has been issued.\"%n"
                        + "Final answer: \"Your refund of 198 dollars has been issued.\""));
        AssertionFailedError diff = (AssertionFailedError) failure;
        assertThat(diff.getActual().getStringRepresentation()).isEqualTo("lookupOrder\nrefundPayment");
        assertThat(diff.getExpected().getStringRepresentation()).isEqualTo("refundPayment\nlookupOrder");
    }

    @Test
    void eachFailingCheckSaysWhatWasExpectedAndMarksTheCalls() {
        assertThatThrownBy(() -> assertThat(REFUND).calledToolsExactly("lookupOrder"))
                .hasMessageContaining("to call exactly [lookupOrder], in this order and nothing else, but call 2 "
                        + "differs (marked ✗).")
                .hasMessageContaining("  2                 ✗ refundPayment");
        assertThatThrownBy(() -> assertThat(REFUND).neverCalled("deleteAccount", "refundPayment"))
                .hasMessageContaining("never to call \"refundPayment\", but it called it once (marked ✗).")
                .hasMessageContaining("✗ refundPayment");
        assertThatThrownBy(() -> assertThat(REFUND).calledTool("deleteAccount"))
                .hasMessageContaining("to call \"deleteAccount\", but it never called it.");
        assertThatThrownBy(() -> assertThat(REFUND).calledTool("refundPayment").withArgument("amount", 99))
                .hasMessageContaining("to call \"refundPayment\" with amount = 99, but none of its 1 call of it did");
        assertThatThrownBy(() -> assertThat(REFUND).calledTool("lookupOrder").times(2))
                .hasMessageContaining("to call \"lookupOrder\" twice, but it did once (marked ✗).");
        assertThatThrownBy(() -> assertThat(REFUND).hasAtMostToolCalls(1))
                .hasMessageContaining("to make at most 1 tool call, but it made 2.");
        assertThatThrownBy(() -> assertThat(REFUND).calledNoTool())
                .hasMessageContaining("to make exactly 0 tool calls, but it made 2.");
        assertThatThrownBy(() -> assertThat(REFUND).calledOnlyTools("lookupOrder"))
                .hasMessageContaining("to call no tool but [lookupOrder], but it called others (marked ✗).");
        assertThatThrownBy(() -> assertThat(REFUND)
                        .calledTool("refundPayment")
                        .withArgumentsContaining("{\"orderId\": \"A-1043\"}"))
                .hasMessageContaining("with arguments containing {\"orderId\":\"A-1043\"}");
        assertThatThrownBy(
                        () -> assertThat(REFUND).calledTool("refundPayment").withArguments("{\"orderId\": \"A-1042\"}"))
                .hasMessageContaining("with arguments exactly {\"orderId\":\"A-1042\"}");
    }

    @Test
    void conditionsChainedHoldForOneSameCall() {
        Trajectory twoLookups = new Trajectory(
                "",
                List.of(
                        ToolCall.of("lookupOrder", "{\"orderId\":\"A-1\",\"full\":true}", "one"),
                        ToolCall.of("lookupOrder", "{\"orderId\":\"A-2\",\"full\":false}", "two")),
                "done");

        assertThat(twoLookups)
                .calledTool("lookupOrder")
                .times(2)
                .withArgument("orderId", "A-2")
                .times(1);
        assertThatThrownBy(() -> assertThat(twoLookups)
                        .calledTool("lookupOrder")
                        .withArgument("orderId", "A-2")
                        .withArgument("full", true))
                .hasMessageContaining("with orderId = \"A-2\" and full = true, but none of its 2 calls of it did");
    }

    @Test
    void badArgumentsOfTheChecksSayHowToFixThem() {
        assertThatThrownBy(() -> assertThat(REFUND).calledTool("refundPayment").withArgument("reason..code", 1))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("The argument path 'reason..code' is not one llm-assert can read.")
                .hasMessageContaining("JSON Pointer");
        assertThatThrownBy(() -> assertThat(REFUND).calledTool("refundPayment").withArguments("{orderId"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("The expected arguments are not a JSON object");
        assertThatThrownBy(() -> assertThat(REFUND).calledTool(" "))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("calledTool(tool) with a non-blank tool name must not be null.");
        assertThatThrownBy(() -> assertThat(REFUND).calledToolsInOrder())
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("at least one tool name");
        assertThatThrownBy(() -> assertThat((Trajectory) null).calledTool("x"))
                .hasMessageContaining("Expecting actual not to be null");
    }

    @Test
    void groundedInToolResultsNeedsAnAnswerOfATrajectoryWithResults() {
        Trajectory noTools = new Trajectory("Hi", List.of(), "Hello! How can I help?");

        assertThatThrownBy(() -> assertThat(noTools).finalAnswer().isGroundedInToolResults())
                .isInstanceOf(AssertionError.class)
                .hasMessageContaining("to be grounded in what its tools returned, but it called no tool")
                .hasMessageContaining("(no tool called)");
        assertThatThrownBy(() -> assertThat("Hello").isGroundedInToolResults())
                .isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("assertThat(trajectory).finalAnswer().isGroundedInToolResults()");
    }

    @Test
    void argumentsThatAreNotJsonAreShownAsWrittenAndMatchNoPath() {
        Trajectory broken = new Trajectory("", List.of(ToolCall.of("lookupOrder", "orderId=A-1", "")), "");

        assertThat(broken.toolCalls().get(0).argumentsAreJson()).isFalse();
        assertThatThrownBy(() -> assertThat(broken).calledTool("lookupOrder").withArgument("orderId", "A-1"))
                .hasMessageContaining("lookupOrder orderId=A-1 -> \"\"");
    }
}
