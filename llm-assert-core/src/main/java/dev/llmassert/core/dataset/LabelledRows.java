package dev.llmassert.core.dataset;

import com.fasterxml.jackson.databind.JsonNode;
import dev.llmassert.core.dataset.DatasetRows.Row;
import dev.llmassert.core.dataset.DatasetRows.Source;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.StringJoiner;

/**
 * The roles of one labelled file's fields with the defaults settled ({@code id}, {@code response} and {@code label}
 * when the file has them and no other role names them), and the conversion of its rows into {@link LabelledItem}s,
 * with the checks of each value.
 */
final class LabelledRows {

    private final Source source;
    private final DatasetRoles roles;
    private final String idField;
    private final String responseField;
    private final String labelField;
    private final String described;
    private final RowValues values;

    private LabelledRows(Source source, DatasetRoles roles, String idField, String responseField, String labelField) {
        this.source = source;
        this.roles = roles;
        this.idField = idField;
        this.responseField = responseField;
        this.labelField = labelField;
        this.values = new RowValues(source);
        StringJoiner roleList = new StringJoiner(", ");
        roleList.add(idField == null ? "no id field (each id is the file name and line)" : ".id(\"" + idField + "\")");
        roleList.add(".response(\"" + responseField + "\")").add(".label(\"" + labelField + "\")");
        roles.calls().forEach(roleList::add);
        this.described = roleList.toString();
    }

    /**
     * Settles the defaults against the file's {@code fields}.
     *
     * @throws DatasetException when the response or label field is neither named nor in the file, or a role names a
     *                          field the file does not have
     */
    static LabelledRows bind(Source source, DatasetRoles roles, String response, String label, Set<String> fields) {
        String responseField =
                settle(source, roles, response, LabelledDataset.DEFAULT_RESPONSE, "response", label, fields);
        String labelField = settle(source, roles, label, LabelledDataset.DEFAULT_LABEL, "label", responseField, fields);
        String idField = roles.id() != null
                ? roles.id()
                : fields.contains(RoleBinding.DEFAULT_ID)
                                && roles.roleOf(RoleBinding.DEFAULT_ID) == null
                                && !RoleBinding.DEFAULT_ID.equals(responseField)
                                && !RoleBinding.DEFAULT_ID.equals(labelField)
                        ? RoleBinding.DEFAULT_ID
                        : null;
        LabelledRows rows = new LabelledRows(source, roles, idField, responseField, labelField);
        List<String> named = new ArrayList<>(roles.named());
        named.add(responseField);
        named.add(labelField);
        for (String field : named) {
            if (!fields.contains(field)) {
                String role = field.equals(responseField)
                        ? "response"
                        : field.equals(labelField) ? "label" : roles.roleOf(field);
                List<String> unused =
                        fields.stream().filter(f -> !rows.hasRole(f)).toList();
                throw new DatasetException(
                        source.name(),
                        0,
                        field,
                        DatasetMessages.noSuchField(
                                role, source.format(), fields, RoleBinding.suggestion(field, unused)));
            }
        }
        return rows;
    }

    /** The field named for {@code role}, or its default when the file has it and nothing else names it. */
    private static String settle(
            Source source,
            DatasetRoles roles,
            String named,
            String byDefault,
            String role,
            String other,
            Set<String> fields) {
        if (named != null) {
            return named;
        }
        if (fields.contains(byDefault) && roles.roleOf(byDefault) == null && !byDefault.equals(other)) {
            return byDefault;
        }
        String example = fields.stream()
                .filter(f -> roles.roleOf(f) == null && !f.equals(other) && !f.equals(RoleBinding.DEFAULT_ID))
                .findFirst()
                .orElse(role.equals("label") ? "grounded" : "answer");
        throw new DatasetException(
                source.name(), 0, null, DatasetMessages.noLabelledField(role, byDefault, fields, example));
    }

    /** The field that holds the ids, or {@code null} when each id is the file name and line. */
    String idField() {
        return idField;
    }

    /**
     * The item of one row.
     *
     * @throws DatasetException naming the line and the field of a value that has no role or the wrong type, or a
     *                          missing or blank id, response or label
     */
    LabelledItem item(Row row) {
        for (String field : row.values().keySet()) {
            if (!hasRole(field)) {
                throw values.error(row, field, DatasetMessages.noRole(field, described));
            }
        }
        String id = idField == null ? source.fileName() + ":" + row.line() : id(row);
        String response = text(row, responseField, "response", DatasetMessages.RESPONSE_TYPE, false);
        String label = text(row, labelField, "label", DatasetMessages.LABEL_TYPE, true);
        Map<String, Object> context = new LinkedHashMap<>();
        roles.context().forEach((field, kind) -> {
            Object value = values.contextValue(row, field, kind);
            if (value != null) {
                context.put(field, value);
            }
        });
        try {
            return new LabelledItem(id, response, label, context, source.name(), row.line(), labelField);
        } catch (IllegalArgumentException e) {
            throw new DatasetException(source.name(), row.line(), null, e.getMessage(), e);
        }
    }

    private boolean hasRole(String field) {
        return roles.roleOf(field) != null
                || field.equals(idField)
                || field.equals(responseField)
                || field.equals(labelField);
    }

    private String id(Row row) {
        JsonNode node = row.values().get(idField);
        if (node == null || node.isNull()) {
            throw values.error(row, idField, DatasetMessages.missingId(source.format()));
        }
        String text = RowValues.scalar(node);
        if (text == null || node.isBoolean()) {
            throw values.wrongType(
                    row, idField, "the value", node, DatasetMessages.ID_TYPE, DatasetMessages.idFix(row.line()));
        }
        if (text.isBlank()) {
            throw values.error(row, idField, DatasetMessages.blankId(source.format()));
        }
        return text;
    }

    /** The value of {@code field} as a text; a number or boolean only where {@code scalars} allows them. */
    private String text(Row row, String field, String role, String expected, boolean scalars) {
        JsonNode node = row.values().get(field);
        if (node == null || node.isNull()) {
            throw values.error(row, field, DatasetMessages.missingLabelled(role, source.format()));
        }
        String text = RowValues.scalar(node);
        if (text == null || !scalars && !node.isTextual()) {
            throw values.wrongType(row, field, "the value", node, expected, DatasetMessages.labelledFix(role));
        }
        if (text.isBlank()) {
            throw values.error(row, field, DatasetMessages.blankLabelled(role, source.format()));
        }
        return text;
    }
}
