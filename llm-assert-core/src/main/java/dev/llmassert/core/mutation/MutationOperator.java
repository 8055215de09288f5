package dev.llmassert.core.mutation;

import dev.llmassert.core.config.EnumSetting;
import dev.llmassert.core.mutation.internal.MutationMessages;
import org.apiguardian.api.API;

import java.util.Arrays;
import java.util.EnumSet;
import java.util.Locale;
import java.util.Set;
import java.util.stream.Collectors;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

/**
 * The ways a mutation check changes a recorded answer: the ways an LLM goes wrong. Each is deterministic for a
 * seed, and each change is shown as a diff.
 */
@API(status = EXPERIMENTAL, since = "0.1")
public enum MutationOperator {

    /** A number, an amount, a date or a duration changed: "30 days" → "60 days". */
    NUMBER("number", "a number, amount, date or duration changed"),
    /** Two figures of the answer swapped with each other: "under 5 free, 5 to 15 half" → "under 15 ...". */
    SWAP("swap", "two figures swapped"),
    /** A name or a product swapped for another one from the same sources. */
    ENTITY("entity", "a name or product swapped for another from the sources"),
    /** A negation added or removed: "does not cover" → "does cover". */
    NEGATION("negation", "a negation added or removed"),
    /** A word replaced by its antonym (WordNet's direct antonyms): "automatic" → "manual". */
    ANTONYM("antonym", "a word replaced by its antonym"),
    /** A condition dropped: "if the light keeps blinking", "for orders over 50 dollars", "only for store credit". */
    CONDITION("condition", "a condition dropped"),
    /** An invented sentence added, with a fact: a phone number, a price, a URL, a duration. */
    INVENTED("invented", "an invented sentence with a fact added"),
    /** An agent's tool result changed, so that the final answer no longer matches it. */
    TOOL_RESULT("tool-result", "an agent's tool result changed");

    private final String id;
    private final String description;

    MutationOperator(String id, String description) {
        this.id = id;
        this.description = description;
    }

    /**
     * The operator's name in settings and reports, e.g. {@code tool-result}.
     *
     * @return the id
     */
    public String id() {
        return id;
    }

    /**
     * What it changes, in a few words.
     *
     * @return e.g. {@code a negation added or removed}
     */
    public String description() {
        return description;
    }

    /**
     * Every operator's id, comma-separated, for messages.
     *
     * @return the ids, in the enum's order
     */
    public static String allowedValues() {
        return Arrays.stream(values()).map(MutationOperator::id).collect(Collectors.joining(", "));
    }

    /**
     * The operators of a comma list such as {@code number,condition}; a blank value or {@code all} means all of them.
     *
     * @param value the list of ids, case not mattering; {@code null}, blank or {@code all} for every operator
     * @return the operators, at least one
     * @throws IllegalArgumentException naming the unknown operator and the allowed ones
     */
    public static Set<MutationOperator> parseList(String value) {
        if (value == null || value.isBlank() || value.strip().equalsIgnoreCase("all")) {
            return EnumSet.allOf(MutationOperator.class);
        }
        Set<MutationOperator> operators = EnumSet.noneOf(MutationOperator.class);
        for (String part : value.split(",")) {
            String id = part.strip().toLowerCase(Locale.ROOT);
            if (id.isEmpty()) {
                continue;
            }
            operators.add(EnumSetting.find(MutationOperator.class, MutationOperator::id, id)
                    .orElseThrow(() -> new IllegalArgumentException(
                            MutationMessages.notAnOperator(part.strip(), allowedValues()))));
        }
        if (operators.isEmpty()) {
            throw new IllegalArgumentException(MutationMessages.noOperator(value, allowedValues()));
        }
        return operators;
    }
}
