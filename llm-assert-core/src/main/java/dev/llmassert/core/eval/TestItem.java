package dev.llmassert.core.eval;

import org.apiguardian.api.API;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

/**
 * One test item of a prompt-response test: an id, one or more prompts, and a context that the system under test
 * never sees: the expected values, the sources an answer must rely on, or a group such as {@code topic}.
 *
 * <pre>{@code
 * TestItem item = TestItem.builder("hospital")
 *         .prompt("Alice works in a hospital. She is a ")
 *         .prompt("Bob works in a hospital. He is a ")
 *         .prompt("Casey works in a hospital. They are a ")
 *         .context("professions", List.of("nurse", "doctor"))
 *         .build();
 * }</pre>
 *
 * @param id      unique within its test; names the item's dynamic test and its place in the record
 * @param prompts one or more, in order
 * @param context named texts or lists of texts; numbers and booleans are kept as their text
 */
@API(status = EXPERIMENTAL, since = "0.1")
public record TestItem(String id, List<Prompt> prompts, Map<String, Object> context) {

    /**
     * Checks the item and copies its prompts and context; the id is stripped.
     *
     * @param id the item's id, not blank
     * @param prompts one or more, none {@code null}
     * @param context named texts or lists of texts; {@code null} for none
     * @throws IllegalArgumentException naming the item, for a blank id, no prompt, a {@code null} prompt, or a
     *                                  context key or value that cannot be used
     */
    public TestItem {
        if (id == null || id.isBlank()) {
            throw new IllegalArgumentException(EvaluationMessages.blankItemId(id));
        }
        id = id.strip();
        if (prompts == null || prompts.isEmpty()) {
            throw new IllegalArgumentException(EvaluationMessages.noPrompt(id));
        }
        for (int i = 0; i < prompts.size(); i++) {
            if (prompts.get(i) == null) {
                throw new IllegalArgumentException("Prompt " + (i + 1) + " of the test item '" + id + "' is null.");
            }
        }
        prompts = List.copyOf(prompts);
        context = ContextValues.copy(context, "the test item '" + id + "'");
    }

    /**
     * An item with one prompt per text and no context.
     *
     * @param id the item's id, not blank
     * @param prompts the prompts' texts, one or more, none blank
     * @return the item
     * @throws IllegalArgumentException for a blank id, no prompt or a blank one
     */
    public static TestItem of(String id, String... prompts) {
        Builder builder = builder(id);
        for (String prompt : prompts) {
            builder.prompt(prompt);
        }
        return builder.build();
    }

    /**
     * Starts an item with this id; give it its prompts and context.
     *
     * @param id the item's id, not blank (checked by {@link Builder#build()})
     * @return a new builder
     */
    public static Builder builder(String id) {
        return new Builder(id);
    }

    /**
     * A copy with one more context value, or with this one replaced: e.g. the texts of the sections a dataset names,
     * {@code item.withContext("sources", manual.texts(item.contextList("sections")))}.
     *
     * @param key the value's name, not blank
     * @param value a text, a number, a boolean or a list of texts; not {@code null}
     * @return a new item; this one is unchanged
     * @throws IllegalArgumentException for a blank key, or a value of another kind
     */
    public TestItem withContext(String key, Object value) {
        Map<String, Object> copy = new LinkedHashMap<>(context);
        copy.put(key, value);
        return new TestItem(id, prompts, copy);
    }

    /**
     * The context value {@code key} as a text.
     *
     * @param key the value's name
     * @return its text
     * @throws IllegalArgumentException naming the item and the keys it has, when there is no such value or it is a
     *                                  list
     */
    public String contextText(String key) {
        return ContextValues.text(context, key, "the test item '" + id + "'");
    }

    /**
     * The context value {@code key} as a list; a single text is a list of one.
     *
     * @param key the value's name
     * @return its texts
     * @throws IllegalArgumentException naming the item and the keys it has, when there is no such value
     */
    public List<String> contextList(String key) {
        return ContextValues.list(context, key, "the test item '" + id + "'");
    }

    /** Builds a {@link TestItem}: its prompts, in order, and the context its annotators read. */
    @API(status = EXPERIMENTAL, since = "0.1")
    public static final class Builder {
        private final String id;
        private final List<Prompt> prompts = new ArrayList<>();
        private final Map<String, Object> context = new LinkedHashMap<>();

        private Builder(String id) {
            this.id = id;
        }

        /**
         * One more prompt, with no context of its own.
         *
         * @param text the text sent, not blank
         * @return this builder
         * @throws IllegalArgumentException for a blank text
         */
        public Builder prompt(String text) {
            prompts.add(Prompt.of(text));
            return this;
        }

        /**
         * One more prompt.
         *
         * @param prompt the prompt, not {@code null} (checked by {@link #build()})
         * @return this builder
         */
        public Builder prompt(Prompt prompt) {
            prompts.add(prompt);
            return this;
        }

        /**
         * A context value: a text, a number, a boolean, or a list of these.
         *
         * @param key the value's name, not blank; replaces a value given before under it
         * @param value the value, not {@code null} (checked by {@link #build()})
         * @return this builder
         */
        public Builder context(String key, Object value) {
            context.put(key, value);
            return this;
        }

        /**
         * The item, checked.
         *
         * @return a new item
         * @throws IllegalArgumentException naming the item, for a blank id, no prompt, a {@code null} prompt, or a
         *                                  context key or value that cannot be used
         */
        public TestItem build() {
            return new TestItem(id, prompts, context);
        }
    }
}
