package dev.llmassert.junit.testing;

import dev.llmassert.junit.LlmAssertExtension;
import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.ExtensionContext;

import java.time.Duration;

/**
 * Makes the tests of a class judged by a fresh {@link WordOverlapJudge}, through the extension's public seam
 * {@link LlmAssertExtension#useGroundednessJudge}. Register it with {@code @ExtendWith}, or with
 * {@code @RegisterExtension} to choose the options.
 */
public final class WordOverlapJudgeExtension implements BeforeAllCallback {

    private final boolean replayed;
    private final Duration delay;

    public WordOverlapJudgeExtension() {
        this(false, Duration.ZERO);
    }

    public WordOverlapJudgeExtension(boolean replayed, Duration delay) {
        this.replayed = replayed;
        this.delay = delay;
    }

    @Override
    public void beforeAll(ExtensionContext context) {
        if (context.getParent().flatMap(ExtensionContext::getTestClass).isPresent()) {
            return; // a @Nested class shares its outer class's judge
        }
        LlmAssertExtension.useGroundednessJudge(context, new WordOverlapJudge(replayed, delay));
    }
}
