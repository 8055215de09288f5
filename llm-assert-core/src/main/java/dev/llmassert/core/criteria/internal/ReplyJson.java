package dev.llmassert.core.criteria.internal;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.llmassert.core.criteria.JudgeReplyException;

/**
 * Finds the JSON object in a judge reply. Models without structured output often wrap it in a code fence or a
 * sentence, so the outermost {@code {...}} is taken; anything that is still not an object is a reply error.
 */
public final class ReplyJson {

    private static final ObjectMapper MAPPER = new ObjectMapper();

    private ReplyJson() {
    }

    public static JsonNode object(String reply) {
        if (reply == null || reply.isBlank()) {
            throw new JudgeReplyException("it is empty; a JSON object was expected.", reply);
        }
        int start = reply.indexOf('{');
        int end = reply.lastIndexOf('}');
        if (start < 0 || end < start) {
            throw new JudgeReplyException("it contains no JSON object.", reply);
        }
        try {
            JsonNode node = MAPPER.readTree(reply.substring(start, end + 1));
            if (node == null || !node.isObject()) {
                throw new JudgeReplyException("it contains no JSON object.", reply);
            }
            return node;
        } catch (JsonProcessingException e) {
            throw new JudgeReplyException("its JSON is not valid: " + e.getOriginalMessage() + ".", reply);
        }
    }

    /** A string field, or an error naming it. */
    public static String requiredString(JsonNode object, String reply, String... names) {
        JsonNode value = field(object, names);
        if (value == null || value.isNull()) {
            throw new JudgeReplyException("the field \"" + names[0] + "\" is missing.", reply);
        }
        if (!value.isTextual()) {
            throw new JudgeReplyException("the field \"" + names[0] + "\" must be a string, but is " + value + ".",
                    reply);
        }
        return value.asText();
    }

    public static String optionalString(JsonNode object, String reply, String... names) {
        JsonNode value = field(object, names);
        if (value == null || value.isNull()) {
            return null;
        }
        if (!value.isTextual()) {
            throw new JudgeReplyException("the field \"" + names[0] + "\" must be a string, but is " + value + ".",
                    reply);
        }
        return value.asText();
    }

    /** The first of the names present: the schema's name, then spellings models commonly use instead. */
    public static JsonNode field(JsonNode object, String... names) {
        for (String name : names) {
            if (object.has(name)) {
                return object.get(name);
            }
        }
        return null;
    }
}
