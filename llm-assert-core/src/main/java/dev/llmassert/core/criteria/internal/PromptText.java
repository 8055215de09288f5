package dev.llmassert.core.criteria.internal;

import dev.llmassert.core.criteria.CriteriaOption;

import java.util.List;

/** Pieces of text that several criteria prompts show the judge model the same way. */
public final class PromptText {

    private PromptText() {
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
}
