package dev.llmassert.core.model.internal;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.apiguardian.api.API;

import java.util.Collection;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.apiguardian.api.API.Status.INTERNAL;

/**
 * Reads JSON judge replies for {@link ReplyParser}s. Tolerant of how models wrap JSON (a Markdown code fence, a
 * sentence before or after the object), strict about what is inside: a missing field or a value out of range is a
 * {@link ReplyParseException} whose message the judge model gets back when it is re-asked.
 */
@API(status = INTERNAL, since = "0.1")
public final class JsonReplies {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final Pattern FENCE = Pattern.compile("```(?:json|JSON)?\\s*(.*?)```", Pattern.DOTALL);

    private JsonReplies() {
    }

    /**
     * The JSON object in {@code reply}.
     *
     * @throws ReplyParseException if the reply is empty or holds no JSON object
     */
    public static JsonNode parseObject(String reply) throws ReplyParseException {
        if (reply == null || reply.isBlank()) {
            throw new ReplyParseException("the reply was empty; a JSON object was expected");
        }
        String text = reply.strip();
        Matcher fence = FENCE.matcher(text);
        if (fence.find()) {
            text = fence.group(1).strip();
        }
        int start = text.indexOf('{');
        int end = text.lastIndexOf('}');
        if (start < 0 || end < start) {
            throw new ReplyParseException("the reply holds no JSON object; reply with a single JSON object only");
        }
        try {
            JsonNode node = JSON.readTree(text.substring(start, end + 1));
            if (node == null || !node.isObject()) {
                throw new ReplyParseException("the reply holds no JSON object; reply with a single JSON object only");
            }
            return node;
        } catch (JsonProcessingException e) {
            throw new ReplyParseException("the reply is not valid JSON (" + e.getOriginalMessage()
                    + "); reply with a single valid JSON object only", e);
        }
    }

    /**
     * The whole number in {@code field}, which must lie from {@code min} to {@code max}. A number written as text
     * ({@code "8"}) or with a zero fraction ({@code 8.0}) is accepted; {@code 7.5} is not.
     */
    public static int requireInt(JsonNode object, String field, int min, int max) throws ReplyParseException {
        JsonNode value = object.get(field);
        if (value == null || value.isNull()) {
            throw new ReplyParseException("the field \"" + field + "\" is missing; it must be a whole number from "
                    + min + " to " + max);
        }
        double number;
        if (value.isNumber()) {
            number = value.asDouble();
        } else if (value.isTextual()) {
            try {
                number = Double.parseDouble(value.asText().trim());
            } catch (NumberFormatException e) {
                throw new ReplyParseException("the field \"" + field + "\" must be a whole number from " + min
                        + " to " + max + ", but is " + value);
            }
        } else {
            throw new ReplyParseException("the field \"" + field + "\" must be a whole number from " + min
                    + " to " + max + ", but is " + value);
        }
        return requireWholeInRange(field, number, value.toString(), min, max);
    }

    /** The text in {@code field}, or {@code null} when it is missing or null. */
    public static String optionalText(JsonNode object, String field) throws ReplyParseException {
        JsonNode value = object.get(field);
        if (value == null || value.isNull()) {
            return null;
        }
        if (!value.isValueNode()) {
            throw new ReplyParseException("the field \"" + field + "\" must be text, but is " + abbreviate(value));
        }
        return value.asText();
    }

    /**
     * The text in {@code field}, which must be present; it may be empty (e.g. an explanation with nothing to add).
     */
    public static String requirePresentText(JsonNode object, String field) throws ReplyParseException {
        String text = optionalText(object, field);
        if (text == null) {
            throw new ReplyParseException("the field \"" + field + "\" is missing; it must be text");
        }
        return text;
    }

    /** The text in {@code field}, which must be present and not blank. */
    public static String requireText(JsonNode object, String field) throws ReplyParseException {
        String text = optionalText(object, field);
        if (text == null || text.isBlank()) {
            throw new ReplyParseException("the field \"" + field + "\" is missing or empty; it must be text");
        }
        return text;
    }

    /**
     * The text in {@code field}, which must be one of {@code allowed}, compared ignoring case and surrounding blanks;
     * the allowed spelling is returned.
     */
    public static String requireOneOf(JsonNode object, String field, Collection<String> allowed)
            throws ReplyParseException {
        String text = requireText(object, field).strip();
        for (String option : allowed) {
            if (option.strip().toLowerCase(Locale.ROOT).equals(text.toLowerCase(Locale.ROOT))) {
                return option;
            }
        }
        throw new ReplyParseException("the field \"" + field + "\" must be one of " + quoted(allowed) + ", but is \""
                + text + "\"");
    }

    static int requireWholeInRange(String what, double number, String shown, int min, int max)
            throws ReplyParseException {
        if (Double.isNaN(number) || number != Math.rint(number)) {
            throw new ReplyParseException("the " + describe(what) + " must be a whole number from " + min + " to "
                    + max + ", but is " + shown);
        }
        if (number < min || number > max) {
            throw new ReplyParseException("the " + describe(what) + " must be a whole number from " + min + " to "
                    + max + ", but is " + shown);
        }
        return (int) number;
    }

    private static String describe(String what) {
        return "field \"" + what + "\"";
    }

    private static String quoted(Collection<String> allowed) {
        StringBuilder out = new StringBuilder();
        for (String option : allowed) {
            out.append(out.length() == 0 ? "" : ", ").append('"').append(option).append('"');
        }
        return out.toString();
    }

    private static String abbreviate(JsonNode value) {
        String text = value.toString();
        return text.length() > 80 ? text.substring(0, 77) + "..." : text;
    }
}
