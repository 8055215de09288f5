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

    public static String text(Map<String, Object> context, String key, String where) {
        Object value = required(context, key, where);
        if (value instanceof String s) {
            return s;
        }
        throw new IllegalArgumentException(EvaluationMessages.contextIsAList(key, where, value));
    }

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
