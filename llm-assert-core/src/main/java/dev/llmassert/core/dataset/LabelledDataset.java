package dev.llmassert.core.dataset;

import dev.llmassert.core.dataset.DatasetRoles.ContextKind;
import dev.llmassert.core.dataset.DatasetRows.Row;
import dev.llmassert.core.dataset.DatasetRows.Source;
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
 * A dataset whose rows a person has labelled, for calibrating a judge: made from a file with
 * {@link DatasetFile#labelled()}, e.g.
 *
 * <pre>{@code
 * List<LabelledItem> labelled = Dataset.fromClasspath("calibration/support-answers.jsonl").labelled()
 *         .response("answer")          // the text that was judged; by default the field "response"
 *         .label("grounded")           // what the person said; by default the field "label"
 *         .contextList("sources")      // the sources, or a criteria's context fields
 *         .ignore("note")
 *         .load();
 * }</pre>
 *
 * <p>Every field has a role, as in a {@link DatasetFile}: the id ({@link #id}, by default {@code id}, else the file
 * name and line), the response, the label, context ({@link #context}, {@link #contextList}), or ignored
 * ({@link #ignore}). A field without a role, a role naming no field, a missing or blank response or label, or two
 * rows with one id fail the load with the file, the line and the field. What a label may be depends on the judge:
 * {@link LabelledItem#binaryLabel()} and {@link LabelledItem#optionLabel} check it.
 */
@API(status = EXPERIMENTAL, since = "0.1")
public final class LabelledDataset {

    static final String DEFAULT_RESPONSE = "response";
    static final String DEFAULT_LABEL = "label";

    private final Source source;
    private final DatasetRoles roles;
    private final String response;
    private final String label;

    private LabelledDataset(Source source, DatasetRoles roles, String response, String label) {
        this.source = source;
        this.roles = roles;
        this.response = response;
        this.label = label;
    }

    /** The labelled dataset of a file whose roles so far are {@code roles}: an id, context, fields ignored. */
    static LabelledDataset of(Source source, DatasetRoles roles) {
        if (!roles.prompts().isEmpty()) {
            throw new DatasetException(source.name(), 0, null, DatasetMessages.promptsInLabelled(roles.prompts()));
        }
        return new LabelledDataset(source, roles, null, null);
    }

    /**
     * The field that holds each row's id. Without this call it is {@code id}; if the file has no such field, each id
     * is the file name and the row's line, e.g. {@code support-answers.jsonl:3}.
     *
     * @param field the field; replaces an id field given before
     * @return a new dataset with this role
     * @throws DatasetException if another role names the field
     */
    public LabelledDataset id(String field) {
        checkNotResponseOrLabel(field, "id");
        return new LabelledDataset(source, roles.withId(field), response, label);
    }

    /**
     * The field that holds the text that was judged. Without this call it is {@code response}.
     *
     * @param field the field
     * @return a new dataset with this role
     * @throws DatasetException if another role names the field
     */
    public LabelledDataset response(String field) {
        String name = checkedName(field, "response");
        checkFree(name, "response", label, "label");
        return new LabelledDataset(source, roles, name, label);
    }

    /**
     * The field that holds the person's label: {@code yes}/{@code no} (or {@code true}/{@code false}, {@code 1}/
     * {@code 0}) for groundedness, the expected option for a criteria. Without this call it is {@code label}.
     *
     * @param field the field
     * @return a new dataset with this role
     * @throws DatasetException if another role names the field
     */
    public LabelledDataset label(String field) {
        String name = checkedName(field, "label");
        checkFree(name, "label", response, "response");
        return new LabelledDataset(source, roles, response, name);
    }

    /**
     * Fields copied into each row's context as texts (a list stays a list), as {@link DatasetFile#context} does.
     *
     * @param fields one or more fields; the context keys are the same names
     * @return a new dataset with this role
     * @throws DatasetException if another role names one of the fields, or one is named twice
     */
    public LabelledDataset context(String... fields) {
        checkNotResponseOrLabel(fields, "context");
        return new LabelledDataset(source, roles.withContext(fields, ContextKind.TEXT), response, label);
    }

    /**
     * Fields copied into each row's context as lists of texts, e.g. the sources; in a CSV file the cell holds the
     * elements separated by {@code |}, as {@link DatasetFile#contextList} does.
     *
     * @param fields one or more fields; the context keys are the same names
     * @return a new dataset with this role
     * @throws DatasetException if another role names one of the fields, or one is named twice
     */
    public LabelledDataset contextList(String... fields) {
        checkNotResponseOrLabel(fields, "contextList");
        return new LabelledDataset(source, roles.withContext(fields, ContextKind.LIST), response, label);
    }

    /**
     * Fields deliberately left unused, such as a note on why a row has its label.
     *
     * @param fields one or more fields
     * @return a new dataset with this role
     * @throws DatasetException if another role names one of the fields, or one is named twice
     */
    public LabelledDataset ignore(String... fields) {
        checkNotResponseOrLabel(fields, "ignore");
        return new LabelledDataset(source, roles.withIgnored(fields), response, label);
    }

    /**
     * Reads the file and checks every row.
     *
     * @return the items in file order, unmodifiable
     * @throws DatasetException if the file is missing, malformed or has no rows, a field has no role, a role names
     *                          no field, an id, response or label is missing, blank or of the wrong type, or two rows
     *                          share an id
     */
    public List<LabelledItem> load() {
        List<Row> rows = DatasetRows.read(source);
        if (rows.isEmpty()) {
            throw new DatasetException(source.name(), 0, null, DatasetMessages.noItems(source.format()));
        }
        Set<String> fields = new LinkedHashSet<>();
        rows.forEach(row -> fields.addAll(row.values().keySet()));
        LabelledRows converter = LabelledRows.bind(source, roles, response, label, fields);
        Map<String, Integer> lines = new HashMap<>();
        List<LabelledItem> loaded = new ArrayList<>(rows.size());
        for (Row row : rows) {
            LabelledItem item = converter.item(row);
            Integer first = lines.putIfAbsent(item.id(), row.line());
            if (first != null) {
                throw new DatasetException(
                        source.name(), row.line(), converter.idField(), DatasetMessages.duplicateId(item.id(), first));
            }
            loaded.add(item);
        }
        return Collections.unmodifiableList(loaded);
    }

    /**
     * The file and the roles, e.g. {@code LabelledDataset[calibration/a.jsonl .response("answer") .label("ok")]}.
     *
     * @return a description for messages and test names
     */
    @Override
    public String toString() {
        StringJoiner description = new StringJoiner(" ", "LabelledDataset[", "]").add(source.name());
        if (roles.id() != null) {
            description.add(".id(" + DatasetRoles.quoted(List.of(roles.id())) + ")");
        }
        if (response != null) {
            description.add(".response(" + DatasetRoles.quoted(List.of(response)) + ")");
        }
        if (label != null) {
            description.add(".label(" + DatasetRoles.quoted(List.of(label)) + ")");
        }
        roles.calls().forEach(description::add);
        return description.toString();
    }

    private String checkedName(String field, String role) {
        if (field == null || field.isBlank()) {
            throw new IllegalArgumentException(DatasetMessages.blankFieldName(role, field, source.name()));
        }
        String name = field.strip();
        String taken = roles.roleOf(name);
        if (taken != null) {
            throw new DatasetException(source.name(), 0, name, DatasetMessages.twoRoles(taken, role));
        }
        return name;
    }

    private void checkFree(String name, String role, String other, String otherRole) {
        if (name.equals(other)) {
            throw new DatasetException(source.name(), 0, name, DatasetMessages.twoRoles(otherRole, role));
        }
    }

    private void checkNotResponseOrLabel(String field, String role) {
        if (field != null && !field.isBlank()) {
            checkFree(field.strip(), role, response, "response");
            checkFree(field.strip(), role, label, "label");
        }
    }

    private void checkNotResponseOrLabel(String[] fields, String role) {
        if (fields != null) {
            for (String field : fields) {
                checkNotResponseOrLabel(field, role);
            }
        }
    }
}
