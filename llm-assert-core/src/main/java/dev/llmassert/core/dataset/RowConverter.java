package dev.llmassert.core.dataset;

import com.fasterxml.jackson.databind.JsonNode;
import dev.llmassert.core.dataset.DatasetRows.Row;
import dev.llmassert.core.dataset.DatasetRows.Source;
import dev.llmassert.core.eval.Prompt;
import dev.llmassert.core.eval.TestItem;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Turns the rows of one file into {@link TestItem}s by their {@link RoleBinding}, checking each value's type: an id
 * is a text or a number, a prompt a text or a list of texts, a context value a scalar or a list of scalars.
 */
final class RowConverter {

    private final Source source;
    private final RoleBinding binding;
    private final RowValues values;

    RowConverter(Source source, RoleBinding binding) {
        this.source = source;
        this.binding = binding;
        this.values = new RowValues(source);
    }

    /**
     * The item of one row.
     *
     * @throws DatasetException naming the line and the field of a value that has no role or the wrong type, or a
     *                          missing or blank id or prompt
     */
    TestItem item(Row row) {
        for (String field : row.values().keySet()) {
            if (!binding.hasRole(field)) {
                throw error(row, field, DatasetMessages.noRole(field, binding.described()));
            }
        }
        String itemId = binding.idField() == null ? source.fileName() + ":" + row.line() : id(row, binding.idField());
        List<Prompt> itemPrompts = prompts(row, binding.promptFields());
        Map<String, Object> itemContext = new LinkedHashMap<>();
        binding.roles().context().forEach((field, kind) -> {
            Object value = values.contextValue(row, field, kind);
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
            throw error(row, field, DatasetMessages.missingId(source.format()));
        }
        String text = RowValues.scalar(node);
        if (text == null || node.isBoolean()) {
            throw wrongType(row, field, "the value", node, DatasetMessages.ID_TYPE, DatasetMessages.idFix(row.line()));
        }
        if (text.isBlank()) {
            throw error(row, field, DatasetMessages.blankId(source.format()));
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
                    String text = RowValues.scalar(node.get(i));
                    if (text == null) {
                        throw wrongType(
                                row,
                                field,
                                "element " + (i + 1) + " of the list",
                                node.get(i),
                                DatasetMessages.LISTED_PROMPT_TYPE,
                                DatasetMessages.LISTED_PROMPT_FIX);
                    }
                    if (text.isBlank()) {
                        throw error(row, field, DatasetMessages.blankListedPrompt(i + 1));
                    }
                    texts.add(Prompt.of(text));
                }
                continue;
            }
            String text = RowValues.scalar(node);
            if (text == null) {
                throw wrongType(row, field, "the value", node, DatasetMessages.PROMPT_TYPE, DatasetMessages.PROMPT_FIX);
            }
            if (text.isBlank()) {
                emptiness = "blank";
                continue;
            }
            texts.add(Prompt.of(text));
        }
        if (texts.isEmpty()) {
            if (fields.size() == 1) {
                throw error(row, fields.get(0), DatasetMessages.emptyPrompt(fields.get(0), emptiness, source.format()));
            }
            throw error(row, null, DatasetMessages.emptyPrompts(fields, source.format()));
        }
        return texts;
    }

    private DatasetException wrongType(
            Row row, String field, String subject, JsonNode node, String expected, String fix) {
        return values.wrongType(row, field, subject, node, expected, fix);
    }

    private DatasetException error(Row row, String field, String problem) {
        return values.error(row, field, problem);
    }
}
