package dev.llmassert.core.testing;

import dev.langchain4j.data.message.AiMessage;
import dev.langchain4j.data.message.ChatMessage;
import dev.langchain4j.data.message.UserMessage;
import dev.langchain4j.model.chat.ChatModel;
import dev.langchain4j.model.chat.request.ChatRequest;
import dev.langchain4j.model.chat.response.ChatResponse;
import dev.langchain4j.model.output.FinishReason;
import dev.langchain4j.model.output.TokenUsage;

import java.util.ArrayDeque;
import java.util.Deque;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.Function;

/**
 * A {@link ChatModel} test double that answers from a script. For unit tests of judge logic only; the real client
 * path is proven against {@link LoopbackChatServer}.
 *
 * <p>Replies come from the queued texts first, then from the responder function. Every request is kept.
 */
public final class ScriptedChatModel implements ChatModel {

    private final Deque<Object> queued = new ArrayDeque<>();
    private final List<ChatRequest> requests = new CopyOnWriteArrayList<>();
    private volatile Function<ChatRequest, String> responder = request -> {
        throw new AssertionError("ScriptedChatModel has no reply left for: " + lastUserText(request));
    };
    private volatile String modelName = "scripted";

    /** Replies with {@code texts}, one per request, in order. */
    public static ScriptedChatModel replying(String... texts) {
        ScriptedChatModel model = new ScriptedChatModel();
        for (String text : texts) {
            model.thenReply(text);
        }
        return model;
    }

    /** Replies with whatever {@code responder} returns for each request. */
    public static ScriptedChatModel answering(Function<ChatRequest, String> responder) {
        ScriptedChatModel model = new ScriptedChatModel();
        model.responder = responder;
        return model;
    }

    public synchronized ScriptedChatModel thenReply(String text) {
        queued.addLast(text);
        return this;
    }

    /** The next request fails with {@code error}, as a client would throw it. */
    public synchronized ScriptedChatModel thenThrow(RuntimeException error) {
        queued.addLast(error);
        return this;
    }

    public ScriptedChatModel modelName(String modelName) {
        this.modelName = modelName;
        return this;
    }

    @Override
    public ChatResponse doChat(ChatRequest request) {
        requests.add(request);
        Object next;
        synchronized (this) {
            next = queued.pollFirst();
        }
        if (next instanceof RuntimeException error) {
            throw error;
        }
        String text = next != null ? (String) next : responder.apply(request);
        return ChatResponse.builder()
                .aiMessage(AiMessage.from(text))
                .modelName(modelName)
                .tokenUsage(new TokenUsage(10, 5))
                .finishReason(FinishReason.STOP)
                .build();
    }

    public List<ChatRequest> requests() {
        return List.copyOf(requests);
    }

    public int requestCount() {
        return requests.size();
    }

    /** The text of the last user message of {@code request}. */
    public static String lastUserText(ChatRequest request) {
        List<ChatMessage> messages = request.messages();
        for (int i = messages.size() - 1; i >= 0; i--) {
            if (messages.get(i) instanceof UserMessage user) {
                return user.singleText();
            }
        }
        return "";
    }
}
