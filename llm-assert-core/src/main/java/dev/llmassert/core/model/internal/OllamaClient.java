package dev.llmassert.core.model.internal;

import dev.langchain4j.model.chat.Capability;
import dev.langchain4j.model.chat.ChatModel;
import dev.langchain4j.model.ollama.OllamaChatModel;
import dev.llmassert.core.model.JudgeSettings;
import org.apiguardian.api.API;

import static org.apiguardian.api.API.Status.INTERNAL;

/**
 * The one class that names langchain4j's Ollama client, an optional dependency: it is loaded only after
 * {@link OptionalClients#requireOllama(ClassLoader)} has found the client, so a project without it gets that message,
 * never a {@link NoClassDefFoundError}.
 */
@API(status = INTERNAL, since = "0.1")
public final class OllamaClient {

    private OllamaClient() {}

    /**
     * langchain4j's Ollama chat model for {@code settings}: no retries of its own, the judge's HTTP client (which keeps
     * {@code Retry-After}), and JSON-schema output declared.
     *
     * @param settings the judge's settings, for the Ollama provider
     * @return the client
     */
    public static ChatModel chatModel(JudgeSettings settings) {
        return OllamaChatModel.builder()
                .baseUrl(settings.baseUrl())
                .modelName(settings.model())
                .temperature(settings.temperature())
                .timeout(settings.timeout())
                .maxRetries(0)
                .httpClientBuilder(JudgeHttpClient.builder())
                // Ollama constrains decoding to a JSON schema given in the request's "format".
                .supportedCapabilities(Capability.RESPONSE_FORMAT_JSON_SCHEMA)
                .build();
    }
}
