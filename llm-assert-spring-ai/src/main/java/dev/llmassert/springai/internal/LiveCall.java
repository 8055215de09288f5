package dev.llmassert.springai.internal;

import dev.langchain4j.model.ModelProvider;
import dev.langchain4j.model.chat.ChatModel;
import dev.langchain4j.model.chat.ChatRequestOptions;
import dev.langchain4j.model.chat.listener.ChatModelListener;
import dev.langchain4j.model.chat.request.ChatRequest;
import dev.langchain4j.model.chat.request.ChatRequestParameters;
import dev.langchain4j.model.chat.response.ChatResponse;
import org.springframework.ai.chat.model.MessageAggregator;
import org.springframework.ai.chat.prompt.Prompt;

import java.util.List;
import java.util.concurrent.atomic.AtomicReference;

/**
 * One call of a Spring AI model, as the langchain4j {@link ChatModel} the recording session calls on a miss: it sends
 * the application's own prompt, exactly as it was made, to the Spring AI model (a stream read to its end by Spring
 * AI's {@link MessageAggregator}), and keeps the reply as the model gave it. Its defaults are empty: the request the
 * session keys is already the one sent.
 */
final class LiveCall implements ChatModel {

    private final org.springframework.ai.chat.model.ChatModel model;
    private final Prompt prompt;
    private final boolean streamed;
    private volatile org.springframework.ai.chat.model.ChatResponse live;

    LiveCall(org.springframework.ai.chat.model.ChatModel model, Prompt prompt, boolean streamed) {
        this.model = model;
        this.prompt = prompt;
        this.streamed = streamed;
    }

    /** The reply the model gave, or {@code null} when the call was replayed. */
    org.springframework.ai.chat.model.ChatResponse live() {
        return live;
    }

    @Override
    public ChatResponse chat(ChatRequest request) {
        org.springframework.ai.chat.model.ChatResponse reply = streamed ? whole() : model.call(prompt);
        live = reply;
        return SpringAiResponses.toLangchain4j(reply);
    }

    @Override
    public ChatResponse chat(ChatRequest request, ChatRequestOptions options) {
        return chat(request);
    }

    @Override
    public ChatResponse doChat(ChatRequest request) {
        return chat(request);
    }

    private org.springframework.ai.chat.model.ChatResponse whole() {
        AtomicReference<org.springframework.ai.chat.model.ChatResponse> whole = new AtomicReference<>();
        new MessageAggregator().aggregate(model.stream(prompt), whole::set).blockLast();
        if (whole.get() == null) {
            throw new IllegalStateException(
                    SpringAiMessages.emptyStream(model.getClass().getName()));
        }
        return whole.get();
    }

    @Override
    public ChatRequestParameters defaultRequestParameters() {
        return ChatRequestParameters.builder().build();
    }

    @Override
    public ModelProvider provider() {
        return ModelProvider.OTHER;
    }

    @Override
    public List<ChatModelListener> listeners() {
        return List.of();
    }

    @Override
    public String toString() {
        return "LiveCall[" + model.getClass().getName() + "]";
    }
}
