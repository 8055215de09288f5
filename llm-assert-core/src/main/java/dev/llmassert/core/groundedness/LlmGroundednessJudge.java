package dev.llmassert.core.groundedness;

import dev.langchain4j.model.output.TokenUsage;
import dev.llmassert.core.groundedness.internal.Claims;
import dev.llmassert.core.groundedness.internal.GroundednessPrompt;
import dev.llmassert.core.groundedness.internal.GroundednessReplies;
import dev.llmassert.core.groundedness.internal.JudgeInput;
import dev.llmassert.core.groundedness.internal.SentenceScore;
import dev.llmassert.core.model.LlmJudgeBuilder;
import dev.llmassert.core.model.internal.JudgeChat;
import dev.llmassert.core.model.internal.JudgeReply;
import dev.llmassert.core.model.internal.LlmJudgeSetup;
import dev.llmassert.core.model.internal.RateLimitedChatModel;
import dev.llmassert.core.model.internal.ReplyParser;
import dev.llmassert.core.run.internal.WorkerPool;
import dev.llmassert.core.text.SentenceSplitter;
import org.apiguardian.api.API;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.function.IntPredicate;

import static org.apiguardian.api.API.Status.STABLE;

/**
 * Judges groundedness with a judge model, by the TruLens method: the response is split into sentences, and for
 * each one the model rates from 0 to 10 how much of its information the sources hold, quoting its evidence or
 * saying NOTHING FOUND. Scores are normalised to 0–1; the verdict's score is their mean.
 *
 * <p>A sentence that makes no claim ("Yes.", "Great question!", "I hope this helps!"), read as the local judge reads
 * it, is not sent: it scores 1 with the evidence {@link LocalGroundednessJudge#NO_CLAIM} and the reason "no claim",
 * and is left out of the mean, so it neither props up nor drags down the answer. The user's question
 * ({@link #judge(String, List, String)}) is shown to the model beside the sources, marked as what the user said.
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
    private final WorkerPool pool;

    private LlmGroundednessJudge(Builder builder) {
        LlmJudgeSetup setup = builder.setup();
        this.chat = setup.chat();
        this.concurrency = setup.concurrency();
        this.structured = setup.structured();
        this.splitter = SentenceSplitter.english();
        this.pool = setup.pool();
    }

    /**
     * A builder of a TruLens judge; {@link Builder#chatModel chatModel} must be set.
     *
     * @return a new builder
     */
    public static Builder builder() {
        return new Builder();
    }

    @Override
    public String name() {
        return chat.judgeName();
    }

    /** {@code trulens}. */
    @Override
    public String method() {
        return GroundednessMethod.TRULENS.id();
    }

    /**
     * Calls in flight at most.
     *
     * @return the most calls this judge makes at once, across every response it is judging
     */
    public int concurrency() {
        return concurrency;
    }

    /**
     * Whether replies are requested as JSON-schema structured output rather than the text template.
     *
     * @return whether the judge asks for structured output
     */
    public boolean usesStructuredOutput() {
        return structured;
    }

    @Override
    public GroundednessVerdict judge(String response, List<String> sources) {
        return judge(response, sources, null);
    }

    /**
     * {@inheritDoc}
     *
     * <p>The question is shown to the model after the sources, between the same data tags, as what the user said and
     * not a source: the user's own figures, names and dates count as given when a sentence repeats them.
     */
    @Override
    public GroundednessVerdict judge(String response, List<String> sources, String question) {
        return judge(response, sources, question, i -> true);
    }

    /**
     * As {@link #judge(String, List, String)}, asking only about the sentences at the positions {@code asked}
     * accepts, with the very requests a whole judgement sends for them (so their recordings serve both); the others
     * are left as sentences that make no claim, for a cascade to fill in.
     */
    GroundednessVerdict judge(String response, List<String> sources, String question, IntPredicate asked) {
        long started = System.nanoTime();
        List<String> checkedSources = JudgeInput.sources(sources);
        GroundednessVerdict nothing = JudgeInput.nothingToJudge(response, splitter, name());
        if (nothing != null) {
            return nothing;
        }
        List<String> sentences = JudgeInput.sentences(response, splitter);
        List<Integer> claims =
                Claims.claimIndexes(sentences).stream().filter(asked::test).toList();
        // The tags come from every sentence, asked or not, so a sentence's request is the same with or without an
        // opener that makes no claim beside it, and recordings made before openers were left out still replay.
        GroundednessPrompt prompt = GroundednessPrompt.forJudgement(checkedSources, sentences, question, structured);
        ReplyParser<SentenceScore> parser = structured ? GroundednessReplies.json() : GroundednessReplies.text();

        List<Callable<JudgeReply<SentenceScore>>> calls = new ArrayList<>(claims.size());
        for (int index : claims) {
            calls.add(() -> chat.ask(
                    subject(index, sentences.size(), sentences.get(index)),
                    prompt.request(sentences.get(index)),
                    parser));
        }
        List<JudgeReply<SentenceScore>> replies = pool.all(calls);

        List<SentenceVerdict> verdicts = new ArrayList<>(sentences.size());
        for (int i = 0; i < sentences.size(); i++) {
            verdicts.add(Claims.noClaim(i, sentences.get(i)));
        }
        TokenUsage usage = new TokenUsage(0, 0, 0);
        boolean replayed = !replies.isEmpty();
        int retries = 0;
        for (int r = 0; r < replies.size(); r++) {
            JudgeReply<SentenceScore> reply = replies.get(r);
            int i = claims.get(r);
            verdicts.set(
                    i,
                    new SentenceVerdict(
                            i,
                            sentences.get(i),
                            reply.value().score() / (double) GroundednessReplies.MAX_SCORE,
                            reply.value().evidence(),
                            "",
                            Double.NaN,
                            "",
                            name()));
            usage = usage.add(reply.tokenUsage());
            replayed &= reply.replayed();
            retries += reply.retries();
        }
        return GroundednessVerdict.of(
                        verdicts, name(), usage, replayed, Duration.ofNanos(System.nanoTime() - started), retries)
                .withRecordedModel(JudgeReply.recordedModelOf(replies));
    }

    /**
     * The calls and the prompt tokens (estimated, 4 characters a token) that judging the sentences at the positions
     * {@code which} accepts would take: what a cascade did not spend.
     */
    long[] cost(String response, List<String> sources, String question, IntPredicate which) {
        List<String> sentences = JudgeInput.sentences(response, splitter);
        GroundednessPrompt prompt =
                GroundednessPrompt.forJudgement(JudgeInput.sources(sources), sentences, question, structured);
        long calls = 0;
        long tokens = 0;
        for (int index : Claims.claimIndexes(sentences)) {
            if (which.test(index)) {
                calls++;
                tokens += RateLimitedChatModel.estimateTokens(prompt.request(sentences.get(index)));
            }
        }
        return new long[] {calls, tokens};
    }

    /** Stops the judge's threads. Calls after this fail. */
    @Override
    public void close() {
        pool.close();
    }

    private static String subject(int index, int count, String sentence) {
        return "sentence " + (index + 1) + " of " + count + " (\"" + JudgeInput.shorten(sentence) + "\")";
    }

    /**
     * Builder with boxed fields: {@code null} means "not set", and the default applies when built. The settings are
     * those of every LLM judge ({@link LlmJudgeBuilder}).
     */
    @API(status = STABLE, since = "0.1")
    public static final class Builder extends LlmJudgeBuilder<Builder> {

        private static final String NO_CHAT_MODEL = "chatModel must be set: pass the judge model, for example "
                + "LlmGroundednessJudge.builder().chatModel(JudgeModels.chatModel(settings)).build()";

        private Builder() {}

        /**
         * Builds the judge.
         *
         * @return the judge; the caller closes it
         * @throws IllegalArgumentException if no chat model is set
         */
        public LlmGroundednessJudge build() {
            return new LlmGroundednessJudge(this);
        }

        private LlmJudgeSetup setup() {
            return LlmJudgeSetup.of(
                    chatModel(),
                    judgeName(),
                    maxRetries(),
                    retryBackoff(),
                    concurrency(),
                    structuredOutput(),
                    apiKeyEnv(),
                    NO_CHAT_MODEL);
        }
    }
}
