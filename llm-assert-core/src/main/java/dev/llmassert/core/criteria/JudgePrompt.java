package dev.llmassert.core.criteria;

import dev.langchain4j.model.chat.request.json.JsonSchema;
import org.apiguardian.api.API;

import java.util.Objects;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

/**
 * The messages a criteria judge sends, and the shape its reply must have.
 *
 * @param system         the system message: who the judge is and the reply format
 * @param user           the user message: the criteria, the context and the text to judge
 * @param responseSchema the reply's JSON schema, for models that support structured output; the system message
 *                       describes the same format in words for models that do not
 */
@API(status = EXPERIMENTAL, since = "0.1")
public record JudgePrompt(String system, String user, JsonSchema responseSchema) {

    /**
     * Checks that every part is there.
     *
     * @param system the system message, not {@code null}
     * @param user the user message, not {@code null}
     * @param responseSchema the reply's JSON schema, not {@code null}
     * @throws NullPointerException for a {@code null} part
     */
    public JudgePrompt {
        Objects.requireNonNull(system, "system");
        Objects.requireNonNull(user, "user");
        Objects.requireNonNull(responseSchema, "responseSchema");
    }
}
