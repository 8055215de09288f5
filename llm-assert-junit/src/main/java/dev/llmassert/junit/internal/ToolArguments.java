package dev.llmassert.junit.internal;

import com.fasterxml.jackson.core.JsonPointer;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.NullNode;
import dev.llmassert.core.agent.internal.JsonValues;
import dev.llmassert.junit.internal.message.Messages;
import org.apiguardian.api.API;

import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.apiguardian.api.API.Status.INTERNAL;

/**
 * Reads and compares a tool call's JSON arguments: paths to a value, equality that does not care whether a number
 * was written {@code 2} or {@code 2.0}, and the subset match of promptfoo's {@code tool-args-match}.
 */
@API(status = INTERNAL, since = "0.1")
public final class ToolArguments {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final Pattern STEP = Pattern.compile("([^.\\[\\]]+)|\\[(\\d+)]");

    private ToolArguments() {}

    /**
     * The JSON Pointer of {@code path}: a pointer as it is ({@code /address/city}), or a path of names and indexes
     * ({@code address.city}, {@code items[0].sku}).
     *
     * @throws IllegalArgumentException when the path is blank or malformed
     */
    public static JsonPointer pointer(String path) {
        if (path == null || path.isBlank()) {
            throw new IllegalArgumentException(Messages.badArgumentPath(String.valueOf(path)));
        }
        if (path.startsWith("/")) {
            try {
                return JsonPointer.compile(path);
            } catch (IllegalArgumentException e) {
                throw new IllegalArgumentException(Messages.badArgumentPath(path), e);
            }
        }
        StringBuilder pointer = new StringBuilder();
        Matcher step = STEP.matcher(path);
        int end = 0;
        while (step.find()) {
            boolean joined = step.start() == end || (step.start() == end + 1 && path.charAt(end) == '.' && end > 0);
            if (!joined) {
                throw new IllegalArgumentException(Messages.badArgumentPath(path));
            }
            String name = step.group(1) != null ? step.group(1) : step.group(2);
            pointer.append('/').append(name.replace("~", "~0").replace("/", "~1"));
            end = step.end();
        }
        if (end != path.length() || pointer.isEmpty()) {
            throw new IllegalArgumentException(Messages.badArgumentPath(path));
        }
        return JsonPointer.compile(pointer.toString());
    }

    /** {@code value} as JSON: a JSON node as it is, anything else (text, number, map, list) through Jackson. */
    public static JsonNode toNode(Object value) {
        return value == null ? NullNode.getInstance() : value instanceof JsonNode node ? node : JSON.valueToTree(value);
    }

    /** {@code json}, a JSON object given as text. */
    public static JsonNode parseObject(String json) {
        try {
            JsonNode node = json == null ? null : JSON.readTree(json);
            if (node == null || !node.isObject()) {
                throw new IllegalArgumentException(Messages.badExpectedArguments(json, "not an object"));
            }
            return node;
        } catch (JsonProcessingException e) {
            throw new IllegalArgumentException(Messages.badExpectedArguments(json, e.getOriginalMessage()), e);
        }
    }

    /** Whether two JSON values are equal, numbers compared by value. */
    public static boolean same(JsonNode actual, JsonNode expected) {
        return JsonValues.same(actual, expected);
    }

    /** Whether {@code actual} holds at least what {@code expected} holds (promptfoo's partial tool-args-match). */
    public static boolean contains(JsonNode actual, JsonNode expected) {
        return JsonValues.contains(actual, expected);
    }
}
