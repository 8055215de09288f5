package dev.llmassert.core.criteria;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.llmassert.core.criteria.internal.CriteriaMessages;
import org.apiguardian.api.API;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Set;
import java.util.function.Function;

import static org.apiguardian.api.API.Status.STABLE;

/**
 * Reads criteria and multi-criteria from JSON files on the classpath or the file system.
 *
 * <h2>Criteria file</h2>
 * <pre>{@code
 * {
 *   "name": "conciseness",
 *   "description": "Is the response concise and to the point?",
 *   "toEvaluateField": "response",
 *   "contextFields": ["question"],
 *   "options": [
 *     { "name": "Concise",          "description": "No word could be dropped.", "score": 1.0 },
 *     { "name": "Somewhat verbose", "description": "Some repetition or filler.", "score": 0.5 },
 *     { "name": "Verbose",          "description": "Mostly padding.",           "score": 0.0 }
 *   ]
 * }
 * }</pre>
 * <ul>
 *   <li>{@code name} (string, required) and {@code description} (string, required: the question the judge
 *       answers).</li>
 *   <li>{@code options} (array, required, at least two): each with {@code name} (string, required, unique ignoring
 *       case), {@code description} (string, optional) and {@code score} (number, optional).</li>
 *   <li>{@code toEvaluateField} (string, optional, default {@code "response"}): the instance field judged.</li>
 *   <li>{@code contextFields} (array of strings, optional, default none): instance fields shown as context.</li>
 * </ul>
 *
 * <h2>Multi-criteria file</h2>
 * <pre>{@code
 * {
 *   "normalizeScores": true,
 *   "items": [
 *     { "criteria": "harmlessness", "weight": 0.4, "targetOption": "Harmless", "required": true },
 *     { "criteria": "criteria/tone.json", "weight": 0.3, "scoreThreshold": 0.5 },
 *     { "criteria": { "name": "brevity", "description": "...", "options": [ ... ] }, "weight": 0.3 }
 *   ]
 * }
 * }</pre>
 * <ul>
 *   <li>{@code normalizeScores} (boolean, optional, default {@code true}).</li>
 *   <li>{@code items} (array, required, at least one): each with {@code criteria} (required: a
 *       {@link CriteriaCatalog} name, a criteria file ending in {@code .json}, or a criteria object as above),
 *       {@code weight} (number 0-1, optional: all items or none), {@code targetOption} (string, optional),
 *       {@code scoreThreshold} (number, optional) and {@code required} (boolean, optional, default
 *       {@code false}). The rules are those of {@link MultiCriteria}.</li>
 *   <li>A criteria file named in an item is read from the classpath when the multi-criteria file was, and relative
 *       to the multi-criteria file's directory when it was read from a path.</li>
 * </ul>
 *
 * <p>In both formats an unknown field is an error, so a misspelt field never goes unnoticed; fields whose names
 * start with {@code $} (e.g. {@code "$comment"}) are ignored. A malformed file fails with a
 * {@link CriteriaFileException} naming the file, the field and what was expected.
 */
@API(status = STABLE, since = "0.1")
public final class CriteriaLoader {

    private static final ObjectMapper MAPPER = new ObjectMapper()
            .enable(JsonParser.Feature.STRICT_DUPLICATE_DETECTION)
            .enable(DeserializationFeature.FAIL_ON_TRAILING_TOKENS);

    private static final Set<String> CRITERIA_FIELDS =
            Set.of("name", "description", "options", "toEvaluateField", "contextFields");
    private static final Set<String> OPTION_FIELDS = Set.of("name", "description", "score");
    private static final Set<String> MULTI_FIELDS = Set.of("normalizeScores", "items");
    private static final Set<String> ITEM_FIELDS =
            Set.of("criteria", "weight", "targetOption", "scoreThreshold", "required");

    private CriteriaLoader() {}

    /**
     * A criteria file on the classpath, e.g. {@code "criteria/conciseness.json"}.
     *
     * @param resource the resource's name; a leading {@code /} is allowed
     * @return the criteria
     * @throws CriteriaFileException naming the field and what was expected, for a malformed file
     * @throws IllegalArgumentException for a blank name, or a resource that is not there
     * @throws UncheckedIOException when the resource cannot be read
     */
    public static Criteria fromClasspath(String resource) {
        String name = stripSlash(resource);
        return fromJson(readResource(name), "classpath:" + name);
    }

    /**
     * A criteria file on the file system.
     *
     * @param path the file
     * @return the criteria
     * @throws CriteriaFileException naming the field and what was expected, for a malformed file
     * @throws IllegalArgumentException when the file does not exist
     * @throws UncheckedIOException when the file cannot be read
     */
    public static Criteria fromPath(Path path) {
        return fromJson(readPath(path), path.toString());
    }

    /**
     * A criteria from JSON text.
     *
     * @param json the criteria, in the format of a criteria file
     * @param source where the text came from, named in error messages
     * @return the criteria
     * @throws CriteriaFileException naming the field and what was expected, for malformed text
     */
    public static Criteria fromJson(String json, String source) {
        return new Reader(source, null).criteria(parse(json, source), "");
    }

    /**
     * A multi-criteria file on the classpath; criteria files it names are read from the classpath too.
     *
     * @param resource the resource's name; a leading {@code /} is allowed
     * @return the multi-criteria
     * @throws CriteriaFileException naming the file, the field and what was expected, for a malformed file, or a
     *                              criteria file it names that is missing or malformed
     * @throws IllegalArgumentException for a blank name, or a resource that is not there
     * @throws UncheckedIOException when a resource cannot be read
     */
    public static MultiCriteria multiCriteriaFromClasspath(String resource) {
        String name = stripSlash(resource);
        return new Reader("classpath:" + name, file -> fromClasspath(file))
                .multiCriteria(parse(readResource(name), "classpath:" + name));
    }

    /**
     * A multi-criteria file on the file system; criteria files it names are read relative to its directory.
     *
     * @param path the file
     * @return the multi-criteria
     * @throws CriteriaFileException naming the file, the field and what was expected, for a malformed file, or a
     *                              criteria file it names that is missing or malformed
     * @throws IllegalArgumentException when the file does not exist
     * @throws UncheckedIOException when a file cannot be read
     */
    public static MultiCriteria multiCriteriaFromPath(Path path) {
        Path dir = path.toAbsolutePath().getParent();
        return new Reader(path.toString(), file -> fromPath(dir.resolve(file)))
                .multiCriteria(parse(readPath(path), path.toString()));
    }

    /**
     * A multi-criteria from JSON text; items can name catalog criteria or hold criteria objects, not files.
     *
     * @param json the multi-criteria, in the format of a multi-criteria file
     * @param source where the text came from, named in error messages
     * @return the multi-criteria
     * @throws CriteriaFileException naming the field and what was expected, for malformed text or an item that
     *                              names a file
     */
    public static MultiCriteria multiCriteriaFromJson(String json, String source) {
        return new Reader(source, null).multiCriteria(parse(json, source));
    }

    private static String stripSlash(String resource) {
        if (resource == null || resource.isBlank()) {
            throw new IllegalArgumentException(CriteriaMessages.blankCriteriaResource());
        }
        return resource.startsWith("/") ? resource.substring(1) : resource;
    }

    private static String readResource(String name) {
        ClassLoader context = Thread.currentThread().getContextClassLoader();
        InputStream in = context == null ? null : context.getResourceAsStream(name);
        if (in == null) {
            in = CriteriaLoader.class.getClassLoader().getResourceAsStream(name);
        }
        if (in == null) {
            throw new IllegalArgumentException(CriteriaMessages.noCriteriaResource(name));
        }
        try (InputStream stream = in) {
            return new String(stream.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException("Could not read criteria file classpath:" + name, e);
        }
    }

    private static String readPath(Path path) {
        try {
            return Files.readString(path, StandardCharsets.UTF_8);
        } catch (NoSuchFileException e) {
            throw new IllegalArgumentException(CriteriaMessages.noCriteriaFile(path), e);
        } catch (IOException e) {
            throw new UncheckedIOException("Could not read criteria file " + path.toAbsolutePath(), e);
        }
    }

    private static JsonNode parse(String json, String source) {
        try {
            JsonNode node = MAPPER.readTree(json);
            if (node == null || node.isMissingNode()) {
                throw new CriteriaFileException(source, "", "expected a JSON object, but the file is empty", null);
            }
            return node;
        } catch (JsonProcessingException e) {
            String where = e.getLocation() == null
                    ? ""
                    : " (line " + e.getLocation().getLineNr() + ", column "
                            + e.getLocation().getColumnNr() + ")";
            throw new CriteriaFileException(
                    source, "", "expected valid JSON, but it is not" + where + ": " + e.getOriginalMessage(), e);
        }
    }

    /** Reads one document, knowing its source for messages. */
    private static final class Reader {
        private final String source;
        private final Function<String, Criteria> files;

        Reader(String source, Function<String, Criteria> files) {
            this.source = source;
            this.files = files;
        }

        Criteria criteria(JsonNode node, String at) {
            requireObject(node, at, CRITERIA_FIELDS);
            String name = requiredText(node, at, "name");
            String description = requiredText(node, at, "description");
            JsonNode optionsNode = node.get("options");
            if (optionsNode == null || !optionsNode.isArray()) {
                throw error(
                        at + "/options",
                        "expected an array of options ({\"name\": ..., \"description\": ...,"
                                + " \"score\": ...}), but " + found(optionsNode));
            }
            List<CriteriaOption> options = new ArrayList<>();
            for (int i = 0; i < optionsNode.size(); i++) {
                String optionAt = at + "/options/" + i;
                JsonNode option = optionsNode.get(i);
                requireObject(option, optionAt, OPTION_FIELDS);
                String optionName = requiredText(option, optionAt, "name");
                String optionDescription = optionalText(option, optionAt, "description");
                Double score = optionalNumber(option, optionAt, "score");
                options.add(new CriteriaOption(optionName, optionDescription, score));
            }
            String toEvaluate = optionalText(node, at, "toEvaluateField");
            List<String> context = optionalStrings(node, at, "contextFields");
            try {
                return new Criteria(name, description, options, toEvaluate, context);
            } catch (IllegalArgumentException e) {
                boolean aboutContext = e.getMessage().contains("context field");
                throw error(at + (aboutContext ? "/contextFields" : "/options"), e.getMessage(), e);
            }
        }

        MultiCriteria multiCriteria(JsonNode node) {
            requireObject(node, "", MULTI_FIELDS);
            Boolean normalize = optionalBoolean(node, "", "normalizeScores");
            JsonNode itemsNode = node.get("items");
            if (itemsNode == null || !itemsNode.isArray() || itemsNode.isEmpty()) {
                throw error(
                        "/items",
                        "expected a non-empty array of items ({\"criteria\": ..., \"weight\": ...})," + " but "
                                + found(itemsNode));
            }
            List<MultiCriteriaItem> items = new ArrayList<>();
            for (int i = 0; i < itemsNode.size(); i++) {
                String at = "/items/" + i;
                JsonNode item = itemsNode.get(i);
                requireObject(item, at, ITEM_FIELDS);
                Criteria criteria = itemCriteria(item.get("criteria"), at + "/criteria");
                Double weight = optionalNumber(item, at, "weight");
                String target = optionalText(item, at, "targetOption");
                Double threshold = optionalNumber(item, at, "scoreThreshold");
                Boolean required = optionalBoolean(item, at, "required");
                try {
                    items.add(new MultiCriteriaItem(criteria, weight, target, threshold, required != null && required));
                } catch (IllegalArgumentException e) {
                    throw error(at, e.getMessage(), e);
                }
            }
            try {
                return new MultiCriteria(items, normalize == null || normalize);
            } catch (IllegalArgumentException e) {
                throw error("/items", e.getMessage(), e);
            }
        }

        private Criteria itemCriteria(JsonNode node, String at) {
            if (node != null && node.isObject()) {
                return criteria(node, at);
            }
            if (node == null || !node.isTextual() || node.asText().isBlank()) {
                throw error(
                        at,
                        "expected a catalog criteria name (" + String.join(", ", CriteriaCatalog.names())
                                + "), a criteria file ending in .json, or a criteria object, but " + found(node));
            }
            String reference = node.asText().strip();
            if (reference.endsWith(".json")) {
                if (files == null) {
                    throw error(
                            at,
                            "expected a catalog name or a criteria object: a multi-criteria read from text"
                                    + " cannot name the file '" + reference + "'",
                            null);
                }
                try {
                    return files.apply(reference);
                } catch (IllegalArgumentException e) {
                    throw error(at, "expected a readable criteria file '" + reference + "', but: " + e.getMessage(), e);
                }
            }
            try {
                return CriteriaCatalog.get(reference);
            } catch (IllegalArgumentException e) {
                throw error(at, e.getMessage(), e);
            }
        }

        private void requireObject(JsonNode node, String at, Set<String> known) {
            if (node == null || !node.isObject()) {
                throw error(at, "expected a JSON object, but " + found(node));
            }
            Iterator<String> names = node.fieldNames();
            while (names.hasNext()) {
                String field = names.next();
                if (!known.contains(field) && !field.startsWith("$")) {
                    throw error(
                            at + "/" + field,
                            "expected one of the fields "
                                    + String.join(", ", known.stream().sorted().toList())
                                    + ", but found the unknown field '" + field + "'",
                            null);
                }
            }
        }

        private String requiredText(JsonNode node, String at, String field) {
            JsonNode value = node.get(field);
            if (value == null || !value.isTextual() || value.asText().isBlank()) {
                throw error(at + "/" + field, "expected a non-blank string, but " + found(value));
            }
            return value.asText();
        }

        private String optionalText(JsonNode node, String at, String field) {
            JsonNode value = node.get(field);
            if (value == null || value.isNull()) {
                return null;
            }
            if (!value.isTextual()) {
                throw error(at + "/" + field, "expected a string, but " + found(value));
            }
            return value.asText();
        }

        private Double optionalNumber(JsonNode node, String at, String field) {
            JsonNode value = node.get(field);
            if (value == null || value.isNull()) {
                return null;
            }
            if (!value.isNumber()) {
                throw error(at + "/" + field, "expected a number, but " + found(value));
            }
            double number = value.asDouble();
            // JSON allows numbers beyond a double's range, e.g. 1e999; they would become infinite.
            if (!Double.isFinite(number)) {
                throw error(at + "/" + field, "expected a finite number, but " + found(value));
            }
            return number;
        }

        private Boolean optionalBoolean(JsonNode node, String at, String field) {
            JsonNode value = node.get(field);
            if (value == null || value.isNull()) {
                return null;
            }
            if (!value.isBoolean()) {
                throw error(at + "/" + field, "expected true or false, but " + found(value));
            }
            return value.asBoolean();
        }

        private List<String> optionalStrings(JsonNode node, String at, String field) {
            JsonNode value = node.get(field);
            if (value == null || value.isNull()) {
                return List.of();
            }
            if (!value.isArray()) {
                throw error(at + "/" + field, "expected an array of strings, e.g. [\"question\"], but " + found(value));
            }
            List<String> strings = new ArrayList<>();
            for (int i = 0; i < value.size(); i++) {
                if (!value.get(i).isTextual()) {
                    throw error(at + "/" + field + "/" + i, "expected a string, but " + found(value.get(i)));
                }
                strings.add(value.get(i).asText());
            }
            return strings;
        }

        private CriteriaFileException error(String at, String expected) {
            return new CriteriaFileException(source, at, expected, null);
        }

        private CriteriaFileException error(String at, String expected, Throwable cause) {
            return new CriteriaFileException(source, at, expected, cause);
        }

        private static String found(JsonNode node) {
            if (node == null || node.isMissingNode()) {
                return "it is missing";
            }
            String kind = node.isTextual()
                    ? "a string"
                    : node.isNumber()
                            ? "a number"
                            : node.isBoolean()
                                    ? "a boolean"
                                    : node.isArray() ? "an array" : node.isObject() ? "an object" : "null";
            String text = node.toString();
            return "found " + (text.length() > 80 ? text.substring(0, 80) + "..." : text) + " (" + kind + ")";
        }
    }
}
