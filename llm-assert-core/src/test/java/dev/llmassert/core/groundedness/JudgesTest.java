package dev.llmassert.core.groundedness;

import dev.llmassert.core.model.JudgeProvider;
import dev.llmassert.core.model.JudgeSettings;
import dev.llmassert.core.testing.ScriptedChatModel;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class JudgesTest {

    @Test
    void theDefaultSettingsGiveTheLocalJudge() {
        try (GroundednessJudge judge = Judges.groundedness(JudgeSettings.defaults())) {
            assertThat(judge).isInstanceOf(LocalGroundednessJudge.class);
            assertThat(judge.name()).isEqualTo(LocalGroundednessJudge.NAME_WITH_EMBEDDINGS);
        }
    }

    @Test
    void anLlmJudgeTakesItsNameConcurrencyAndRetriesFromTheSettings() {
        JudgeSettings settings = JudgeSettings.builder()
                .provider(JudgeProvider.OPENAI)
                .model("gpt-4o")
                .concurrency(3)
                .maxRetries(0)
                .build();

        try (GroundednessJudge judge = Judges.groundedness(settings, ScriptedChatModel.replying("Score: 10"))) {
            assertThat(judge)
                    .isInstanceOfSatisfying(
                            LlmGroundednessJudge.class,
                            llm -> assertThat(llm.concurrency()).isEqualTo(3));
            assertThat(judge.name()).isEqualTo("openai:gpt-4o");
            assertThat(judge.judge("The router has four ports.", "The router has four ports.")
                            .judge())
                    .isEqualTo("openai:gpt-4o");
        }
    }

    @Test
    void aChatModelGivenUnderTheLocalProviderIsNamedByTheModelNotAsTheLocalJudge() {
        ScriptedChatModel model = ScriptedChatModel.replying("Score: 10");

        try (GroundednessJudge judge = Judges.groundedness(JudgeSettings.defaults(), model)) {
            // what the model says about itself: a scripted model declares no provider or model name
            assertThat(judge.name()).isEqualTo("other:unnamed-model");
        }
    }
}
