package dev.llmassert.core.model.internal;

import dev.langchain4j.model.ModelProvider;
import dev.langchain4j.model.chat.Capability;
import dev.langchain4j.model.chat.ChatModel;
import dev.langchain4j.model.chat.listener.ChatModelListener;
import dev.langchain4j.model.chat.request.ChatRequestParameters;
import org.apiguardian.api.API;

import java.util.List;
import java.util.Objects;
import java.util.Set;

import static org.apiguardian.api.API.Status.INTERNAL;

/**
 * A chat model that wraps another and changes only how its calls are made (limited, counted): everything a caller
 * reads about the model is the wrapped model's, so recording keys, judge names and the choice of structured output
 * are the same as without the wrapper.
 */
@API(status = INTERNAL, since = "0.1")
public abstract class DelegatingChatModel implements ChatModel {

    private final ChatModel delegate;

    protected DelegatingChatModel(ChatModel delegate) {
        this.delegate = Objects.requireNonNull(delegate, "delegate");
    }

    /** The wrapped model. */
    public ChatModel delegate() {
        return delegate;
    }

    @Override
    public ChatRequestParameters defaultRequestParameters() {
        return delegate.defaultRequestParameters();
    }

    @Override
    public Set<Capability> supportedCapabilities() {
        return delegate.supportedCapabilities();
    }

    @Override
    public ModelProvider provider() {
        return delegate.provider();
    }

    /** None: the wrapped model's own listeners fire in its {@code chat}, once. */
    @Override
    public List<ChatModelListener> listeners() {
        return List.of();
    }
}
