package dev.llmassert.core.groundedness;

import dev.langchain4j.model.chat.ChatModel;
import dev.langchain4j.model.output.TokenUsage;
import dev.llmassert.core.groundedness.internal.GroundednessPrompt;
import dev.llmassert.core.groundedness.internal.GroundednessReplies;
import dev.llmassert.core.groundedness.internal.JudgeInput;
import dev.llmassert.core.groundedness.internal.SentenceScore;
import dev.llmassert.core.model.JudgeSettings;
import dev.llmassert.core.model.internal.JudgeChat;
import dev.llmassert.core.model.internal.JudgeLimits;
import dev.llmassert.core.model.internal.JudgePool;
import dev.llmassert.core.model.internal.JudgeReply;
import dev.llmassert.core.model.internal.ReplyParser;
import dev.llmassert.core.text.SentenceSplitter;
import org.apiguardian.api.API;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;

import static org.apiguardian.api.API.Status.STABLE;

/**
 * Judges groundedness with a judge model, by the TruLens method: the response is split into sentences, and for
 * each one the model rates from 0 to 10 how much of its information the sources hold, quoting its evidence or
 * saying NOTHING FOUND. Scores are normalised to 0–1; the verdict's score is their mean.
 *
 * <p>Calls run in parallel, at most {@code concurrency} at once across every response this judge is judging, on a
 * fixed pool of threads created on first use and stopped by {@link #close()}. A reply that cannot be parsed is
 * re-asked with the error, up to 3 tries; transient failures are retried with backoff. Either failure, once final,
 * fails the whole judgement: a score is never guessed.
 *
 * <p>Thread-safe.
 */
@API(status = STABLE, since = "0.1")
public final class LlmGroundednessJudge implements GroundednessJudge {

    private final JudgeChat chat;
    private final int concurrency;
    private final boolean structured;
    private final SentenceSplitter splitter;
    private final JudgePool pool;

    private LlmGroundednessJudge(Builder builder) {
        if (builder.chatModel == null) {
            throw new IllegalArgumentException("chatModel must be set: pass the judge model, for example "
                    + "LlmGroundednessJudge.builder().chatModel(JudgeModels.chatModel(settings)).build()");
        }
        this.chat = JudgeChat.builder()
                .chatModel(builder.chatModel)
                .judgeName(builder.judgeName)
                .maxRetries(builder.maxRetries)
                .retryBackoff(builder.retryBackoff)
                .build();
        this.concurrency = builder.concurrency == null ? JudgeSettings.DEFAULT_CONCURRENCY : builder.concurrency;
        this.structured = builder.structuredOutput == null ? JudgeChat.supportsJsonSchema(builder.chatModel)
                : builder.structuredOutput;
        this.splitter = SentenceSplitter.english();
        this.pool = new JudgePool(chat.judgeName(), concurrency);
    }

    public static Builder builder() {
        return new Builder();
    }

    @Override
    public String name() {
        return chat.judgeName();
    }

    /** Calls in flight at most. */
    public int concurrency() {
        return concurrency;
    }

    /** Whether replies are requested as JSON-schema structured output rather than the text template. */
    public boolean usesStructuredOutput() {
        return structured;
    }

    @Override
    public GroundednessVerdict judge(String response, List<String> sources) {
        long started = System.nanoTime();
        List<String> checkedSources = JudgeInput.sources(sources);
        List<String> sentences = JudgeInput.sentences(response, splitter);
        GroundednessPrompt prompt = GroundednessPrompt.forSources(checkedSources, structured);
        ReplyParser<SentenceScore> parser = structured ? GroundednessReplies.json() : GroundednessReplies.text();

        List<Callable<JudgeReply<SentenceScore>>> calls = new ArrayList<>(sentences.size());
        for (int i = 0; i < sentences.size(); i++) {
            int index = i;
            calls.add(() -> chat.ask(subject(index, sentences.size(), sentences.get(index)), prompt.request(
                    sentences.get(index)), parser));
        }
        List<JudgeReply<SentenceScore>> replies = pool.runAll(calls);

        List<SentenceVerdict> verdicts = new ArrayList<>(replies.size());
        TokenUsage usage = new TokenUsage(0, 0, 0);
        boolean replayed = true;
        for (int i = 0; i < replies.size(); i++) {
            JudgeReply<SentenceScore> reply = replies.get(i);
            verdicts.add(new SentenceVerdict(i, sentences.get(i),
                    reply.value().score() / (double) GroundednessReplies.MAX_SCORE, reply.value().evidence()));
            usage = usage.add(reply.tokenUsage());
            replayed &= reply.replayed();
        }
        return GroundednessVerdict.of(verdicts, name(), usage, replayed,
                Duration.ofNanos(System.nanoTime() - started));
    }

    /** Stops the judge's threads. Calls after this fail. */
    @Override
    public void close() {
        pool.close();
    }

    private static String subject(int index, int count, String sentence) {
        return "sentence " + (index + 1) + " of " + count + " (\"" + JudgeInput.shorten(sentence) + "\")";
    }

    /** Builder with boxed fields: {@code null} means "not set", and the default applies when built. */
    @API(status = STABLE, since = "0.1")
    public static final class Builder {

        private ChatModel chatModel;
        private String judgeName;
        private Integer concurrency;
        private Integer maxRetries;
        private Duration retryBackoff;
        private Boolean structuredOutput;

        private Builder() {
        }

        /** The judge model. Required; see {@code JudgeModels.chatModel(settings)}. */
        public Builder chatModel(ChatModel chatModel) {
            this.chatModel = chatModel;
            return this;
        }

        /** The name verdicts carry, as {@code provider:model}; by default taken from the model. */
        public Builder judgeName(String judgeName) {
            this.judgeName = judgeName;
            return this;
        }

        /** Calls in flight at once, from 1 to 256; default 8. */
        public Builder concurrency(int concurrency) {
            this.concurrency = JudgeLimits.concurrency(concurrency);
            return this;
        }

        /** Retries of a transient failure (timeout, 429, 5xx), from 0 to 20; default 3. */
        public Builder maxRetries(int maxRetries) {
            this.maxRetries = JudgeLimits.maxRetries(maxRetries);
            return this;
        }

        /** The wait before the first retry, doubled for each further one; default 500 ms. */
        public Builder retryBackoff(Duration retryBackoff) {
            this.retryBackoff = JudgeLimits.retryBackoff(retryBackoff);
            return this;
        }

        /**
         * Whether to ask for JSON-schema structured output ({@code true}) or the text template ({@code false}).
         * By default ({@code null}), structured output is used when the model declares support for it.
         */
        public Builder structuredOutput(Boolean structuredOutput) {
            this.structuredOutput = structuredOutput;
            return this;
        }

        /** Takes the judge name, concurrency and retries from {@code settings}; the chat model is set separately. */
        public Builder settings(JudgeSettings settings) {
            this.judgeName = settings.judgeName();
            this.concurrency = settings.concurrency();
            this.maxRetries = settings.maxRetries();
            return this;
        }

        public LlmGroundednessJudge build() {
            return new LlmGroundednessJudge(this);
        }
    }
}
