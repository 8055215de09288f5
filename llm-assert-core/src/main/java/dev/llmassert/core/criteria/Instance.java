package dev.llmassert.core.criteria;

import dev.llmassert.core.criteria.internal.CriteriaMessages;
import org.apiguardian.api.API;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;

import static org.apiguardian.api.API.Status.STABLE;

/**
 * What is judged: named text fields such as {@code response}, {@code question} or {@code context}. The fields have
 * no roles of their own; each {@link Criteria} picks the field it judges and the fields it shows as context.
 *
 * <pre>{@code
 * Instance instance = Instance.of("response", answer).with("question", question);
 * }</pre>
 *
 * @param fields field names to values, in insertion order; names are not blank, values not null (empty is allowed:
 *               an empty answer can be judged)
 */
@API(status = STABLE, since = "0.1")
public record Instance(Map<String, String> fields) {

    /**
     * Checks the fields and copies them, names stripped.
     *
     * @param fields field names to values; at least one, names not blank, values not {@code null}
     * @throws IllegalArgumentException for no field, a blank name or a {@code null} value
     */
    public Instance {
        if (fields == null || fields.isEmpty()) {
            throw new IllegalArgumentException(CriteriaMessages.emptyInstance());
        }
        Map<String, String> copy = new LinkedHashMap<>();
        fields.forEach((name, value) -> {
            if (name == null || name.isBlank()) {
                throw new IllegalArgumentException(CriteriaMessages.blankFieldName());
            }
            if (value == null) {
                throw new IllegalArgumentException(CriteriaMessages.nullFieldValue(name));
            }
            copy.put(name.strip(), value);
        });
        fields = Collections.unmodifiableMap(copy);
    }

    /**
     * An instance with one field.
     *
     * @param field the field's name, not blank
     * @param value its text, not {@code null}; may be empty
     * @return the instance
     * @throws IllegalArgumentException for a blank name or a {@code null} value
     */
    public static Instance of(String field, String value) {
        Map<String, String> map = new LinkedHashMap<>();
        map.put(field, value);
        return new Instance(map);
    }

    /**
     * An instance whose only field is {@value Criteria#DEFAULT_TO_EVALUATE_FIELD}.
     *
     * @param response the text to judge, not {@code null}; may be empty
     * @return the instance
     * @throws IllegalArgumentException for a {@code null} response
     */
    public static Instance ofResponse(String response) {
        return of(Criteria.DEFAULT_TO_EVALUATE_FIELD, response);
    }

    /**
     * A copy with one more field, or with this field's value replaced.
     *
     * @param field the field's name, not blank
     * @param value its text, not {@code null}; may be empty
     * @return the new instance; this one is unchanged
     * @throws IllegalArgumentException for a blank name or a {@code null} value
     */
    public Instance with(String field, String value) {
        Map<String, String> map = new LinkedHashMap<>(fields);
        if (field != null) {
            map.remove(field.strip());
        }
        map.put(field, value);
        return new Instance(map);
    }

    /**
     * The value of the field {@code name}.
     *
     * @param name the field's name
     * @return its text; empty when the instance has no such field
     */
    public Optional<String> field(String name) {
        return Optional.ofNullable(fields.get(name));
    }
}
