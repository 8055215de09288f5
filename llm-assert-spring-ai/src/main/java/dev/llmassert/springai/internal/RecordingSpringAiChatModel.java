package dev.llmassert.springai.internal;

import dev.langchain4j.model.chat.request.ChatRequest;
import dev.langchain4j.model.chat.response.ChatResponse;
import dev.llmassert.core.record.Replayed;
import dev.llmassert.core.record.internal.ReplyTap;
import dev.llmassert.core.record.internal.ReplyTaps;
import org.apiguardian.api.API;
import org.springframework.ai.chat.model.ChatModel;
import org.springframework.ai.chat.prompt.ChatOptions;
import org.springframework.ai.chat.prompt.Prompt;
import reactor.core.publisher.Flux;
import reactor.core.scheduler.Schedulers;

import java.util.Objects;
import java.util.function.Supplier;
import java.util.function.UnaryOperator;

import static org.apiguardian.api.API.Status.INTERNAL;

/**
 * A Spring AI {@link ChatModel} whose calls go through llm-assert's recordings: each request is keyed in the canonical
 * form of every recorded request ({@link SpringAiRequests}) and recorded, replayed or missed by the core's
 * {@code RecordingSession}, with its modes, strictness, miss messages and the reply tap of the mutation check. A live
 * call goes to the wrapped model unchanged; its reply is returned as the model gave it.
 *
 * <p>{@link #stream(Prompt)} is recorded whole: in a recording mode the wrapped model's stream is read to its end and
 * kept as one reply; either way the reply is handed back as a stream of chunks. Where a call is recorded is decided
 * per call by its {@link Route}: a file's session, an evaluator's test, or the test running now.
 */
@API(status = INTERNAL, since = "0.1")
public final class RecordingSpringAiChatModel implements ChatModel {

    private final ChatModel delegate;
    private final Route route;
    private final String name;

    /** {@code delegate}, its calls recorded where {@code route} says, named {@code name} in a miss. */
    public RecordingSpringAiChatModel(ChatModel delegate, Route route, String name) {
        this.delegate = Objects.requireNonNull(delegate, "delegate");
        this.route = Objects.requireNonNull(route, "route");
        this.name = name;
    }

    @Override
    public org.springframework.ai.chat.model.ChatResponse call(Prompt prompt) {
        Target target = route.target(name);
        if (target.off()) {
            return route.offline(name, () -> delegate.call(prompt));
        }
        return recorded(target, prompt, false);
    }

    @Override
    public Flux<org.springframework.ai.chat.model.ChatResponse> stream(Prompt prompt) {
        // the test is found on the caller's thread where it is bound there: a ChatClient's advisors move the call to
        // a scheduler's thread, where only the test's instance leads to it
        Target onThisThread = route.boundTarget(name);
        return Flux.defer(() -> {
                    Target target = onThisThread != null ? onThisThread : route.target(name);
                    if (target.off()) {
                        return route.offlineStream(name, delegate.stream(prompt));
                    }
                    return Flux.fromIterable(SpringAiResponses.toStream(
                            recordedReply(target, prompt, true).reply()));
                })
                .subscribeOn(Schedulers.boundedElastic());
    }

    /** The wrapped model's options, so that a {@code ChatClient} merges its own over them as without the wrapper. */
    @Override
    public ChatOptions getOptions() {
        return delegate.getOptions();
    }

    /** The model that is called on a miss, or when the recordings are off. */
    public ChatModel delegate() {
        return delegate;
    }

    /** The name a miss gives the model: its bean's name, or what the wrapper was made for. */
    public String name() {
        return name;
    }

    private org.springframework.ai.chat.model.ChatResponse recorded(Target target, Prompt prompt, boolean streamed) {
        Reply reply = recordedReply(target, prompt, streamed);
        org.springframework.ai.chat.model.ChatResponse live = reply.call().live();
        if (live != null && !Replayed.isReplayed(reply.reply()) && sameText(live, reply.reply())) {
            return live;
        }
        return SpringAiResponses.toSpringAi(reply.reply());
    }

    @SuppressWarnings("try") // the binding holds the tap for the block, and is never read
    private Reply recordedReply(Target target, Prompt prompt, boolean streamed) {
        ChatRequest request = SpringAiRequests.toChatRequest(SpringAiRequests.asSent(delegate, prompt));
        LiveCall call = new LiveCall(delegate, prompt, streamed);
        // CHECKSTYLE.OFF: QualifiedTypeName - langchain4j's ChatModel beside Spring AI's, which this class implements
        dev.langchain4j.model.chat.ChatModel model = target.recording().apply(call);
        // CHECKSTYLE.ON: QualifiedTypeName
        if (target.tap() == null) {
            return new Reply(model.chat(request), call);
        }
        try (ReplyTaps.Binding binding = ReplyTaps.bind(target.tap())) {
            return new Reply(model.chat(request), call);
        }
    }

    private static boolean sameText(org.springframework.ai.chat.model.ChatResponse live, ChatResponse recorded) {
        String liveText =
                live.getResult() == null ? null : live.getResult().getOutput().getText();
        String text = recorded.aiMessage() == null ? null : recorded.aiMessage().text();
        return Objects.equals(liveText == null || liveText.isEmpty() ? null : liveText, text);
    }

    @Override
    public String toString() {
        // the wrapped model's class only: a model may print its configuration, key included
        return "RecordingSpringAiChatModel[" + name + ", " + delegate.getClass().getName() + "]";
    }

    /** A recorded call's reply, and the call that made it when it went to the model. */
    private record Reply(ChatResponse reply, LiveCall call) {}

    /**
     * Where one call is recorded: {@code recording} wraps the call's model (a langchain4j {@code ChatModel} standing
     * for the Spring AI one) in a recording session; {@code tap} is the test's reply tap, bound around the call when
     * it runs on a thread of the application's own ({@code null} when none or already bound).
     */
    // CHECKSTYLE.OFF: QualifiedTypeName - langchain4j's ChatModel beside Spring AI's, which this class implements
    @API(status = INTERNAL, since = "0.1")
    public record Target(UnaryOperator<dev.langchain4j.model.chat.ChatModel> recording, ReplyTap tap) {
        // CHECKSTYLE.ON: QualifiedTypeName

        /** The call is not recorded: the recordings, or the Spring Boot wiring, are off for it. */
        public static final Target OFF = new Target(null, null);

        /** Whether the call goes to the model unrecorded. */
        public boolean off() {
            return recording == null;
        }
    }

    /** Decides, call by call, where a call is recorded. */
    @API(status = INTERNAL, since = "0.1")
    public interface Route {

        /**
         * Where the call is recorded, or {@link Target#OFF} when it is not (the recordings are off for it).
         *
         * @throws IllegalStateException saying why the call cannot be recorded and what to do
         */
        Target target(String model);

        /** As {@link #target}, from what this thread knows only; {@code null} when it knows nothing. */
        default Target boundTarget(String model) {
            return null;
        }

        /** A call that is not recorded. */
        default org.springframework.ai.chat.model.ChatResponse offline(
                String model, Supplier<org.springframework.ai.chat.model.ChatResponse> call) {
            return call.get();
        }

        /** A stream that is not recorded. */
        default Flux<org.springframework.ai.chat.model.ChatResponse> offlineStream(
                String model, Flux<org.springframework.ai.chat.model.ChatResponse> stream) {
            return stream;
        }
    }
}
