package dev.llmassert.core.eval;

import dev.llmassert.core.config.ConfigKeys;
import org.apiguardian.api.API;

import java.util.Locale;
import java.util.Optional;
import java.util.function.Function;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

/**
 * How an evaluation runs. Each setting has a configuration key ({@link ConfigKeys}, {@code llmassert.eval.*}).
 *
 * @param concurrency  system-under-test calls in flight at once (and annotations), at least 1; default 8
 * @param repeats      samples of the system per prompt, at least 1; default 1
 * @param maxItems     a deterministic sample of this many items, or 0 for all
 * @param shard        the shard to run, or {@code null} for all items
 * @param confidence   the intervals' confidence level, between 0 and 1; default 0.95
 * @param maxErrorRate the share of items that may fail before a gate fails, from 0 to 1; default 0
 */
@API(status = EXPERIMENTAL, since = "0.1")
public record EvaluationSettings(
        int concurrency, int repeats, int maxItems, Shard shard, double confidence, double maxErrorRate) {

    /** The calls in flight at once when {@value ConfigKeys#EVAL_CONCURRENCY} is not set. */
    public static final int DEFAULT_CONCURRENCY = 8;
    /** The intervals' confidence level when {@value ConfigKeys#EVAL_CONFIDENCE} is not set. */
    public static final double DEFAULT_CONFIDENCE = 0.95;

    /**
     * Checks every setting.
     *
     * @param concurrency calls in flight at once, at least 1
     * @param repeats samples per prompt, at least 1
     * @param maxItems the size of the sample, or 0 for all items
     * @param shard the shard to run, or {@code null} for all items
     * @param confidence the intervals' confidence level, strictly between 0 and 1
     * @param maxErrorRate the share of items that may fail, from 0 to 1
     * @throws IllegalArgumentException naming the setting's key, the value and what is allowed, for one out of range
     */
    public EvaluationSettings {
        if (concurrency < 1) {
            throw invalid(ConfigKeys.EVAL_CONCURRENCY, concurrency, "a whole number of at least 1, e.g. 8");
        }
        if (repeats < 1) {
            throw invalid(ConfigKeys.EVAL_REPEATS, repeats, "a whole number of at least 1");
        }
        if (maxItems < 0) {
            throw invalid(ConfigKeys.EVAL_MAX_ITEMS, maxItems, "a whole number of at least 1 (leave it out for all)");
        }
        if (!(confidence > 0.0 && confidence < 1.0)) {
            throw invalid(ConfigKeys.EVAL_CONFIDENCE, confidence, "a number between 0 and 1, e.g. 0.95");
        }
        if (!(maxErrorRate >= 0.0 && maxErrorRate <= 1.0)) {
            throw invalid(ConfigKeys.EVAL_MAX_ERROR_RATE, maxErrorRate, "a share from 0 to 1, e.g. 0.02");
        }
    }

    /**
     * The defaults: {@value #DEFAULT_CONCURRENCY} calls at once, one sample per prompt, every item, no shard, a
     * confidence of {@value #DEFAULT_CONFIDENCE} and no error allowed.
     *
     * @return the default settings
     */
    public static EvaluationSettings defaults() {
        return new EvaluationSettings(DEFAULT_CONCURRENCY, 1, 0, null, DEFAULT_CONFIDENCE, 0.0);
    }

    /**
     * The settings from a configuration: {@code config} gives the value of a key, or empty when it is not set.
     *
     * @param config a key's value, e.g. a JUnit configuration parameter; empty when the key is not set
     * @return the settings, with the defaults for keys not set
     * @throws IllegalArgumentException naming the key, the value and what is allowed, for a value that can't be used
     */
    public static EvaluationSettings from(Function<String, Optional<String>> config) {
        EvaluationSettings d = defaults();
        return new EvaluationSettings(
                integer(config, ConfigKeys.EVAL_CONCURRENCY, d.concurrency(), "a whole number of at least 1, e.g. 8"),
                integer(config, ConfigKeys.EVAL_REPEATS, d.repeats(), "a whole number of at least 1"),
                integer(config, ConfigKeys.EVAL_MAX_ITEMS, d.maxItems(), "a whole number of at least 1"),
                config.apply(ConfigKeys.EVAL_SHARD)
                        .filter(v -> !v.isBlank())
                        .map(Shard::parse)
                        .orElse(null),
                decimal(config, ConfigKeys.EVAL_CONFIDENCE, d.confidence(), "a number between 0 and 1, e.g. 0.95"),
                decimal(config, ConfigKeys.EVAL_MAX_ERROR_RATE, d.maxErrorRate(), "a share from 0 to 1, e.g. 0.02"));
    }

    /**
     * The same settings with another concurrency: the calls in flight at once.
     *
     * @param value at least 1
     * @return new settings; these are unchanged
     * @throws IllegalArgumentException naming the key, when the value is out of range
     */
    public EvaluationSettings withConcurrency(int value) {
        return new EvaluationSettings(value, repeats, maxItems, shard, confidence, maxErrorRate);
    }

    /**
     * The same settings with another number of samples per prompt.
     *
     * @param value at least 1
     * @return new settings; these are unchanged
     * @throws IllegalArgumentException naming the key, when the value is out of range
     */
    public EvaluationSettings withRepeats(int value) {
        return new EvaluationSettings(concurrency, value, maxItems, shard, confidence, maxErrorRate);
    }

    /**
     * The same settings with another size of the deterministic sample of items.
     *
     * @param value 0 for all items, or more
     * @return new settings; these are unchanged
     * @throws IllegalArgumentException naming the key, when the value is out of range
     */
    public EvaluationSettings withMaxItems(int value) {
        return new EvaluationSettings(concurrency, repeats, value, shard, confidence, maxErrorRate);
    }

    /**
     * The same settings, running one shard of the items only.
     *
     * @param value the shard, or {@code null} for all items
     * @return new settings; these are unchanged
     */
    public EvaluationSettings withShard(Shard value) {
        return new EvaluationSettings(concurrency, repeats, maxItems, value, confidence, maxErrorRate);
    }

    /**
     * The same settings with another confidence level of the intervals.
     *
     * @param value strictly between 0 and 1
     * @return new settings; these are unchanged
     * @throws IllegalArgumentException naming the key, when the value is out of range
     */
    public EvaluationSettings withConfidence(double value) {
        return new EvaluationSettings(concurrency, repeats, maxItems, shard, value, maxErrorRate);
    }

    /**
     * The same settings with another share of items that may fail before a gate fails.
     *
     * @param value from 0 to 1
     * @return new settings; these are unchanged
     * @throws IllegalArgumentException naming the key, when the value is out of range
     */
    public EvaluationSettings withMaxErrorRate(double value) {
        return new EvaluationSettings(concurrency, repeats, maxItems, shard, confidence, value);
    }

    private static int integer(Function<String, Optional<String>> config, String key, int fallback, String allowed) {
        Optional<String> value = config.apply(key).map(String::strip).filter(v -> !v.isEmpty());
        if (value.isEmpty()) {
            return fallback;
        }
        try {
            return Integer.parseInt(value.get());
        } catch (NumberFormatException e) {
            throw invalid(key, "'" + value.get() + "'", allowed);
        }
    }

    private static double decimal(
            Function<String, Optional<String>> config, String key, double fallback, String allowed) {
        Optional<String> value = config.apply(key).map(String::strip).filter(v -> !v.isEmpty());
        if (value.isEmpty()) {
            return fallback;
        }
        try {
            return Double.parseDouble(value.get());
        } catch (NumberFormatException e) {
            throw invalid(key, "'" + value.get() + "'", allowed);
        }
    }

    static IllegalArgumentException invalid(String key, Object value, String allowed) {
        return new IllegalArgumentException(EvaluationMessages.invalidSetting(key, value, allowed));
    }

    /**
     * One shard of a dataset split across machines: items whose stable id hash falls in shard {@code index} of
     * {@code count}.
     *
     * @param index from 1 to {@code count}
     * @param count at least 1
     */
    @API(status = EXPERIMENTAL, since = "0.1")
    public record Shard(int index, int count) {

        /**
         * Checks the shard.
         *
         * @param index from 1 to {@code count}
         * @param count at least 1
         * @throws IllegalArgumentException naming {@value ConfigKeys#EVAL_SHARD}, for a shard out of range
         */
        public Shard {
            if (count < 1 || index < 1 || index > count) {
                throw invalid(
                        ConfigKeys.EVAL_SHARD,
                        "'" + index + "/" + count + "'",
                        "i/n with 1 <= i <= n, e.g. 1/4 for the first of four shards");
            }
        }

        /**
         * {@code "2/4"} → shard 2 of 4.
         *
         * @param text {@code i/n}, blanks allowed around each number
         * @return the shard
         * @throws IllegalArgumentException naming {@value ConfigKeys#EVAL_SHARD}, for any other text or a shard out
         *                                  of range
         */
        public static Shard parse(String text) {
            String[] parts = text.strip().split("/", -1);
            if (parts.length == 2) {
                try {
                    return new Shard(Integer.parseInt(parts[0].strip()), Integer.parseInt(parts[1].strip()));
                } catch (NumberFormatException e) {
                    // reported below
                }
            }
            throw invalid(
                    ConfigKeys.EVAL_SHARD,
                    "'" + text + "'",
                    "i/n with 1 <= i <= n, e.g. 1/4 for the first of four shards");
        }

        @Override
        public String toString() {
            return String.format(Locale.ROOT, "%d/%d", index, count);
        }
    }
}
