package dev.llmassert.core.model.internal;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.json.JsonMapper;
import org.apiguardian.api.API;

import java.math.BigDecimal;
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

    /** Floats are read as exact decimals, so that {@code 10.000000000000000001} is not taken for 10. */
    private static final ObjectMapper JSON = JsonMapper.builder()
            .enable(DeserializationFeature.USE_BIG_DECIMAL_FOR_FLOATS)
            .build();
    /** A decimal number as text: digits, an optional fraction and exponent; no hex, no type suffix, no NaN. */
    private static final Pattern DECIMAL = Pattern.compile("[+-]?\\d+(?:\\.\\d+)?(?:[eE][+-]?\\d+)?");
    /** The most characters of a bad value that a re-ask message quotes. */
    private static final int MAX_SHOWN = 80;

    private static final Pattern FENCE = Pattern.compile("```(?:json|JSON)?\\s*(.*?)```", Pattern.DOTALL);

    private JsonReplies() {}

    /**
     * The JSON object in {@code reply}, the first of these that is one: the reply itself when it starts with
     * <code>'{'</code> (text after the object is ignored); the text from its first <code>'{'</code> to its last
     * <code>'}'</code>; the content of its first code fence. Quoted text inside the object (a code fence in an
     * explanation, braces) never hides it.
     *
     * @throws ReplyParseException if the reply is empty or holds no JSON object
     */
    public static JsonNode parseObject(String reply) throws ReplyParseException {
        if (reply == null || reply.isBlank()) {
            throw new ReplyParseException("the reply was empty; a JSON object was expected");
        }
        String text = reply.strip();
        JsonNode whole = text.startsWith("{") ? readObject(text) : null;
        if (whole != null) {
            return whole;
        }
        int start = text.indexOf('{');
        int end = text.lastIndexOf('}');
        if (start < 0 || end < start) {
            throw new ReplyParseException("the reply holds no JSON object; reply with a single JSON object only");
        }
        String braces = text.substring(start, end + 1);
        JsonNode object = readObject(braces);
        if (object != null) {
            return object;
        }
        Matcher fence = FENCE.matcher(text);
        if (fence.find()) {
            String fenced = fence.group(1).strip();
            int from = fenced.indexOf('{');
            int to = fenced.lastIndexOf('}');
            JsonNode inFence = from >= 0 && to > from ? readObject(fenced.substring(from, to + 1)) : null;
            if (inFence != null) {
                return inFence;
            }
        }
        try {
            JSON.readTree(braces);
        } catch (JsonProcessingException | NumberFormatException e) {
            String problem = e instanceof JsonProcessingException json ? json.getOriginalMessage() : e.getMessage();
            throw new ReplyParseException(
                    "the reply is not valid JSON (" + abbreviate(String.valueOf(problem), 200)
                            + "); reply with a single valid JSON object only",
                    e);
        }
        throw new ReplyParseException("the reply holds no JSON object; reply with a single JSON object only");
    }

    /**
     * The object {@code text} starts with, or {@code null} when it does not start with a valid one. A number too
     * large for any scale ({@code 1e99999999999}) makes the text invalid, like a syntax error.
     */
    private static JsonNode readObject(String text) {
        try {
            JsonNode node = JSON.readTree(text);
            return node != null && node.isObject() ? node : null;
        } catch (JsonProcessingException | NumberFormatException e) {
            return null;
        }
    }

    /**
     * The whole number in {@code field}, which must lie from {@code min} to {@code max}. A JSON number, or a decimal
     * number written as text ({@code "8"}, {@code "8.0"}, {@code "8e0"}), is read exactly: {@code 8.0} is 8, while
     * {@code 7.5}, {@code 10.000000000000000001} and {@code 1e-400} are not whole numbers in range. Text that Java
     * alone would read as a number ({@code "0x1p3"}, {@code "8f"}, {@code "NaN"}) is not a number.
     */
    public static int requireInt(JsonNode object, String field, int min, int max) throws ReplyParseException {
        JsonNode value = object.get(field);
        if (value == null || value.isNull()) {
            throw new ReplyParseException(
                    "the field \"" + field + "\" is missing; it must be a whole number from " + min + " to " + max);
        }
        BigDecimal number = null;
        if (value.isNumber()) {
            number = value.decimalValue();
        } else if (value.isTextual() && DECIMAL.matcher(value.asText().strip()).matches()) {
            try {
                number = new BigDecimal(value.asText().strip());
            } catch (NumberFormatException e) {
                number = null; // an exponent beyond any scale: no number in range
            }
        }
        if (number == null) {
            throw new ReplyParseException("the field \"" + field + "\" must be a whole number from " + min + " to "
                    + max + ", but is " + abbreviate(value));
        }
        return requireWholeInRange(field, number, abbreviate(value), min, max);
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
                + abbreviate(text, MAX_SHOWN) + "\"");
    }

    static int requireWholeInRange(String what, BigDecimal number, String shown, int min, int max)
            throws ReplyParseException {
        boolean whole = number.signum() == 0 || number.stripTrailingZeros().scale() <= 0;
        if (!whole || number.compareTo(BigDecimal.valueOf(min)) < 0 || number.compareTo(BigDecimal.valueOf(max)) > 0) {
            throw new ReplyParseException("the " + describe(what) + " must be a whole number from " + min + " to " + max
                    + ", but is " + shown);
        }
        return number.intValueExact();
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

    /** {@code value} as JSON, cut to {@value #MAX_SHOWN} characters: re-ask messages quote it to the judge. */
    public static String abbreviate(JsonNode value) {
        return abbreviate(value.toString(), MAX_SHOWN);
    }

    /** {@code text} cut to {@code max} characters, marked with "..." when cut. */
    public static String abbreviate(String text, int max) {
        return text.length() > max ? text.substring(0, max - 3) + "..." : text;
    }
}
