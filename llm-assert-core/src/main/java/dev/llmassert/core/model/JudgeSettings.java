package dev.llmassert.core.model;

import dev.llmassert.core.config.ConfigKeys;
import dev.llmassert.core.config.InvalidSettingException;
import dev.llmassert.core.model.internal.JudgeSettingBounds;
import org.apiguardian.api.API;

import java.time.Duration;
import java.time.format.DateTimeParseException;
import java.util.Locale;
import java.util.Objects;
import java.util.OptionalInt;
import java.util.function.Function;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.apiguardian.api.API.Status.STABLE;

/**
 * How to reach the judge model. Immutable; equal settings build equal judges, so a judge can be cached per settings.
 *
 * <p>The API key itself is never held here: only the name of the environment variable that carries it.
 */
@API(status = STABLE, since = "0.1")
public final class JudgeSettings {

    /** The judge calls in flight at once when {@value ConfigKeys#JUDGE_CONCURRENCY} is not set. */
    public static final int DEFAULT_CONCURRENCY = 8;
    /** One call's timeout when {@value ConfigKeys#JUDGE_TIMEOUT} is not set: 60 seconds. */
    public static final Duration DEFAULT_TIMEOUT = Duration.ofSeconds(60);
    /** The retries of a call on transient errors when {@value ConfigKeys#JUDGE_MAX_RETRIES} is not set. */
    public static final int DEFAULT_MAX_RETRIES = 3;
    /** The variable that holds the key when {@value ConfigKeys#JUDGE_API_KEY_ENV} is not set. */
    public static final String DEFAULT_API_KEY_ENV = "OPENAI_API_KEY";

    private static final Pattern SHORT_DURATION = Pattern.compile("(\\d+)\\s*(ms|s|m|h)");
    private static final Pattern VARIABLE_NAME = Pattern.compile("[A-Za-z_][A-Za-z0-9_]*");

    private final JudgeProvider provider;
    private final String model;
    private final String baseUrl;
    private final String apiKeyEnv;
    private final double temperature;
    private final int concurrency;
    private final Duration timeout;
    private final int maxRetries;
    private final Integer maxRequestsPerMinute;
    private final Integer maxTokensPerMinute;

    private JudgeSettings(Builder builder) {
        this.provider = builder.provider == null ? JudgeProvider.LOCAL : builder.provider;
        this.model = blankToNull(builder.model) == null ? provider.defaultModel() : builder.model.trim();
        this.baseUrl = blankToNull(builder.baseUrl) == null ? provider.defaultBaseUrl() : builder.baseUrl.trim();
        this.apiKeyEnv = blankToNull(builder.apiKeyEnv) == null ? DEFAULT_API_KEY_ENV : builder.apiKeyEnv.trim();
        this.temperature = builder.temperature == null ? 0.0 : builder.temperature;
        this.concurrency = builder.concurrency == null ? DEFAULT_CONCURRENCY : builder.concurrency;
        this.timeout = builder.timeout == null ? DEFAULT_TIMEOUT : builder.timeout;
        this.maxRetries = builder.maxRetries == null ? DEFAULT_MAX_RETRIES : builder.maxRetries;
        this.maxRequestsPerMinute = builder.maxRequestsPerMinute;
        this.maxTokensPerMinute = builder.maxTokensPerMinute;
    }

    /**
     * Starts settings with nothing set: every default applies when built.
     *
     * @return a new builder
     */
    public static Builder builder() {
        return new Builder();
    }

    /**
     * The defaults: the local judge.
     *
     * @return the settings of a build with nothing set
     */
    public static JudgeSettings defaults() {
        return builder().build();
    }

    /**
     * Reads every {@code llmassert.judge.*} key through {@code lookup}, which returns {@code null} for a key that is
     * not set. The caller decides the order of sources (annotation, configuration parameter, environment).
     *
     * @param lookup a key's value, or {@code null} when it is not set
     * @return the settings, with the defaults for keys not set
     * @throws InvalidSettingException naming the key, the value and the allowed values
     */
    public static JudgeSettings from(Function<String, String> lookup) {
        Builder builder = builder();
        for (String key : new String[] {
            ConfigKeys.JUDGE_PROVIDER,
            ConfigKeys.JUDGE_MODEL,
            ConfigKeys.JUDGE_BASE_URL,
            ConfigKeys.JUDGE_API_KEY_ENV,
            ConfigKeys.JUDGE_TEMPERATURE,
            ConfigKeys.JUDGE_CONCURRENCY,
            ConfigKeys.JUDGE_TIMEOUT,
            ConfigKeys.JUDGE_MAX_RETRIES,
            ConfigKeys.JUDGE_MAX_REQUESTS_PER_MINUTE,
            ConfigKeys.JUDGE_MAX_TOKENS_PER_MINUTE
        }) {
            String value = lookup.apply(key);
            if (value != null) {
                builder.set(key, value);
            }
        }
        return builder.build();
    }

    /**
     * Where the judge runs.
     *
     * @return the provider; {@link JudgeProvider#LOCAL} by default
     */
    public JudgeProvider provider() {
        return provider;
    }

    /**
     * The model the judge calls.
     *
     * @return the model's name; the provider's default model when none was set
     */
    public String model() {
        return model;
    }

    /**
     * The endpoint, or {@code null} for the local judge.
     *
     * @return the base URL; the provider's default when none was set
     */
    public String baseUrl() {
        return baseUrl;
    }

    /**
     * The name of the environment variable holding the API key (never the key).
     *
     * @return the variable's name; {@value #DEFAULT_API_KEY_ENV} when none was set
     */
    public String apiKeyEnv() {
        return apiKeyEnv;
    }

    /**
     * The judge's sampling temperature.
     *
     * @return from 0 to 2; 0 by default
     */
    public double temperature() {
        return temperature;
    }

    /**
     * The judge calls in flight at once.
     *
     * @return from 1 to 256; {@value #DEFAULT_CONCURRENCY} by default
     */
    public int concurrency() {
        return concurrency;
    }

    /**
     * One call's timeout.
     *
     * @return a positive duration; 60 seconds by default
     */
    public Duration timeout() {
        return timeout;
    }

    /**
     * The retries of a call on transient errors.
     *
     * @return from 0 to 20; {@value #DEFAULT_MAX_RETRIES} by default
     */
    public int maxRetries() {
        return maxRetries;
    }

    /**
     * The most calls a minute to this endpoint and model, shared by every judge in the JVM; empty when unlimited
     * (the default). See {@value ConfigKeys#JUDGE_MAX_REQUESTS_PER_MINUTE}.
     *
     * @return the calls a minute
     */
    public OptionalInt maxRequestsPerMinute() {
        return maxRequestsPerMinute == null ? OptionalInt.empty() : OptionalInt.of(maxRequestsPerMinute);
    }

    /**
     * The most tokens a minute to this endpoint and model, shared by every judge in the JVM; empty when unlimited
     * (the default). See {@value ConfigKeys#JUDGE_MAX_TOKENS_PER_MINUTE}.
     *
     * @return the tokens a minute
     */
    public OptionalInt maxTokensPerMinute() {
        return maxTokensPerMinute == null ? OptionalInt.empty() : OptionalInt.of(maxTokensPerMinute);
    }

    /**
     * {@code provider:model}, the name a verdict carries.
     *
     * @return e.g. {@code openai:gpt-4o-mini}
     */
    public String judgeName() {
        return provider.id() + ":" + model;
    }

    /**
     * A builder that starts from these settings, e.g. to change the model only.
     *
     * @return a new builder with every setting of these; these settings are unchanged
     */
    public Builder toBuilder() {
        return builder()
                .provider(provider)
                .model(model)
                .baseUrl(baseUrl)
                .apiKeyEnv(apiKeyEnv)
                .temperature(temperature)
                .concurrency(concurrency)
                .timeout(timeout)
                .maxRetries(maxRetries)
                .maxRequestsPerMinute(maxRequestsPerMinute)
                .maxTokensPerMinute(maxTokensPerMinute);
    }

    /**
     * Parses a duration as ISO-8601 ({@code PT30S}) or short form ({@code 30s}, {@code 500ms}, {@code 2m}, {@code 1h}).
     *
     * @param key the configuration key, for the message
     * @param value the text, case not mattering
     * @return the duration, positive
     * @throws InvalidSettingException naming the key and the value, for a text that is neither form, or a duration
     *                                 that is not positive
     */
    public static Duration parseDuration(String key, String value) {
        String text = value == null ? "" : value.trim().toLowerCase(Locale.ROOT);
        Matcher m = SHORT_DURATION.matcher(text);
        Duration result = null;
        if (m.matches()) {
            long amount = Long.parseLong(m.group(1));
            switch (m.group(2)) {
                case "ms" -> result = Duration.ofMillis(amount);
                case "s" -> result = Duration.ofSeconds(amount);
                case "m" -> result = Duration.ofMinutes(amount);
                default -> result = Duration.ofHours(amount);
            }
        } else if (text.startsWith("pt") || text.startsWith("p")) {
            try {
                result = Duration.parse(text.toUpperCase(Locale.ROOT));
            } catch (DateTimeParseException e) {
                result = null;
            }
        }
        if (result == null || result.isZero() || result.isNegative()) {
            throw new InvalidSettingException(key, value, JudgeSettingBounds.POSITIVE_DURATION);
        }
        return result;
    }

    @Override
    public boolean equals(Object o) {
        if (this == o) {
            return true;
        }
        if (!(o instanceof JudgeSettings that)) {
            return false;
        }
        return Double.compare(temperature, that.temperature) == 0
                && concurrency == that.concurrency
                && maxRetries == that.maxRetries
                && provider == that.provider
                && model.equals(that.model)
                && Objects.equals(baseUrl, that.baseUrl)
                && apiKeyEnv.equals(that.apiKeyEnv)
                && timeout.equals(that.timeout)
                && Objects.equals(maxRequestsPerMinute, that.maxRequestsPerMinute)
                && Objects.equals(maxTokensPerMinute, that.maxTokensPerMinute);
    }

    @Override
    public int hashCode() {
        return Objects.hash(
                provider,
                model,
                baseUrl,
                apiKeyEnv,
                temperature,
                concurrency,
                timeout,
                maxRetries,
                maxRequestsPerMinute,
                maxTokensPerMinute);
    }

    /**
     * The settings as shown in messages. It can hold no credential: an {@code apiKeyEnv} that is not a variable name
     * (most likely the key itself, set in the wrong place) is hidden, and so are the user info and query of the base
     * URL ({@code https://user:secret@host/v1?api-key=...}).
     */
    @Override
    public String toString() {
        return "JudgeSettings{provider=" + provider.id() + ", model=" + model + ", baseUrl=" + shownUrl(baseUrl)
                + ", apiKeyEnv=" + (isVariableName(apiKeyEnv) ? apiKeyEnv : "(hidden: not a variable name)")
                + ", temperature=" + temperature + ", concurrency=" + concurrency + ", timeout=" + timeout
                + ", maxRetries=" + maxRetries
                + ", maxRequestsPerMinute=" + orUnlimited(maxRequestsPerMinute)
                + ", maxTokensPerMinute=" + orUnlimited(maxTokensPerMinute)
                + "}";
    }

    private static String orUnlimited(Integer perMinute) {
        return perMinute == null ? JudgeSettingBounds.UNLIMITED : String.valueOf(perMinute);
    }

    /** Whether {@code name} can be the name of an environment variable: letters, digits and underscores. */
    static boolean isVariableName(String name) {
        return name != null && VARIABLE_NAME.matcher(name).matches();
    }

    /** {@code url} without user info, query or fragment, the parts that may carry a credential. */
    static String shownUrl(String url) {
        if (url == null) {
            return null;
        }
        int cut = indexOfAny(url, '?', '#');
        String shown = cut < 0 ? url : url.substring(0, cut) + "?...";
        int scheme = shown.indexOf("://");
        int hostStart = scheme < 0 ? 0 : scheme + 3;
        int pathStart = shown.indexOf('/', hostStart);
        int authorityEnd = pathStart < 0 ? shown.length() : pathStart;
        int at = shown.lastIndexOf('@', authorityEnd - 1);
        if (at >= hostStart) {
            shown = shown.substring(0, hostStart) + "***@" + shown.substring(at + 1);
        }
        return shown;
    }

    private static int indexOfAny(String text, char a, char b) {
        int i = text.indexOf(a);
        int j = text.indexOf(b);
        return i < 0 ? j : j < 0 ? i : Math.min(i, j);
    }

    private static String blankToNull(String s) {
        return s == null || s.isBlank() ? null : s;
    }

    /** Builder with boxed fields: {@code null} means "not set", and the default applies when built. */
    @API(status = STABLE, since = "0.1")
    public static final class Builder {

        private JudgeProvider provider;
        private String model;
        private String baseUrl;
        private String apiKeyEnv;
        private Double temperature;
        private Integer concurrency;
        private Duration timeout;
        private Integer maxRetries;
        private Integer maxRequestsPerMinute;
        private Integer maxTokensPerMinute;

        private Builder() {}

        /**
         * Where the judge runs; default {@link JudgeProvider#LOCAL}.
         *
         * @param provider the provider; {@code null} for the default
         * @return this builder
         */
        public Builder provider(JudgeProvider provider) {
            this.provider = provider;
            return this;
        }

        /**
         * The model the judge calls; default the provider's {@link JudgeProvider#defaultModel()}.
         *
         * @param model the model's name, e.g. {@code gpt-4o-mini}; {@code null} or blank for the default
         * @return this builder
         */
        public Builder model(String model) {
            this.model = model;
            return this;
        }

        /**
         * The endpoint; default the provider's {@link JudgeProvider#defaultBaseUrl()}.
         *
         * @param baseUrl e.g. {@code http://localhost:8000/v1}; {@code null} or blank for the default
         * @return this builder
         */
        public Builder baseUrl(String baseUrl) {
            this.baseUrl = baseUrl;
            return this;
        }

        /**
         * The name of the environment variable that holds the key; default {@value #DEFAULT_API_KEY_ENV}. Never the
         * key itself.
         *
         * @param apiKeyEnv the variable's name; {@code null} or blank for the default
         * @return this builder
         */
        public Builder apiKeyEnv(String apiKeyEnv) {
            this.apiKeyEnv = apiKeyEnv;
            return this;
        }

        /**
         * The judge's sampling temperature; default 0.
         *
         * @param temperature from 0 to 2; {@code null} for the default
         * @return this builder
         * @throws InvalidSettingException when it is out of that range
         */
        public Builder temperature(Double temperature) {
            this.temperature = JudgeSettingBounds.temperatureSetting(temperature);
            return this;
        }

        /**
         * The judge calls in flight at once; default {@value #DEFAULT_CONCURRENCY}.
         *
         * @param concurrency from 1 to 256; {@code null} for the default
         * @return this builder
         * @throws InvalidSettingException when it is out of that range
         */
        public Builder concurrency(Integer concurrency) {
            this.concurrency = JudgeSettingBounds.concurrencySetting(concurrency);
            return this;
        }

        /**
         * One call's timeout; default 60 seconds.
         *
         * @param timeout a positive duration; {@code null} for the default
         * @return this builder
         * @throws InvalidSettingException when it is zero or negative
         */
        public Builder timeout(Duration timeout) {
            this.timeout = JudgeSettingBounds.timeoutSetting(timeout);
            return this;
        }

        /**
         * The retries of a call on transient errors; default {@value #DEFAULT_MAX_RETRIES}.
         *
         * @param maxRetries from 0 to 20; {@code null} for the default
         * @return this builder
         * @throws InvalidSettingException when it is out of that range
         */
        public Builder maxRetries(Integer maxRetries) {
            this.maxRetries = JudgeSettingBounds.maxRetriesSetting(maxRetries);
            return this;
        }

        /**
         * Calls a minute to the endpoint and model, JVM-wide, from 1 to 1,000,000,000; {@code null}: unlimited.
         *
         * @param maxRequestsPerMinute the calls a minute, or {@code null}
         * @return this builder
         * @throws InvalidSettingException when it is out of that range
         */
        public Builder maxRequestsPerMinute(Integer maxRequestsPerMinute) {
            this.maxRequestsPerMinute =
                    JudgeSettingBounds.perMinuteSetting(ConfigKeys.JUDGE_MAX_REQUESTS_PER_MINUTE, maxRequestsPerMinute);
            return this;
        }

        /**
         * Tokens a minute to the endpoint and model, JVM-wide, from 1 to 1,000,000,000; {@code null}: unlimited.
         *
         * @param maxTokensPerMinute the tokens a minute, or {@code null}
         * @return this builder
         * @throws InvalidSettingException when it is out of that range
         */
        public Builder maxTokensPerMinute(Integer maxTokensPerMinute) {
            this.maxTokensPerMinute =
                    JudgeSettingBounds.perMinuteSetting(ConfigKeys.JUDGE_MAX_TOKENS_PER_MINUTE, maxTokensPerMinute);
            return this;
        }

        /**
         * Sets one {@code llmassert.judge.*} key from its text form.
         *
         * @param key one of the {@code llmassert.judge.*} keys of {@link ConfigKeys}
         * @param value the value as configured, e.g. {@code 30s} for the timeout or {@code unlimited} for a rate
         * @return this builder
         * @throws InvalidSettingException if the key is unknown or the value cannot be used
         */
        public Builder set(String key, String value) {
            switch (key) {
                case ConfigKeys.JUDGE_PROVIDER -> provider(JudgeProvider.parse(value));
                case ConfigKeys.JUDGE_MODEL -> model(value);
                case ConfigKeys.JUDGE_BASE_URL -> baseUrl(value);
                case ConfigKeys.JUDGE_API_KEY_ENV -> apiKeyEnv(value);
                case ConfigKeys.JUDGE_TEMPERATURE ->
                    temperature(parseDouble(key, value, JudgeSettingBounds.TEMPERATURE_RANGE));
                case ConfigKeys.JUDGE_CONCURRENCY ->
                    concurrency(parseInt(key, value, JudgeSettingBounds.CONCURRENCY_RANGE));
                case ConfigKeys.JUDGE_TIMEOUT -> timeout(parseDuration(key, value));
                case ConfigKeys.JUDGE_MAX_RETRIES ->
                    maxRetries(parseInt(key, value, JudgeSettingBounds.MAX_RETRIES_RANGE));
                case ConfigKeys.JUDGE_MAX_REQUESTS_PER_MINUTE -> maxRequestsPerMinute(parsePerMinute(key, value));
                case ConfigKeys.JUDGE_MAX_TOKENS_PER_MINUTE -> maxTokensPerMinute(parsePerMinute(key, value));
                default -> throw new InvalidSettingException(key, value, "a key of llmassert.judge.*");
            }
            return this;
        }

        /**
         * The settings, with the defaults for what was not set.
         *
         * @return new, immutable settings
         */
        public JudgeSettings build() {
            return new JudgeSettings(this);
        }

        private static Double parseDouble(String key, String value, String allowed) {
            try {
                return Double.valueOf(value.trim());
            } catch (NumberFormatException | NullPointerException e) {
                throw new InvalidSettingException(key, value, allowed);
            }
        }

        /** A rate: a whole number, or {@code unlimited} ({@code null}). */
        private static Integer parsePerMinute(String key, String value) {
            if (value != null && value.strip().equalsIgnoreCase(JudgeSettingBounds.UNLIMITED)) {
                return null;
            }
            return parseInt(key, value, JudgeSettingBounds.PER_MINUTE_RANGE);
        }

        private static Integer parseInt(String key, String value, String allowed) {
            try {
                return Integer.valueOf(value.trim());
            } catch (NumberFormatException | NullPointerException e) {
                throw new InvalidSettingException(key, value, allowed);
            }
        }
    }
}
