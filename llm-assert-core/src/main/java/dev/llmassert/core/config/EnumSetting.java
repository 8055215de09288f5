package dev.llmassert.core.config;

import org.apiguardian.api.API;

import java.util.Arrays;
import java.util.Locale;
import java.util.Optional;
import java.util.function.Function;
import java.util.stream.Collectors;

import static org.apiguardian.api.API.Status.INTERNAL;

/**
 * The one parser of a setting whose values are an enum's ids ({@code llmassert.judge.provider=openai},
 * {@code llmassert.recordings.mode=record-missing}), as JUnit's {@code EnumConfigurationParameterConverter} is for
 * its own: the id is compared without case, surrounding blanks or the difference between {@code _} and {@code -},
 * and a value that names no constant fails with the one message shape of {@link InvalidSettingException} (the key,
 * the value, the allowed values and where to fix it).
 */
@API(status = INTERNAL, since = "0.1")
public final class EnumSetting {

    private EnumSetting() {}

    /**
     * The constant of {@code value} for the setting {@code key}.
     *
     * @param <E>       the enum
     * @param key       the setting's key, for the message
     * @param value     the setting's value as given, or {@code null} when it is not set
     * @param type      the enum's class
     * @param id        each constant's id, as the setting names it
     * @param whenBlank the constant a missing or blank value stands for, or {@code null} when it must be given
     * @return the constant whose id is {@code value}, or {@code whenBlank}
     * @throws InvalidSettingException naming the key, the value and the allowed ids
     */
    public static <E extends Enum<E>> E parse(
            String key, String value, Class<E> type, Function<E, String> id, E whenBlank) {
        if ((value == null || value.isBlank()) && whenBlank != null) {
            return whenBlank;
        }
        return find(type, id, value).orElseThrow(() -> new InvalidSettingException(key, value, ids(type, id)));
    }

    /**
     * The constant whose id is {@code value}, compared as {@link #parse} compares it; empty when none is.
     *
     * @param <E>   the enum
     * @param type  the enum's class
     * @param id    each constant's id
     * @param value the id looked for, or {@code null}
     * @return the constant; empty for {@code null} or an unknown id
     */
    public static <E extends Enum<E>> Optional<E> find(Class<E> type, Function<E, String> id, String value) {
        if (value == null) {
            return Optional.empty();
        }
        String wanted = value.strip().toLowerCase(Locale.ROOT).replace('_', '-');
        return Arrays.stream(type.getEnumConstants())
                .filter(constant -> id.apply(constant).equals(wanted))
                .findFirst();
    }

    /**
     * The ids, in the enum's order: {@code off, replay, record-missing, record}.
     *
     * @param <E>  the enum
     * @param type the enum's class
     * @param id   each constant's id
     * @return the ids, joined with {@code ", "}, for a message
     */
    public static <E extends Enum<E>> String ids(Class<E> type, Function<E, String> id) {
        return Arrays.stream(type.getEnumConstants()).map(id).collect(Collectors.joining(", "));
    }
}
