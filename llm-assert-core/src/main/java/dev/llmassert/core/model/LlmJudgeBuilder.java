package dev.llmassert.core.model;

import dev.langchain4j.model.chat.ChatModel;
import dev.llmassert.core.model.internal.JudgeSettingBounds;
import org.apiguardian.api.API;

import java.time.Duration;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

/**
 * The settings every judge that asks a judge model shares: {@code LlmGroundednessJudge.Builder},
 * {@code DirectJudge.Builder} and {@code PairwiseJudge.Builder} take them from here. Build a judge through its own
 * {@code builder()}; this class is not meant to be named in user code.
 *
 * <p>The fields are boxed: {@code null} means "not set", and the default applies when the judge is built. A value
 * out of range fails at once, with the same message in every builder.
 *
 * @param <B> the concrete builder, returned by every setting
 */
@API(status = EXPERIMENTAL, since = "0.1")
public abstract class LlmJudgeBuilder<B extends LlmJudgeBuilder<B>> {

    private ChatModel chatModel;
    private String judgeName;
    private Integer maxRetries;
    private Duration retryBackoff;
    private Integer concurrency;
    private Boolean structuredOutput;
    private String apiKeyEnv;

    /** A builder with nothing set; for the judges' own builders only. */
    protected LlmJudgeBuilder() {}

    /**
     * This builder, as the concrete type its settings return.
     *
     * @return this builder
     */
    @SuppressWarnings("unchecked")
    protected final B self() {
        return (B) this;
    }

    /**
     * The judge model. Required; see {@link JudgeModels#chatModel(JudgeSettings)}.
     *
     * @param chatModel the model; wrap it in the recordings so that the judge's calls replay
     * @return this builder
     */
    public B chatModel(ChatModel chatModel) {
        this.chatModel = chatModel;
        return self();
    }

    /**
     * The name verdicts and results carry, as {@code provider:model}; by default taken from the model.
     *
     * @param judgeName e.g. {@code openai:gpt-4o-mini}; {@code null} to take it from the model
     * @return this builder
     */
    public B judgeName(String judgeName) {
        this.judgeName = judgeName;
        return self();
    }

    /**
     * Retries of a transient failure (timeout, 429, 5xx), from 0 to 20; default 3.
     *
     * @param maxRetries from 0 to 20
     * @return this builder
     * @throws IllegalArgumentException naming the key {@code llmassert.judge.max-retries}, when out of that range
     */
    public B maxRetries(int maxRetries) {
        this.maxRetries = JudgeSettingBounds.maxRetries(maxRetries);
        return self();
    }

    /**
     * The wait before the first retry, doubled for each further one; default 500 ms.
     *
     * @param retryBackoff zero or more; {@code null} for the default
     * @return this builder
     * @throws IllegalArgumentException when it is negative
     */
    public B retryBackoff(Duration retryBackoff) {
        this.retryBackoff = JudgeSettingBounds.retryBackoff(retryBackoff);
        return self();
    }

    /**
     * Calls in flight at once, across every caller of the judge, from 1 to 256; default 8.
     *
     * @param concurrency from 1 to 256
     * @return this builder
     * @throws IllegalArgumentException naming the key {@code llmassert.judge.concurrency}, when out of that range
     */
    public B concurrency(int concurrency) {
        this.concurrency = JudgeSettingBounds.concurrency(concurrency);
        return self();
    }

    /**
     * Whether to ask for JSON-schema structured output ({@code true}) or for the reply format described in the
     * prompt ({@code false}). By default ({@code null}) structured output is used when the model declares support
     * for it.
     *
     * @param structuredOutput {@code true}, {@code false}, or {@code null} to decide from the model
     * @return this builder
     */
    public B structuredOutput(Boolean structuredOutput) {
        this.structuredOutput = structuredOutput;
        return self();
    }

    /**
     * Takes the judge name, concurrency and retries from {@code settings}, and the key variable whose value is masked
     * in every message; the chat model is set separately.
     *
     * @param settings the judge's settings, e.g. {@link JudgeSettings#from}
     * @return this builder
     */
    public B settings(JudgeSettings settings) {
        this.judgeName = settings.judgeName();
        this.concurrency = settings.concurrency();
        this.maxRetries = settings.maxRetries();
        this.apiKeyEnv = settings.apiKeyEnv();
        return self();
    }

    /**
     * The judge model, or {@code null} when not set.
     *
     * @return the model set with {@link #chatModel(ChatModel)}
     */
    protected final ChatModel chatModel() {
        return chatModel;
    }

    /**
     * The judge's name, or {@code null} to take it from the model.
     *
     * @return the name set, or {@code null}
     */
    protected final String judgeName() {
        return judgeName;
    }

    /**
     * The retries of a transient failure, or {@code null} when not set.
     *
     * @return the retries set, or {@code null}
     */
    protected final Integer maxRetries() {
        return maxRetries;
    }

    /**
     * The wait before the first retry, or {@code null} when not set.
     *
     * @return the backoff set, or {@code null}
     */
    protected final Duration retryBackoff() {
        return retryBackoff;
    }

    /**
     * The calls in flight at once, or {@code null} when not set.
     *
     * @return the concurrency set, or {@code null}
     */
    protected final Integer concurrency() {
        return concurrency;
    }

    /**
     * Whether to ask for structured output, or {@code null} to decide from the model.
     *
     * @return the choice set, or {@code null}
     */
    protected final Boolean structuredOutput() {
        return structuredOutput;
    }

    /**
     * The environment variable holding the judge's key (from {@link #settings}), whose value is masked in messages,
     * or {@code null} for the default.
     *
     * @return the variable's name, or {@code null}
     */
    protected final String apiKeyEnv() {
        return apiKeyEnv;
    }
}
