package dev.llmassert.springai.internal;

import dev.llmassert.core.agent.ToolCall;
import dev.llmassert.springai.ChatClientExchange;
import org.apiguardian.api.API;
import org.springframework.ai.chat.messages.AssistantMessage;
import org.springframework.ai.chat.messages.Message;
import org.springframework.ai.chat.messages.ToolResponseMessage;
import org.springframework.ai.chat.model.ChatResponse;
import org.springframework.ai.chat.model.Generation;
import org.springframework.ai.chat.prompt.Prompt;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

import static org.apiguardian.api.API.Status.INTERNAL;

/**
 * What one {@code ChatClient} call did, gathered by the recorder's two advisors while it runs: the user's message as
 * written, every model call's documents and system message, and the tools each reply asked for, matched with the
 * results the next model call carries (Spring AI's tool calling advisor appends them as the last message, by call
 * id). Thread-safe: a stream's parts arrive on a scheduler's threads.
 */
@API(status = INTERNAL, since = "0.1")
public final class ExchangeCapture {

    private final String conversationId;
    private final String user;
    private String system = "";
    private final Set<String> sources = new LinkedHashSet<>();
    private final List<ToolCall> calls = new ArrayList<>();
    private List<AssistantMessage.ToolCall> pending = List.of();

    private ExchangeCapture(String conversationId, String user) {
        this.conversationId = conversationId;
        this.user = user;
    }

    /** A call begins with {@code prompt}, as the application made it. */
    public static ExchangeCapture begin(Prompt prompt, String conversationId) {
        String user = prompt.getUserMessage().getText();
        return new ExchangeCapture(conversationId, user == null ? "" : user);
    }

    /** The model is called with {@code prompt}, the advisors' context {@code context} beside it. */
    public synchronized void modelCalled(Prompt prompt, Map<String, Object> context) {
        if (system.isEmpty() && prompt.getSystemMessage().getText() != null) {
            system = prompt.getSystemMessage().getText();
        }
        sources.addAll(RetrievedDocuments.texts(context));
        if (pending.isEmpty()) {
            return;
        }
        List<Message> messages = prompt.getInstructions();
        if (!messages.isEmpty() && messages.get(messages.size() - 1) instanceof ToolResponseMessage results) {
            List<ToolResponseMessage.ToolResponse> responses = results.getResponses();
            for (int i = 0; i < pending.size(); i++) {
                AssistantMessage.ToolCall call = pending.get(i);
                String result = responses.stream()
                        .filter(r -> r.id() != null && r.id().equals(call.id()))
                        .map(ToolResponseMessage.ToolResponse::responseData)
                        .findFirst()
                        .orElse(i < responses.size() ? responses.get(i).responseData() : "");
                calls.add(ToolCall.of(call.name(), call.arguments(), result));
            }
            pending = List.of();
        }
    }

    /** The model replied with {@code response}: the tools it asks for wait for their results. */
    public synchronized void modelReplied(ChatResponse response) {
        if (response == null) {
            return;
        }
        List<AssistantMessage.ToolCall> asked = new ArrayList<>();
        for (Generation generation : response.getResults()) {
            if (generation.getOutput().hasToolCalls()) {
                asked.addAll(generation.getOutput().getToolCalls());
            }
        }
        pending = asked;
    }

    /**
     * The call ended with {@code response}. Tools whose results went straight to the caller ({@code returnDirect})
     * have them as the response's texts.
     */
    public synchronized ChatClientExchange finish(ChatResponse response) {
        List<String> texts = new ArrayList<>();
        if (response != null) {
            for (Generation generation : response.getResults()) {
                texts.add(
                        generation.getOutput().getText() == null
                                ? ""
                                : generation.getOutput().getText());
            }
        }
        for (int i = 0; i < pending.size(); i++) {
            AssistantMessage.ToolCall call = pending.get(i);
            calls.add(ToolCall.of(call.name(), call.arguments(), i < texts.size() ? texts.get(i) : ""));
        }
        pending = List.of();
        String answer = texts.isEmpty() ? "" : texts.get(0);
        return new ChatClientExchange(conversationId, system, user, List.copyOf(sources), calls, answer);
    }
}
