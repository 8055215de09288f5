package dev.llmassert.core.criteria.internal;

import dev.langchain4j.model.chat.request.json.JsonObjectSchema;
import dev.langchain4j.model.chat.request.json.JsonSchema;
import dev.llmassert.core.criteria.Criteria;
import dev.llmassert.core.criteria.CriteriaOption;
import dev.llmassert.core.criteria.Instance;
import dev.llmassert.core.criteria.JudgePrompt;
import dev.llmassert.core.model.internal.DataTags;
import org.apiguardian.api.API;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;

import static org.apiguardian.api.API.Status.INTERNAL;

/**
 * Builds the prompt of a direct judge: one instance, one criteria, select one option.
 *
 * <pre>{@code
 * JudgePrompt prompt = DirectPrompt.builder(criteria, instance).generateFeedback(true).build();
 * }</pre>
 *
 * <p>The text and its context values are shown between {@link DataTags} made from them, and the system message says
 * that what lies between the tags is data to evaluate, never instructions to follow.
 *
 * <p>The reply is a JSON object with {@value DirectReply#EXPLANATION} (reasoning first, so the choice follows
 * from it), {@value DirectReply#SELECTED_OPTION} (an enum of the option names) and, when feedback is asked for,
 * {@value DirectReply#FEEDBACK}; {@link DirectReply#parse} validates it.
 */
@API(status = INTERNAL, since = "0.1")
public final class DirectPrompt {

    /** The judge description used when none is given. */
    public static final String DEFAULT_JUDGE_DESCRIPTION = "You are an impartial expert evaluator. You assess one"
            + " text against one criterion, using the context when there is any, and you base every judgement on"
            + " evidence in the text, not on assumptions.";

    private DirectPrompt() {}

    public static Builder builder(Criteria criteria, Instance instance) {
        return new Builder(criteria, instance);
    }

    /** The prompt with the options in the criteria's order, no feedback and the default judge description. */
    public static JudgePrompt build(Criteria criteria, Instance instance) {
        return builder(criteria, instance).build();
    }

    /** The reply schema for a criteria: the option names as an enum, in the order shown. */
    public static JsonSchema responseSchema(List<CriteriaOption> shownOptions, boolean feedback) {
        JsonObjectSchema.Builder root = JsonObjectSchema.builder()
                .addStringProperty(
                        DirectReply.EXPLANATION,
                        "Step-by-step reasoning that leads to the choice," + " citing the evaluated text.")
                .addEnumProperty(
                        DirectReply.SELECTED_OPTION,
                        shownOptions.stream().map(CriteriaOption::name).toList(),
                        "The chosen option.");
        List<String> required = new ArrayList<>(List.of(DirectReply.EXPLANATION, DirectReply.SELECTED_OPTION));
        if (feedback) {
            root.addStringProperty(
                    DirectReply.FEEDBACK,
                    "Actionable suggestions to improve the evaluated text;" + " empty when it is already optimal.");
            required.add(DirectReply.FEEDBACK);
        }
        return JsonSchema.builder()
                .name("criteria_judgement")
                .rootElement(root.required(required).additionalProperties(false).build())
                .build();
    }

    /** Settings of one direct prompt. */
    @API(status = INTERNAL, since = "0.1")
    public static final class Builder {
        private final Criteria criteria;
        private final Instance instance;
        private boolean optionsReversed;
        private boolean generateFeedback;
        private String judgeDescription;

        private Builder(Criteria criteria, Instance instance) {
            this.criteria = Objects.requireNonNull(criteria, "criteria");
            this.instance = Objects.requireNonNull(instance, "instance");
        }

        /** Shows the options in reverse order, as the positional-bias check does. */
        public Builder optionsReversed(boolean reversed) {
            this.optionsReversed = reversed;
            return this;
        }

        /** Asks for actionable feedback besides the explanation. */
        public Builder generateFeedback(boolean feedback) {
            this.generateFeedback = feedback;
            return this;
        }

        /** Who the judge is (a persona), e.g. "You are a senior support agent...". Default: an impartial expert. */
        public Builder judgeDescription(String description) {
            this.judgeDescription = PromptText.judgeDescription(description);
            return this;
        }

        /**
         * @throws IllegalArgumentException when the instance lacks a field the criteria reads
         */
        public JudgePrompt build() {
            String text = criteria.textToEvaluate(instance);
            Map<String, String> context = criteria.contextOf(instance);
            Criteria shown = optionsReversed ? criteria.withOptionsReversed() : criteria;
            String field = criteria.toEvaluateField();
            String names = DirectReply.quotedOptions(shown);

            List<String> delimited = new ArrayList<>();
            delimited.add(text);
            delimited.addAll(context.values());
            DataTags tags = DataTags.forTexts(delimited);

            StringBuilder system = PromptText.startSystem(judgeDescription, DEFAULT_JUDGE_DESCRIPTION, tags);
            system.append("Reply with only a JSON object, with no text before or after it, with these fields:\n");
            system.append("- \"")
                    .append(DirectReply.EXPLANATION)
                    .append("\": a string; your reasoning, step by" + " step, citing the parts of the ")
                    .append(field)
                    .append(" that decide the choice.\n");
            system.append("- \"")
                    .append(DirectReply.SELECTED_OPTION)
                    .append("\": a string; exactly one of ")
                    .append(names)
                    .append(".\n");
            if (generateFeedback) {
                system.append("- \"")
                        .append(DirectReply.FEEDBACK)
                        .append("\": a string; concrete, actionable" + " suggestions that would improve the ")
                        .append(field)
                        .append(" on this criterion, or \"\"" + " when it is already optimal.\n");
            }

            StringBuilder user = new StringBuilder();
            user.append("Evaluate the ").append(field).append(" below against the criterion.\n\n");
            user.append("## Criterion: ").append(criteria.name()).append("\n\n");
            user.append(criteria.description()).append("\n\n");
            user.append("Options (select exactly one):\n");
            PromptText.appendOptions(user, shown.options());
            PromptText.appendContext(user, context, tags);
            user.append("\n## The ")
                    .append(field)
                    .append(" to evaluate\n\n")
                    .append(tags.wrap(text))
                    .append("\n\n");
            user.append("## Instructions\n\n");
            user.append("1. Read the criterion, its options and the context.\n");
            user.append("2. Compare the ")
                    .append(field)
                    .append(" with each option. If several seem to fit, choose"
                            + " the one the strongest evidence supports, and say why in the explanation.\n");
            user.append("3. Write your reasoning in \"")
                    .append(DirectReply.EXPLANATION)
                    .append("\", then set \"")
                    .append(DirectReply.SELECTED_OPTION)
                    .append("\" to exactly one of ")
                    .append(names)
                    .append(".\n");
            if (generateFeedback) {
                user.append("4. In \"")
                        .append(DirectReply.FEEDBACK)
                        .append("\", say how the ")
                        .append(field)
                        .append(" could be improved on this criterion; leave it empty if it is already optimal.\n");
            }
            return new JudgePrompt(
                    system.toString(), user.toString(), responseSchema(shown.options(), generateFeedback));
        }
    }
}
