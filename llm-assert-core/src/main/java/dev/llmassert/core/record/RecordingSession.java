package dev.llmassert.core.record;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.langchain4j.data.message.AiMessage;
import dev.langchain4j.model.chat.ChatModel;
import dev.langchain4j.model.chat.ChatRequestOptions;
import dev.langchain4j.model.chat.request.ChatRequest;
import dev.langchain4j.model.chat.request.ChatRequestParameters;
import dev.langchain4j.model.chat.response.ChatResponse;
import dev.llmassert.core.record.internal.CanonicalRequests;
import dev.llmassert.core.record.internal.RecordedResponse;
import dev.llmassert.core.record.internal.RecordingMessages;
import dev.llmassert.core.record.internal.ReplyTap;
import dev.llmassert.core.record.internal.ReplyTaps;
import dev.llmassert.core.record.internal.SimulatedUserCalls;
import org.apiguardian.api.API;

import java.util.Collections;
import java.util.Optional;
import java.util.SortedSet;
import java.util.TreeSet;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

/**
 * The calls of one test against one {@link RecordingFile}. A request made several times in a session gets the
 * recorded replies in order (the first call the first reply), and the next session starts again at the first.
 *
 * <p>Thread-safe: a judge may send its calls in parallel. Close the session when the test ends: closing saves what
 * it recorded (in {@link RecordingMode#RECORD_MISSING} and {@link RecordingMode#RECORD}).
 */
@API(status = EXPERIMENTAL, since = "0.1")
public final class RecordingSession implements AutoCloseable {

    private final RecordingFile file;
    private final RecordingMode mode;
    private final String testName;
    private final boolean saveEachRecording;
    private final ConcurrentHashMap<String, AtomicInteger> calls = new ConcurrentHashMap<>();
    private final AtomicInteger replayed = new AtomicInteger();
    private final AtomicInteger recorded = new AtomicInteger();
    private final AtomicInteger missed = new AtomicInteger();
    private final AtomicInteger missedByJudges = new AtomicInteger();
    private volatile boolean closed;

    RecordingSession(RecordingFile file, RecordingMode mode, String testName, boolean saveEachRecording) {
        this.file = file;
        this.mode = mode;
        this.testName = testName;
        this.saveEachRecording = saveEachRecording;
    }

    /**
     * {@code model}, recorded and replayed through this session. It reports {@code model}'s default parameters,
     * capabilities and provider as its own, so requests are keyed with the model name and structured output keeps
     * working.
     *
     * @param model the model to record and replay, not {@code null}
     * @return the wrapper, whose misses name "the wrapped model"
     * @throws IllegalArgumentException for a {@code null} model
     */
    public RecordingChatModel wrap(ChatModel model) {
        return wrap(model, RecordedModel.wrapped());
    }

    /**
     * As {@link #wrap(ChatModel)}, for the application's own model rather than a judge's: a mutation check may change
     * the answers it hands the application, one at a time, to see whether the tests notice; a miss names it.
     *
     * @param model the application's model, not {@code null}
     * @return the wrapper
     * @throws IllegalArgumentException for a {@code null} model
     */
    public RecordingChatModel wrapApplication(ChatModel model) {
        return wrap(model, RecordedModel.application());
    }

    /**
     * As {@link #wrap(ChatModel)}, saying whose model it is ({@link RecordedModel#judge}, {@link
     * RecordedModel#application()}, ...), so that a miss names it and the key recording it needs.
     *
     * @param model the model to record and replay, not {@code null}
     * @param whose whose model it is, not {@code null}
     * @return the wrapper; {@code model} itself when it is already this session's wrapper of that model's owner
     * @throws IllegalArgumentException for a {@code null} model or owner
     */
    public RecordingChatModel wrap(ChatModel model, RecordedModel whose) {
        if (model == null) {
            throw new IllegalArgumentException("model must be the ChatModel to record and replay, but is: null");
        }
        if (whose == null) {
            throw new IllegalArgumentException(
                    "whose must say whose model it is, e.g. RecordedModel.application(), but is: null");
        }
        if (model instanceof RecordingChatModel recording
                && recording.session() == this
                && recording.whose().equals(whose)) {
            return recording;
        }
        return new RecordingChatModel(model, this, whose);
    }

    /**
     * The recordings file the session reads and writes.
     *
     * @return the file
     */
    public RecordingFile file() {
        return file;
    }

    /**
     * When the session replays and when it calls the model.
     *
     * @return the mode the session was opened with
     */
    public RecordingMode mode() {
        return mode;
    }

    /**
     * The test the session belongs to, as a miss names it.
     *
     * @return the name given when the session was opened
     */
    public String testName() {
        return testName;
    }

    /**
     * Calls served from the recording.
     *
     * @return the count so far
     */
    public int replayedCalls() {
        return replayed.get();
    }

    /**
     * Calls that went to the model and were recorded.
     *
     * @return the count so far
     */
    public int recordedCalls() {
        return recorded.get();
    }

    /**
     * Calls that found no recording in {@link RecordingMode#REPLAY} and failed.
     *
     * @return the count so far
     */
    public int missedCalls() {
        return missed.get();
    }

    /**
     * Calls of a judge's model (any but the application's and a simulated user's) that found no recording in
     * {@link RecordingMode#REPLAY} and failed.
     *
     * @return how many judge calls missed
     */
    public int missedJudgeCalls() {
        return missedByJudges.get();
    }

    /**
     * The keys this session replayed or recorded, sorted.
     *
     * @return the keys, unmodifiable
     */
    public SortedSet<String> usedKeys() {
        return Collections.unmodifiableSortedSet(new TreeSet<>(calls.keySet()));
    }

    /**
     * Ends the session and saves what it recorded. Calling it again does nothing.
     *
     * @throws RecordingFileException when the file cannot be written
     */
    @Override
    public void close() {
        if (closed) {
            return;
        }
        closed = true;
        if (mode.writes()) {
            file.save();
        }
    }

    ChatResponse chat(
            ChatModel delegate,
            RecordedModel whose,
            ChatRequest request,
            ChatRequestOptions options,
            boolean application) {
        if (closed) {
            throw new IllegalStateException(RecordingMessages.sessionClosed(testName));
        }
        Optional<ReplyTap> tap = ReplyTaps.current();
        boolean simulatedUser = SimulatedUserCalls.active() || whose.equals(RecordedModel.simulatedUser());
        RecordedModel caller = simulatedUser ? RecordedModel.simulatedUser() : whose;
        // a mutant's run replays whatever the mode: no call of it reaches a model
        RecordingMode mode = tap.map(ReplyTap::replayOnly).orElse(false) ? RecordingMode.REPLAY : this.mode;
        if (mode == RecordingMode.OFF) {
            return delegate.chat(request, options);
        }
        ObjectNode sent = CanonicalRequests.toNode(asSent(delegate, request));
        // the application's next turn, or the simulated user's, holds a changed answer: look it up as recorded
        ObjectNode canonical = tap.isPresent() && (application || simulatedUser)
                ? CanonicalRequests.withTexts(sent, tap.get()::undone)
                : sent;
        boolean heldTheChange = canonical != sent;
        String key = CanonicalRequests.key(canonical);
        int position = calls.computeIfAbsent(key, k -> new AtomicInteger()).getAndIncrement();
        if (mode.replays()) {
            RecordingFile.Replay replay = file.lookup(key, position);
            if (replay != null) {
                replayed.incrementAndGet();
                if (heldTheChange) {
                    tap.get().followed(new ReplyTap.Call(caller, key, position, true, null));
                }
                ChatResponse response = replay.response()
                        .toChatResponse(
                                Replayed.ID_PREFIX + key + "/" + (position + 1),
                                replay.entry().model());
                return application && !simulatedUser ? tapped(response, canonical, key, position, true) : response;
            }
            if (mode == RecordingMode.REPLAY) {
                missed.incrementAndGet();
                if (!application && !simulatedUser) {
                    missedByJudges.incrementAndGet();
                }
                RecordingMissException miss = file.miss(key, position, canonical, testName, caller);
                tap.ifPresent(
                        t -> t.missed(new ReplyTap.Call(caller, key, position, heldTheChange, miss.getMessage())));
                throw miss;
            }
        }
        ChatResponse live = delegate.chat(request, options);
        String model = live.modelName() != null
                ? live.modelName()
                : canonical.path("model").asText(null);
        file.record(
                key, model, canonical, RecordedResponse.of(live, file.clock().instant()), position, mode);
        recorded.incrementAndGet();
        if (saveEachRecording) {
            file.save();
        }
        return application && !simulatedUser ? tapped(live, canonical, key, position, false) : live;
    }

    /** The response as the test's {@link ReplyTap} has it: a mutation check may change an answer's text. */
    private ChatResponse tapped(ChatResponse response, ObjectNode request, String key, int position, boolean replay) {
        Optional<ReplyTap> tap = ReplyTaps.current();
        AiMessage message = response.aiMessage();
        if (tap.isEmpty()
                || message == null
                || message.text() == null
                || message.text().isBlank()
                || message.hasToolExecutionRequests()) {
            return response;
        }
        String text = tap.get()
                .answer(new ReplyTap.ServedAnswer(
                        file.path(), key, position, message.text(), CanonicalRequests.messageText(request), replay));
        if (text.equals(message.text())) {
            return response;
        }
        return ChatResponse.builder()
                .aiMessage(AiMessage.from(text))
                .metadata(response.metadata())
                .build();
    }

    /** The request as the model's own {@code chat} will send it: its parameters merged over the model's defaults. */
    static ChatRequest asSent(ChatModel model, ChatRequest request) {
        ChatRequestParameters defaults = model.defaultRequestParameters();
        if (defaults == null) {
            return request;
        }
        ChatRequestParameters merged =
                request.parameters() == null ? defaults : defaults.overrideWith(request.parameters());
        return ChatRequest.builder()
                .messages(request.messages())
                .parameters(merged)
                .build();
    }

    @Override
    public String toString() {
        return "RecordingSession[" + testName + ", " + mode + ", " + file.path() + "]";
    }
}
