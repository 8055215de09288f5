package dev.llmassert.core.model;

import dev.langchain4j.model.ModelProvider;
import dev.langchain4j.model.chat.Capability;
import dev.langchain4j.model.chat.ChatModel;
import dev.langchain4j.model.openai.OpenAiChatModel;
import dev.llmassert.core.model.internal.JudgeChat;
import dev.llmassert.core.model.internal.OllamaJudgeModel;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class JudgeModelsTest {

    private static final String FAKE_KEY = "sk-FAKE.test.key.0123456789";

    @Test
    void openAiBuildsTheRealClientWithStructuredOutputDeclared() {
        JudgeSettings settings = JudgeSettings.builder()
                .provider(JudgeProvider.OPENAI)
                .model("gpt-4o-mini")
                .temperature(0.0)
                .timeout(Duration.ofSeconds(5))
                .build();

        ChatModel model = JudgeModels.chatModel(settings, Map.of("OPENAI_API_KEY", FAKE_KEY)::get);

        assertThat(model).isInstanceOf(OpenAiChatModel.class);
        assertThat(model.supportedCapabilities()).contains(Capability.RESPONSE_FORMAT_JSON_SCHEMA);
        assertThat(model.defaultRequestParameters().modelName()).isEqualTo("gpt-4o-mini");
        assertThat(model.defaultRequestParameters().temperature()).isEqualTo(0.0);
        assertThat(JudgeChat.defaultJudgeName(model)).isEqualTo(settings.judgeName());
    }

    @Test
    void ollamaBuildsTheRealClientWithoutAKey() {
        JudgeSettings settings =
                JudgeSettings.builder().provider(JudgeProvider.OLLAMA).build();

        ChatModel model = JudgeModels.chatModel(settings, name -> null);

        // langchain4j's Ollama client, with its OpenAI client for the same server's /v1 beside it for the requests
        // that ask for log-probabilities, which the Ollama client cannot read
        assertThat(model).isInstanceOf(OllamaJudgeModel.class);
        assertThat(model.provider()).isEqualTo(ModelProvider.OLLAMA);
        assertThat(model.supportedCapabilities()).contains(Capability.RESPONSE_FORMAT_JSON_SCHEMA);
        assertThat(JudgeChat.defaultJudgeName(model)).isEqualTo("ollama:llama3.1");
        assertThat(OllamaJudgeModel.openAiCompatibleUrl(settings.baseUrl())).isEqualTo("http://localhost:11434/v1");
        assertThat(OllamaJudgeModel.openAiCompatibleUrl("http://gpu-box:11434/ "))
                .isEqualTo("http://gpu-box:11434/v1");
    }

    @Test
    void theLocalJudgeHasNoChatModel() {
        assertThatThrownBy(() -> JudgeModels.chatModel(JudgeSettings.defaults(), name -> null))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("local judge (llmassert.judge.provider=local) uses no chat model")
                .hasMessageContaining("Fix:");
    }

    @Test
    void aMissingKeyForOpenAiNamesTheVariableAndTheFix() {
        JudgeSettings settings = JudgeSettings.builder()
                .provider(JudgeProvider.OPENAI)
                .apiKeyEnv("MY_JUDGE_KEY")
                .build();

        assertThatThrownBy(() -> JudgeModels.chatModel(settings, Map.of("OPENAI_API_KEY", FAKE_KEY)::get))
                .isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("environment variable MY_JUDGE_KEY is not set")
                .hasMessageContaining("export MY_JUDGE_KEY=")
                .hasMessageContaining("llmassert.judge.api-key-env")
                .satisfies(e -> assertThat(e.getMessage()).doesNotContain(FAKE_KEY));
    }

    @Test
    void aMissingKeyMessageShowsTheEndpointWithoutItsCredentials() {
        JudgeSettings settings = JudgeSettings.builder()
                .provider(JudgeProvider.OPENAI)
                .baseUrl("https://proxy:hunter2@api.openai.com/v1")
                .build();

        assertThatThrownBy(() -> JudgeModels.chatModel(settings, name -> null))
                .isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("https://***@api.openai.com/v1")
                .satisfies(e -> assertThat(e.getMessage()).doesNotContain("hunter2"));
    }

    @Test
    void aBlankKeyCountsAsMissing() {
        JudgeSettings settings =
                JudgeSettings.builder().provider(JudgeProvider.OPENAI).build();

        assertThatThrownBy(() -> JudgeModels.chatModel(settings, Map.of("OPENAI_API_KEY", "  ")::get))
                .isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("OPENAI_API_KEY");
    }

    @Test
    void aLocalOpenAiCompatibleServerNeedsNoKey() {
        JudgeSettings settings = JudgeSettings.builder()
                .provider(JudgeProvider.OPENAI)
                .baseUrl("http://localhost:8000/v1")
                .model("qwen2.5")
                .build();

        assertThat(JudgeModels.chatModel(settings, name -> null)).isInstanceOf(OpenAiChatModel.class);
    }

    @Test
    void aKeyPutWhereTheVariableNameBelongsIsRejectedWithoutShowingIt() {
        JudgeSettings settings = JudgeSettings.builder()
                .provider(JudgeProvider.OPENAI)
                .apiKeyEnv(FAKE_KEY)
                .build();

        assertThatThrownBy(() -> JudgeModels.chatModel(settings, name -> null))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("NAME of an environment variable")
                .satisfies(e -> assertThat(e.getMessage()).doesNotContain(FAKE_KEY, "FAKE."));
    }

    @Test
    void theSettingsHoldNoKey() {
        JudgeSettings settings =
                JudgeSettings.builder().provider(JudgeProvider.OPENAI).build();
        JudgeModels.chatModel(settings, Map.of("OPENAI_API_KEY", FAKE_KEY)::get);

        assertThat(settings.toString()).doesNotContain(FAKE_KEY);
    }
}
