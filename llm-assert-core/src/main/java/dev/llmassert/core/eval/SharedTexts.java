package dev.llmassert.core.eval;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * The context texts an evaluation record stores once: a text of at least {@value #MIN_LENGTH} characters that the
 * contexts of two or more items or prompts hold (the manual sections that many questions share) is written under
 * {@code "sharedTexts"}, keyed by the start of its SHA-256, and each context refers to it as {@code {"shared":
 * "<key>"}}. A context value is otherwise a text or a list of texts, never an object, so a reference cannot be taken
 * for one. Keys come from the text itself, so a text keeps its key when items are added or removed, and a record's
 * diff shows changed texts, not renumbered ones. A record without shared texts (written before, or with none) reads
 * as it always did.
 */
final class SharedTexts {

    /** Shorter texts (a topic, a title) stay in place, where they are read. */
    static final int MIN_LENGTH = 80;

    private static final String FIELD = "shared";
    private static final int KEY_HEX = 12;

    private final Map<String, String> keyByText;

    private SharedTexts(Map<String, String> keyByText) {
        this.keyByText = keyByText;
    }

    /** The texts that {@code items}' contexts share. */
    static SharedTexts of(List<ItemResult> items) {
        Map<String, Integer> counts = new HashMap<>();
        for (ItemResult result : items) {
            count(result.item().context(), counts);
            result.item().prompts().forEach(prompt -> count(prompt.context(), counts));
        }
        Map<String, String> keys = new HashMap<>();
        Map<String, String> texts = new HashMap<>();
        counts.forEach((text, count) -> {
            if (count >= 2) {
                String key = key(text);
                String other = texts.putIfAbsent(key, text);
                if (other != null && !other.equals(text)) {
                    throw new IllegalStateException("Two shared texts of the record have the same key " + key);
                }
                keys.put(text, key);
            }
        });
        return new SharedTexts(keys);
    }

    /** Every shared text by its key, sorted, for the record's {@code "sharedTexts"}. */
    ObjectNode table(ObjectMapper json) {
        ObjectNode table = json.createObjectNode();
        Map<String, String> sorted = new TreeMap<>();
        keyByText.forEach((text, key) -> sorted.put(key, text));
        sorted.forEach(table::put);
        return table;
    }

    boolean isEmpty() {
        return keyByText.isEmpty();
    }

    /** {@code context} as JSON, each shared text as a reference to it. */
    JsonNode write(Map<String, Object> context, ObjectMapper json) {
        ObjectNode node = json.createObjectNode();
        context.forEach((name, value) -> {
            if (value instanceof List<?> list) {
                ArrayNode array = node.putArray(name);
                list.forEach(element -> array.add(text(String.valueOf(element), json)));
            } else {
                node.set(name, text(String.valueOf(value), json));
            }
        });
        return node;
    }

    private JsonNode text(String text, ObjectMapper json) {
        String key = keyByText.get(text);
        return key == null
                ? json.getNodeFactory().textNode(text)
                : json.createObjectNode().put(FIELD, key);
    }

    /**
     * The context written by {@link #write}, its references replaced by the texts of {@code table} (the record's
     * {@code "sharedTexts"}, or a missing node for a record that has none).
     *
     * @throws IllegalArgumentException naming the key, for a reference to a text the table does not hold
     */
    static Map<String, Object> read(JsonNode context, JsonNode table, String where) {
        Map<String, Object> values = new LinkedHashMap<>();
        context.properties().forEach(entry -> {
            JsonNode value = entry.getValue();
            if (value.isArray()) {
                List<String> list = new ArrayList<>();
                value.forEach(element -> list.add(resolve(element, table, where + ", " + entry.getKey())));
                values.put(entry.getKey(), list);
            } else {
                values.put(entry.getKey(), resolve(value, table, where + ", " + entry.getKey()));
            }
        });
        return values;
    }

    private static String resolve(JsonNode value, JsonNode table, String where) {
        if (!value.isObject()) {
            return value.asText();
        }
        String key = value.path(FIELD).asText("");
        JsonNode text = table.get(key);
        if (text == null || !text.isTextual()) {
            throw new IllegalArgumentException(
                    where + " refers to the shared text \"" + key + "\", which its " + "\"sharedTexts\" does not hold");
        }
        return text.asText();
    }

    private static void count(Map<String, Object> context, Map<String, Integer> counts) {
        context.values().forEach(value -> {
            if (value instanceof List<?> list) {
                list.forEach(element -> add(String.valueOf(element), counts));
            } else {
                add(String.valueOf(value), counts);
            }
        });
    }

    private static void add(String text, Map<String, Integer> counts) {
        if (text.length() >= MIN_LENGTH) {
            counts.merge(text, 1, Integer::sum);
        }
    }

    private static String key(String text) {
        try {
            byte[] digest = MessageDigest.getInstance("SHA-256").digest(text.getBytes(StandardCharsets.UTF_8));
            return HexFormat.of().formatHex(digest).substring(0, KEY_HEX);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 is missing from this JVM", e);
        }
    }
}
