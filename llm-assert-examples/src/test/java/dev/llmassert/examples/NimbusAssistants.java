package dev.llmassert.examples;

import dev.langchain4j.model.chat.ChatModel;
import dev.langchain4j.model.openai.OpenAiChatModel;
import dev.llmassert.core.config.ConfigKeys;
import dev.llmassert.core.record.RecordingMode;
import dev.llmassert.core.record.Recordings;

import java.nio.file.Path;

/**
 * The support assistant as the example tests use it: its own model is an OpenAI model whose replies are recorded in
 * {@value #APP_RECORDINGS}, so the tests replay them offline, with no key.
 *
 * <p>The committed replies were written by hand (each entry says {@code "model": "hand-written-example"}), since no
 * model is reachable where this project is built. To record real ones, set {@code OPENAI_API_KEY} and run the
 * examples with {@code -Dllmassert.recordings.mode=record}.
 */
final class NimbusAssistants {

    static final String APP_RECORDINGS = "src/test/resources/llm-recordings/app/nimbus-support-assistant.json";

    /** The system property that gives the application model's base URL; OpenAI's when it is not set. */
    static final String BASE_URL_PROPERTY = "nimbus.assistant.base-url";

    private NimbusAssistants() {}

    /** The assistant over its recorded model; the mode follows {@code llmassert.recordings.mode} and {@code CI}. */
    static SupportAssistant recorded() {
        return new SupportAssistant(recordedModel(applicationModel()), ProductManual.nimbusR2());
    }

    /**
     * The application's own model: what production would use. {@code -Dnimbus.assistant.base-url=...} points it at
     * another OpenAI-compatible server; {@link RecordSupportEvaluation} points it at a loopback server that serves
     * hand-written replies.
     */
    static ChatModel applicationModel() {
        String key = System.getenv("OPENAI_API_KEY");
        return OpenAiChatModel.builder()
                .baseUrl(System.getProperty(BASE_URL_PROPERTY))
                .apiKey(key == null || key.isBlank() ? "not-set" : key)
                .modelName("gpt-4o-mini")
                .temperature(0.0)
                .maxRetries(0)
                .build();
    }

    static ChatModel recordedModel(ChatModel live) {
        RecordingMode mode = RecordingMode.resolve(System.getProperty(ConfigKeys.RECORDINGS_MODE), System::getenv);
        return Recordings.wrap(live, Path.of(APP_RECORDINGS), mode, "Nimbus support assistant");
    }
}
