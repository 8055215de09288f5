package dev.llmassert.core.model.internal;

import dev.langchain4j.model.ModelProvider;
import dev.langchain4j.model.chat.Capability;
import dev.langchain4j.model.chat.ChatModel;
import dev.langchain4j.model.chat.ChatRequestOptions;
import dev.langchain4j.model.chat.listener.ChatModelListener;
import dev.langchain4j.model.chat.request.ChatRequest;
import dev.langchain4j.model.chat.request.ChatRequestParameters;
import dev.langchain4j.model.chat.response.ChatResponse;
import dev.langchain4j.model.openai.OpenAiChatRequestParameters;
import org.apiguardian.api.API;

import java.util.List;
import java.util.Objects;
import java.util.Set;

import static org.apiguardian.api.API.Status.INTERNAL;

/**
 * The judge model of an Ollama server, through its two chat endpoints: langchain4j's Ollama client
 * ({@code POST /api/chat}) for every request but one that asks for log-probabilities, which goes to Ollama's
 * OpenAI-compatible endpoint ({@code POST /v1/chat/completions}) through langchain4j's OpenAI client. Ollama sends
 * log-probabilities from 0.12.11 on, at both endpoints, but langchain4j's Ollama client neither asks for them nor
 * reads them; its OpenAI client does both. So the claim-check judge gets MiniCheck's probability of Yes from Ollama,
 * not a bare Yes or No, and every other judge keeps Ollama's own protocol.
 *
 * <p>To callers it is one Ollama model: its provider is {@link ModelProvider#OLLAMA} and its capabilities are the
 * Ollama client's. Its default parameters are the OpenAI client's (the same model name and temperature), because a
 * recording key is computed from a request merged over the model's defaults, and only the OpenAI kind of parameters
 * keeps the log-probability fields; for any other request the key is the one the Ollama client alone gives.
 */
@API(status = INTERNAL, since = "0.1")
public final class OllamaJudgeModel implements ChatModel {

    private final ChatModel ollama;
    private final ChatModel openAiCompatible;

    /**
     * @param ollama           langchain4j's Ollama client for the server
     * @param openAiCompatible langchain4j's OpenAI client for the same server's {@code /v1}, with the same model name
     *                         and temperature
     */
    public OllamaJudgeModel(ChatModel ollama, ChatModel openAiCompatible) {
        this.ollama = Objects.requireNonNull(ollama, "ollama");
        this.openAiCompatible = Objects.requireNonNull(openAiCompatible, "openAiCompatible");
    }

    /** The OpenAI-compatible base URL of the Ollama server at {@code baseUrl}: {@code http://host:11434/v1}. */
    public static String openAiCompatibleUrl(String baseUrl) {
        String url = baseUrl.strip();
        while (url.endsWith("/")) {
            url = url.substring(0, url.length() - 1);
        }
        return url + "/v1";
    }

    /** Whether {@code request} asks for log-probabilities, and so goes to the OpenAI-compatible endpoint. */
    static boolean asksForLogprobs(ChatRequest request) {
        return request.parameters() instanceof OpenAiChatRequestParameters parameters
                && Boolean.TRUE.equals(parameters.logprobs());
    }

    @Override
    public ChatResponse chat(ChatRequest request) {
        return chat(request, ChatRequestOptions.EMPTY);
    }

    @Override
    public ChatResponse chat(ChatRequest request, ChatRequestOptions options) {
        ChatModel endpoint = asksForLogprobs(request) ? openAiCompatible : ollama;
        return endpoint.chat(request, options == null ? ChatRequestOptions.EMPTY : options);
    }

    @Override
    public ChatResponse doChat(ChatRequest request) {
        return chat(request);
    }

    @Override
    public ChatRequestParameters defaultRequestParameters() {
        return openAiCompatible.defaultRequestParameters();
    }

    @Override
    public Set<Capability> supportedCapabilities() {
        return ollama.supportedCapabilities();
    }

    @Override
    public ModelProvider provider() {
        return ModelProvider.OLLAMA;
    }

    /** None: each client's own listeners fire in its {@code chat}, once. */
    @Override
    public List<ChatModelListener> listeners() {
        return List.of();
    }
}
