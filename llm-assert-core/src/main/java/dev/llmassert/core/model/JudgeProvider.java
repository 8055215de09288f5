package dev.llmassert.core.model;

import dev.llmassert.core.config.ConfigKeys;
import dev.llmassert.core.config.EnumSetting;
import org.apiguardian.api.API;

import static org.apiguardian.api.API.Status.STABLE;

/** Where the judge runs. */
@API(status = STABLE, since = "0.1")
public enum JudgeProvider {

    /** The embedded judge: no model, no key, no network. The default. */
    LOCAL("local", "all-minilm-l6-v2-q", null),
    /** Any OpenAI-compatible chat-completions server: OpenAI, Azure, vLLM, llama.cpp, LM Studio. */
    OPENAI("openai", "gpt-4o-mini", "https://api.openai.com/v1"),
    /** An Ollama server. */
    OLLAMA("ollama", "llama3.1", "http://localhost:11434");

    private final String id;
    private final String defaultModel;
    private final String defaultBaseUrl;

    JudgeProvider(String id, String defaultModel, String defaultBaseUrl) {
        this.id = id;
        this.defaultModel = defaultModel;
        this.defaultBaseUrl = defaultBaseUrl;
    }

    /**
     * The name used in configuration and in judge names, e.g. {@code openai}.
     *
     * @return the provider's id
     */
    public String id() {
        return id;
    }

    /**
     * The model judged with when {@code llmassert.judge.model} is not set.
     *
     * @return e.g. {@code gpt-4o-mini}; for {@link #LOCAL}, the embedded model's name
     */
    public String defaultModel() {
        return defaultModel;
    }

    /**
     * The provider's usual endpoint, or {@code null} for {@link #LOCAL}.
     *
     * @return the base URL used when {@code llmassert.judge.base-url} is not set
     */
    public String defaultBaseUrl() {
        return defaultBaseUrl;
    }

    /**
     * Parses a configured provider name, ignoring case and surrounding blanks. A name that is not one of ours fails:
     * a typo never falls back to another provider.
     *
     * @param value the configured name, e.g. {@code OpenAI}
     * @return the provider
     * @throws dev.llmassert.core.config.InvalidSettingException naming the value and the providers there are, for
     *                                                          any other name, blank included
     */
    public static JudgeProvider parse(String value) {
        return EnumSetting.parse(ConfigKeys.JUDGE_PROVIDER, value, JudgeProvider.class, JudgeProvider::id, null);
    }

    static String allowedValues() {
        return EnumSetting.ids(JudgeProvider.class, JudgeProvider::id);
    }
}
