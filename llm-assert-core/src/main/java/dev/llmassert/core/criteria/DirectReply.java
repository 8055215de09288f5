package dev.llmassert.core.criteria;

import com.fasterxml.jackson.databind.JsonNode;
import dev.llmassert.core.criteria.internal.ReplyJson;

/**
 * A direct judge's reply, validated against its criteria.
 *
 * @param explanation    the judge's reasoning
 * @param selectedOption the selected option's exact name in the criteria
 * @param feedback       the suggestions to improve the text, or {@code null} when none were given
 */
public record DirectReply(String explanation, String selectedOption, String feedback) {

    /** The reply field that holds the explanation. */
    public static final String EXPLANATION = "explanation";
    /** The reply field that holds the selected option. */
    public static final String SELECTED_OPTION = "selectedOption";
    /** The reply field that holds the feedback. */
    public static final String FEEDBACK = "feedback";

    /**
     * Parses and validates a reply: a JSON object (possibly inside a code fence or text) with a string
     * {@value #EXPLANATION} and a {@value #SELECTED_OPTION} naming one of the criteria's options. The option may
     * differ from its name in case or surrounding quotes; it is returned as the criteria spells it.
     *
     * @throws JudgeReplyException when the reply is unusable; its message quotes the reply, and
     *                             {@link JudgeReplyException#repairInstruction()} tells the judge what to fix
     */
    public static DirectReply parse(String reply, Criteria criteria) {
        JsonNode object = ReplyJson.object(reply);
        String explanation = ReplyJson.requiredString(object, reply, EXPLANATION);
        String selected = ReplyJson.requiredString(object, reply, SELECTED_OPTION, "selected_option", "option");
        CriteriaOption option = criteria.matchOption(selected).orElseThrow(() -> new JudgeReplyException(
                "\"" + SELECTED_OPTION + "\" is \"" + selected + "\", which is not one of the options. It must be"
                        + " exactly one of: " + quotedOptions(criteria) + ".", reply));
        String feedback = ReplyJson.optionalString(object, reply, FEEDBACK);
        return new DirectReply(explanation, option.name(), feedback == null || feedback.isBlank() ? null : feedback);
    }

    /** The result of a single run. */
    public DirectResult toResult(Criteria criteria, ResultMetadata metadata) {
        return DirectResult.of(criteria, selectedOption, explanation, feedback, metadata);
    }

    static String quotedOptions(Criteria criteria) {
        return String.join(", ", criteria.optionNames().stream().map(n -> "\"" + n + "\"").toList());
    }

}
