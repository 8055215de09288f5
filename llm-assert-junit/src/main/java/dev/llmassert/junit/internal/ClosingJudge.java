package dev.llmassert.junit.internal;

import dev.llmassert.core.groundedness.GroundednessJudge;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * A judge the extension built, held in the root store so it is closed with it, once, at the end of the run.
 *
 * <p>Both interfaces are implemented on purpose: JUnit 5.12 closes only {@code CloseableResource} values, and
 * 5.13+ and 6.x close {@code AutoCloseable} values (and, when a value is both, close it once as an
 * {@code AutoCloseable}). {@code CloseableResource} is deprecated since 5.13 but still present in 6.x.
 */
@SuppressWarnings("deprecation")
final class ClosingJudge implements ExtensionContext.Store.CloseableResource, AutoCloseable {

    private final GroundednessJudge judge;

    ClosingJudge(GroundednessJudge judge) {
        this.judge = judge;
    }

    GroundednessJudge judge() {
        return judge;
    }

    @Override
    public void close() {
        judge.close();
    }
}
