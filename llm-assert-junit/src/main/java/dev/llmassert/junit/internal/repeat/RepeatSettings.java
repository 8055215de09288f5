package dev.llmassert.junit.internal.repeat;

import dev.llmassert.core.config.ConfigKeys;
import dev.llmassert.core.config.InvalidSettingException;
import dev.llmassert.junit.internal.config.ConfigurationResolver;
import dev.llmassert.junit.internal.message.Messages;
import org.apiguardian.api.API;
import org.junit.jupiter.api.extension.ExtensionConfigurationException;
import org.junit.jupiter.api.extension.ExtensionContext;

import java.util.Locale;
import java.util.Optional;
import java.util.function.Function;

import static org.apiguardian.api.API.Status.INTERNAL;

/**
 * The settings of one repeated test: from its {@code @LlmJudge.Repeat} attributes, else the keys (configuration
 * parameter, environment), else the defaults.
 *
 * @param confidence the level of the pass rate's interval, {@code llmassert.eval.confidence}
 */
@API(status = INTERNAL, since = "0.1")
public record RepeatSettings(int times, double minPassRate, Gate gate, double confidence) {

    static final int MAX_TIMES = 1000;

    /** What a repeated test's minimum pass rate is held to. */
    @API(status = INTERNAL, since = "0.1")
    public enum Gate {
        /** The share of runs that passed. */
        RATE,
        /** The lower bound of the share's Wilson interval. */
        LOWER_BOUND
    }

    /**
     * What a repeated test's annotation sets, each {@code null} when it leaves it to the keys, and its defaults.
     *
     * @param where              how the annotation is named in an error, e.g. {@code @LlmJudge.Repeat}
     * @param defaultTimes       the runs when neither the annotation nor the key says
     * @param defaultMinPassRate the pass rate needed when neither the annotation nor the key says
     */
    @API(status = INTERNAL, since = "0.1")
    public record Declared(
            Integer times, Double minPassRate, Gate gate, String where, int defaultTimes, double defaultMinPassRate) {}

    /** The settings of the repeated test method of {@code context}, whose annotation sets {@code declared}. */
    static RepeatSettings of(ExtensionContext context, Declared declared) {
        Function<String, Optional<String>> keys = ConfigurationResolver.lookup(context);
        int times = declared.times() != null
                ? checkTimes(String.valueOf(declared.times()), declared.where() + "(times = ...)")
                : keys.apply(ConfigKeys.REPEAT_TIMES)
                        .map(v -> checkTimes(v, null))
                        .orElse(declared.defaultTimes());
        double minPassRate = declared.minPassRate() != null
                ? checkRate(String.valueOf(declared.minPassRate()), declared.where() + "(minPassRate = ...)")
                : keys.apply(ConfigKeys.REPEAT_MIN_PASS_RATE)
                        .map(v -> checkRate(v, null))
                        .orElse(declared.defaultMinPassRate());
        Gate gate = declared.gate() != null
                ? declared.gate()
                : keys.apply(ConfigKeys.REPEAT_GATE).map(RepeatSettings::gate).orElse(Gate.RATE);
        double confidence = keys.apply(ConfigKeys.EVAL_CONFIDENCE)
                .map(v -> {
                    try {
                        double level = Double.parseDouble(v.strip());
                        if (level > 0 && level < 1) {
                            return level;
                        }
                    } catch (NumberFormatException e) {
                        // below
                    }
                    throw invalid(ConfigKeys.EVAL_CONFIDENCE, v, "a number between 0 and 1, e.g. 0.95", null);
                })
                .orElse(0.95);
        return new RepeatSettings(times, minPassRate, gate, confidence);
    }

    /** {@code rate} or {@code lower-bound}, as the key writes the gate. */
    static String id(Gate gate) {
        return gate == Gate.LOWER_BOUND ? "lower-bound" : "rate";
    }

    private static Gate gate(String value) {
        return switch (value.strip().toLowerCase(Locale.ROOT)) {
            case "rate" -> Gate.RATE;
            case "lower-bound" -> Gate.LOWER_BOUND;
            default -> throw invalid(ConfigKeys.REPEAT_GATE, value, "rate, lower-bound", null);
        };
    }

    private static int checkTimes(String value, String attribute) {
        try {
            int times = Integer.parseInt(value.strip());
            if (times >= 1 && times <= MAX_TIMES) {
                return times;
            }
        } catch (NumberFormatException e) {
            // below
        }
        throw invalid(ConfigKeys.REPEAT_TIMES, value, "a whole number from 1 to " + MAX_TIMES, attribute);
    }

    private static double checkRate(String value, String attribute) {
        try {
            double rate = Double.parseDouble(value.strip());
            if (rate >= 0 && rate <= 1) {
                return rate;
            }
        } catch (NumberFormatException e) {
            // below
        }
        throw invalid(ConfigKeys.REPEAT_MIN_PASS_RATE, value, "a number from 0.0 to 1.0", attribute);
    }

    private static ExtensionConfigurationException invalid(String key, String value, String allowed, String attribute) {
        InvalidSettingException e = new InvalidSettingException(key, value, allowed);
        String message =
                attribute == null ? e.getMessage() : Messages.repeatAttributeInvalid(attribute, value, allowed, key);
        return new ExtensionConfigurationException(message, e);
    }
}
