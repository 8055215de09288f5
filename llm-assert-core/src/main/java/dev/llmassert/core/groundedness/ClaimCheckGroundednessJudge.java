package dev.llmassert.core.groundedness;

import dev.langchain4j.model.ModelProvider;
import dev.langchain4j.model.output.TokenUsage;
import dev.llmassert.core.groundedness.internal.ClaimEvidence;
import dev.llmassert.core.groundedness.internal.ClaimReplies;
import dev.llmassert.core.groundedness.internal.ClaimReplies.ClaimAnswer;
import dev.llmassert.core.groundedness.internal.Claims;
import dev.llmassert.core.groundedness.internal.JudgeInput;
import dev.llmassert.core.groundedness.internal.MiniCheckPrompt;
import dev.llmassert.core.groundedness.internal.SourceChunks;
import dev.llmassert.core.groundedness.internal.SourceIndex;
import dev.llmassert.core.model.LlmJudgeBuilder;
import dev.llmassert.core.model.internal.DataTags;
import dev.llmassert.core.model.internal.JudgeChat;
import dev.llmassert.core.model.internal.JudgeReply;
import dev.llmassert.core.model.internal.LlmJudgeSetup;
import dev.llmassert.core.model.internal.RateLimitedChatModel;
import dev.llmassert.core.run.internal.WorkerPool;
import dev.llmassert.core.text.SentenceSplitter;
import org.apiguardian.api.API;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.function.IntPredicate;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

/**
 * Judges groundedness with a claim-checking model such as Bespoke-MiniCheck-7B, in the model's own format: the
 * response is split into sentences, and each sentence is checked as a claim against the sources with MiniCheck's
 * system prompt and the message {@code Document: <source>\nClaim: <sentence>}, at temperature 0, for one token:
 * Yes or No. Sources longer than {@link Builder#chunkSize(int) chunkSize} characters are cut between sentences into
 * chunks; each chunk is a call, and the chunk with the highest score decides.
 *
 * <p>A sentence that makes no claim ("Yes.", "Great question!"), read as the local judge reads it, is not sent: it
 * scores 1 with the evidence {@link LocalGroundednessJudge#NO_CLAIM} and the reason "no claim", and is left out of the
 * mean. The user's question ({@link #judge(String, List, String)}) follows the document in each call, between data
 * tags, marked as what the user said and not a source.
 *
 * <p>A sentence's score is the probability of Yes where the server sends log-probabilities (an OpenAI-compatible
 * server such as vLLM, or Ollama 0.12.11 and later through the judge model {@code JudgeModels} builds, which are asked
 * for them), else 1 for Yes and 0 for No; the evidence says which. MiniCheck
 * quotes nothing, so the evidence names the chunk that decided and shows the source sentences nearest the sentence,
 * marked as not a quote. The verdict's score is the mean of the sentence scores, so
 * {@code withMinScore} and the default minimum mean what they mean for every judge: with yes/no answers, the share
 * of sentences the model found supported.
 *
 * <p>Calls go through the same retries, re-asking, concurrency limit, rate limits and recordings as every LLM judge.
 * A reply that is neither Yes nor No is re-asked, up to 3 tries, and then fails: a score is never guessed.
 *
 * <p>Thread-safe.
 */
@API(status = EXPERIMENTAL, since = "0.1")
public final class ClaimCheckGroundednessJudge implements GroundednessJudge {

    /**
     * The most characters of one chunk by default: about 1,000 tokens of English, so that a chunk, MiniCheck's system
     * prompt and the sentence fit even in a 2,048-token context, Ollama's default for a long time.
     */
    public static final int DEFAULT_CHUNK_SIZE = 4_000;
    /** The smallest chunk size accepted. */
    public static final int MIN_CHUNK_SIZE = 200;
    /** The largest chunk size accepted: about 250,000 tokens, far beyond MiniCheck's 32,768-token context. */
    public static final int MAX_CHUNK_SIZE = 1_000_000;

    private final JudgeChat chat;
    private final int concurrency;
    private final int chunkSize;
    private final SentenceSplitter splitter;
    private final WorkerPool pool;

    private ClaimCheckGroundednessJudge(Builder builder) {
        LlmJudgeSetup setup = builder.setup();
        this.chat = setup.chat();
        this.concurrency = setup.concurrency();
        this.chunkSize = builder.chunkSize == null ? DEFAULT_CHUNK_SIZE : builder.chunkSize;
        this.splitter = SentenceSplitter.english();
        this.pool = setup.pool();
    }

    /**
     * A builder of a claim-check judge; {@link Builder#chatModel chatModel} must be set.
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

    /** {@code claim-check}. */
    @Override
    public String method() {
        return GroundednessMethod.CLAIM_CHECK.id();
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
     * The most characters of one chunk of the sources.
     *
     * @return the chunk size, {@value #DEFAULT_CHUNK_SIZE} unless the builder set another
     */
    public int chunkSize() {
        return chunkSize;
    }

    @Override
    public GroundednessVerdict judge(String response, List<String> sources) {
        return judge(response, sources, null);
    }

    /**
     * {@inheritDoc}
     *
     * <p>The question follows the document in each call, between data tags, under a line that marks it as what the
     * user said and not a source, so that the user's own figures, names and dates are there when a sentence repeats
     * them.
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
        SourceChunks chunks = SourceChunks.of(checkedSources, splitter, chunkSize);
        ModelProvider provider = chat.chatModel().provider();
        String shownQuestion = question == null || question.isBlank() ? null : question.strip();
        DataTags tags = shownQuestion == null ? null : tags(chunks, sentences, shownQuestion);

        int chunkCount = chunks.size();
        List<Callable<JudgeReply<ClaimAnswer>>> calls = new ArrayList<>(claims.size() * chunkCount);
        for (int i : claims) {
            String sentence = sentences.get(i);
            String about =
                    "sentence " + (i + 1) + " of " + sentences.size() + " (\"" + JudgeInput.shorten(sentence) + "\")";
            for (SourceChunks.Chunk chunk : chunks.chunks()) {
                String subject = chunkCount == 1
                        ? about
                        : about + " against chunk " + (chunk.index() + 1) + " of " + chunkCount + " of the sources";
                String message = MiniCheckPrompt.userMessage(chunk.text(), sentence, shownQuestion, tags);
                calls.add(() -> chat.askWithResponse(
                        subject, MiniCheckPrompt.request(message, provider), ClaimReplies.parser()));
            }
        }
        List<JudgeReply<ClaimAnswer>> replies = pool.all(calls);

        ClaimEvidence evidence = new ClaimEvidence(chunks, SourceIndex.of(checkedSources, splitter::split));
        List<SentenceVerdict> verdicts = new ArrayList<>(sentences.size());
        for (int i = 0; i < sentences.size(); i++) {
            verdicts.add(Claims.noClaim(i, sentences.get(i)));
        }
        TokenUsage usage = new TokenUsage(0, 0, 0);
        boolean replayed = !replies.isEmpty();
        int retries = 0;
        for (int c = 0; c < claims.size(); c++) {
            int i = claims.get(c);
            List<ClaimAnswer> answers = new ArrayList<>(chunkCount);
            for (JudgeReply<ClaimAnswer> reply : replies.subList(c * chunkCount, (c + 1) * chunkCount)) {
                answers.add(reply.value());
                usage = usage.add(reply.tokenUsage());
                replayed &= reply.replayed();
                retries += reply.retries();
            }
            int deciding = ClaimEvidence.decidingChunk(answers);
            verdicts.set(
                    i,
                    new SentenceVerdict(
                            i,
                            sentences.get(i),
                            answers.get(deciding).score(),
                            evidence.of(sentences.get(i), answers, deciding),
                            "",
                            Double.NaN,
                            "",
                            name()));
        }
        return GroundednessVerdict.of(
                        verdicts, name(), usage, replayed, Duration.ofNanos(System.nanoTime() - started), retries)
                .withRecordedModel(JudgeReply.recordedModelOf(replies));
    }

    /**
     * The calls (one per sentence and chunk) and the prompt tokens (estimated, 4 characters a token) that judging the
     * sentences at the positions {@code which} accepts would take: what a cascade did not spend.
     */
    long[] cost(String response, List<String> sources, String question, IntPredicate which) {
        List<String> sentences = JudgeInput.sentences(response, splitter);
        SourceChunks chunks = SourceChunks.of(JudgeInput.sources(sources), splitter, chunkSize);
        ModelProvider provider = chat.chatModel().provider();
        String shownQuestion = question == null || question.isBlank() ? null : question.strip();
        DataTags tags = shownQuestion == null ? null : tags(chunks, sentences, shownQuestion);
        long calls = 0;
        long tokens = 0;
        for (int i : Claims.claimIndexes(sentences)) {
            if (!which.test(i)) {
                continue;
            }
            for (SourceChunks.Chunk chunk : chunks.chunks()) {
                String message = MiniCheckPrompt.userMessage(chunk.text(), sentences.get(i), shownQuestion, tags);
                calls++;
                tokens += RateLimitedChatModel.estimateTokens(MiniCheckPrompt.request(message, provider));
            }
        }
        return new long[] {calls, tokens};
    }

    /** Tags that no chunk, sentence or the question contains, so the question's end cannot be faked. */
    private static DataTags tags(SourceChunks chunks, List<String> sentences, String question) {
        List<String> texts = new ArrayList<>(chunks.size() + sentences.size() + 1);
        texts.add(question);
        chunks.chunks().forEach(chunk -> texts.add(chunk.text()));
        texts.addAll(sentences);
        return DataTags.forTexts(texts);
    }

    /** Stops the judge's threads. Calls after this fail. */
    @Override
    public void close() {
        pool.close();
    }

    /**
     * Builder with boxed fields: {@code null} means "not set", and the default applies when built. The settings are
     * those of every LLM judge ({@link LlmJudgeBuilder}), and the chunk size.
     */
    @API(status = EXPERIMENTAL, since = "0.1")
    public static final class Builder extends LlmJudgeBuilder<Builder> {

        private static final String NO_CHAT_MODEL = "chatModel must be set: pass the claim-checking model, for "
                + "example ClaimCheckGroundednessJudge.builder().chatModel(JudgeModels.chatModel(settings)).build() "
                + "with llmassert.judge.model=bespoke-minicheck";

        private Integer chunkSize;

        private Builder() {}

        /**
         * The most characters of one chunk of the sources, from {@value #MIN_CHUNK_SIZE} to
         * {@value #MAX_CHUNK_SIZE}; default {@value #DEFAULT_CHUNK_SIZE}. Raise it when the server gives the model a
         * longer context (MiniCheck itself reads up to 32,768 tokens: vLLM's {@code --max-model-len}, Ollama's
         * {@code num_ctx} or {@code OLLAMA_CONTEXT_LENGTH}): fewer chunks, fewer calls.
         *
         * @param chunkSize the most characters of one chunk
         * @return this builder
         * @throws IllegalArgumentException if {@code chunkSize} is out of that range
         */
        public Builder chunkSize(int chunkSize) {
            if (chunkSize < MIN_CHUNK_SIZE || chunkSize > MAX_CHUNK_SIZE) {
                throw new IllegalArgumentException(GroundednessMessages.chunkSizeOutOfRange(chunkSize));
            }
            this.chunkSize = chunkSize;
            return this;
        }

        /**
         * Builds the judge.
         *
         * @return the judge; the caller closes it
         * @throws IllegalArgumentException if no chat model is set, or structured output was asked for: MiniCheck
         *                                  answers one token, Yes or No
         */
        public ClaimCheckGroundednessJudge build() {
            if (Boolean.TRUE.equals(structuredOutput())) {
                throw new IllegalArgumentException(GroundednessMessages.structuredOutputForClaimCheck());
            }
            return new ClaimCheckGroundednessJudge(this);
        }

        private LlmJudgeSetup setup() {
            return LlmJudgeSetup.of(
                    chatModel(),
                    judgeName(),
                    maxRetries(),
                    retryBackoff(),
                    concurrency(),
                    Boolean.FALSE,
                    apiKeyEnv(),
                    NO_CHAT_MODEL);
        }
    }
}
