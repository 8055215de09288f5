package dev.llmassert.core;

import dev.langchain4j.model.chat.ChatModel;
import dev.llmassert.core.groundedness.GroundednessJudge;
import dev.llmassert.core.groundedness.LlmGroundednessJudge;
import dev.llmassert.core.groundedness.LocalGroundednessJudge;
import dev.llmassert.core.model.JudgeModels;
import dev.llmassert.core.model.JudgeProvider;
import dev.llmassert.core.model.JudgeSettings;
import org.apiguardian.api.API;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

/** Builds judges from settings: the one entry point for runners such as the JUnit extension. */
@API(status = EXPERIMENTAL, since = "0.1")
public final class Judges {

    private Judges() {
    }

    /** The groundedness judge the settings describe: the local judge by default, else an LLM judge. */
    public static GroundednessJudge groundedness(JudgeSettings settings) {
        if (settings.provider() == JudgeProvider.LOCAL) {
            return LocalGroundednessJudge.create();
        }
        return groundedness(settings, JudgeModels.chatModel(settings));
    }

    /**
     * An LLM groundedness judge that asks {@code chatModel} (for instance a recording wrapper of it). Under the local
     * provider the settings do not describe {@code chatModel}, so the judge takes its name from the model instead of
     * claiming to be the local judge.
     */
    public static GroundednessJudge groundedness(JudgeSettings settings, ChatModel chatModel) {
        return LlmGroundednessJudge.builder()
                .chatModel(chatModel)
                .settings(settings)
                .judgeName(settings.provider() == JudgeProvider.LOCAL ? null : settings.judgeName())
                .build();
    }
}
