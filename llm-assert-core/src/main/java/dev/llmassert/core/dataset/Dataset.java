package dev.llmassert.core.dataset;

import dev.llmassert.core.dataset.DatasetRows.Format;
import dev.llmassert.core.dataset.DatasetRows.Source;
import dev.llmassert.core.eval.TestItem;
import org.apiguardian.api.API;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
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
 * <p>A file's dataset ({@link DatasetFile}) gives every field of the file a role, and fails to load when a field has
 * none or a role names no field; items given in code ({@link #of(List)}) take no roles. Either is immutable, and
 * fails with a {@link DatasetException} that names the file, the line and the field, and says how to fix it.
 */
@API(status = EXPERIMENTAL, since = "0.1")
public abstract sealed class Dataset permits DatasetFile, Dataset.OfItems {

    Dataset() {}

    /**
     * The dataset in a file, its format told from the extension: {@code .jsonl} or {@code .ndjson} (see
     * {@link #fromJsonl}), {@code .csv} ({@link #fromCsv}), {@code .yaml} or {@code .yml} ({@link #fromYaml}). Files
     * are UTF-8, and read by {@link #load}.
     *
     * @param file the file; a relative path is resolved against the working directory
     * @return a dataset without roles yet
     * @throws DatasetException if the extension is none of these
     */
    public static DatasetFile fromFile(Path file) {
        return new DatasetFile(Source.file(Objects.requireNonNull(file, "file"), null));
    }

    /**
     * The dataset in a JSON Lines file, whatever its extension: one JSON object per line; blank lines are skipped. A
     * value is a text, a number, a boolean, a list of these, or {@code null} (no value).
     *
     * @param file the file; a relative path is resolved against the working directory
     * @return a dataset without roles yet
     */
    public static DatasetFile fromJsonl(Path file) {
        return new DatasetFile(Source.file(Objects.requireNonNull(file, "file"), Format.JSONL));
    }

    /**
     * The dataset in a CSV file, whatever its extension: the first line names the columns, each further line (a
     * quoted value may span lines) is one item. Every value is a text; an empty cell is no value. A
     * {@link DatasetFile#contextList} column holds its list in one cell, the elements separated by {@code |}.
     *
     * @param file the file; a relative path is resolved against the working directory
     * @return a dataset without roles yet
     */
    public static DatasetFile fromCsv(Path file) {
        return new DatasetFile(Source.file(Objects.requireNonNull(file, "file"), Format.CSV));
    }

    /**
     * The dataset in a YAML file, whatever its extension: a list of maps, or a map whose one key {@code items} holds
     * that list. A value is a text, a number, a boolean, a list of these, or empty (no value).
     *
     * @param file the file; a relative path is resolved against the working directory
     * @return a dataset without roles yet
     */
    public static DatasetFile fromYaml(Path file) {
        return new DatasetFile(Source.file(Objects.requireNonNull(file, "file"), Format.YAML));
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
    public static DatasetFile fromClasspath(String resource) {
        if (resource == null || resource.isBlank()) {
            throw new IllegalArgumentException(DatasetMessages.noResource(resource));
        }
        String name = resource.strip();
        return new DatasetFile(Source.classpath(name.startsWith("/") ? name.substring(1) : name));
    }

    /**
     * Items built in code, checked as a file's are: none may be {@code null}, and no two may share an id.
     *
     * @param items the items, in order
     * @return a dataset whose {@link #load} returns them
     * @throws DatasetException if an item is {@code null} or two items have the same id
     */
    public static Dataset of(List<TestItem> items) {
        Objects.requireNonNull(items, "items");
        Map<String, Integer> positions = new HashMap<>();
        for (int i = 0; i < items.size(); i++) {
            TestItem item = items.get(i);
            if (item == null) {
                throw new DatasetException(null, 0, null, DatasetMessages.nullItem(i + 1));
            }
            Integer first = positions.putIfAbsent(item.id(), i + 1);
            if (first != null) {
                throw new DatasetException(null, 0, null, DatasetMessages.duplicateItem(first, i + 1, item.id()));
            }
        }
        return new OfItems(Collections.unmodifiableList(new ArrayList<>(items)));
    }

    /**
     * Items built in code, checked as by {@link #of(List)}.
     *
     * @param items the items, in order; consumed at once
     * @return a dataset whose {@link #load} returns them
     * @throws DatasetException if an item is {@code null} or two items have the same id
     */
    public static Dataset of(Stream<TestItem> items) {
        return of(Objects.requireNonNull(items, "items").collect(Collectors.toList()));
    }

    /**
     * The items: a file is read and checked anew on each call.
     *
     * @return the items in order, unmodifiable
     * @throws DatasetException if the file is missing or malformed, or breaks a rule of its roles
     */
    public abstract List<TestItem> load();

    /**
     * The items as a stream, e.g. for a {@code @MethodSource} or {@code @TestFactory}; the whole file is read and
     * checked first, as by {@link #load}.
     *
     * @return the items in order
     * @throws DatasetException as {@link #load} does
     */
    public Stream<TestItem> stream() {
        return load().stream();
    }

    /** Items given in code. */
    static final class OfItems extends Dataset {

        private final List<TestItem> items;

        private OfItems(List<TestItem> items) {
            this.items = items;
        }

        @Override
        public List<TestItem> load() {
            return items;
        }

        /**
         * The number of items, e.g. {@code Dataset[3 items]}.
         *
         * @return a description for messages and test names
         */
        @Override
        public String toString() {
            return "Dataset[" + items.size() + (items.size() == 1 ? " item" : " items") + "]";
        }
    }
}
