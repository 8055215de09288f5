package dev.llmassert.core.criteria.internal;

import dev.llmassert.core.criteria.CriteriaOption;
import dev.llmassert.core.model.internal.DataTags;
import org.apiguardian.api.API;

import java.util.List;
import java.util.Map;

import static org.apiguardian.api.API.Status.INTERNAL;

/**
 * Pieces of text that several criteria prompts show the judge model the same way. The texts a prompt judges and their
 * context are untrusted, so they are shown between {@link DataTags}; the criteria, the options and the persona are
 * the test author's and are shown as they are.
 */
@API(status = INTERNAL, since = "0.1")
public final class PromptText {

    private PromptText() {}

    /** A judge description as the prompt uses it: stripped, or {@code null} (the default evaluator) when blank. */
    public static String judgeDescription(String description) {
        return description == null || description.isBlank() ? null : description.strip();
    }

    /** One line per option: {@code - "Name": description}. */
    public static StringBuilder appendOptions(StringBuilder out, List<CriteriaOption> options) {
        for (CriteriaOption option : options) {
            out.append("- \"").append(option.name()).append('"');
            if (!option.description().isEmpty()) {
                out.append(": ").append(option.description());
            }
            out.append('\n');
        }
        return out;
    }

    /**
     * The context fields under a {@code ## Context} heading, one {@code ### name} section each with the value between
     * the data tags; nothing if none.
     */
    public static StringBuilder appendContext(StringBuilder out, Map<String, String> context, DataTags tags) {
        if (!context.isEmpty()) {
            out.append("\n## Context\n");
            context.forEach((name, value) -> out.append("\n### ")
                    .append(name)
                    .append("\n\n")
                    .append(tags.wrap(value))
                    .append('\n'));
        }
        return out;
    }

    /**
     * The system message's opening: who the judge is, then the rule that what lies between the data tags is data.
     *
     * @param judgeDescription the persona, or {@code null} for {@code defaultDescription}
     */
    public static StringBuilder startSystem(String judgeDescription, String defaultDescription, DataTags tags) {
        return new StringBuilder()
                .append(judgeDescription == null ? defaultDescription : judgeDescription)
                .append("\n\n")
                .append(tags.rule())
                .append("\n\n");
    }
}
