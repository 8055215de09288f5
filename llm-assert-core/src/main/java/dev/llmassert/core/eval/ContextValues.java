package dev.llmassert.core.eval;

import org.apiguardian.api.API;

import java.util.ArrayList;
import java.util.Collection;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import static org.apiguardian.api.API.Status.INTERNAL;

/**
 * Context maps hold texts and lists of texts only, so every context value can be grouped on and written as JSON.
 * Public for the items of {@code core.dataset}; not for use outside llm-assert.
 */
@API(status = INTERNAL, since = "0.1")
public final class ContextValues {

    private ContextValues() {}

    /**
     * A checked copy of a context: keys stripped, numbers, booleans, characters and enum constants as texts,
     * collections as lists of texts.
     *
     * @param context the context given; {@code null} for none
     * @param where the item, for messages, e.g. {@code the item 'q1'}
     * @return the copy, unmodifiable, in the context's order
     * @throws IllegalArgumentException naming the item and the key, for a blank key, a {@code null} value, a list
     *                                  within a list or a value of another kind
     */
    public static Map<String, Object> copy(Map<String, ?> context, String where) {
        if (context == null || context.isEmpty()) {
            return Map.of();
        }
        Map<String, Object> copy = new LinkedHashMap<>();
        context.forEach((key, value) -> {
            if (key == null || key.isBlank()) {
                throw new IllegalArgumentException(EvaluationMessages.blankContextKey(where));
            }
            copy.put(key.strip(), value(value, where + ", context '" + key.strip() + "'"));
        });
        return Collections.unmodifiableMap(copy);
    }

    /**
     * One context value as a context holds it: a text, or a list of texts.
     *
     * @param value the value given
     * @param where the item and key, for messages
     * @return the text or the unmodifiable list of texts
     * @throws IllegalArgumentException naming {@code where}, for {@code null}, a list within a list or a value of
     *                                  another kind
     */
    public static Object value(Object value, String where) {
        if (value instanceof String || value == null) {
            if (value == null) {
                throw new IllegalArgumentException(EvaluationMessages.nullContextValue(where));
            }
            return value;
        }
        if (value instanceof Number
                || value instanceof Boolean
                || value instanceof Character
                || value instanceof Enum<?>) {
            return String.valueOf(value);
        }
        if (value instanceof Collection<?> values) {
            List<String> texts = new ArrayList<>(values.size());
            for (Object element : values) {
                Object text = value(element, where);
                if (!(text instanceof String s)) {
                    throw new IllegalArgumentException(EvaluationMessages.nestedList(where));
                }
                texts.add(s);
            }
            return List.copyOf(texts);
        }
        throw new IllegalArgumentException(EvaluationMessages.unsupportedContextValue(value, where));
    }

    /**
     * The context value {@code key} as a text.
     *
     * @param context a context copied by {@link #copy}
     * @param key the value's name
     * @param where the item, for messages
     * @return its text
     * @throws IllegalArgumentException naming the keys there are, when there is no such value or it is a list
     */
    public static String text(Map<String, Object> context, String key, String where) {
        Object value = required(context, key, where);
        if (value instanceof String s) {
            return s;
        }
        throw new IllegalArgumentException(EvaluationMessages.contextIsAList(key, where, value));
    }

    /**
     * The context value {@code key} as a list; a single text is a list of one.
     *
     * @param context a context copied by {@link #copy}
     * @param key the value's name
     * @param where the item, for messages
     * @return its texts
     * @throws IllegalArgumentException naming the keys there are, when there is no such value
     */
    @SuppressWarnings("unchecked")
    public static List<String> list(Map<String, Object> context, String key, String where) {
        Object value = required(context, key, where);
        return value instanceof String s ? List.of(s) : (List<String>) value;
    }

    private static Object required(Map<String, Object> context, String key, String where) {
        Object value = context.get(key);
        if (value == null) {
            throw new IllegalArgumentException(EvaluationMessages.noSuchContext(context, key, where));
        }
        return value;
    }
}
