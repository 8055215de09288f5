package dev.llmassert.core.groundedness;

import dev.langchain4j.model.chat.ChatModel;
import dev.llmassert.core.config.ConfigKeys;
import dev.llmassert.core.model.JudgeModels;
import dev.llmassert.core.model.JudgeProvider;
import dev.llmassert.core.model.JudgeSettings;
import org.apiguardian.api.API;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;
import static org.apiguardian.api.API.Status.INTERNAL;

/** Builds judges from settings: the one entry point for runners such as the JUnit extension. */
@API(status = EXPERIMENTAL, since = "0.1")
public final class Judges {

    private static final Logger LOG = LoggerFactory.getLogger(Judges.class);

    private Judges() {}

    /**
     * The groundedness judge the settings describe: the local judge by default, else an LLM judge that asks the
     * settings' model, by the method its name suggests ({@link GroundednessMethod#AUTO}).
     *
     * @param settings the judge's settings
     * @return the judge; the caller closes it
     * @throws IllegalArgumentException if the settings' {@code api-key-env} is not a variable name
     * @throws IllegalStateException    if the settings' provider needs a key whose variable is not set, or its
     *                                  client is not on the class path ({@link JudgeModels#chatModel(JudgeSettings)})
     */
    public static GroundednessJudge groundedness(JudgeSettings settings) {
        return groundedness(settings, GroundednessMethod.AUTO);
    }

    /**
     * The groundedness judge the settings describe, checking by {@code method}: the local judge under the local
     * provider, else a judge that asks the settings' model.
     *
     * @param settings the judge's settings
     * @param method   how to check; under the local provider only {@link GroundednessMethod#AUTO}
     * @return the judge; the caller closes it
     * @throws IllegalArgumentException if {@code method} needs a judge model and the provider is local, or the
     *                                  settings' {@code api-key-env} is not a variable name
     * @throws IllegalStateException    if the settings' provider needs a key whose variable is not set, or its
     *                                  client is not on the class path ({@link JudgeModels#chatModel(JudgeSettings)})
     */
    public static GroundednessJudge groundedness(JudgeSettings settings, GroundednessMethod method) {
        if (settings.provider() == JudgeProvider.LOCAL) {
            if (method != GroundednessMethod.AUTO) {
                throw new IllegalArgumentException(needsJudgeModel(method));
            }
            return LocalGroundednessJudge.create();
        }
        return groundedness(settings, method, JudgeModels.chatModel(settings));
    }

    /**
     * An LLM groundedness judge that asks {@code chatModel} (for instance a recording wrapper of it). Under the local
     * provider the settings do not describe {@code chatModel}, so the judge takes its name from the model instead of
     * claiming to be the local judge. The method is {@link GroundednessMethod#AUTO}'s: claim-check when the model's
     * name (the settings' model; under the local provider, the one {@code chatModel} gives) says MiniCheck, else
     * TruLens.
     *
     * @param settings  the judge's settings: its retries, concurrency, key variable and (but for the local
     *                  provider) name
     * @param chatModel the model the judge asks, not {@code null}
     * @return the LLM judge; the caller closes it
     */
    public static GroundednessJudge groundedness(JudgeSettings settings, ChatModel chatModel) {
        return groundedness(settings, GroundednessMethod.AUTO, chatModel);
    }

    /**
     * As {@link #groundedness(JudgeSettings, ChatModel)}, checking by {@code method}: {@link GroundednessMethod#AUTO}
     * chooses the claim-check judge when the model's name says MiniCheck, and logs that it did (INFO). A claim-check
     * judge cuts the sources into chunks of {@value ClaimCheckGroundednessJudge#DEFAULT_CHUNK_SIZE} characters.
     *
     * @param settings  the judge's settings: its retries, concurrency, key variable and (but for the local
     *                  provider) name
     * @param method    how to check
     * @param chatModel the model the judge asks, not {@code null}
     * @return the LLM judge; the caller closes it
     */
    public static GroundednessJudge groundedness(
            JudgeSettings settings, GroundednessMethod method, ChatModel chatModel) {
        return groundedness(settings, method, ClaimCheckGroundednessJudge.DEFAULT_CHUNK_SIZE, chatModel);
    }

    /**
     * As {@link #groundedness(JudgeSettings, GroundednessMethod, ChatModel)}, a claim-check judge cutting the sources
     * into chunks of at most {@code chunkSize} characters ({@code llmassert.groundedness.chunk-size}); the TruLens
     * judge sends the sources whole and ignores it.
     *
     * @param settings  the judge's settings: its retries, concurrency, key variable and (but for the local
     *                  provider) name
     * @param method    how to check
     * @param chunkSize the most characters of one chunk of the sources, for a claim-check judge
     * @param chatModel the model the judge asks, not {@code null}
     * @return the LLM judge; the caller closes it
     * @throws IllegalArgumentException if the judge checks claims and {@code chunkSize} is out of its range
     */
    public static GroundednessJudge groundedness(
            JudgeSettings settings, GroundednessMethod method, int chunkSize, ChatModel chatModel) {
        boolean local = settings.provider() == JudgeProvider.LOCAL;
        String model = local ? modelName(chatModel) : settings.model();
        GroundednessMethod chosen = method.forModel(model);
        if (method == GroundednessMethod.AUTO && chosen == GroundednessMethod.CLAIM_CHECK) {
            LOG.info(claimCheckChosen(model));
        }
        String judgeName = local ? null : settings.judgeName();
        if (chosen == GroundednessMethod.CLAIM_CHECK) {
            return ClaimCheckGroundednessJudge.builder()
                    .chatModel(chatModel)
                    .settings(settings)
                    .judgeName(judgeName)
                    .chunkSize(chunkSize)
                    .build();
        }
        return LlmGroundednessJudge.builder()
                .chatModel(chatModel)
                .settings(settings)
                .judgeName(judgeName)
                .build();
    }

    /**
     * A cascade: {@code local} decides the sentences it is sure of, and {@code judge} only the rest, by its own method
     * (the TruLens prompt or claim-check). A sentence stays local when the local judge gives its verdict a confidence
     * and is not unsure of it: for {@link LocalGroundednessJudge}, a confidence of at least its
     * {@linkplain LocalGroundednessJudge#minConfidence() minimum} (set it with
     * {@link LocalGroundednessJudge.Builder#minConfidence(double)}). Closing the cascade closes both judges.
     *
     * @param local the judge that decides first, usually {@link LocalGroundednessJudge#create()}
     * @param judge the judge that decides the sentences {@code local} is unsure of, usually an LLM judge
     * @return the cascade, named after {@code judge}
     * @throws IllegalArgumentException if {@code judge} is a local judge, or both are the same judge
     */
    @API(status = EXPERIMENTAL, since = "0.1")
    public static CascadeGroundednessJudge cascade(GroundednessJudge local, GroundednessJudge judge) {
        if (local == null || judge == null) {
            throw new IllegalArgumentException("cascade needs two judges, but was given "
                    + (local == null ? "no local" + " judge" : "no judge to send on to")
                    + ": pass the local judge, then an LLM judge");
        }
        if (judge instanceof LocalGroundednessJudge) {
            throw new IllegalArgumentException(GroundednessMessages.cascadeBehindLocal(judge.name()));
        }
        return new CascadeGroundednessJudge(local, judge);
    }

    /**
     * The error when {@code llmassert.groundedness.cascade=on} and the provider is local: for the JUnit module.
     *
     * @return the message, with its fix
     */
    @API(status = INTERNAL, since = "0.1")
    public static String cascadeNeedsProvider() {
        return GroundednessMessages.cascadeNeedsProvider();
    }

    /**
     * The log line when {@code auto} chooses the claim-check judge for {@code model}: for the JUnit module, which
     * logs it once for the run.
     *
     * @param model the judge model's name
     * @return the log line
     */
    @API(status = INTERNAL, since = "0.1")
    public static String claimCheckChosen(String model) {
        return "The judge model " + model + " is a MiniCheck fact-checking model, so groundedness is checked by "
                + "claim-check (" + ConfigKeys.GROUNDEDNESS_METHOD + "=auto): one Document/Claim call per sentence, "
                + "answered Yes or No. Set " + ConfigKeys.GROUNDEDNESS_METHOD + "=trulens to ask it the TruLens "
                + "prompt instead.";
    }

    /**
     * The error when {@code method} needs a judge model and the provider is local: for the JUnit module.
     *
     * @param method the method that needs a judge model
     * @return the message, with the fix
     */
    @API(status = INTERNAL, since = "0.1")
    public static String needsJudgeModel(GroundednessMethod method) {
        return GroundednessMessages.needsJudgeModel(method);
    }

    private static String modelName(ChatModel chatModel) {
        return chatModel.defaultRequestParameters() == null
                ? null
                : chatModel.defaultRequestParameters().modelName();
    }
}
