package dev.llmassert.springai.internal;

import dev.langchain4j.agent.tool.ToolExecutionRequest;
import dev.langchain4j.data.message.AiMessage;
import dev.langchain4j.data.message.ChatMessage;
import dev.langchain4j.data.message.SystemMessage;
import dev.langchain4j.data.message.ToolExecutionResultMessage;
import dev.langchain4j.data.message.UserMessage;
import dev.langchain4j.model.ModelProvider;
import dev.langchain4j.model.chat.ChatModel;
import dev.langchain4j.model.chat.ChatRequestOptions;
import dev.langchain4j.model.chat.listener.ChatModelListener;
import dev.langchain4j.model.chat.request.ChatRequest;
import dev.langchain4j.model.chat.request.ChatRequestParameters;
import dev.langchain4j.model.chat.response.ChatResponse;
import org.apiguardian.api.API;
import org.springframework.ai.chat.messages.AssistantMessage;
import org.springframework.ai.chat.messages.Message;
import org.springframework.ai.chat.messages.ToolResponseMessage;
import org.springframework.ai.chat.prompt.ChatOptions;
import org.springframework.ai.chat.prompt.Prompt;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

import static org.apiguardian.api.API.Status.INTERNAL;

/**
 * A Spring AI chat model behind langchain4j's {@link ChatModel} interface, on which every judge, the user simulator
 * and the recordings are built: a request's messages become Spring AI's, its parameters are set over the model's own
 * options (so the options keep their provider's type, with its endpoint settings), and the reply comes back as
 * langchain4j's. Its default parameters are the model's name and temperature, so that they are part of every
 * recorded request's key and the judge's name.
 */
@API(status = INTERNAL, since = "0.1")
public final class SpringAiBackedChatModel implements ChatModel {

    private final org.springframework.ai.chat.model.ChatModel model;

    /** {@code model} behind langchain4j's interface. */
    public SpringAiBackedChatModel(org.springframework.ai.chat.model.ChatModel model) {
        this.model = Objects.requireNonNull(model, "model");
    }

    /** The Spring AI model asked. */
    public org.springframework.ai.chat.model.ChatModel springAiModel() {
        return model;
    }

    @Override
    public ChatResponse chat(ChatRequest request) {
        return SpringAiResponses.toLangchain4j(model.call(prompt(request)));
    }

    @Override
    public ChatResponse chat(ChatRequest request, ChatRequestOptions options) {
        return chat(request);
    }

    @Override
    public ChatResponse doChat(ChatRequest request) {
        return chat(request);
    }

    @Override
    public ChatRequestParameters defaultRequestParameters() {
        ChatOptions options = model.getOptions();
        if (options == null) {
            return ChatRequestParameters.builder().build();
        }
        return ChatRequestParameters.builder()
                .modelName(options.getModel())
                .temperature(options.getTemperature())
                .build();
    }

    /**
     * The provider of the Spring AI model, from its package ({@code org.springframework.ai.openai},
     * {@code ...ollama}, ...), so that the judge is named {@code openai:gpt-4o-mini} as a langchain4j client of the
     * same endpoint is; {@code other} for a provider not listed here.
     */
    @Override
    public ModelProvider provider() {
        String type = model.getClass().getName();
        if (type.startsWith("org.springframework.ai.openai.")) {
            return ModelProvider.OPEN_AI;
        }
        if (type.startsWith("org.springframework.ai.ollama.")) {
            return ModelProvider.OLLAMA;
        }
        if (type.startsWith("org.springframework.ai.anthropic.")) {
            return ModelProvider.ANTHROPIC;
        }
        if (type.startsWith("org.springframework.ai.mistralai.")) {
            return ModelProvider.MISTRAL_AI;
        }
        if (type.startsWith("org.springframework.ai.google.genai.")) {
            return ModelProvider.GOOGLE_GENAI;
        }
        return ModelProvider.OTHER;
    }

    @Override
    public List<ChatModelListener> listeners() {
        return List.of();
    }

    private Prompt prompt(ChatRequest request) {
        List<Message> messages = new ArrayList<>();
        for (ChatMessage message : request.messages()) {
            messages.add(message(message));
        }
        return new Prompt(messages, options(request.parameters()));
    }

    private ChatOptions options(ChatRequestParameters parameters) {
        ChatOptions own = model.getOptions();
        if (parameters == null) {
            return own;
        }
        ChatOptions.Builder<?> options = own == null ? ChatOptions.builder() : own.mutate();
        if (parameters.modelName() != null) {
            options.model(parameters.modelName());
        }
        if (parameters.temperature() != null) {
            options.temperature(parameters.temperature());
        }
        if (parameters.topP() != null) {
            options.topP(parameters.topP());
        }
        if (parameters.topK() != null) {
            options.topK(parameters.topK());
        }
        if (parameters.maxOutputTokens() != null) {
            options.maxTokens(parameters.maxOutputTokens());
        }
        if (parameters.frequencyPenalty() != null) {
            options.frequencyPenalty(parameters.frequencyPenalty());
        }
        if (parameters.presencePenalty() != null) {
            options.presencePenalty(parameters.presencePenalty());
        }
        if (parameters.stopSequences() != null && !parameters.stopSequences().isEmpty()) {
            options.stopSequences(parameters.stopSequences());
        }
        return options.build();
    }

    private static Message message(ChatMessage message) {
        if (message instanceof SystemMessage system) {
            return new org.springframework.ai.chat.messages.SystemMessage(system.text());
        }
        if (message instanceof UserMessage user) {
            return new org.springframework.ai.chat.messages.UserMessage(
                    user.hasSingleText() ? user.singleText() : String.valueOf(user.contents()));
        }
        if (message instanceof AiMessage ai) {
            List<AssistantMessage.ToolCall> calls = new ArrayList<>();
            if (ai.hasToolExecutionRequests()) {
                for (ToolExecutionRequest call : ai.toolExecutionRequests()) {
                    calls.add(new AssistantMessage.ToolCall(
                            call.id() == null ? "" : call.id(), "function", call.name(), call.arguments()));
                }
            }
            return AssistantMessage.builder()
                    .content(ai.text() == null ? "" : ai.text())
                    .toolCalls(calls)
                    .build();
        }
        if (message instanceof ToolExecutionResultMessage result) {
            return ToolResponseMessage.builder()
                    .responses(List.of(
                            new ToolResponseMessage.ToolResponse(result.id(), result.toolName(), result.text())))
                    .build();
        }
        throw new IllegalArgumentException(
                SpringAiMessages.unsupportedJudgeMessage(message.type().name()));
    }

    @Override
    public String toString() {
        // the model's class only: a model may print its configuration, key included
        return "SpringAiBackedChatModel[" + model.getClass().getName() + "]";
    }
}
