package dev.llmassert.examples;

// tag::test[]
import dev.llmassert.junit.LlmJudge;
import org.junit.jupiter.api.Test;

import static dev.llmassert.junit.LlmAssertions.assertThat;
import static dev.llmassert.junit.LlmAssertions.assertThatThrownBy;

/** A first test that needs nothing but llm-assert-junit: the guide's quick start includes this file. */
@LlmJudge
class QuickStartTest {

    static final String MANUAL = "To restore the factory settings, hold the recessed reset button on the back for 15"
            + " seconds with a paperclip, until the status light turns amber. A factory reset erases your network"
            + " name, password and parental controls.";

    @Test
    void aGroundedAnswerPasses() {
        String answer = "Hold the reset button on the back for 15 seconds with a paperclip, until the status light"
                + " turns amber. This erases your network name, password and parental controls.";

        assertThat(answer).isGroundedIn(MANUAL);
    }

    @Test
    void anInventedAnswerFails() {
        String answer = "Hold the reset button on the back for 15 seconds with a paperclip."
                + " Then call support at 1-800-555-0199 to activate the router again.";

        assertThatThrownBy(() -> assertThat(answer).isGroundedIn(MANUAL).withMinScore(0.7))
                .hasMessageContaining("✗ [1]")
                .hasMessageContaining("Then call support at 1-800-555-0199 to activate the router again.");
    }
}
// end::test[]
