package dev.llmassert.core.criteria.internal;

import dev.langchain4j.model.chat.request.json.JsonArraySchema;
import dev.langchain4j.model.chat.request.json.JsonObjectSchema;
import dev.langchain4j.model.chat.request.json.JsonSchema;
import dev.llmassert.core.criteria.Criteria;
import dev.llmassert.core.criteria.Instance;
import dev.llmassert.core.criteria.JudgePrompt;
import dev.llmassert.core.criteria.PairwiseResult;
import dev.llmassert.core.model.internal.DataTags;
import org.apiguardian.api.API;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;

import static org.apiguardian.api.API.Status.INTERNAL;

/**
 * Builds the prompt of a pairwise judge: two or more responses compared on one criteria in a single call, one
 * verdict per pair.
 *
 * <p>Responses are shown as {@code Response 1} to {@code Response n}, in the caller's order or reversed (the
 * positional-bias check), each between {@link DataTags} made from the responses and the context values; the system
 * message says that what lies between the tags is data to compare, never instructions to follow. The reply is
 * {@code {"comparisons": [{"first": 1, "second": 2, "explanation": "...", "winner": 1}, ...]}} with the numbers as
 * shown; {@link PairwiseReply#parse} maps them back to the caller's indexes.
 */
@API(status = INTERNAL, since = "0.1")
public final class PairwisePrompt {

    /** The judge description used when none is given. */
    public static final String DEFAULT_JUDGE_DESCRIPTION = "You are an impartial expert evaluator. You compare"
            + " texts against one criterion, using the context when there is any. The order in which the texts are"
            + " shown and their length must not influence you.";

    private PairwisePrompt() {}

    /**
     * @param criteria  the criteria; its {@code toEvaluateField} names what the responses are, its context fields
     *                  are read from the context instance
     * @param responses the texts to compare, at least two
     */
    public static Builder builder(Criteria criteria, List<String> responses) {
        return new Builder(criteria, responses);
    }

    /** The reply schema. */
    public static JsonSchema responseSchema() {
        JsonObjectSchema comparison = JsonObjectSchema.builder()
                .addIntegerProperty(PairwiseReply.FIRST, "The lower response number of the pair.")
                .addIntegerProperty(PairwiseReply.SECOND, "The higher response number of the pair.")
                .addStringProperty(PairwiseReply.EXPLANATION, "Reasoning that leads to the choice.")
                .addIntegerProperty(PairwiseReply.WINNER, "The number of the better response of the pair.")
                .required(PairwiseReply.FIRST, PairwiseReply.SECOND, PairwiseReply.EXPLANATION, PairwiseReply.WINNER)
                .additionalProperties(false)
                .build();
        JsonObjectSchema root = JsonObjectSchema.builder()
                .addProperty(
                        PairwiseReply.COMPARISONS,
                        JsonArraySchema.builder().items(comparison).build())
                .required(PairwiseReply.COMPARISONS)
                .additionalProperties(false)
                .build();
        return JsonSchema.builder().name("pairwise_judgement").rootElement(root).build();
    }

    /** Settings of one pairwise prompt. */
    @API(status = INTERNAL, since = "0.1")
    public static final class Builder {
        private final Criteria criteria;
        private final List<String> responses;
        private Instance context;
        private boolean responsesReversed;
        private String judgeDescription;

        private Builder(Criteria criteria, List<String> responses) {
            this.criteria = Objects.requireNonNull(criteria, "criteria");
            Objects.requireNonNull(responses, "responses");
            if (responses.size() < 2) {
                throw new IllegalArgumentException(CriteriaMessages.tooFewResponses(responses.size()));
            }
            responses.forEach(r -> Objects.requireNonNull(r, "response"));
            this.responses = List.copyOf(responses);
        }

        /** The instance holding the criteria's context fields; needed when the criteria has any. */
        public Builder context(Instance instance) {
            this.context = instance;
            return this;
        }

        /** Shows the responses in reverse order, as the positional-bias check does. */
        public Builder responsesReversed(boolean reversed) {
            this.responsesReversed = reversed;
            return this;
        }

        /** Who the judge is (a persona). Default: an impartial expert. */
        public Builder judgeDescription(String description) {
            this.judgeDescription = PromptText.judgeDescription(description);
            return this;
        }

        /**
         * @throws IllegalArgumentException when the criteria has context fields and no context instance holds them
         */
        public JudgePrompt build() {
            Map<String, String> contextValues = Map.of();
            if (!criteria.contextFields().isEmpty()) {
                if (context == null) {
                    throw new IllegalArgumentException(
                            CriteriaMessages.pairwiseWithoutContext(criteria.name(), criteria.contextFields()));
                }
                contextValues = criteria.contextOf(context);
            }
            int n = responses.size();
            String field = criteria.toEvaluateField();

            // In the caller's order, so that both orders of the positional-bias check share the tags.
            List<String> delimited = new ArrayList<>(responses);
            delimited.addAll(contextValues.values());
            DataTags tags = DataTags.forTexts(delimited);

            StringBuilder system = PromptText.startSystem(judgeDescription, DEFAULT_JUDGE_DESCRIPTION, tags);
            system.append("Reply with only a JSON object, with no text before or after it, of the form\n");
            system.append("{\"")
                    .append(PairwiseReply.COMPARISONS)
                    .append("\": [{\"")
                    .append(PairwiseReply.FIRST)
                    .append("\": 1, \"")
                    .append(PairwiseReply.SECOND)
                    .append("\": 2, \"")
                    .append(PairwiseReply.EXPLANATION)
                    .append("\": \"...\", \"")
                    .append(PairwiseReply.WINNER)
                    .append("\": 1}, ...]}\n");
            system.append("with one entry per pair of responses: \"")
                    .append(PairwiseReply.FIRST)
                    .append("\" and \"")
                    .append(PairwiseReply.SECOND)
                    .append("\" are the pair's response numbers, \"")
                    .append(PairwiseReply.EXPLANATION)
                    .append("\" your reasoning, and \"")
                    .append(PairwiseReply.WINNER)
                    .append("\" the number of the better response of the two. Ties are not allowed: choose the one"
                            + " that is better, even if only slightly.\n");

            StringBuilder user = new StringBuilder();
            user.append("Compare the ")
                    .append(n)
                    .append(' ')
                    .append(field)
                    .append("s below against the criterion.\n\n");
            user.append("## Criterion: ").append(criteria.name()).append("\n\n");
            user.append(criteria.description()).append('\n');
            PromptText.appendContext(user, contextValues, tags);
            for (int shown = 0; shown < n; shown++) {
                int index = responsesReversed ? n - 1 - shown : shown;
                user.append("\n## Response ")
                        .append(shown + 1)
                        .append("\n\n")
                        .append(tags.wrap(responses.get(index)))
                        .append('\n');
            }
            List<String> pairs = new ArrayList<>();
            for (int[] pair : PairwiseResult.pairs(n)) {
                pairs.add((pair[0] + 1) + " vs " + (pair[1] + 1));
            }
            user.append("\n## Instructions\n\n");
            user.append("Compare every pair, in this order: ")
                    .append(String.join(", ", pairs))
                    .append(".\n");
            user.append("For each pair, reason about which response better satisfies the criterion, then give the"
                            + " number of the better one as \"")
                    .append(PairwiseReply.WINNER)
                    .append("\".\n");
            return new JudgePrompt(system.toString(), user.toString(), responseSchema());
        }
    }
}
