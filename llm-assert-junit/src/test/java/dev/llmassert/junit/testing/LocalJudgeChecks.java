package dev.llmassert.junit.testing;

import dev.llmassert.junit.LlmJudge;
import org.junit.jupiter.api.Test;

import static dev.llmassert.junit.LlmAssertions.assertThat;
import static dev.llmassert.junit.LlmAssertions.assertThatThrownBy;

/**
 * A fixture run on the local judge alone, shaped like the README's quick start: a bare check that passes, and one
 * that fails inside {@code assertThatThrownBy}, so its test passes. No model is called.
 */
@LlmJudge
public class LocalJudgeChecks {

    public static final String MANUAL = "To restore the factory settings, hold the recessed reset button on the back "
            + "for 15 seconds with a paperclip, until the status light turns amber.";

    @Test
    void grounded() {
        assertThat("Hold the reset button on the back for 15 seconds with a paperclip.")
                .isGroundedIn(MANUAL);
    }

    @Test
    void invented() {
        assertThatThrownBy(() -> assertThat("Then call support at 1-800-555-0199 to activate the router again.")
                        .isGroundedIn(MANUAL)
                        .withMinScore(0.7))
                .hasMessageContaining("✗ [0]");
    }
}
