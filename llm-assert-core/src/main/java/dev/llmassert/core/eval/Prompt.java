package dev.llmassert.core.eval;

import org.apiguardian.api.API;

import java.util.List;
import java.util.Map;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

/**
 * What is sent to the system under test, with its own optional context: what this one prompt is about (the customer
 * or locale it is asked for, the pronoun it uses), which a function system may read
 * ({@link SystemUnderTest#of(String, SystemUnderTest.Responder)}) and annotators and measurements can read too. The
 * context the system never sees is the item's ({@link TestItem#context()}).
 *
 * @param text    the text sent; not blank
 * @param context named texts or lists of texts; numbers and booleans are kept as their text
 */
@API(status = EXPERIMENTAL, since = "0.1")
public record Prompt(String text, Map<String, Object> context) {

    public Prompt {
        if (text == null || text.isBlank()) {
            throw new IllegalArgumentException(EvaluationMessages.blankPrompt(text));
        }
        context = ContextValues.copy(context, "the prompt '" + text + "'");
    }

    public static Prompt of(String text) {
        return new Prompt(text, Map.of());
    }

    public static Prompt of(String text, Map<String, ?> context) {
        return new Prompt(text, context == null ? Map.of() : ContextValues.copy(context, "the prompt '" + text + "'"));
    }

    /** The context value {@code key} as a text. */
    public String contextText(String key) {
        return ContextValues.text(context, key, "the prompt '" + text + "'");
    }

    /** The context value {@code key} as a list; a single text is a list of one. */
    public List<String> contextList(String key) {
        return ContextValues.list(context, key, "the prompt '" + text + "'");
    }
}
