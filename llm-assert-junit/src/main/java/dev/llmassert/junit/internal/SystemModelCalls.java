package dev.llmassert.junit.internal;

import dev.langchain4j.model.chat.ChatModel;
import dev.langchain4j.model.chat.ChatRequestOptions;
import dev.langchain4j.model.chat.request.ChatRequest;
import dev.langchain4j.model.chat.request.ChatRequestParameters;
import dev.langchain4j.model.chat.response.ChatResponse;
import dev.langchain4j.model.output.TokenUsage;
import dev.llmassert.core.model.internal.DelegatingChatModel;
import dev.llmassert.core.record.Replayed;
import dev.llmassert.junit.internal.report.ReportFormat.ModelUse;
import dev.llmassert.junit.internal.report.ReportFormat.Part;
import dev.llmassert.junit.internal.report.ReportFormat.Tokens;
import org.apiguardian.api.API;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Consumer;

import static org.apiguardian.api.API.Status.INTERNAL;

/**
 * The model calls of a system under test, for the cost of an evaluation: the {@code ChatModel}s an evaluator records
 * (a {@code ChatModel} system, or {@code evaluator.recorded(model)}) are wrapped so that each call, live or replayed,
 * is counted with its model and tokens. The judges' calls are counted from their annotations instead, so the two are
 * shown apart. Calls made while no evaluation runs (an agent test that calls the recorded model itself) go to the run
 * report on their own. Thread-safe: the system is called from several threads at once.
 */
@API(status = INTERNAL, since = "0.1")
public final class SystemModelCalls {

    private final List<Part> calls = new ArrayList<>();
    private final Consumer<Part> outsideRuns;
    private final AtomicInteger running = new AtomicInteger();

    /**
     * @param outsideRuns takes each call made while no evaluation runs (an agent test's calls through
     *                    {@code evaluator.recorded(model)}), for the run report
     */
    public SystemModelCalls(Consumer<Part> outsideRuns) {
        this.outsideRuns = outsideRuns;
    }

    /** An evaluation starts: the calls until {@link #runFinished()} are its own. */
    public void runStarted() {
        running.incrementAndGet();
    }

    public void runFinished() {
        running.decrementAndGet();
    }

    /** {@code model}, its calls counted here; {@code model} itself is called unchanged. */
    public ChatModel counting(ChatModel model) {
        return new Counting(model, this);
    }

    /** How many calls were counted so far: a mark to take the calls of one evaluation from. */
    public synchronized int mark() {
        return calls.size();
    }

    /** The calls counted since {@code mark}. */
    public synchronized ModelUse since(int mark) {
        return ModelUse.of(List.copyOf(calls.subList(Math.min(mark, calls.size()), calls.size())));
    }

    private void add(Part call) {
        synchronized (this) {
            calls.add(call);
        }
        if (running.get() == 0) {
            outsideRuns.accept(call);
        }
    }

    private static String modelOf(ChatModel model, ChatRequest request) {
        if (request.parameters() != null && request.parameters().modelName() != null) {
            return request.parameters().modelName();
        }
        ChatRequestParameters defaults = model.defaultRequestParameters();
        return defaults == null || defaults.modelName() == null
                ? model.getClass().getSimpleName()
                : defaults.modelName();
    }

    /** A model whose calls are counted; everything else is the wrapped model's. */
    private static final class Counting extends DelegatingChatModel {
        private final SystemModelCalls counted;

        Counting(ChatModel delegate, SystemModelCalls counted) {
            super(delegate);
            this.counted = counted;
        }

        @Override
        public ChatResponse chat(ChatRequest request) {
            return count(request, delegate().chat(request));
        }

        @Override
        public ChatResponse chat(ChatRequest request, ChatRequestOptions options) {
            return count(request, delegate().chat(request, options));
        }

        @Override
        public ChatResponse doChat(ChatRequest request) {
            return count(request, delegate().chat(request));
        }

        private ChatResponse count(ChatRequest request, ChatResponse response) {
            String model = modelOf(delegate(), request);
            boolean replayed = Replayed.isReplayed(response);
            String writer = replayed
                            && response.modelName() != null
                            && !response.modelName().equals(model)
                    ? response.modelName()
                    : null;
            TokenUsage usage = response.tokenUsage();
            Tokens tokens = new Tokens(
                    usage == null || usage.inputTokenCount() == null ? 0 : usage.inputTokenCount(),
                    usage == null || usage.outputTokenCount() == null ? 0 : usage.outputTokenCount());
            counted.add(new Part(model, replayed, writer, tokens));
            return response;
        }

        @Override
        public String toString() {
            // the wrapped model's class only: a model may print its configuration, key included
            return "CountedChatModel[" + delegate().getClass().getName() + "]";
        }
    }
}
