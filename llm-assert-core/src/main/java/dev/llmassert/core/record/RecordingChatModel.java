package dev.llmassert.core.record;

import dev.langchain4j.model.ModelProvider;
import dev.langchain4j.model.chat.Capability;
import dev.langchain4j.model.chat.ChatModel;
import dev.langchain4j.model.chat.ChatRequestOptions;
import dev.langchain4j.model.chat.listener.ChatModelListener;
import dev.langchain4j.model.chat.request.ChatRequest;
import dev.langchain4j.model.chat.request.ChatRequestParameters;
import dev.langchain4j.model.chat.response.ChatResponse;
import org.apiguardian.api.API;

import java.util.List;
import java.util.Set;

import static org.apiguardian.api.API.Status.STABLE;

/**
 * A {@link ChatModel} that records and replays another one at the {@code chat(ChatRequest)} boundary, through a
 * {@link RecordingSession}. Every judge, and any application code that takes a {@code ChatModel}, can use it.
 *
 * <p>A replayed response has {@code metadata().id()} starting with {@link Replayed#ID_PREFIX}; see
 * {@link Replayed#isReplayed}. Live calls go to the wrapped model's own {@code chat}, so its listeners, retries and
 * parameter handling apply unchanged; this wrapper has no listeners of its own, so none fire twice.
 */
@API(status = STABLE, since = "0.1")
public final class RecordingChatModel implements ChatModel {

    private final ChatModel delegate;
    private final RecordingSession session;
    private final RecordedModel whose;

    RecordingChatModel(ChatModel delegate, RecordingSession session, RecordedModel whose) {
        this.delegate = delegate;
        this.session = session;
        this.whose = whose;
    }

    @Override
    public ChatResponse chat(ChatRequest chatRequest) {
        return session.chat(delegate, whose, chatRequest, ChatRequestOptions.EMPTY, application());
    }

    @Override
    public ChatResponse chat(ChatRequest chatRequest, ChatRequestOptions options) {
        return session.chat(
                delegate, whose, chatRequest, options == null ? ChatRequestOptions.EMPTY : options, application());
    }

    @Override
    public ChatResponse doChat(ChatRequest chatRequest) {
        return session.chat(delegate, whose, chatRequest, ChatRequestOptions.EMPTY, application());
    }

    /** The wrapped model's defaults, so that the model name and temperature are part of every key. */
    @Override
    public ChatRequestParameters defaultRequestParameters() {
        return delegate.defaultRequestParameters();
    }

    /** The wrapped model's capabilities, so that callers still choose structured output when it is supported. */
    @Override
    public Set<Capability> supportedCapabilities() {
        return delegate.supportedCapabilities();
    }

    @Override
    public ModelProvider provider() {
        return delegate.provider();
    }

    @Override
    public List<ChatModelListener> listeners() {
        return List.of();
    }

    /**
     * The model that is called on a miss.
     *
     * @return the wrapped model
     */
    public ChatModel delegate() {
        return delegate;
    }

    /**
     * Whose model it is, as a miss names it.
     *
     * @return the judge's, the application's, the simulated user's, or a wrapped model
     */
    public RecordedModel whose() {
        return whose;
    }

    /**
     * The session that records and replays the calls: its file, its mode and its test.
     *
     * @return the session
     */
    public RecordingSession session() {
        return session;
    }

    /**
     * Whether this is the application's own model ({@link Recordings#wrap}, {@link RecordingSession#wrapApplication}),
     * whose answers a mutation check may change, rather than a judge's.
     *
     * @return {@code true} for the application's model
     */
    public boolean application() {
        return whose.equals(RecordedModel.application());
    }

    @Override
    public String toString() {
        // The wrapped model's class only: a user's model may print its configuration, key included.
        return "RecordingChatModel[" + delegate.getClass().getName() + ", " + session + "]";
    }
}
