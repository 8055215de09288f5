package dev.llmassert.core.config;

import org.apiguardian.api.API;

import java.util.List;
import java.util.Locale;
import java.util.Map;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;
import static org.apiguardian.api.API.Status.STABLE;

/**
 * The configuration keys of the public contract, in one place.
 *
 * <p>Each key can be given as a JUnit configuration parameter ({@code -D}, {@code junit-platform.properties})
 * or as an environment variable: the key upper-cased with {@code .} and {@code -} turned into {@code _},
 * for example {@code LLMASSERT_JUDGE_PROVIDER}. See {@link #environmentVariable(String)}.
 *
 * <p>{@link #supported()} lists every key this version reads, and {@link #reserved()} the keys of the design that it
 * does not read yet. A key under {@code llmassert.} in neither list is a typo, and the JUnit extension fails the run
 * on it, naming the nearest key of {@link #supported()}.
 */
@API(status = STABLE, since = "0.1")
public final class ConfigKeys {

    /** {@value}: {@code local} (default), {@code openai} or {@code ollama}. */
    public static final String JUDGE_PROVIDER = "llmassert.judge.provider";
    /** {@value}: the model name for the provider, default {@code gpt-4o-mini} (openai), {@code llama3.1} (ollama). */
    public static final String JUDGE_MODEL = "llmassert.judge.model";
    /**
     * {@value}: the endpoint of the provider, default {@code https://api.openai.com/v1} (openai),
     * {@code http://localhost:11434} (ollama).
     */
    public static final String JUDGE_BASE_URL = "llmassert.judge.base-url";
    /**
     * {@value}: the name of the environment variable that holds the key; keys are never read from files; default
     * {@code OPENAI_API_KEY}.
     */
    public static final String JUDGE_API_KEY_ENV = "llmassert.judge.api-key-env";
    /** {@value}: the judge's sampling temperature, default {@code 0}. */
    public static final String JUDGE_TEMPERATURE = "llmassert.judge.temperature";
    /** {@value}: judge calls in flight at once, default {@code 8}. */
    public static final String JUDGE_CONCURRENCY = "llmassert.judge.concurrency";
    /** {@value}: one call's timeout, ISO-8601 ({@code PT30S}) or short ({@code 30s}, {@code 500ms}, {@code 2m}). */
    public static final String JUDGE_TIMEOUT = "llmassert.judge.timeout";
    /**
     * {@value}: retries of a call on transient errors (connections refused, reset or closed with no reply, timeouts,
     * 429, 5xx), with jittered exponential backoff, never sooner than a {@code Retry-After}; default {@code 3}.
     */
    public static final String JUDGE_MAX_RETRIES = "llmassert.judge.max-retries";
    /**
     * {@value}: the most judge calls a minute to one endpoint and model, across every judge and test class of the
     * JVM, spread evenly (120 means one call every 0.5 s); default {@code unlimited}.
     */
    public static final String JUDGE_MAX_REQUESTS_PER_MINUTE = "llmassert.judge.max-requests-per-minute";
    /**
     * {@value}: the most tokens a minute to one endpoint and model, across the JVM; a call's tokens are estimated
     * from its prompt (4 characters a token) and corrected with the count the endpoint reports; default
     * {@code unlimited}.
     */
    public static final String JUDGE_MAX_TOKENS_PER_MINUTE = "llmassert.judge.max-tokens-per-minute";
    /** {@value}: the default minimum for {@code isGroundedIn}, default {@code 0.7}. */
    public static final String GROUNDEDNESS_MIN_SCORE = "llmassert.groundedness.min-score";
    /**
     * {@value}: how an LLM judge checks groundedness: {@code auto} (the default: the TruLens prompt, or
     * {@code claim-check} when the model's name says MiniCheck), {@code trulens} or {@code claim-check}.
     */
    public static final String GROUNDEDNESS_METHOD = "llmassert.groundedness.method";
    /**
     * {@value}: the path of a committed calibration record (from {@code target/llm-assert/calibrations/}); the bar it
     * fitted becomes the default minimum of a bare {@code isGroundedIn}, for the judge it was made with only (another
     * judge fails the run, naming both); default none.
     */
    public static final String GROUNDEDNESS_CALIBRATION = "llmassert.groundedness.calibration";
    /**
     * {@value}: the most characters of source text in one claim-check call; longer sources are cut between sentences
     * into chunks of at most this size, one call each; from 200 to 1,000,000, default {@code 4000}.
     */
    public static final String GROUNDEDNESS_CHUNK_SIZE = "llmassert.groundedness.chunk-size";
    /**
     * {@value}: {@code on} (the default) for the local judge to read the sources' meaning with its entailment model
     * beside the lexical evidence, {@code off} for the judge of earlier versions (faster, lexical and similarity
     * evidence only).
     */
    public static final String GROUNDEDNESS_LOCAL_ENTAILMENT = "llmassert.groundedness.local.entailment";
    /**
     * {@value}: {@code on} (the default) for the Spring Boot test wiring of {@code llm-assert-spring-ai} to record
     * and replay the application's Spring AI {@code ChatModel} beans in an {@code @LlmJudge} test, {@code off} to
     * leave them as they are.
     */
    public static final String SPRING_AI_RECORD = "llmassert.spring-ai.record";
    /**
     * {@value}: {@code on} for a cascade, in which the local judge decides the sentences it is sure of and the
     * configured provider's judge (TruLens prompt or claim-check) only the rest; needs a provider; default
     * {@code off}.
     */
    public static final String GROUNDEDNESS_CASCADE = "llmassert.groundedness.cascade";
    /**
     * {@value}: the local judge's confidence, from 0 to 1, from which its verdict on a sentence stands in the cascade;
     * below it the verdict is marked unsure, cascade or not; default the value fitted on the labelled sets
     * ({@code LocalGroundednessJudge.DEFAULT_MIN_CONFIDENCE}).
     */
    public static final String GROUNDEDNESS_CASCADE_MIN_CONFIDENCE = "llmassert.groundedness.cascade.min-confidence";
    /**
     * {@value}: {@code off}, {@code replay}, {@code record-missing} or {@code record}; default {@code replay} when
     * the environment variable {@code CI} is set, else {@code record-missing}.
     */
    public static final String RECORDINGS_MODE = "llmassert.recordings.mode";
    /** {@value}: where recordings live, default {@code src/test/resources/llm-recordings}. */
    public static final String RECORDINGS_DIR = "llmassert.recordings.dir";
    /** {@value}: remove unused recordings when recording, default {@code false}. */
    public static final String RECORDINGS_PRUNE = "llmassert.recordings.prune";

    /** {@value}: SUT calls in flight at once in an evaluation, default {@code 8}. */
    public static final String EVAL_CONCURRENCY = "llmassert.eval.concurrency";
    /** {@value}: SUT samples per prompt, default {@code 1}. */
    public static final String EVAL_REPEATS = "llmassert.eval.repeats";
    /** {@value}: a deterministic sample of this many items, for quick runs; default all. */
    public static final String EVAL_MAX_ITEMS = "llmassert.eval.max-items";
    /** {@value}: {@code i/n}, run only shard i (1 to n) of n, dealt by a stable hash of the item ids; default all. */
    public static final String EVAL_SHARD = "llmassert.eval.shard";
    /** {@value}: the confidence level of the intervals, default {@code 0.95}. */
    public static final String EVAL_CONFIDENCE = "llmassert.eval.confidence";
    /** {@value}: the share of items that may fail (SUT call or annotator) before a gate fails, default {@code 0}. */
    public static final String EVAL_MAX_ERROR_RATE = "llmassert.eval.max-error-rate";

    /** {@value}: the mutation check's seed: the same seed gives the same mutants; default {@code 1}. */
    public static final String MUTATION_SEED = "llmassert.mutation.seed";
    /**
     * {@value}: the operators of the mutation check, a comma list ({@code number}, {@code swap}, {@code entity},
     * {@code negation}, {@code antonym}, {@code condition}, {@code invented}, {@code tool-result}); default all.
     */
    public static final String MUTATION_OPERATORS = "llmassert.mutation.operators";
    /** {@value}: the most mutants of one recorded answer or tool result; default {@code 5}. */
    public static final String MUTATION_MAX_PER_ANSWER = "llmassert.mutation.max-per-answer";
    /**
     * {@value}: the test classes the mutation check runs, a comma list of names or patterns with {@code *}
     * ({@code com.example.*Test}); default every class of the test class path.
     */
    public static final String MUTATION_CLASSES = "llmassert.mutation.classes";
    /** {@value}: mutants run at once, each its own launch of the JUnit Platform; default the processors. */
    public static final String MUTATION_CONCURRENCY = "llmassert.mutation.concurrency";

    /** {@value}: the runs of an {@code @LlmJudge.Repeat} test that sets no {@code times}; default {@code 10}. */
    public static final String REPEAT_TIMES = "llmassert.repeat.times";
    /**
     * {@value}: the share of runs of an {@code @LlmJudge.Repeat} test that must pass, when it sets no
     * {@code minPassRate}; default {@code 1.0}.
     */
    public static final String REPEAT_MIN_PASS_RATE = "llmassert.repeat.min-pass-rate";
    /**
     * {@value}: what a repeated test's minimum pass rate is held to: {@code rate} (the share of runs that passed,
     * the default) or {@code lower-bound} (the lower bound of its Wilson interval at
     * {@code llmassert.eval.confidence}).
     */
    public static final String REPEAT_GATE = "llmassert.repeat.gate";

    /**
     * {@value}: what llm-assert prints to the console, whatever the logging setup: {@code verdicts} (a line per
     * check, each evaluation's table, then the run's summary; the default), {@code failures} (the lines of failed
     * checks, then the summary), {@code summary} (the summary only) or {@code off}.
     */
    public static final String CONSOLE = "llmassert.console";

    /** {@value}: where the run report and the evaluation records go, default {@code target/llm-assert}. */
    public static final String REPORT_DIR = "llmassert.report.dir";
    /** {@value}: write the run report and print its summary, default {@code true}. */
    public static final String REPORT_ENABLED = "llmassert.report.enabled";
    /** {@value}: a classpath resource or file with prices per model, per million tokens in and out. */
    public static final String REPORT_PRICES = "llmassert.report.prices";

    private static final List<String> SUPPORTED = List.of(
            JUDGE_PROVIDER,
            JUDGE_MODEL,
            JUDGE_BASE_URL,
            JUDGE_API_KEY_ENV,
            JUDGE_TEMPERATURE,
            JUDGE_CONCURRENCY,
            JUDGE_TIMEOUT,
            JUDGE_MAX_RETRIES,
            JUDGE_MAX_REQUESTS_PER_MINUTE,
            JUDGE_MAX_TOKENS_PER_MINUTE,
            GROUNDEDNESS_MIN_SCORE,
            GROUNDEDNESS_METHOD,
            GROUNDEDNESS_CALIBRATION,
            GROUNDEDNESS_CHUNK_SIZE,
            GROUNDEDNESS_LOCAL_ENTAILMENT,
            GROUNDEDNESS_CASCADE,
            GROUNDEDNESS_CASCADE_MIN_CONFIDENCE,
            RECORDINGS_MODE,
            RECORDINGS_DIR,
            RECORDINGS_PRUNE,
            EVAL_CONCURRENCY,
            EVAL_REPEATS,
            EVAL_MAX_ITEMS,
            EVAL_SHARD,
            EVAL_CONFIDENCE,
            EVAL_MAX_ERROR_RATE,
            MUTATION_SEED,
            MUTATION_OPERATORS,
            MUTATION_MAX_PER_ANSWER,
            MUTATION_CLASSES,
            MUTATION_CONCURRENCY,
            REPEAT_TIMES,
            REPEAT_MIN_PASS_RATE,
            REPEAT_GATE,
            SPRING_AI_RECORD,
            CONSOLE,
            REPORT_ENABLED,
            REPORT_DIR,
            REPORT_PRICES);

    /**
     * Keys of the design that this version does not read yet, with what they will do: setting one fails rather than
     * pass for a setting that works. None in this version: it reads every key of the design.
     */
    private static final Map<String, String> RESERVED = Map.of();

    private ConfigKeys() {}

    /**
     * Every key this version reads, in the order of the README's configuration table.
     *
     * @return the keys, unmodifiable
     */
    @API(status = EXPERIMENTAL, since = "0.1")
    public static List<String> supported() {
        return SUPPORTED;
    }

    /**
     * The keys of the design that this version does not read yet, each with what it is meant to do. Setting one
     * fails the run, saying so, instead of being silently ignored. Empty in this version, which reads every key of
     * the design.
     *
     * @return each reserved key with what it will do, unmodifiable
     */
    @API(status = EXPERIMENTAL, since = "0.1")
    public static Map<String, String> reserved() {
        return RESERVED;
    }

    /**
     * The environment variable that carries {@code key}: {@code llmassert.judge.base-url} →
     * {@code LLMASSERT_JUDGE_BASE_URL}.
     *
     * @param key a configuration key
     * @return the key in upper case, with {@code _} for each {@code .} and {@code -}
     */
    public static String environmentVariable(String key) {
        return key.toUpperCase(Locale.ROOT).replace('.', '_').replace('-', '_');
    }
}
