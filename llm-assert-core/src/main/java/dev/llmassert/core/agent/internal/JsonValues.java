package dev.llmassert.core.agent.internal;

import com.fasterxml.jackson.databind.JsonNode;
import org.apiguardian.api.API;

import java.util.Map;

import static org.apiguardian.api.API.Status.INTERNAL;

/**
 * Equality of tool arguments that does not care whether a number was written {@code 2} or {@code 2.0}, and the
 * subset match of promptfoo's {@code tool-args-match} in partial mode.
 */
@API(status = INTERNAL, since = "0.1")
public final class JsonValues {

    private JsonValues() {}

    /** Whether two JSON values are equal, numbers compared by value. */
    public static boolean same(JsonNode actual, JsonNode expected) {
        return actual.equals(
                (a, b) -> a.isNumber() && b.isNumber()
                        ? a.decimalValue().compareTo(b.decimalValue())
                        : a.equals(b) ? 0 : 1,
                expected);
    }

    /**
     * Whether {@code actual} holds everything {@code expected} holds: each field of an expected object, recursively;
     * arrays of the same length, element by element; other values equal.
     */
    public static boolean contains(JsonNode actual, JsonNode expected) {
        if (expected.isObject()) {
            if (!actual.isObject()) {
                return false;
            }
            for (Map.Entry<String, JsonNode> field : expected.properties()) {
                if (!actual.has(field.getKey()) || !contains(actual.get(field.getKey()), field.getValue())) {
                    return false;
                }
            }
            return true;
        }
        if (expected.isArray()) {
            if (!actual.isArray() || actual.size() != expected.size()) {
                return false;
            }
            for (int i = 0; i < expected.size(); i++) {
                if (!contains(actual.get(i), expected.get(i))) {
                    return false;
                }
            }
            return true;
        }
        return same(actual, expected);
    }
}
