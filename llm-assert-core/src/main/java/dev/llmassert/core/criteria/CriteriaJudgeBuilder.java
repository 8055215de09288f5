package dev.llmassert.core.criteria;

import dev.langchain4j.model.chat.ChatModel;
import dev.llmassert.core.ConfigKeys;
import dev.llmassert.core.criteria.internal.CriteriaMessages;
import dev.llmassert.core.model.JudgeSettings;
import org.apiguardian.api.API;

import java.time.Duration;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

/**
 * The settings that {@link DirectJudge} and {@link PairwiseJudge} share. Boxed fields: {@code null} means "not set",
 * and the default applies when the judge is built.
 *
 * @param <B> the concrete builder, returned by every setting
 */
@API(status = EXPERIMENTAL, since = "0.1")
public abstract class CriteriaJudgeBuilder<B extends CriteriaJudgeBuilder<B>> {

    /** The most samples {@link #selfConsistency(int)} takes. */
    public static final int MAX_SELF_CONSISTENCY = 25;

    ChatModel chatModel;
    String judgeName;
    Integer maxRetries;
    Duration retryBackoff;
    Integer concurrency;
    String judgeDescription;
    boolean generateSyntheticPersona;
    boolean checkPositionalBias;
    int selfConsistency = 1;
    Boolean structuredOutput;

    CriteriaJudgeBuilder() {
    }

    @SuppressWarnings("unchecked")
    private B self() {
        return (B) this;
    }

    /** The judge model. Required; see {@code JudgeModels.chatModel(settings)}. */
    public B chatModel(ChatModel chatModel) {
        this.chatModel = chatModel;
        return self();
    }

    /** The name results carry, as {@code provider:model}; by default taken from the model. */
    public B judgeName(String judgeName) {
        this.judgeName = judgeName;
        return self();
    }

    /** Retries of a transient failure (timeout, 429, 5xx), from 0 to 20; default 3. */
    public B maxRetries(int maxRetries) {
        if (maxRetries < 0 || maxRetries > 20) {
            throw new IllegalArgumentException("maxRetries must be between 0 and 20, but is: " + maxRetries
                    + " (" + ConfigKeys.JUDGE_MAX_RETRIES + ")");
        }
        this.maxRetries = maxRetries;
        return self();
    }

    /** The wait before the first retry, doubled for each further one; default 500 ms. */
    public B retryBackoff(Duration retryBackoff) {
        if (retryBackoff != null && retryBackoff.isNegative()) {
            throw new IllegalArgumentException("retryBackoff must not be negative, but is: " + retryBackoff);
        }
        this.retryBackoff = retryBackoff;
        return self();
    }

    /** Calls in flight at once, across every caller of the judge, from 1 to 256; default 8. */
    public B concurrency(int concurrency) {
        if (concurrency < 1 || concurrency > 256) {
            throw new IllegalArgumentException("concurrency must be between 1 and 256, but is: " + concurrency
                    + " (" + ConfigKeys.JUDGE_CONCURRENCY + ")");
        }
        this.concurrency = concurrency;
        return self();
    }

    /**
     * Who the judge is (a persona), e.g. {@code "You are a senior support agent who ..."}; it opens the judge's
     * prompt. By default an impartial expert evaluator.
     */
    public B judgeDescription(String judgeDescription) {
        this.judgeDescription = judgeDescription == null || judgeDescription.isBlank() ? null
                : judgeDescription.strip();
        return self();
    }

    /**
     * Whether to let the judge model write a persona suited to each criteria first (IBM EvalAssist's synthetic
     * persona), and judge as that persona. One extra call per distinct criteria for the judge's lifetime. Cannot be
     * combined with {@link #judgeDescription(String)}.
     */
    public B generateSyntheticPersona(boolean generate) {
        this.generateSyntheticPersona = generate;
        return self();
    }

    /**
     * Whether to ask every question a second time with the order reversed (the options of a direct judgement, the
     * responses of a pairwise one) and flag the result when the choice changes. Doubles the calls.
     */
    public B checkPositionalBias(boolean check) {
        this.checkPositionalBias = check;
        return self();
    }

    /**
     * Takes {@code n} samples of every judgement and keeps the majority vote, reporting the agreement
     * ({@link DirectResult#agreement()}, {@link PairwiseResult#agreement()}); a split vote never lets a check pass.
     * Samples differ only at a temperature above zero ({@value ConfigKeys#JUDGE_TEMPERATURE}): the n requests are
     * identical, and recordings replay their n replies in order. From 1 (the default, a single run) to
     * {@value #MAX_SELF_CONSISTENCY}; an odd n avoids ties.
     */
    public B selfConsistency(int n) {
        if (n < 1 || n > MAX_SELF_CONSISTENCY) {
            throw new IllegalArgumentException(CriteriaMessages.selfConsistencyOutOfRange(n, MAX_SELF_CONSISTENCY));
        }
        this.selfConsistency = n;
        return self();
    }

    /**
     * Whether to ask for JSON-schema structured output ({@code true}) or for JSON described in the prompt
     * ({@code false}). By default ({@code null}) structured output is used when the model declares support for it.
     */
    public B structuredOutput(Boolean structuredOutput) {
        this.structuredOutput = structuredOutput;
        return self();
    }

    /** Takes the judge name, concurrency and retries from {@code settings}; the chat model is set separately. */
    public B settings(JudgeSettings settings) {
        this.judgeName = settings.judgeName();
        this.concurrency = settings.concurrency();
        this.maxRetries = settings.maxRetries();
        return self();
    }
}
