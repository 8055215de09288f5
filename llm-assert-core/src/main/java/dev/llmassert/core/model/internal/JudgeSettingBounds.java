package dev.llmassert.core.model.internal;

import dev.llmassert.core.config.ConfigKeys;
import dev.llmassert.core.config.InvalidSettingException;
import org.apiguardian.api.API;

import java.time.Duration;

import static org.apiguardian.api.API.Status.INTERNAL;

/**
 * The bounds of the judge settings, and the messages that reject a value outside them, in one place: the judge
 * builders, the chat that calls the model and the configuration keys cannot disagree about what is allowed.
 *
 * <p>Two forms of each check: a builder argument fails with an {@link IllegalArgumentException} naming the argument
 * (and its configuration key); a configuration value fails with an {@link InvalidSettingException} naming the key,
 * the value and what is allowed.
 */
@API(status = INTERNAL, since = "0.1")
public final class JudgeSettingBounds {

    public static final int MAX_CONCURRENCY = 256;
    public static final int MAX_RETRIES = 20;
    /** The most replies tried before a reply that does not parse is an error. */
    public static final int MAX_ATTEMPTS = 10;

    public static final double MAX_TEMPERATURE = 2;
    /** The most samples a criteria judge's self-consistency takes. */
    public static final int MAX_SELF_CONSISTENCY = 25;

    /** The highest rate {@value ConfigKeys#JUDGE_MAX_REQUESTS_PER_MINUTE} and the tokens key take. */
    public static final int MAX_PER_MINUTE = 1_000_000_000;
    /** The word for no rate limit. */
    public static final String UNLIMITED = "unlimited";

    /** What {@value ConfigKeys#JUDGE_CONCURRENCY} allows, in words. */
    public static final String CONCURRENCY_RANGE = "a whole number from 1 to " + MAX_CONCURRENCY;
    /** What {@value ConfigKeys#JUDGE_MAX_RETRIES} allows, in words. */
    public static final String MAX_RETRIES_RANGE = "a whole number from 0 to " + MAX_RETRIES;
    /** What the rate keys ({@value ConfigKeys#JUDGE_MAX_REQUESTS_PER_MINUTE}, ...) allow, in words. */
    public static final String PER_MINUTE_RANGE = "a whole number from 1 to " + MAX_PER_MINUTE + ", or " + UNLIMITED;
    /** What {@value ConfigKeys#JUDGE_TEMPERATURE} allows, in words. */
    public static final String TEMPERATURE_RANGE = "a number from 0 to 2";
    /** What {@value ConfigKeys#JUDGE_TIMEOUT} allows, in words. */
    public static final String POSITIVE_DURATION = "a positive duration such as 30s, 500ms, 2m or PT30S";

    private JudgeSettingBounds() {}

    /** {@code concurrency}, if it is from 1 to {@value #MAX_CONCURRENCY}. */
    public static int concurrency(int concurrency) {
        if (!isConcurrency(concurrency)) {
            throw outOfRange("concurrency", 1, MAX_CONCURRENCY, concurrency, ConfigKeys.JUDGE_CONCURRENCY);
        }
        return concurrency;
    }

    /** {@code maxRetries}, if it is from 0 to {@value #MAX_RETRIES}. */
    public static int maxRetries(int maxRetries) {
        if (!isMaxRetries(maxRetries)) {
            throw outOfRange("maxRetries", 0, MAX_RETRIES, maxRetries, ConfigKeys.JUDGE_MAX_RETRIES);
        }
        return maxRetries;
    }

    /** {@code retryBackoff}, if it is not negative; {@code null} means "not set". */
    public static Duration retryBackoff(Duration retryBackoff) {
        if (retryBackoff != null && retryBackoff.isNegative()) {
            throw new IllegalArgumentException("retryBackoff must not be negative, but is: " + retryBackoff);
        }
        return retryBackoff;
    }

    /** {@code maxAttempts}, if it is from 1 to {@value #MAX_ATTEMPTS}; {@code null} means "not set". */
    public static Integer maxAttempts(Integer maxAttempts) {
        if (maxAttempts != null && (maxAttempts < 1 || maxAttempts > MAX_ATTEMPTS)) {
            throw new IllegalArgumentException(
                    "maxAttempts must be between 1 and " + MAX_ATTEMPTS + ", but is: " + maxAttempts);
        }
        return maxAttempts;
    }

    /** {@code n}, the samples of a self-consistent judgement, if it is from 1 to {@value #MAX_SELF_CONSISTENCY}. */
    public static int selfConsistency(int n) {
        if (n < 1 || n > MAX_SELF_CONSISTENCY) {
            throw new IllegalArgumentException(JudgeMessages.selfConsistencyOutOfRange(n, MAX_SELF_CONSISTENCY));
        }
        return n;
    }

    /** The value of {@value ConfigKeys#JUDGE_CONCURRENCY}, if allowed; {@code null} means "not set". */
    public static Integer concurrencySetting(Integer concurrency) {
        if (concurrency != null && !isConcurrency(concurrency)) {
            throw new InvalidSettingException(
                    ConfigKeys.JUDGE_CONCURRENCY, String.valueOf(concurrency), CONCURRENCY_RANGE);
        }
        return concurrency;
    }

    /** The value of {@value ConfigKeys#JUDGE_MAX_RETRIES}, if allowed; {@code null} means "not set". */
    public static Integer maxRetriesSetting(Integer maxRetries) {
        if (maxRetries != null && !isMaxRetries(maxRetries)) {
            throw new InvalidSettingException(
                    ConfigKeys.JUDGE_MAX_RETRIES, String.valueOf(maxRetries), MAX_RETRIES_RANGE);
        }
        return maxRetries;
    }

    /**
     * The value of a rate key ({@value ConfigKeys#JUDGE_MAX_REQUESTS_PER_MINUTE} or
     * {@value ConfigKeys#JUDGE_MAX_TOKENS_PER_MINUTE}), if allowed; {@code null} means unlimited.
     */
    public static Integer perMinuteSetting(String key, Integer perMinute) {
        if (perMinute != null && (perMinute < 1 || perMinute > MAX_PER_MINUTE)) {
            throw new InvalidSettingException(key, String.valueOf(perMinute), PER_MINUTE_RANGE);
        }
        return perMinute;
    }

    /** The value of {@value ConfigKeys#JUDGE_TEMPERATURE}, if allowed; {@code null} means "not set". */
    public static Double temperatureSetting(Double temperature) {
        if (temperature != null && !(temperature >= 0 && temperature <= MAX_TEMPERATURE)) {
            throw new InvalidSettingException(
                    ConfigKeys.JUDGE_TEMPERATURE, String.valueOf(temperature), TEMPERATURE_RANGE);
        }
        return temperature;
    }

    /** The value of {@value ConfigKeys#JUDGE_TIMEOUT}, if positive; {@code null} means "not set". */
    public static Duration timeoutSetting(Duration timeout) {
        if (timeout != null && (timeout.isZero() || timeout.isNegative())) {
            throw new InvalidSettingException(ConfigKeys.JUDGE_TIMEOUT, String.valueOf(timeout), POSITIVE_DURATION);
        }
        return timeout;
    }

    private static boolean isConcurrency(int concurrency) {
        return concurrency >= 1 && concurrency <= MAX_CONCURRENCY;
    }

    private static boolean isMaxRetries(int maxRetries) {
        return maxRetries >= 0 && maxRetries <= MAX_RETRIES;
    }

    private static IllegalArgumentException outOfRange(String name, int min, int max, int value, String key) {
        return new IllegalArgumentException(
                name + " must be between " + min + " and " + max + ", but is: " + value + " (" + key + ")");
    }
}
