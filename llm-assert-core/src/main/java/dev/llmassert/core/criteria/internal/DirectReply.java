package dev.llmassert.core.criteria.internal;

import com.fasterxml.jackson.databind.JsonNode;
import dev.llmassert.core.criteria.Criteria;
import dev.llmassert.core.criteria.CriteriaOption;
import dev.llmassert.core.criteria.DirectResult;
import dev.llmassert.core.criteria.ResultMetadata;
import dev.llmassert.core.model.internal.JsonReplies;
import dev.llmassert.core.model.internal.ReplyParseException;
import dev.llmassert.core.model.internal.ReplyParser;
import org.apiguardian.api.API;

import static org.apiguardian.api.API.Status.INTERNAL;

/**
 * A direct judge's reply, validated against its criteria.
 *
 * @param explanation    the judge's reasoning
 * @param selectedOption the selected option's exact name in the criteria
 * @param feedback       the suggestions to improve the text, or {@code null} when none were given
 */
@API(status = INTERNAL, since = "0.1")
public record DirectReply(String explanation, String selectedOption, String feedback) {

    /** The reply field that holds the explanation. */
    public static final String EXPLANATION = "explanation";
    /** The reply field that holds the selected option. */
    public static final String SELECTED_OPTION = "selectedOption";
    /** The reply field that holds the feedback. */
    public static final String FEEDBACK = "feedback";

    /** Spellings of {@value #SELECTED_OPTION} that models without structured output commonly use instead. */
    private static final String[] SELECTED_OPTION_ALIASES = {SELECTED_OPTION, "selected_option", "option"};

    /**
     * Parses and validates a reply: a JSON object (possibly inside a code fence or text) with a string
     * {@value #EXPLANATION} and a {@value #SELECTED_OPTION} naming one of the criteria's options. The option may
     * differ from its name in case or surrounding quotes; it is returned as the criteria spells it.
     *
     * @throws ReplyParseException when the reply is unusable; its message says what to fix, in words the judge
     *                             model is sent back when it is re-asked
     */
    public static DirectReply parse(String reply, Criteria criteria) throws ReplyParseException {
        JsonNode object = JsonReplies.parseObject(reply);
        String explanation = JsonReplies.requirePresentText(object, EXPLANATION);
        String selected = JsonReplies.requireText(object, selectedOptionField(object));
        CriteriaOption option = criteria.matchOption(selected)
                .orElseThrow(() -> new ReplyParseException(
                        "the field \"" + SELECTED_OPTION + "\" is \"" + JsonReplies.abbreviate(selected, 80)
                                + "\", which is not one of the options; it"
                                + " must be exactly one of " + quotedOptions(criteria)));
        String feedback = JsonReplies.optionalText(object, FEEDBACK);
        return new DirectReply(explanation, option.name(), feedback == null || feedback.isBlank() ? null : feedback);
    }

    /** {@link #parse(String, Criteria)} as a parser for {@code JudgeChat}, which re-asks on an invalid reply. */
    public static ReplyParser<DirectReply> parser(Criteria criteria) {
        return reply -> parse(reply, criteria);
    }

    private static String selectedOptionField(JsonNode object) {
        for (String name : SELECTED_OPTION_ALIASES) {
            if (object.has(name)) {
                return name;
            }
        }
        return SELECTED_OPTION;
    }

    /** The result of a single run. */
    public DirectResult toResult(Criteria criteria, ResultMetadata metadata) {
        return DirectResult.of(criteria, selectedOption, explanation, feedback, metadata);
    }

    static String quotedOptions(Criteria criteria) {
        return String.join(
                ", ", criteria.optionNames().stream().map(n -> "\"" + n + "\"").toList());
    }
}
