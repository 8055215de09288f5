package dev.llmassert.core.dataset;

import com.fasterxml.jackson.databind.JsonNode;
import dev.llmassert.core.dataset.DatasetRoles.ContextKind;
import dev.llmassert.core.dataset.DatasetRows.Format;
import dev.llmassert.core.dataset.DatasetRows.Row;
import dev.llmassert.core.dataset.DatasetRows.Source;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * The values of one file's rows as a dataset keeps them, with their type checks: a scalar as a text, a context value
 * as a text or a list of texts. Shared by the rows of a prompt-response dataset ({@link RowConverter}) and of a
 * labelled one ({@link LabelledRows}); every error names the file, the line and the field.
 */
final class RowValues {

    private static final String LIST_SEPARATOR = "|";

    private final Source source;

    RowValues(Source source) {
        this.source = source;
    }

    Source source() {
        return source;
    }

    /** The value kept in a context: a text, a list of texts, or {@code null} for none. */
    Object contextValue(Row row, String field, ContextKind kind) {
        JsonNode node = row.values().get(field);
        if (node == null || node.isNull()) {
            return null;
        }
        if (source.format() == Format.CSV) {
            String cell = node.asText();
            if (cell.isBlank()) {
                return null;
            }
            if (kind == ContextKind.TEXT) {
                return cell;
            }
            List<String> elements = Arrays.stream(cell.split("\\" + LIST_SEPARATOR))
                    .map(String::strip)
                    .filter(element -> !element.isEmpty())
                    .toList();
            return elements.isEmpty() ? null : elements;
        }
        String text = scalar(node);
        if (text != null) {
            return kind == ContextKind.LIST ? List.of(text) : text;
        }
        if (!node.isArray()) {
            throw wrongType(
                    row, field, "the value", node, DatasetMessages.CONTEXT_TYPE, DatasetMessages.contextFix(field));
        }
        List<String> elements = new ArrayList<>(node.size());
        for (int i = 0; i < node.size(); i++) {
            String element = scalar(node.get(i));
            if (element == null) {
                throw wrongType(
                        row,
                        field,
                        "element " + (i + 1) + " of the list",
                        node.get(i),
                        DatasetMessages.CONTEXT_TYPE,
                        DatasetMessages.contextFix(field));
            }
            elements.add(element);
        }
        return List.copyOf(elements);
    }

    /** A text, number or boolean as its text; {@code null} for anything else. */
    static String scalar(JsonNode node) {
        if (node == null || node.isNull() || node.isContainerNode() || node.isMissingNode()) {
            return null;
        }
        if (node.isBigDecimal()) {
            return node.decimalValue().toPlainString();
        }
        return node.asText();
    }

    DatasetException wrongType(Row row, String field, String subject, JsonNode node, String expected, String fix) {
        return error(
                row,
                field,
                DatasetMessages.wrongType(
                        subject,
                        DatasetRows.kind(node, source.format()),
                        node == null ? "null" : node.toString(),
                        expected,
                        fix));
    }

    DatasetException error(Row row, String field, String problem) {
        return new DatasetException(source.name(), row.line(), field, problem);
    }
}
