package dev.llmassert.junit;

import dev.langchain4j.data.message.SystemMessage;
import dev.langchain4j.data.message.UserMessage;
import dev.langchain4j.observability.api.event.AiServiceCompletedEvent;
import dev.langchain4j.observability.api.event.AiServiceStartedEvent;
import dev.langchain4j.observability.api.event.ToolExecutedEvent;
import dev.langchain4j.observability.api.listener.AiServiceCompletedListener;
import dev.langchain4j.observability.api.listener.AiServiceListener;
import dev.langchain4j.observability.api.listener.AiServiceStartedListener;
import dev.langchain4j.observability.api.listener.ToolExecutedEventListener;
import dev.langchain4j.rag.content.Content;
import dev.langchain4j.service.Result;
import dev.llmassert.core.agent.ToolCall;
import dev.llmassert.core.conversation.Conversation;
import dev.llmassert.core.conversation.Turn;
import dev.llmassert.core.conversation.UserSimulator;
import dev.llmassert.junit.internal.message.ConversationMessages;
import dev.llmassert.junit.internal.message.Messages;
import org.apiguardian.api.API;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Function;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

/**
 * Records conversations with an assistant, turn by turn: driven by the test, or heard from a langchain4j AI service
 * with a chat memory.
 *
 * <pre>{@code
 * @Test
 * void remembersTheOrderNumber(ConversationRecorder conversation) {
 *     conversation.user("My order number is NR-20417. The light blinks red.").reply(chat::answer);
 *     conversation.user("Who do I contact if it fails again?").reply(chat::answer);
 *     assertThat(conversation.conversation()).remembers("NR-20417");
 * }
 * }</pre>
 *
 * <ul>
 *   <li><b>Driven</b>: {@link #user(String)} then {@link PendingTurn#reply(Function)} with any function that answers
 *       (the assistant keeps its own memory), or {@link PendingTurn#replied(String, List)} with a reply and the
 *       sources it was given; {@link #simulate} lets a {@link UserSimulator} drive.</li>
 *   <li><b>Heard</b>: attach {@link #listeners()} to an AI service
 *       ({@code AiServices.builder(...).chatMemoryProvider(...).registerListeners(recorder.listeners())}): each call
 *       is a turn of the conversation of its chat memory id ({@code @MemoryId}), with the tools it called and, for a
 *       method that returns {@code Result<String>}, the contents a retriever gave it as the turn's sources. A call
 *       made inside a driven turn adds its tools and sources to that turn.</li>
 * </ul>
 *
 * <p>Under {@link LlmJudge} a {@code ConversationRecorder} parameter is a new recorder for each test, so tests that
 * run in parallel keep their conversations apart, and after the test each conversation is published as a report
 * entry ({@code llmassert.conversation}); outside it, create one with {@code new ConversationRecorder()}.
 */
@API(status = EXPERIMENTAL, since = "0.1")
public final class ConversationRecorder {

    /** The chat memory id langchain4j gives a service without {@code @MemoryId}. */
    public static final String DEFAULT_MEMORY_ID = "default";

    private final Map<UUID, Call> inFlight = new ConcurrentHashMap<>();
    private final ThreadLocal<Call> drivenCall = new ThreadLocal<>();
    private final Map<Object, Conversation> heard = new LinkedHashMap<>();
    private Conversation driven = Conversation.of();

    /** A recorder with nothing recorded. */
    public ConversationRecorder() {}

    /**
     * The system message of the driven conversation, for the transcript and the judges.
     *
     * @param message the system message
     * @return this recorder
     */
    public synchronized ConversationRecorder system(String message) {
        driven = new Conversation(message, driven.turns(), driven.ending());
        return this;
    }

    /**
     * The user's next message in the driven conversation; the turn is recorded with its reply.
     *
     * @param message what the user says
     * @return the turn, to complete with its reply
     */
    public PendingTurn user(String message) {
        ConversationAssert.requireText(message, "user(message)", "user(\"My order number is NR-20417.\")");
        return new PendingTurn(message);
    }

    /**
     * Lets {@code user} talk to {@code assistant} until the conversation ends, recording each turn as
     * {@link PendingTurn#reply(Function)} does, and gives the conversation with how it ended.
     *
     * @param user the simulated user
     * @param assistant the assistant under test: a user's message in, its reply out
     * @return the conversation
     */
    public Conversation simulate(UserSimulator user, Function<String, String> assistant) {
        if (user == null || assistant == null) {
            throw new IllegalArgumentException(Messages.nullArgument(
                    "simulate(user, assistant)",
                    "Pass the simulated user and the application's reply to a message, e.g. simulate(customer, "
                            + "message -> chat.chat(\"c-1\", message))."));
        }
        Conversation simulated = user.talkTo(message -> user(message).reply(assistant));
        synchronized (this) {
            driven = driven.withEnding(simulated.ending());
            return driven;
        }
    }

    /**
     * The listeners to give an AI service's builder: {@code AiServices.builder(...).registerListeners(...)}.
     *
     * @return the listeners
     */
    public List<AiServiceListener<?>> listeners() {
        return List.of(
                (AiServiceStartedListener) this::started,
                (ToolExecutedEventListener) this::toolExecuted,
                (AiServiceCompletedListener) this::completed);
    }

    /**
     * The conversation: the driven one, else the one conversation heard from a service.
     *
     * @return the conversation
     * @throws IllegalStateException when nothing was recorded, or several conversations were heard
     */
    public synchronized Conversation conversation() {
        if (!driven.turns().isEmpty()) {
            return driven;
        }
        if (heard.isEmpty()) {
            throw new IllegalStateException(ConversationMessages.noConversation());
        }
        if (heard.size() > 1) {
            throw new IllegalStateException(ConversationMessages.severalConversations(heard.keySet()));
        }
        return heard.values().iterator().next();
    }

    /**
     * The conversation heard with the chat memory id {@code memoryId} (the {@code @MemoryId} argument).
     *
     * @param memoryId the chat memory id of the calls
     * @return the conversation
     * @throws IllegalStateException when no call had that id
     */
    public synchronized Conversation conversation(Object memoryId) {
        Conversation conversation = heard.get(memoryId);
        if (conversation == null) {
            throw new IllegalStateException(ConversationMessages.noSuchConversation(memoryId, heard.keySet()));
        }
        return conversation;
    }

    /**
     * Every conversation recorded: the driven one, if it has a turn, then those heard, in the order they began.
     *
     * @return the conversations
     */
    public synchronized List<Conversation> conversations() {
        List<Conversation> all = new ArrayList<>();
        if (!driven.turns().isEmpty()) {
            all.add(driven);
        }
        all.addAll(heard.values());
        return all;
    }

    private synchronized void recordDriven(Turn turn) {
        driven = driven.withTurn(turn);
    }

    private void started(AiServiceStartedEvent event) {
        UserMessage user = event.userMessage();
        String text = user == null ? "" : user.hasSingleText() ? user.singleText() : String.valueOf(user);
        Call call = drivenCall.get();
        if (call == null) {
            call = new Call(memoryId(event.invocationContext().chatMemoryId()), text);
        }
        event.systemMessage().ifPresent(call::system);
        inFlight.put(event.invocationContext().invocationId(), call);
    }

    private void toolExecuted(ToolExecutedEvent event) {
        Call call = inFlight.get(event.invocationContext().invocationId());
        if (call != null) {
            call.add(ToolCall.of(event.request().name(), event.request().arguments(), event.resultText()));
        }
    }

    private void completed(AiServiceCompletedEvent event) {
        Call call = inFlight.remove(event.invocationContext().invocationId());
        if (call == null) {
            return;
        }
        Object result = event.result().orElse(null);
        if (result instanceof Result<?> r && r.sources() != null) {
            r.sources().stream()
                    .map(Content::textSegment)
                    .filter(Objects::nonNull)
                    .forEach(segment -> call.source(segment.text()));
        }
        if (call == drivenCall.get()) {
            return; // the driven turn takes the reply from its function, with these tools and sources
        }
        Object answer = result instanceof Result<?> r ? r.content() : result;
        Turn turn = call.turn(answer == null ? "" : String.valueOf(answer));
        synchronized (this) {
            Conversation so = heard.getOrDefault(call.memoryId, Conversation.of());
            if (call.system != null && so.systemMessage().isBlank()) {
                so = new Conversation(call.system, so.turns(), so.ending());
            }
            heard.put(call.memoryId, so.withTurn(turn));
        }
    }

    private static Object memoryId(Object id) {
        return id == null ? DEFAULT_MEMORY_ID : id;
    }

    /**
     * The user's message of a driven turn, waiting for its reply.
     */
    @API(status = EXPERIMENTAL, since = "0.1")
    public final class PendingTurn {
        private final String message;

        private PendingTurn(String message) {
            this.message = message;
        }

        /**
         * Sends the message to {@code assistant}, records the turn with its reply, and gives the reply. An AI service
         * this recorder listens to adds its tool calls and retrieved sources to the turn.
         *
         * @param assistant the assistant under test: the user's message in, its reply out
         * @return the assistant's reply
         */
        public String reply(Function<String, String> assistant) {
            if (assistant == null) {
                throw new IllegalArgumentException(Messages.nullArgument(
                        "reply(assistant)", "Pass the application's reply to a message, e.g. reply(chat::answer)."));
            }
            Call call = new Call(DEFAULT_MEMORY_ID, message);
            drivenCall.set(call);
            String reply;
            try {
                reply = assistant.apply(message);
            } finally {
                drivenCall.remove();
            }
            if (call.system != null && driven.systemMessage().isBlank()) {
                system(call.system);
            }
            recordDriven(call.turn(reply));
            return reply;
        }

        /**
         * Records the turn with {@code reply}, which the test got itself.
         *
         * @param reply the assistant's reply
         * @return the recorder, for the next turn
         */
        public ConversationRecorder replied(String reply) {
            return replied(reply, List.of());
        }

        /**
         * Records the turn with {@code reply} and the sources the assistant was given to write it.
         *
         * @param reply the assistant's reply
         * @param sources the passages the assistant was given
         * @return the recorder, for the next turn
         */
        public ConversationRecorder replied(String reply, List<String> sources) {
            recordDriven(Turn.of(message, reply).withSources(sources));
            return ConversationRecorder.this;
        }
    }

    /** One call of a service, or one driven turn, until its reply. */
    private static final class Call {
        private final Object memoryId;
        private final String user;
        private final List<ToolCall> calls = new ArrayList<>();
        private final List<String> sources = new ArrayList<>();
        private String system;

        Call(Object memoryId, String user) {
            this.memoryId = memoryId;
            this.user = user;
        }

        synchronized void system(SystemMessage message) {
            this.system = message.text();
        }

        synchronized void add(ToolCall call) {
            calls.add(call);
        }

        synchronized void source(String text) {
            if (!sources.contains(text)) {
                sources.add(text);
            }
        }

        synchronized Turn turn(String reply) {
            return new Turn(user.isBlank() ? "(no text)" : user, reply, calls, sources);
        }
    }
}
