package dev.llmassert.core.dataset;

import dev.llmassert.core.dataset.DatasetRoles.ContextKind;
import dev.llmassert.core.dataset.DatasetRows.Row;
import dev.llmassert.core.dataset.DatasetRows.Source;
import dev.llmassert.core.eval.TestItem;
import org.apiguardian.api.API;

import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.StringJoiner;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

/**
 * A {@link Dataset} in a file, made by {@link Dataset#fromFile} and its siblings, with the role of each field.
 *
 * <p><b>Every field has a role.</b> A field of the file is the id ({@link #id}, by default {@code id}), a prompt
 * ({@link #prompts}, by default {@code prompt}), context ({@link #context}, {@link #contextList}), or ignored
 * ({@link #ignore}). A field without a role, or a role naming a field that no item has, fails the load. When the
 * file has no {@code id} field and {@link #id} is not called, each item's id is the file name and its line, e.g.
 * {@code support-questions.csv:3}. Each role method returns a new dataset; {@link #load} reads the file anew.
 */
@API(status = EXPERIMENTAL, since = "0.1")
public final class DatasetFile extends Dataset {

    private final Source source;
    private final DatasetRoles roles;

    DatasetFile(Source source) {
        this(source, DatasetRoles.none(source.name()));
    }

    private DatasetFile(Source source, DatasetRoles roles) {
        this.source = source;
        this.roles = roles;
    }

    /**
     * The field that holds each item's id. Without this call the id field is {@code id}; if the file has no such
     * field, or another role names it, each id is the file name and the item's line, e.g.
     * {@code support-questions.csv:3}. An id is a text or a number, and no two items may share one.
     *
     * @param field the field; replaces an id field given before
     * @return a new dataset with this role
     * @throws DatasetException if another role names the field
     */
    public DatasetFile id(String field) {
        return new DatasetFile(source, roles.withId(field));
    }

    /**
     * The fields that hold the prompts sent to the system under test, added to those given before. Each non-blank
     * value becomes a prompt, in the order of the fields; a field holding a list gives one prompt per element, and a
     * blank element is an error. Each item must get at least one prompt. Without this call the prompt field is
     * {@code prompt}.
     *
     * @param fields one or more fields
     * @return a new dataset with this role
     * @throws DatasetException if another role names one of the fields, or one is named twice
     */
    public DatasetFile prompts(String... fields) {
        return new DatasetFile(source, roles.withPrompts(fields));
    }

    /**
     * Fields copied into each item's context, which the system under test never sees, added to those given before.
     * A value is kept as a text (numbers and booleans become their text), or as a list of texts when it holds a
     * list; a CSV cell is always one text, {@code |} included. A field without a value is left out of that item's
     * context.
     *
     * @param fields one or more fields; the context keys are the same names
     * @return a new dataset with this role
     * @throws DatasetException if another role names one of the fields, or one is named twice
     */
    public DatasetFile context(String... fields) {
        return new DatasetFile(source, roles.withContext(fields, ContextKind.TEXT));
    }

    /**
     * Fields copied into each item's context as lists of texts, added to those given before. In a CSV file the cell
     * holds the elements separated by {@code |}, e.g. {@code Reset|Warranty}; the elements are stripped, and empty
     * ones dropped. In JSON Lines and YAML the value is a list, and a single text is a list of one.
     *
     * @param fields one or more fields; the context keys are the same names
     * @return a new dataset with this role
     * @throws DatasetException if another role names one of the fields, or one is named twice
     */
    public DatasetFile contextList(String... fields) {
        return new DatasetFile(source, roles.withContext(fields, ContextKind.LIST));
    }

    /**
     * Fields of the file deliberately left unused, added to those given before.
     *
     * @param fields one or more fields
     * @return a new dataset with this role
     * @throws DatasetException if another role names one of the fields, or one is named twice
     */
    public DatasetFile ignore(String... fields) {
        return new DatasetFile(source, roles.withIgnored(fields));
    }

    /**
     * The file as a labelled dataset, whose rows hold a response, a person's label, context and an id, for
     * calibrating a judge; the id, context and ignored fields given so far keep their roles.
     *
     * @return the labelled dataset of the same file
     * @throws DatasetException if prompt fields were named: a labelled row has a response instead
     */
    public LabelledDataset labelled() {
        return LabelledDataset.of(source, roles);
    }

    /**
     * Reads the file and checks every item.
     *
     * @return the items in file order, unmodifiable
     * @throws DatasetException if the file is missing, malformed or has no items, a field has no role, a role names
     *                          no field, an id or prompt is missing, blank or of the wrong type, or two items share
     *                          an id
     */
    @Override
    public List<TestItem> load() {
        List<Row> rows = DatasetRows.read(source);
        if (rows.isEmpty()) {
            throw new DatasetException(source.name(), 0, null, DatasetMessages.noItems(source.format()));
        }
        Set<String> fields = new LinkedHashSet<>();
        rows.forEach(row -> fields.addAll(row.values().keySet()));
        RoleBinding binding = RoleBinding.bind(roles, fields, source);
        RowConverter converter = new RowConverter(source, binding);
        Map<String, Integer> lines = new HashMap<>();
        List<TestItem> loaded = new ArrayList<>(rows.size());
        for (Row row : rows) {
            TestItem item = converter.item(row);
            Integer first = lines.putIfAbsent(item.id(), row.line());
            if (first != null) {
                throw new DatasetException(
                        source.name(), row.line(), binding.idField(), DatasetMessages.duplicateId(item.id(), first));
            }
            loaded.add(item);
        }
        return Collections.unmodifiableList(loaded);
    }

    /**
     * The file and the roles, e.g. {@code Dataset[eval/support.jsonl .prompts("question") .context("topic")]}.
     *
     * @return a description for messages and test names
     */
    @Override
    public String toString() {
        StringJoiner description = new StringJoiner(" ", "Dataset[", "]").add(source.name());
        if (roles.id() != null) {
            description.add(".id(" + DatasetRoles.quoted(List.of(roles.id())) + ")");
        }
        roles.calls().forEach(description::add);
        return description.toString();
    }
}
