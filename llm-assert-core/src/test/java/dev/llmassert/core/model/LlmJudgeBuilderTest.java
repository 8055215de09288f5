package dev.llmassert.core.model;

import dev.llmassert.core.criteria.DirectJudge;
import dev.llmassert.core.criteria.PairwiseJudge;
import dev.llmassert.core.groundedness.LlmGroundednessJudge;
import dev.llmassert.core.testing.ScriptedChatModel;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

import java.time.Duration;
import java.util.function.Supplier;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

/** The settings every LLM judge builder shares: one set of checks and messages, one set of defaults. */
class LlmJudgeBuilderTest {

    static Stream<Supplier<LlmJudgeBuilder<?>>> builders() {
        return Stream.of(LlmGroundednessJudge::builder, DirectJudge::builder, PairwiseJudge::builder);
    }

    @ParameterizedTest
    @MethodSource("builders")
    void everyBuilderRejectsASettingOutOfRangeWithTheSameMessage(Supplier<LlmJudgeBuilder<?>> builder) {
        assertThatIllegalArgumentException()
                .isThrownBy(() -> builder.get().concurrency(0))
                .withMessage("concurrency must be between 1 and 256, but is: 0 (llmassert.judge.concurrency)");
        assertThatIllegalArgumentException()
                .isThrownBy(() -> builder.get().concurrency(257))
                .withMessage("concurrency must be between 1 and 256, but is: 257 (llmassert.judge.concurrency)");
        assertThatIllegalArgumentException()
                .isThrownBy(() -> builder.get().maxRetries(21))
                .withMessage("maxRetries must be between 0 and 20, but is: 21 (llmassert.judge.max-retries)");
        assertThatIllegalArgumentException()
                .isThrownBy(() -> builder.get().retryBackoff(Duration.ofMillis(-1)))
                .withMessage("retryBackoff must not be negative, but is: PT-0.001S");
    }

    @ParameterizedTest
    @MethodSource("builders")
    void everyBuilderTakesTheBoundsThemselves(Supplier<LlmJudgeBuilder<?>> builder) {
        builder.get()
                .concurrency(1)
                .concurrency(256)
                .maxRetries(0)
                .maxRetries(20)
                .retryBackoff(Duration.ZERO)
                .retryBackoff(null);
    }

    @Test
    void unsetSettingsTakeTheirDefaultsWhenTheJudgeIsBuilt() {
        try (LlmGroundednessJudge judge = LlmGroundednessJudge.builder()
                .chatModel(ScriptedChatModel.replying("Score: 10"))
                .build()) {
            assertThat(judge.concurrency()).isEqualTo(JudgeSettings.DEFAULT_CONCURRENCY);
            assertThat(judge.name()).isEqualTo("other:unnamed-model");
            assertThat(judge.usesStructuredOutput())
                    .as("a scripted model declares no structured output")
                    .isFalse();
        }
    }

    @Test
    void settingsGiveTheNameConcurrencyAndRetries() {
        JudgeSettings settings = JudgeSettings.builder()
                .provider(JudgeProvider.OLLAMA)
                .model("llama3.1")
                .concurrency(3)
                .maxRetries(1)
                .build();

        try (DirectJudge judge = DirectJudge.builder()
                .chatModel(ScriptedChatModel.replying("{}"))
                .settings(settings)
                .structuredOutput(true)
                .build()) {
            assertThat(judge.name()).isEqualTo("ollama:llama3.1");
            assertThat(judge.usesStructuredOutput()).isTrue();
        }
    }
}
