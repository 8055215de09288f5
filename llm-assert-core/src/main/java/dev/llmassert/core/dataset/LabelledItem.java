package dev.llmassert.core.dataset;

import dev.llmassert.core.eval.ContextValues;
import org.apiguardian.api.API;

import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Set;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

/**
 * One row of a {@link LabelledDataset}: a response, what a person said about it (its label), its context (the
 * sources it must rely on, or the context fields of a criteria), and an id. Immutable.
 *
 * <p>The label is kept as written. {@link #binaryLabel()} reads it as a groundedness label ({@code yes}/{@code no},
 * {@code true}/{@code false} or {@code 1}/{@code 0}), {@link #optionLabel(Collection)} as a criteria option; either
 * fails on a label it cannot read with the file, the line and the field of the row.
 */
@API(status = EXPERIMENTAL, since = "0.1")
public final class LabelledItem {

    private static final Set<String> YES = Set.of("yes", "true", "1");
    private static final Set<String> NO = Set.of("no", "false", "0");

    private final String id;
    private final String response;
    private final String label;
    private final Map<String, Object> context;
    private final String file;
    private final int line;
    private final String labelField;

    LabelledItem(
            String id,
            String response,
            String label,
            Map<String, ?> context,
            String file,
            int line,
            String labelField) {
        if (id == null || id.isBlank()) {
            throw new IllegalArgumentException(DatasetMessages.blankLabelledId(id));
        }
        this.id = id.strip();
        String where = "the labelled item '" + this.id + "'";
        if (response == null || response.isBlank()) {
            throw new IllegalArgumentException(DatasetMessages.blankResponse(where, response));
        }
        if (label == null || label.isBlank()) {
            throw new IllegalArgumentException(DatasetMessages.blankLabel(where, label));
        }
        this.response = response;
        this.label = label.strip();
        this.context = ContextValues.copy(context, where);
        this.file = file;
        this.line = line;
        this.labelField = labelField;
    }

    /**
     * An item given in code.
     *
     * @param id       unique among the items calibrated together
     * @param response the text that was judged
     * @param label    what a person said: {@code yes}/{@code no} for groundedness, the expected option for criteria
     * @return an item without context; add the sources with {@link #withContext}
     * @throws IllegalArgumentException for a blank id, response or label
     */
    public static LabelledItem of(String id, String response, String label) {
        return new LabelledItem(id, response, label, Map.of(), null, 0, null);
    }

    /**
     * The id: unique among the items calibrated together.
     *
     * @return the id, stripped of surrounding blanks
     */
    public String id() {
        return id;
    }

    /**
     * The text that was judged.
     *
     * @return the response, as given
     */
    public String response() {
        return response;
    }

    /**
     * The label as written, stripped of surrounding blanks.
     *
     * @return the label; {@link #binaryLabel()} and {@link #optionLabel(Collection)} read it
     */
    public String label() {
        return label;
    }

    /**
     * The context: named texts or lists of texts, such as {@code sources}.
     *
     * @return the context values by name, unmodifiable; empty when there are none
     */
    public Map<String, Object> context() {
        return context;
    }

    /**
     * The context value {@code key} as a text.
     *
     * @param key the context value's name
     * @return its text
     * @throws IllegalArgumentException naming the item and the keys it has, when there is no such value or it is a
     *                                  list
     */
    public String contextText(String key) {
        return ContextValues.text(context, key, describe());
    }

    /**
     * The context value {@code key} as a list; a single text is a list of one.
     *
     * @param key the context value's name, e.g. {@code sources}
     * @return its texts
     * @throws IllegalArgumentException naming the item and the keys it has, when there is no such value
     */
    public List<String> contextList(String key) {
        return ContextValues.list(context, key, describe());
    }

    /**
     * A copy with one more context value, or with this one replaced, e.g. the texts of the sections a file names:
     * {@code item.withContext("sources", manual.texts(item.contextList("sections")))}.
     *
     * @param key the context value's name, not blank
     * @param value a text, a number, a boolean or a list of texts; not {@code null}
     * @return a new item; this one is unchanged
     * @throws IllegalArgumentException for a blank key, or a value of another kind
     */
    public LabelledItem withContext(String key, Object value) {
        Map<String, Object> copy = new LinkedHashMap<>(context);
        copy.put(key, value);
        return new LabelledItem(id, response, label, copy, file, line, labelField);
    }

    /**
     * Where the item comes from, for messages: {@code support-labels.jsonl, line 7, field 'grounded'}, or
     * {@code the labelled item 'a1'} for an item given in code.
     *
     * @return the place, in words
     */
    public String where() {
        if (file == null) {
            return describe();
        }
        return file + (line > 0 ? ", line " + line : "") + (labelField == null ? "" : ", field '" + labelField + "'");
    }

    /**
     * The label as a groundedness label: {@code yes}, {@code true} or {@code 1} is {@code true}; {@code no},
     * {@code false} or {@code 0} is {@code false}; case does not matter.
     *
     * @return {@code true} for a grounded response, {@code false} for one that is not
     * @throws DatasetException naming the file, the line and the field, for any other label
     */
    public boolean binaryLabel() {
        String value = label.toLowerCase(Locale.ROOT);
        if (YES.contains(value)) {
            return true;
        }
        if (NO.contains(value)) {
            return false;
        }
        throw labelError(DatasetMessages.notBinaryLabel(label));
    }

    /**
     * The label as one of {@code options}: the option with this name, or with the same name in another case.
     *
     * @param options the criteria's option names, not {@code null}
     * @return the option's name as {@code options} spell it
     * @throws DatasetException naming the file, the line and the field, when the label is none of the options
     */
    public String optionLabel(Collection<String> options) {
        Objects.requireNonNull(options, "options");
        for (String option : options) {
            if (option.equals(label)) {
                return option;
            }
        }
        for (String option : options) {
            if (option.equalsIgnoreCase(label)) {
                return option;
            }
        }
        List<String> names = new ArrayList<>(options);
        throw labelError(DatasetMessages.notAnOption(label, names, RoleBinding.suggestion(label, names)));
    }

    private DatasetException labelError(String problem) {
        return file == null
                ? new DatasetException(null, 0, null, "The label of " + describe() + ": " + problem)
                : new DatasetException(file, line, labelField, problem);
    }

    private String describe() {
        return "the labelled item '" + id + "'";
    }

    /** {@code LabelledItem[a1, label yes]}. */
    @Override
    public String toString() {
        return "LabelledItem[" + id + ", label " + label + "]";
    }
}
