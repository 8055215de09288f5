package dev.llmassert.core.run.internal;

import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.SocketTimeoutException;

import static org.assertj.core.api.Assertions.assertThat;

class ErrorChainTest {

    @Test
    void aCauseThatAddsSomethingIsShownWithItsClass() {
        Exception error =
                new IllegalStateException("The judge call failed", new SocketTimeoutException("Read timed out"));

        assertThat(ErrorChain.message(error))
                .isEqualTo("The judge call failed (caused by SocketTimeoutException: Read timed out)");
        assertThat(ErrorChain.describe(error))
                .isEqualTo("IllegalStateException: The judge call failed (caused by SocketTimeoutException: Read "
                        + "timed out)");
    }

    @Test
    void aCauseTheMessageRepeatsIsNotShownTwice() {
        IOException cause = new IOException("disk full");
        Exception error = new UncheckedIOException(cause);

        assertThat(ErrorChain.message(error)).isEqualTo("java.io.IOException: disk full");
    }

    @Test
    void anErrorWithoutAMessageIsToldByItsFirstCause() {
        Exception error = new IllegalStateException();
        error.initCause(new SocketTimeoutException("Read timed out"));

        assertThat(ErrorChain.message(error)).isEqualTo("SocketTimeoutException: Read timed out");
        assertThat(ErrorChain.describe(error))
                .isEqualTo("IllegalStateException: SocketTimeoutException: Read timed out");
        assertThat(ErrorChain.describe(new IllegalStateException())).isEqualTo("IllegalStateException");
    }

    @Test
    void atMostThreeCausesAreShown() {
        Exception error = new RuntimeException(
                "top",
                new RuntimeException(
                        "one",
                        new RuntimeException("two", new RuntimeException("three", new RuntimeException("four")))));

        assertThat(ErrorChain.message(error)).contains("one", "two", "three").doesNotContain("four");
    }
}
