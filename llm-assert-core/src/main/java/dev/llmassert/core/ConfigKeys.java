package dev.llmassert.core;

import org.apiguardian.api.API;

import static org.apiguardian.api.API.Status.STABLE;

/**
 * The configuration keys of the public contract, in one place.
 *
 * <p>Each key can be given as a JUnit configuration parameter ({@code -D}, {@code junit-platform.properties})
 * or as an environment variable: the key upper-cased with {@code .} and {@code -} turned into {@code _},
 * for example {@code LLMASSERT_JUDGE_PROVIDER}. See {@link #environmentVariable(String)}.
 */
@API(status = STABLE, since = "0.1")
public final class ConfigKeys {

    /** {@value}: {@code local} (default), {@code openai} or {@code ollama}. */
    public static final String JUDGE_PROVIDER = "llmassert.judge.provider";
    /** {@value}: the model name for the provider. */
    public static final String JUDGE_MODEL = "llmassert.judge.model";
    /** {@value}: the endpoint of the provider. */
    public static final String JUDGE_BASE_URL = "llmassert.judge.base-url";
    /** {@value}: the name of the environment variable that holds the key; keys are never read from files. */
    public static final String JUDGE_API_KEY_ENV = "llmassert.judge.api-key-env";
    /** {@value}: the judge's sampling temperature, default {@code 0}. */
    public static final String JUDGE_TEMPERATURE = "llmassert.judge.temperature";
    /** {@value}: judge calls in flight at once, default {@code 8}. */
    public static final String JUDGE_CONCURRENCY = "llmassert.judge.concurrency";
    /** {@value}: one call's timeout, ISO-8601 ({@code PT30S}) or short ({@code 30s}, {@code 500ms}, {@code 2m}). */
    public static final String JUDGE_TIMEOUT = "llmassert.judge.timeout";
    /** {@value}: retries on transient errors (timeouts, 429, 5xx), with backoff; default {@code 3}. */
    public static final String JUDGE_MAX_RETRIES = "llmassert.judge.max-retries";
    /** {@value}: the default minimum for {@code isGroundedIn}. */
    public static final String GROUNDEDNESS_MIN_SCORE = "llmassert.groundedness.min-score";
    /** {@value}: {@code off}, {@code replay}, {@code record-missing} or {@code record}. */
    public static final String RECORDINGS_MODE = "llmassert.recordings.mode";
    /** {@value}: where recordings live, default {@code src/test/resources/llm-recordings}. */
    public static final String RECORDINGS_DIR = "llmassert.recordings.dir";
    /** {@value}: remove unused recordings when recording, default {@code false}. */
    public static final String RECORDINGS_PRUNE = "llmassert.recordings.prune";

    private ConfigKeys() {
    }

    /** The environment variable that carries {@code key}: {@code llmassert.judge.base-url} → {@code LLMASSERT_JUDGE_BASE_URL}. */
    public static String environmentVariable(String key) {
        return key.toUpperCase(java.util.Locale.ROOT).replace('.', '_').replace('-', '_');
    }
}
