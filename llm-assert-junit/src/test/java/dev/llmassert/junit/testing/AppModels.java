package dev.llmassert.junit.testing;

import dev.langchain4j.model.chat.ChatModel;
import dev.langchain4j.model.openai.OpenAiChatModel;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.jupiter.api.extension.ParameterContext;
import org.junit.jupiter.api.extension.ParameterResolver;

/**
 * Resolves {@link AppModel} parameters of fixture tests: the application's own model, langchain4j's real OpenAI
 * client at the URL of the run's configuration parameter {@value #BASE_URL} (a loopback server, or a closed port
 * when its replies are replayed).
 */
public final class AppModels implements ParameterResolver {

    /** The configuration parameter that tells the fixtures where the application's model is. */
    public static final String BASE_URL = "llm-assert-test.app-base-url";

    @Override
    public boolean supportsParameter(ParameterContext parameter, ExtensionContext context) {
        return parameter.getParameter().getType() == AppModel.class;
    }

    @Override
    public Object resolveParameter(ParameterContext parameter, ExtensionContext context) {
        String baseUrl = context.getConfigurationParameter(BASE_URL).orElse("http://127.0.0.1:9/v1");
        return new AppModel(OpenAiChatModel.builder()
                .baseUrl(baseUrl)
                .apiKey("test-key")
                .modelName("gpt-4o-mini")
                .temperature(0.7)
                .maxRetries(0)
                .build());
    }

    /** The application's model. */
    public record AppModel(ChatModel model) {}
}
