package dev.llmassert.springai;

import dev.llmassert.core.agent.Trajectory;
import dev.llmassert.core.conversation.Conversation;
import dev.llmassert.junit.internal.mutation.ToolResults;
import dev.llmassert.springai.internal.ExchangeCapture;
import dev.llmassert.springai.internal.SpringAiMessages;
import org.apiguardian.api.API;
import org.springframework.ai.chat.client.ChatClient;
import org.springframework.ai.chat.client.ChatClientMessageAggregator;
import org.springframework.ai.chat.client.ChatClientRequest;
import org.springframework.ai.chat.client.ChatClientResponse;
import org.springframework.ai.chat.client.advisor.api.Advisor;
import org.springframework.ai.chat.client.advisor.api.CallAdvisor;
import org.springframework.ai.chat.client.advisor.api.CallAdvisorChain;
import org.springframework.ai.chat.client.advisor.api.StreamAdvisor;
import org.springframework.ai.chat.client.advisor.api.StreamAdvisorChain;
import org.springframework.ai.chat.memory.ChatMemory;
import org.springframework.core.Ordered;
import reactor.core.publisher.Flux;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

/**
 * Records what each call of a Spring AI {@link ChatClient} did, through two advisors: the user's message, the documents
 * its retrieval advisors ({@code QuestionAnswerAdvisor}, {@code RetrievalAugmentationAdvisor}) gave the model, the
 * tools the model called with their results, and the answer. Each call is a {@link ChatClientExchange}, which the
 * call's {@link ChatClientResponse} also carries in its context ({@link #EXCHANGE}), so that
 * {@code SpringAiAssertions.assertThat(chatClientResponse)} asserts on its tools and sources; the calls of one chat
 * memory conversation are a {@link Conversation}, turn by turn.
 *
 * <pre>{@code
 * ChatClientRecorder recorder = new ChatClientRecorder();
 * ChatClient chat = ChatClient.builder(chatModel).defaultAdvisors(recorder.advisors()).build();
 * ...
 * assertThat(recorder.conversation("customer-42")).turn(3).contains("NR-20417");
 * }</pre>
 *
 * <p>Under {@code @SpringBootTest} with {@code @LlmJudge} the Spring Boot wiring adds these advisors to every
 * {@code ChatClient.Builder} that Spring AI's auto-configuration makes, and keeps the recorder as a bean, cleared
 * before each test. Thread-safe.
 */
@API(status = EXPERIMENTAL, since = "0.1")
public final class ChatClientRecorder {

    /** The key of a call's {@link ChatClientExchange} in its {@link ChatClientResponse#context()}. */
    public static final String EXCHANGE = "llmassert.exchange";

    /** The conversation id of calls made with no chat memory conversation id. */
    public static final String NO_CONVERSATION = "default";

    /** Where the outer advisor leaves the call's capture for the inner one. */
    static final String CAPTURE = "llmassert.capture";

    private final List<ChatClientExchange> exchanges = new ArrayList<>();
    private final List<Advisor> advisors = List.of(new Outer(), new Inner());

    /** A recorder with no call recorded yet; give its {@link #advisors()} to the {@code ChatClient}. */
    public ChatClientRecorder() {}

    /**
     * The two advisors that record: one outside every other advisor (it sees the user's message as written, and the
     * answer), one next to the model (it sees every call to the model, with the documents and tool results in it).
     * Add both: {@code ChatClient.builder(model).defaultAdvisors(recorder.advisors())}.
     *
     * @return the two advisors, the same on every call
     */
    public List<Advisor> advisors() {
        return advisors;
    }

    /**
     * Every call recorded, in the order they finished.
     *
     * @return the calls, a copy
     */
    public synchronized List<ChatClientExchange> exchanges() {
        return List.copyOf(exchanges);
    }

    /**
     * The last call recorded.
     *
     * @return the call that finished last; empty when none was recorded
     */
    public synchronized Optional<ChatClientExchange> lastExchange() {
        return exchanges.isEmpty() ? Optional.empty() : Optional.of(exchanges.get(exchanges.size() - 1));
    }

    /**
     * The calls made in the chat memory conversation {@code conversationId}, one turn each, with the system message
     * of its first call.
     *
     * @param conversationId the chat memory's conversation id, or {@value #NO_CONVERSATION} for the calls without one
     * @return the conversation, its calls in the order they finished
     * @throws IllegalArgumentException naming the conversations recorded, when none has this id
     */
    public synchronized Conversation conversation(String conversationId) {
        List<ChatClientExchange> calls = exchanges.stream()
                .filter(e -> e.conversationId().equals(conversationId))
                .toList();
        if (calls.isEmpty()) {
            throw new IllegalArgumentException(SpringAiMessages.noSuchConversation(
                    conversationId, List.copyOf(byConversation().keySet())));
        }
        return conversationOf(calls);
    }

    /**
     * Every conversation recorded, in the order each began.
     *
     * @return the conversations, one per conversation id
     */
    public synchronized List<Conversation> conversations() {
        return byConversation().values().stream()
                .map(ChatClientRecorder::conversationOf)
                .toList();
    }

    /** Forgets every call recorded: the Spring Boot wiring does so before each test. */
    public synchronized void clear() {
        exchanges.clear();
    }

    private Map<String, List<ChatClientExchange>> byConversation() {
        Map<String, List<ChatClientExchange>> conversations = new LinkedHashMap<>();
        for (ChatClientExchange exchange : exchanges) {
            conversations
                    .computeIfAbsent(exchange.conversationId(), id -> new ArrayList<>())
                    .add(exchange);
        }
        return conversations;
    }

    private static Conversation conversationOf(List<ChatClientExchange> calls) {
        Conversation.Builder conversation =
                Conversation.builder().system(calls.get(0).systemMessage());
        calls.forEach(call -> conversation.turn(call.turn()));
        return conversation.build();
    }

    private synchronized void recorded(ChatClientExchange exchange) {
        exchanges.add(exchange);
    }

    @Override
    public synchronized String toString() {
        return "ChatClientRecorder[" + exchanges.size() + " calls]";
    }

    /** Outside every advisor: the user's message as written, the answer, and the exchange into the response. */
    private final class Outer implements CallAdvisor, StreamAdvisor {

        @Override
        public ChatClientResponse adviseCall(ChatClientRequest request, CallAdvisorChain chain) {
            ExchangeCapture capture = ExchangeCapture.begin(request.prompt(), conversationId(request));
            ChatClientResponse response =
                    chain.nextCall(request.mutate().context(CAPTURE, capture).build());
            ChatClientExchange exchange = tapped(capture.finish(response.chatResponse()));
            recorded(exchange);
            return response.mutate().context(EXCHANGE, exchange).build();
        }

        @Override
        public Flux<ChatClientResponse> adviseStream(ChatClientRequest request, StreamAdvisorChain chain) {
            return Flux.defer(() -> {
                ExchangeCapture capture = ExchangeCapture.begin(request.prompt(), conversationId(request));
                Flux<ChatClientResponse> responses = chain.nextStream(
                        request.mutate().context(CAPTURE, capture).build());
                return new ChatClientMessageAggregator()
                        .aggregateChatClientResponse(
                                responses, whole -> recorded(tapped(capture.finish(whole.chatResponse()))));
            });
        }

        @Override
        public String getName() {
            return "llm-assert recorder";
        }

        @Override
        public int getOrder() {
            return Ordered.HIGHEST_PRECEDENCE + 1;
        }
    }

    /** Next to the model: each model call's documents and tool results, and the tools its reply calls. */
    private static final class Inner implements CallAdvisor, StreamAdvisor {

        @Override
        public ChatClientResponse adviseCall(ChatClientRequest request, CallAdvisorChain chain) {
            Optional<ExchangeCapture> capture = captureOf(request);
            capture.ifPresent(c -> c.modelCalled(request.prompt(), request.context()));
            ChatClientResponse response = chain.nextCall(request);
            capture.ifPresent(c -> c.modelReplied(response.chatResponse()));
            return response;
        }

        @Override
        public Flux<ChatClientResponse> adviseStream(ChatClientRequest request, StreamAdvisorChain chain) {
            Optional<ExchangeCapture> capture = captureOf(request);
            if (capture.isEmpty()) {
                return chain.nextStream(request);
            }
            return Flux.defer(() -> {
                capture.get().modelCalled(request.prompt(), request.context());
                return new ChatClientMessageAggregator()
                        .aggregateChatClientResponse(
                                chain.nextStream(request),
                                whole -> capture.get().modelReplied(whole.chatResponse()));
            });
        }

        private static Optional<ExchangeCapture> captureOf(ChatClientRequest request) {
            return request.context().get(CAPTURE) instanceof ExchangeCapture capture
                    ? Optional.of(capture)
                    : Optional.empty();
        }

        @Override
        public String getName() {
            return "llm-assert model calls";
        }

        @Override
        public int getOrder() {
            return Ordered.LOWEST_PRECEDENCE - 1;
        }
    }

    /**
     * The exchange with its tool results as the test's reply tap has them, as an agent's trajectory has them: in a
     * mutation check's run one result may be changed, so that an answer grounded in it no longer is.
     */
    private static ChatClientExchange tapped(ChatClientExchange exchange) {
        Trajectory trajectory = ToolResults.tapped(exchange.trajectory());
        return trajectory.toolCalls().equals(exchange.toolCalls())
                ? exchange
                : new ChatClientExchange(
                        exchange.conversationId(),
                        exchange.systemMessage(),
                        exchange.user(),
                        exchange.sources(),
                        trajectory.toolCalls(),
                        exchange.answer());
    }

    private static String conversationId(ChatClientRequest request) {
        Object id = request.context().get(ChatMemory.CONVERSATION_ID);
        return id == null ? NO_CONVERSATION : id.toString();
    }
}
