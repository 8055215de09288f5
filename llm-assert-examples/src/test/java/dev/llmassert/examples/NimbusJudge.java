package dev.llmassert.examples;

import dev.langchain4j.model.chat.ChatModel;
import dev.llmassert.core.ConfigKeys;
import dev.llmassert.core.model.JudgeModels;
import dev.llmassert.core.model.JudgeProvider;
import dev.llmassert.core.model.JudgeSettings;
import dev.llmassert.core.record.RecordingMode;
import dev.llmassert.core.record.Recordings;
import dev.llmassert.junit.LlmAssertExtension;
import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.ExtensionContext;

import java.nio.file.Path;

/**
 * The criteria examples' judge: OpenAI's gpt-4o-mini, with its replies recorded in
 * {@code src/test/resources/llm-recordings/<test class>.json} and replayed, so the examples run offline with no key.
 * Registered with {@code @RegisterExtension}, it hands the recorded model to {@link LlmAssertExtension}, which builds
 * the criteria judges on it.
 *
 * <p>The committed replies were written by hand (each entry says {@code "model": "hand-written-example"}), since no
 * model is reachable where this project is built. To record real ones, set {@code OPENAI_API_KEY} and run with
 * {@code -Dllmassert.recordings.mode=record}; {@code -Dllmassert.judge.base-url=...} points the judge at another
 * OpenAI-compatible server.
 */
final class NimbusJudge implements BeforeAllCallback {

    private final double temperature;

    /** @param temperature 0 for single judgements; above 0 for self-consistency samples, which must differ */
    NimbusJudge(double temperature) {
        this.temperature = temperature;
    }

    @Override
    public void beforeAll(ExtensionContext context) {
        String testClass = context.getRequiredTestClass().getName();
        LlmAssertExtension.useChatModel(context, recordedJudgeModel(testClass, temperature));
    }

    static ChatModel recordedJudgeModel(String testClass, double temperature) {
        JudgeSettings settings = JudgeSettings.builder()
                .provider(JudgeProvider.OPENAI)
                .model("gpt-4o-mini")
                .temperature(temperature)
                .baseUrl(System.getProperty(ConfigKeys.JUDGE_BASE_URL))
                .build();
        // Replaying needs no key; the placeholder only reaches a server when recording without one.
        ChatModel live = JudgeModels.chatModel(settings, name -> {
            String value = System.getenv(name);
            return value == null || value.isBlank() ? "not-set" : value;
        });
        // Replay unless told otherwise: the examples must never call a model by accident.
        RecordingMode mode = RecordingMode.parse(System.getProperty(ConfigKeys.RECORDINGS_MODE, "replay"));
        return Recordings.wrap(live, Recordings.fileFor(Path.of(Recordings.DEFAULT_DIR), testClass), mode,
                testClass);
    }
}
