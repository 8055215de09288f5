package dev.llmassert.core.eval;

import com.fasterxml.jackson.databind.JsonNode;
import dev.llmassert.core.eval.DatasetRows.Format;
import dev.llmassert.core.eval.DatasetRows.Row;
import dev.llmassert.core.eval.DatasetRows.Source;
import org.apiguardian.api.API;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.StringJoiner;
import java.util.stream.Collectors;
import java.util.stream.Stream;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

/**
 * The {@link TestItem}s of a prompt-response test, read from a JSON Lines, CSV or YAML file, or given in code.
 *
 * <pre>{@code
 * List<TestItem> items = Dataset.fromClasspath("eval/support-questions.jsonl")
 *         .prompts("question")             // the fields sent to the system under test
 *         .context("topic")                // fields the system never sees, kept in each item's context
 *         .contextList("sections")         // a context field that holds a list
 *         .ignore("notes")                 // fields deliberately left unused
 *         .load();
 * }</pre>
 *
 * <p><b>Every field has a role.</b> A field of the file is the id ({@link #id}, by default {@code id}), a prompt
 * ({@link #prompts}, by default {@code prompt}), context ({@link #context}, {@link #contextList}), or ignored
 * ({@link #ignore}). A field without a role, or a role naming a field that no item has, fails the load, so that a
 * renamed column or a typo cannot quietly drop data. When the file has no {@code id} field and {@link #id} is not
 * called, each item's id is the file name and its line, e.g. {@code support-questions.csv:3}.
 *
 * <p><b>Formats</b>, told from the file name's extension, or given with {@link #fromJsonl}, {@link #fromCsv} and
 * {@link #fromYaml}; files are UTF-8:
 * <ul>
 *   <li>JSON Lines ({@code .jsonl}, {@code .ndjson}): one JSON object per line; blank lines are skipped. A value is
 *       a text, a number, a boolean, a list of these, or {@code null} (no value).
 *   <li>CSV ({@code .csv}): the first line names the columns, each further line (a quoted value may span lines) is
 *       one item. Every value is a text; an empty cell is no value. A {@link #contextList} column holds its list in
 *       one cell, the elements separated by {@code |} ({@code Reset|Warranty}); the elements are stripped, and empty
 *       ones dropped. Any other column is one text, {@code |} included.
 *   <li>YAML ({@code .yaml}, {@code .yml}): a list of maps, or a map whose one key {@code items} holds that list.
 *       A value is a text, a number, a boolean, a list of these, or empty (no value).
 * </ul>
 *
 * <p><b>Values.</b> A prompt field holding a list gives one prompt per element. Each prompt field's non-blank value
 * becomes a prompt, in the order the fields are given; an item must get at least one, and a blank element of a list
 * is an error. A context field's value is kept as a text, or a list of texts when it holds a list; numbers and
 * booleans become their text; a {@link #contextList} field is always a list (a single text is a list of one). A
 * context field without a value is left out of that item's context.
 *
 * <p><b>Errors</b> are {@link DatasetException}s naming the file, the line and the field, and saying how to fix
 * them: a missing file, invalid JSON or YAML, a CSV row with the wrong number of values, a field without a role, a
 * role naming no field, a missing or blank id or prompt, a duplicate id, an object where a text or a list belongs,
 * and a file without items.
 *
 * <p>A {@code Dataset} is immutable: each role method returns a new one, and {@link #load} reads the file anew.
 */
@API(status = EXPERIMENTAL, since = "0.1")
public final class Dataset {

    private static final String DEFAULT_ID = "id";
    private static final String DEFAULT_PROMPT = "prompt";
    private static final String LIST_SEPARATOR = "|";

    private final Source source;
    private final List<TestItem> items;
    private final String id;
    private final List<String> prompts;
    private final Map<String, Boolean> context;
    private final List<String> ignored;

    private Dataset(Source source, List<TestItem> items, String id, List<String> prompts,
                    Map<String, Boolean> context, List<String> ignored) {
        this.source = source;
        this.items = items;
        this.id = id;
        this.prompts = prompts;
        this.context = context;
        this.ignored = ignored;
    }

    private static Dataset file(Source source) {
        return new Dataset(source, null, null, List.of(), Map.of(), List.of());
    }

    /**
     * The dataset in a file, its format told from the extension: {@code .jsonl} or {@code .ndjson}, {@code .csv},
     * {@code .yaml} or {@code .yml}. The file is read by {@link #load}.
     *
     * @param file the file; a relative path is resolved against the working directory
     * @return a dataset without roles yet
     * @throws DatasetException if the extension is none of these
     */
    public static Dataset fromFile(Path file) {
        return file(Source.file(Objects.requireNonNull(file, "file"), null));
    }

    /**
     * The dataset in a JSON Lines file, whatever its extension: one JSON object per line.
     *
     * @param file the file; a relative path is resolved against the working directory
     * @return a dataset without roles yet
     */
    public static Dataset fromJsonl(Path file) {
        return file(Source.file(Objects.requireNonNull(file, "file"), Format.JSONL));
    }

    /**
     * The dataset in a CSV file with a header line, whatever its extension.
     *
     * @param file the file; a relative path is resolved against the working directory
     * @return a dataset without roles yet
     */
    public static Dataset fromCsv(Path file) {
        return file(Source.file(Objects.requireNonNull(file, "file"), Format.CSV));
    }

    /**
     * The dataset in a YAML file, whatever its extension: a list of maps, or a map with an {@code items} list.
     *
     * @param file the file; a relative path is resolved against the working directory
     * @return a dataset without roles yet
     */
    public static Dataset fromYaml(Path file) {
        return file(Source.file(Objects.requireNonNull(file, "file"), Format.YAML));
    }

    /**
     * The dataset in a classpath resource, e.g. {@code eval/support-questions.jsonl} for
     * {@code src/test/resources/eval/support-questions.jsonl}; its format is told from the extension as by
     * {@link #fromFile}.
     *
     * @param resource the resource name; a leading {@code /} is allowed
     * @return a dataset without roles yet
     * @throws DatasetException if the extension is not one of a dataset file
     */
    public static Dataset fromClasspath(String resource) {
        if (resource == null || resource.isBlank()) {
            throw new IllegalArgumentException("The dataset resource name is " + (resource == null ? "null" : "blank")
                    + ". Fix: name a file on the classpath, e.g. Dataset.fromClasspath(\"eval/support.jsonl\") for "
                    + "src/test/resources/eval/support.jsonl.");
        }
        String name = resource.strip();
        return file(Source.classpath(name.startsWith("/") ? name.substring(1) : name));
    }

    /**
     * Items built in code, checked as a file's are: none may be {@code null}, and no two may share an id.
     *
     * @param items the items, in order
     * @return a dataset whose {@link #load} returns them; it takes no roles
     * @throws DatasetException if an item is {@code null} or two items have the same id
     */
    public static Dataset of(List<TestItem> items) {
        Objects.requireNonNull(items, "items");
        Map<String, Integer> positions = new HashMap<>();
        for (int i = 0; i < items.size(); i++) {
            TestItem item = items.get(i);
            if (item == null) {
                throw new DatasetException(null, 0, null, "Dataset.of(..): item " + (i + 1) + " is null. Fix: "
                        + "leave it out, or build it with TestItem.of(id, prompt).");
            }
            Integer first = positions.putIfAbsent(item.id(), i + 1);
            if (first != null) {
                throw new DatasetException(null, 0, null, "Dataset.of(..): items " + first + " and " + (i + 1)
                        + " have the same id '" + item.id() + "'. Fix: give each item its own id.");
            }
        }
        return new Dataset(null, Collections.unmodifiableList(new ArrayList<>(items)), null, List.of(), Map.of(),
                List.of());
    }

    /**
     * Items built in code, checked as by {@link #of(List)}.
     *
     * @param items the items, in order; consumed at once
     * @return a dataset whose {@link #load} returns them; it takes no roles
     * @throws DatasetException if an item is {@code null} or two items have the same id
     */
    public static Dataset of(Stream<TestItem> items) {
        return of(Objects.requireNonNull(items, "items").collect(Collectors.toList()));
    }

    /**
     * The field that holds each item's id. Without this call the id field is {@code id}; if the file has no such
     * field, or another role names it, each id is the file name and the item's line, e.g.
     * {@code support-questions.csv:3}.
     *
     * @param field the field; replaces an id field given before
     * @return a new dataset with this role
     * @throws DatasetException if another role names the field
     */
    public Dataset id(String field) {
        String name = name(field, "id");
        Dataset without = new Dataset(source, items, null, prompts, context, ignored);
        without.checkFree(name, "id");
        return new Dataset(source, items, name, prompts, context, ignored);
    }

    /**
     * The fields that hold the prompts sent to the system under test, added to those given before. Each non-blank
     * value becomes a prompt, in the order of the fields; a field holding a list gives one prompt per element.
     * Without this call the prompt field is {@code prompt}.
     *
     * @param fields one or more fields
     * @return a new dataset with this role
     * @throws DatasetException if another role names one of the fields, or one is named twice
     */
    public Dataset prompts(String... fields) {
        List<String> all = new ArrayList<>(prompts);
        for (String field : names(fields, "prompts")) {
            checkFree(field, "prompts");
            all.add(field);
        }
        return new Dataset(source, items, id, List.copyOf(all), context, ignored);
    }

    /**
     * Fields copied into each item's context, which the system under test never sees, added to those given before.
     * A value is kept as a text, or as a list of texts when it holds a list; a CSV cell is always one text.
     *
     * @param fields one or more fields; the context keys are the same names
     * @return a new dataset with this role
     * @throws DatasetException if another role names one of the fields, or one is named twice
     */
    public Dataset context(String... fields) {
        return withContext(fields, false, "context");
    }

    /**
     * Fields copied into each item's context as lists of texts, added to those given before. In a CSV file the cell
     * holds the elements separated by {@code |}, e.g. {@code Reset|Warranty}; in JSON Lines and YAML the value is a
     * list, and a single text is a list of one.
     *
     * @param fields one or more fields; the context keys are the same names
     * @return a new dataset with this role
     * @throws DatasetException if another role names one of the fields, or one is named twice
     */
    public Dataset contextList(String... fields) {
        return withContext(fields, true, "contextList");
    }

    /**
     * Fields of the file deliberately left unused, added to those given before.
     *
     * @param fields one or more fields
     * @return a new dataset with this role
     * @throws DatasetException if another role names one of the fields, or one is named twice
     */
    public Dataset ignore(String... fields) {
        List<String> all = new ArrayList<>(ignored);
        for (String field : names(fields, "ignore")) {
            checkFree(field, "ignore");
            all.add(field);
        }
        return new Dataset(source, items, id, prompts, context, List.copyOf(all));
    }

    /**
     * Reads the file and checks every item.
     *
     * @return the items in file order, unmodifiable
     * @throws DatasetException if the file is missing or malformed, or breaks one of the rules above
     */
    public List<TestItem> load() {
        if (items != null) {
            return items;
        }
        List<Row> rows = DatasetRows.read(source);
        if (rows.isEmpty()) {
            throw new DatasetException(source.name(), 0, null, "the file has no items. Fix: write "
                    + source.format().example + ".");
        }
        Set<String> fields = new LinkedHashSet<>();
        rows.forEach(row -> fields.addAll(row.values().keySet()));
        Roles roles = resolve(fields);
        Map<String, Integer> lines = new HashMap<>();
        List<TestItem> loaded = new ArrayList<>(rows.size());
        for (Row row : rows) {
            TestItem item = item(row, roles);
            Integer first = lines.putIfAbsent(item.id(), row.line());
            if (first != null) {
                throw new DatasetException(source.name(), row.line(), roles.id(), "the id '" + item.id()
                        + "' is also the id on line " + first + ". Fix: give each item its own id.");
            }
            loaded.add(item);
        }
        return Collections.unmodifiableList(loaded);
    }

    /**
     * The items as a stream, e.g. for a {@code @MethodSource} or {@code @TestFactory}; the whole file is read and
     * checked first, as by {@link #load}.
     *
     * @return the items in file order
     * @throws DatasetException as {@link #load} does
     */
    public Stream<TestItem> stream() {
        return load().stream();
    }

    /**
     * The file and the roles, e.g. {@code Dataset[eval/support.jsonl .prompts("question") .context("topic")]}.
     *
     * @return a description for messages and test names
     */
    @Override
    public String toString() {
        if (items != null) {
            return "Dataset[" + items.size() + (items.size() == 1 ? " item" : " items") + "]";
        }
        StringJoiner description = new StringJoiner(" ", "Dataset[", "]").add(source.name());
        if (id != null) {
            description.add(".id(" + quoted(List.of(id)) + ")");
        }
        roleCalls().forEach(description::add);
        return description.toString();
    }

    // ---- roles ----

    /** The roles in effect for one file: the defaults settled. */
    private record Roles(String id, List<String> prompts, String described) {
    }

    private Dataset withContext(String[] fields, boolean list, String role) {
        Map<String, Boolean> all = new LinkedHashMap<>(context);
        for (String field : names(fields, role)) {
            checkFree(field, role);
            all.put(field, list);
        }
        return new Dataset(source, items, id, prompts, Collections.unmodifiableMap(all), ignored);
    }

    private List<String> names(String[] fields, String role) {
        if (fields == null || fields.length == 0) {
            throw new IllegalArgumentException("." + role + "() names no field. Fix: name one or more fields, e.g. ."
                    + role + "(\"topic\").");
        }
        List<String> names = new ArrayList<>(fields.length);
        for (String field : fields) {
            String name = name(field, role);
            if (names.contains(name)) {
                throw new DatasetException(sourceName(), 0, name, "." + role + "(..) names this field twice. "
                        + "Fix: name it once.");
            }
            names.add(name);
        }
        return names;
    }

    private String name(String field, String role) {
        if (items != null) {
            throw new IllegalStateException("." + role + "(..) names a field of a file, but this dataset holds "
                    + "items built in code. Fix: leave out the call; roles are for Dataset.fromFile(..) and "
                    + "fromClasspath(..).");
        }
        if (field == null || field.isBlank()) {
            throw new IllegalArgumentException("." + role + "(..) was given a " + (field == null ? "null" : "blank")
                    + " field name. Fix: name a field of " + source.name() + ".");
        }
        return field.strip();
    }

    private void checkFree(String field, String role) {
        String taken = roleOf(field);
        if (taken != null) {
            String fix = taken.equals(role) ? "name it once." : "give each field one role.";
            throw new DatasetException(sourceName(), 0, field, "the field is named by ." + taken + "(..) and by ."
                    + role + "(..). Fix: " + fix);
        }
    }

    /** The explicit role of a field, or {@code null}. */
    private String roleOf(String field) {
        if (field.equals(id)) {
            return "id";
        }
        if (prompts.contains(field)) {
            return "prompts";
        }
        if (context.containsKey(field)) {
            return context.get(field) ? "contextList" : "context";
        }
        return ignored.contains(field) ? "ignore" : null;
    }

    private String sourceName() {
        return source == null ? null : source.name();
    }

    /** Settles the default id and prompt fields, and checks that every role names a field of the file. */
    private Roles resolve(Set<String> fields) {
        String idField = id != null ? id
                : fields.contains(DEFAULT_ID) && roleOf(DEFAULT_ID) == null ? DEFAULT_ID : null;
        if (prompts.isEmpty()) {
            if (!fields.contains(DEFAULT_PROMPT) || roleOf(DEFAULT_PROMPT) != null) {
                String example = fields.stream()
                        .filter(field -> !field.equals(idField) && roleOf(field) == null)
                        .findFirst().orElse("question");
                throw new DatasetException(source.name(), 0, null, "no prompt field is named, and the file has no "
                        + "field '" + DEFAULT_PROMPT + "' to use instead. The file's fields: " + String.join(", ",
                        fields) + ". Fix: name the fields that hold the prompts, e.g. .prompts(\"" + example
                        + "\").");
            }
        }
        List<String> promptFields = prompts.isEmpty() ? List.of(DEFAULT_PROMPT) : prompts;
        StringJoiner described = new StringJoiner(", ");
        if (id != null) {
            described.add(".id(\"" + id + "\")");
        } else if (idField != null) {
            described.add(".id(\"" + DEFAULT_ID + "\") (the default)");
        } else {
            described.add("no id field (each id is the file name and line)");
        }
        if (prompts.isEmpty()) {
            described.add(".prompts(\"" + DEFAULT_PROMPT + "\") (the default)");
        }
        roleCalls().forEach(described::add);

        List<String> named = new ArrayList<>();
        if (id != null) {
            named.add(id);
        }
        named.addAll(prompts);
        named.addAll(context.keySet());
        named.addAll(ignored);
        for (String field : named) {
            if (!fields.contains(field)) {
                String suggestion = suggestion(field, fields.stream().filter(f -> roleOf(f) == null
                        && !f.equals(idField) && !promptFields.contains(f)).toList());
                throw new DatasetException(source.name(), 0, field, "." + roleOf(field) + "(..) names this field, "
                        + "but no " + source.format().unit + " of the file has it. The file's fields: "
                        + String.join(", ", fields) + "." + suggestion + " Fix: correct the name in ." + roleOf(field)
                        + "(..), or leave it out.");
            }
        }
        return new Roles(idField, promptFields, described.toString());
    }

    /** The role calls made, as code: {@code .prompts("question")}, {@code .context("topic", "sections")}. */
    private List<String> roleCalls() {
        List<String> calls = new ArrayList<>();
        if (!prompts.isEmpty()) {
            calls.add(".prompts(" + quoted(prompts) + ")");
        }
        List<String> texts = context.entrySet().stream().filter(e -> !e.getValue()).map(Map.Entry::getKey).toList();
        List<String> lists = context.entrySet().stream().filter(Map.Entry::getValue).map(Map.Entry::getKey).toList();
        if (!texts.isEmpty()) {
            calls.add(".context(" + quoted(texts) + ")");
        }
        if (!lists.isEmpty()) {
            calls.add(".contextList(" + quoted(lists) + ")");
        }
        if (!ignored.isEmpty()) {
            calls.add(".ignore(" + quoted(ignored) + ")");
        }
        return calls;
    }

    private static String quoted(List<String> fields) {
        return fields.stream().map(field -> "\"" + field + "\"").collect(Collectors.joining(", "));
    }

    /** " Did you mean 'topic'?" for the closest unused field, or nothing when none is close. */
    private static String suggestion(String field, List<String> candidates) {
        String best = null;
        int bestDistance = Integer.MAX_VALUE;
        for (String candidate : candidates) {
            int distance = distance(field.toLowerCase(Locale.ROOT), candidate.toLowerCase(Locale.ROOT));
            if (distance < bestDistance) {
                best = candidate;
                bestDistance = distance;
            }
        }
        int allowed = Math.max(1, Math.min(3, field.length() / 3));
        return best != null && bestDistance <= allowed ? " Did you mean '" + best + "'?" : "";
    }

    /** Levenshtein distance. */
    private static int distance(String a, String b) {
        int[] previous = new int[b.length() + 1];
        int[] current = new int[b.length() + 1];
        for (int j = 0; j <= b.length(); j++) {
            previous[j] = j;
        }
        for (int i = 1; i <= a.length(); i++) {
            current[0] = i;
            for (int j = 1; j <= b.length(); j++) {
                int substitution = previous[j - 1] + (a.charAt(i - 1) == b.charAt(j - 1) ? 0 : 1);
                current[j] = Math.min(substitution, Math.min(previous[j], current[j - 1]) + 1);
            }
            int[] swap = previous;
            previous = current;
            current = swap;
        }
        return previous[b.length()];
    }

    // ---- rows to items ----

    private TestItem item(Row row, Roles roles) {
        for (String field : row.values().keySet()) {
            if (roleOf(field) == null && !field.equals(roles.id()) && !roles.prompts().contains(field)) {
                throw error(row, field, "the field has no role. Roles given: " + roles.described() + ". Fix: add "
                        + ".context(\"" + field + "\") to copy it into each item's context, or .ignore(\"" + field
                        + "\") to leave it unused.");
            }
        }
        String itemId = roles.id() == null ? source.fileName() + ":" + row.line() : id(row, roles.id());
        List<Prompt> itemPrompts = prompts(row, roles.prompts());
        Map<String, Object> itemContext = new LinkedHashMap<>();
        context.forEach((field, list) -> {
            Object value = contextValue(row, field, list);
            if (value != null) {
                itemContext.put(field, value);
            }
        });
        try {
            return new TestItem(itemId, itemPrompts, itemContext);
        } catch (IllegalArgumentException e) {
            throw new DatasetException(source.name(), row.line(), null, e.getMessage(), e);
        }
    }

    private String id(Row row, String field) {
        JsonNode node = row.values().get(field);
        if (node == null || node.isNull()) {
            throw error(row, field, "the id is missing. Fix: give the item an id that no other item has, or "
                    + "remove the " + source.format().unit + ".");
        }
        String text = scalar(node);
        if (text == null || node.isBoolean()) {
            throw wrongType(row, field, "the value", node, "an id is a text or a number",
                    "write the id as a text, e.g. q" + row.line() + ".");
        }
        if (text.isBlank()) {
            throw error(row, field, "the id is blank. Fix: give the item an id that no other item has, or remove "
                    + "the " + source.format().unit + ".");
        }
        return text;
    }

    private List<Prompt> prompts(Row row, List<String> fields) {
        List<Prompt> texts = new ArrayList<>();
        String emptiness = "missing";
        for (String field : fields) {
            JsonNode node = row.values().get(field);
            if (node == null || node.isNull()) {
                continue;
            }
            if (node.isArray()) {
                if (node.isEmpty()) {
                    emptiness = "an empty list";
                }
                for (int i = 0; i < node.size(); i++) {
                    String text = scalar(node.get(i));
                    if (text == null) {
                        throw wrongType(row, field, "element " + (i + 1) + " of the list", node.get(i),
                                "a prompt is a text", "write each prompt of the list as a text.");
                    }
                    if (text.isBlank()) {
                        throw error(row, field, "element " + (i + 1) + " of the list of prompts is blank. Fix: give "
                                + "it a text, or remove it from the list.");
                    }
                    texts.add(Prompt.of(text));
                }
                continue;
            }
            String text = scalar(node);
            if (text == null) {
                throw wrongType(row, field, "the value", node, "a prompt is a text or a list of texts",
                        "write the prompt as a text, or the prompts as a list of texts.");
            }
            if (text.isBlank()) {
                emptiness = "blank";
                continue;
            }
            texts.add(Prompt.of(text));
        }
        if (texts.isEmpty()) {
            String unit = source.format().unit;
            if (fields.size() == 1) {
                throw error(row, fields.get(0), "the prompt is " + emptiness + ". Fix: give the " + fields.get(0)
                        + " a text, or remove the " + unit + ".");
            }
            throw error(row, null, "the prompt fields " + quotedSingle(fields) + " are all missing or blank. Fix: "
                    + "give at least one of them a text, or remove the " + unit + ".");
        }
        return texts;
    }

    private Object contextValue(Row row, String field, boolean list) {
        JsonNode node = row.values().get(field);
        if (node == null || node.isNull()) {
            return null;
        }
        if (source.format() == Format.CSV) {
            String cell = node.asText();
            if (cell.isBlank()) {
                return null;
            }
            if (!list) {
                return cell;
            }
            List<String> elements = Arrays.stream(cell.split("\\" + LIST_SEPARATOR))
                    .map(String::strip).filter(element -> !element.isEmpty()).toList();
            return elements.isEmpty() ? null : elements;
        }
        String text = scalar(node);
        if (text != null) {
            return list ? List.of(text) : text;
        }
        String expected = "a context value is a text, a number, a boolean, or a list of these";
        String fix = "write a text or a list of texts in its place, or leave the field unused with .ignore(\""
                + field + "\").";
        if (!node.isArray()) {
            throw wrongType(row, field, "the value", node, expected, fix);
        }
        List<String> elements = new ArrayList<>(node.size());
        for (int i = 0; i < node.size(); i++) {
            String element = scalar(node.get(i));
            if (element == null) {
                throw wrongType(row, field, "element " + (i + 1) + " of the list", node.get(i), expected, fix);
            }
            elements.add(element);
        }
        return List.copyOf(elements);
    }

    /** A text, number or boolean as its text; {@code null} for anything else. */
    private static String scalar(JsonNode node) {
        if (node == null || node.isNull() || node.isContainerNode() || node.isMissingNode()) {
            return null;
        }
        if (node.isBigDecimal()) {
            return node.decimalValue().toPlainString();
        }
        return node.asText();
    }

    /** "the value is an object ({..}), but {expected}. Fix: {fix}" */
    private DatasetException wrongType(Row row, String field, String subject, JsonNode node, String expected,
                                       String fix) {
        String shown = node == null ? "null" : node.toString();
        if (shown.length() > 60) {
            shown = shown.substring(0, 57) + "...";
        }
        return error(row, field, subject + " is " + DatasetRows.kind(node, source.format()) + " (" + shown + "), but "
                + expected + ". Fix: " + fix);
    }

    private DatasetException error(Row row, String field, String problem) {
        return new DatasetException(source.name(), row.line(), field, problem);
    }

    private static String quotedSingle(List<String> fields) {
        return fields.stream().map(field -> "'" + field + "'").collect(Collectors.joining(", "));
    }
}
