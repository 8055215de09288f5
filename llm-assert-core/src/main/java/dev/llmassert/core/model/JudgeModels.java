package dev.llmassert.core.model;

import dev.langchain4j.model.chat.Capability;
import dev.langchain4j.model.chat.ChatModel;
import dev.langchain4j.model.openai.OpenAiChatModel;
import dev.llmassert.core.model.internal.EndpointRateBudgets;
import dev.llmassert.core.model.internal.JudgeHttpClient;
import dev.llmassert.core.model.internal.JudgeMessages;
import dev.llmassert.core.model.internal.OllamaClient;
import dev.llmassert.core.model.internal.OllamaJudgeModel;
import dev.llmassert.core.model.internal.OptionalClients;
import dev.llmassert.core.model.internal.RateLimitedChatModel;
import dev.llmassert.core.model.internal.Sleeper;
import org.apiguardian.api.API;

import java.net.URI;
import java.util.Locale;
import java.util.Objects;
import java.util.function.Function;

import static org.apiguardian.api.API.Status.STABLE;

/**
 * Builds the judge {@link ChatModel} from {@link JudgeSettings}.
 *
 * <ul>
 *   <li>{@code openai}: langchain4j's {@link OpenAiChatModel} for any OpenAI-compatible endpoint, with strict
 *       JSON-schema structured output declared. The key comes from the environment variable named by
 *       {@code llmassert.judge.api-key-env}. OpenAI itself needs it; a server at another base URL (vLLM, llama.cpp,
 *       LM Studio) often needs none, so a placeholder is sent when the variable is unset.</li>
 *   <li>{@code ollama}: langchain4j's {@code OllamaChatModel}, which needs no key; a request that asks for
 *       log-probabilities (the claim-check judge's) goes to the same server's OpenAI-compatible endpoint,
 *       {@code <base-url>/v1}, through langchain4j's {@link OpenAiChatModel}, as the Ollama client reads none. The
 *       Ollama client ({@code dev.langchain4j:langchain4j-ollama}) is an optional dependency: a project that judges
 *       with Ollama adds it, and without it this provider fails with a message that names it.</li>
 *   <li>{@code local}: no chat model; the local judge works without one.</li>
 * </ul>
 *
 * <p>The client's own retries are switched off ({@code maxRetries(0)}): every judge retries transient errors itself,
 * with one policy, so that {@code llmassert.judge.max-retries} means what it says. Both clients keep the retry
 * headers of an error response ({@code Retry-After}), which langchain4j's own HTTP client drops: the judge waits
 * what Ollama, or a proxy in front of it, asks, as it does for OpenAI. Requests and
 * responses are never logged, and the key is never part of a message.
 *
 * <p>When {@code llmassert.judge.max-requests-per-minute} or {@code llmassert.judge.max-tokens-per-minute} is set,
 * the model waits for the JVM-wide budget of its endpoint and model before each call.
 */
@API(status = STABLE, since = "0.1")
public final class JudgeModels {

    /** Sent when a non-OpenAI endpoint needs no key; the client requires some value. */
    static final String NO_KEY_PLACEHOLDER = "no-key";

    private JudgeModels() {}

    /**
     * The judge model for {@code settings}, with the key read from the process environment.
     *
     * @param settings the judge's settings, not of the local provider
     * @return the chat model, held to the rate budget when the settings set one
     * @throws IllegalArgumentException for the local provider, or an {@code api-key-env} that is not a variable name
     * @throws IllegalStateException    if the OpenAI endpoint needs a key and its variable is not set, or the
     *                                  provider is Ollama and langchain4j's Ollama client is not on the class path
     */
    public static ChatModel chatModel(JudgeSettings settings) {
        return chatModel(settings, System::getenv);
    }

    /**
     * The judge model for {@code settings}, with environment variables read through {@code environment}
     * (a name → value function that returns {@code null} when a variable is not set).
     *
     * @param settings    the judge's settings, not of the local provider
     * @param environment reads an environment variable by name; {@code null} when it is not set
     * @return the chat model, held to the rate budget when the settings set one
     * @throws IllegalArgumentException for the local provider, which uses no chat model, or an
     *                                  {@code api-key-env} that is not a variable name
     * @throws IllegalStateException    if the OpenAI endpoint needs a key and its variable is not set, or the
     *                                  provider is Ollama and langchain4j's Ollama client is not on the class path
     */
    public static ChatModel chatModel(JudgeSettings settings, Function<String, String> environment) {
        Objects.requireNonNull(settings, "settings");
        Objects.requireNonNull(environment, "environment");
        return switch (settings.provider()) {
            case LOCAL -> throw new IllegalArgumentException(JudgeMessages.localHasNoChatModel());
            case OPENAI -> limited(settings, openAi(settings, environment));
            case OLLAMA -> limited(settings, ollama(settings));
        };
    }

    private static ChatModel ollama(JudgeSettings settings) {
        // checked before OllamaClient, the one class that names the client's types, is loaded
        OptionalClients.requireOllama(JudgeModels.class.getClassLoader());
        ChatModel ollama = OllamaClient.chatModel(settings);
        // Ollama reads no key; the client needs some value.
        ChatModel openAiCompatible = openAiClient(
                        OllamaJudgeModel.openAiCompatibleUrl(settings.baseUrl()), NO_KEY_PLACEHOLDER, settings)
                .build();
        return new OllamaJudgeModel(ollama, openAiCompatible);
    }

    /** {@code model}, held to the JVM-wide rate budget of its endpoint when the settings set one. */
    private static ChatModel limited(JudgeSettings settings, ChatModel model) {
        Integer requests = settings.maxRequestsPerMinute().isPresent()
                ? settings.maxRequestsPerMinute().getAsInt()
                : null;
        Integer tokens = settings.maxTokensPerMinute().isPresent()
                ? settings.maxTokensPerMinute().getAsInt()
                : null;
        if (requests == null && tokens == null) {
            return model;
        }
        return new RateLimitedChatModel(
                model,
                EndpointRateBudgets.budget(settings.baseUrl(), settings.model(), requests, tokens),
                Sleeper.THREAD);
    }

    private static ChatModel openAi(JudgeSettings settings, Function<String, String> environment) {
        String variable = settings.apiKeyEnv();
        if (!JudgeSettings.isVariableName(variable)) {
            throw new IllegalArgumentException(JudgeMessages.badApiKeyEnvName());
        }
        String key = environment.apply(variable);
        if (key == null || key.isBlank()) {
            if (needsKey(settings.baseUrl())) {
                throw new IllegalStateException(
                        JudgeMessages.missingApiKey(variable, JudgeSettings.shownUrl(settings.baseUrl())));
            }
            key = NO_KEY_PLACEHOLDER;
        }
        return openAiClient(settings.baseUrl(), key.strip(), settings)
                .supportedCapabilities(Capability.RESPONSE_FORMAT_JSON_SCHEMA)
                .strictJsonSchema(true)
                .build();
    }

    /**
     * langchain4j's OpenAI client for {@code baseUrl}, with the settings' model, temperature and timeout, no retries of
     * its own and no logging of requests or responses.
     */
    private static OpenAiChatModel.OpenAiChatModelBuilder openAiClient(
            String baseUrl, String key, JudgeSettings settings) {
        return OpenAiChatModel.builder()
                .baseUrl(baseUrl)
                .apiKey(key)
                .modelName(settings.model())
                .temperature(settings.temperature())
                .timeout(settings.timeout())
                .maxRetries(0)
                .httpClientBuilder(JudgeHttpClient.builder())
                .logRequests(false)
                .logResponses(false);
    }

    /** OpenAI's own API always needs a key; other OpenAI-compatible servers often do not. */
    private static boolean needsKey(String baseUrl) {
        if (baseUrl == null) {
            return true;
        }
        try {
            String host = URI.create(baseUrl.strip()).getHost();
            return host == null || host.toLowerCase(Locale.ROOT).endsWith("api.openai.com");
        } catch (IllegalArgumentException e) {
            return true;
        }
    }
}
