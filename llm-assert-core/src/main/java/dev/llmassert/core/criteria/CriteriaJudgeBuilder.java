package dev.llmassert.core.criteria;

import dev.llmassert.core.config.ConfigKeys;
import dev.llmassert.core.criteria.internal.PromptText;
import dev.llmassert.core.model.LlmJudgeBuilder;
import dev.llmassert.core.model.internal.JudgeSettingBounds;
import dev.llmassert.core.model.internal.LlmJudgeSetup;
import org.apiguardian.api.API;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

/**
 * The settings of {@link DirectJudge} and {@link PairwiseJudge}: those of every LLM judge ({@link LlmJudgeBuilder}:
 * the chat model, name, retries, concurrency and structured output) and those of the criteria judges (persona,
 * positional bias, self-consistency). Boxed fields: {@code null} means "not set", and the default applies when the
 * judge is built.
 *
 * @param <B> the concrete builder, returned by every setting
 */
@API(status = EXPERIMENTAL, since = "0.1")
public abstract class CriteriaJudgeBuilder<B extends CriteriaJudgeBuilder<B>> extends LlmJudgeBuilder<B> {

    /** The most samples {@link #selfConsistency(int)} takes. */
    public static final int MAX_SELF_CONSISTENCY = JudgeSettingBounds.MAX_SELF_CONSISTENCY;

    private String judgeDescription;
    private Boolean generateSyntheticPersona;
    private Boolean checkPositionalBias;
    private Integer selfConsistency;

    CriteriaJudgeBuilder() {}

    /**
     * Who the judge is (a persona), e.g. {@code "You are a senior support agent who ..."}; it opens the judge's
     * prompt. By default an impartial expert evaluator.
     *
     * @param judgeDescription the persona, in the second person; {@code null} or blank for the default
     * @return this builder
     */
    public B judgeDescription(String judgeDescription) {
        this.judgeDescription = PromptText.judgeDescription(judgeDescription);
        return self();
    }

    /**
     * Whether to let the judge model write a persona suited to each criteria first (IBM EvalAssist's synthetic
     * persona), and judge as that persona. One extra call per distinct criteria for the judge's lifetime. Cannot be
     * combined with {@link #judgeDescription(String)}. Default off.
     *
     * @param generate {@code true} to write a persona per criteria
     * @return this builder
     */
    public B generateSyntheticPersona(boolean generate) {
        this.generateSyntheticPersona = generate;
        return self();
    }

    /**
     * Whether to ask every question a second time with the order reversed (the options of a direct judgement, the
     * responses of a pairwise one) and flag the result when the choice changes. Doubles the calls. Default off.
     *
     * @param check {@code true} to ask twice
     * @return this builder
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
     *
     * @param n the samples, from 1 to {@value #MAX_SELF_CONSISTENCY}
     * @return this builder
     * @throws IllegalArgumentException when {@code n} is out of that range
     */
    public B selfConsistency(int n) {
        this.selfConsistency = JudgeSettingBounds.selfConsistency(n);
        return self();
    }

    /** The settings of every LLM judge, with their defaults; fails with {@code noChatModel} when none is set. */
    LlmJudgeSetup setup(String noChatModel) {
        return LlmJudgeSetup.of(
                chatModel(),
                judgeName(),
                maxRetries(),
                retryBackoff(),
                concurrency(),
                structuredOutput(),
                apiKeyEnv(),
                noChatModel);
    }

    /** The persona the user gave, or {@code null}. */
    String judgeDescriptionOrNull() {
        return judgeDescription;
    }

    boolean generatesSyntheticPersona() {
        return generateSyntheticPersona != null && generateSyntheticPersona;
    }

    boolean checksPositionalBias() {
        return checkPositionalBias != null && checkPositionalBias;
    }

    int samples() {
        return selfConsistency == null ? 1 : selfConsistency;
    }
}
