package dev.llmassert.core.criteria.internal;

import dev.llmassert.core.criteria.Criteria;
import dev.llmassert.core.criteria.CriteriaCatalog;
import dev.llmassert.core.criteria.Instance;
import dev.llmassert.core.criteria.JudgePrompt;
import dev.llmassert.core.criteria.PairwiseResult;
import dev.llmassert.core.model.internal.DataTags;
import dev.llmassert.core.model.internal.ReplyParseException;
import dev.llmassert.core.testing.PromptData;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class PairwisePromptAndReplyTest {

    private static final Criteria RELEVANCE = CriteriaCatalog.ANSWER_RELEVANCE;
    private static final List<String> RESPONSES = List.of("first answer", "second answer", "third answer");
    private static final Instance CONTEXT = Instance.of("question", "How do I reset the router?");

    @Test
    void thePromptNumbersTheResponsesAndListsEveryPair() {
        JudgePrompt prompt =
                PairwisePrompt.builder(RELEVANCE, RESPONSES).context(CONTEXT).build();
        DataTags tags = DataTags.forTexts(
                List.of("first answer", "second answer", "third answer", "How do I reset the router?"));

        assertThat(prompt.system()).contains(tags.rule());
        assertThat(prompt.user())
                .contains("Compare the 3 responses below")
                .contains("### question\n\n" + tags.wrap("How do I reset the router?"))
                .contains("## Response 1\n\n" + tags.wrap("first answer"))
                .contains("## Response 3\n\n" + tags.wrap("third answer"))
                .contains("in this order: 1 vs 2, 1 vs 3, 2 vs 3");
        assertThat(prompt.system())
                .startsWith(PairwisePrompt.DEFAULT_JUDGE_DESCRIPTION)
                .contains("\"comparisons\"");
        assertThat(prompt.responseSchema().name()).isEqualTo("pairwise_judgement");
    }

    @Test
    void reversedResponsesAreShownLastFirst() {
        JudgePrompt prompt = PairwisePrompt.builder(RELEVANCE, RESPONSES)
                .context(CONTEXT)
                .responsesReversed(true)
                .build();

        JudgePrompt inOrder =
                PairwisePrompt.builder(RELEVANCE, RESPONSES).context(CONTEXT).build();

        assertThat(PromptData.after(prompt.user(), "## Response 1\n\n")).isEqualTo("third answer");
        assertThat(PromptData.after(prompt.user(), "## Response 3\n\n")).isEqualTo("first answer");
        assertThat(PromptData.nonce(prompt.user()))
                .as("both orders share the tags")
                .isEqualTo(PromptData.nonce(inOrder.user()));
    }

    @Test
    void contextFieldsOfTheCriteriaAreRequired() {
        assertThatIllegalArgumentException()
                .isThrownBy(() -> PairwisePrompt.builder(RELEVANCE, RESPONSES).build())
                .withMessageContaining("no context was given");
        assertThatIllegalArgumentException()
                .isThrownBy(() -> PairwisePrompt.builder(RELEVANCE, RESPONSES)
                        .context(Instance.of("topic", "routers"))
                        .build())
                .withMessageContaining("reads field 'question'")
                .withMessageContaining("The instance has: 'topic'");
        assertThatIllegalArgumentException()
                .isThrownBy(() -> PairwisePrompt.builder(RELEVANCE, List.of("one")))
                .withMessageContaining("at least two responses");
        assertThat(PairwisePrompt.builder(CriteriaCatalog.CONCISENESS, RESPONSES)
                        .build()
                        .user())
                .doesNotContain("## Context");
    }

    @Test
    void aReplyBecomesContestsInTheCallersIndexes() throws ReplyParseException {
        PairwiseReply reply = PairwiseReply.parse("""
                {"comparisons": [
                  {"first": 1, "second": 2, "explanation": "1 is clearer", "winner": 1},
                  {"first": 1, "second": 3, "explanation": "3 is clearer", "winner": "Response 3"},
                  {"first": 3, "second": 2, "explanation": "3 beats 2", "winner": 3}
                ]}""", 3, false);

        PairwiseResult result = reply.toResult(RELEVANCE, 3, null);

        assertThat(result.contest(0, 1).winner()).isZero();
        assertThat(result.contest(0, 1).explanation()).isEqualTo("1 is clearer");
        assertThat(result.contest(0, 2).winner()).isEqualTo(2);
        assertThat(result.contest(1, 2).winner()).isEqualTo(2);
        assertThat(result.ranking()).containsExactly(2, 0, 1);
    }

    @Test
    void aReplyToReversedResponsesIsMappedBack() throws ReplyParseException {
        // Shown reversed: Response 1 is the caller's index 2, Response 3 the caller's index 0.
        PairwiseReply reply = PairwiseReply.parser(3, true).parse("""
                {"comparisons": [
                  {"first": 1, "second": 2, "explanation": "", "winner": 1},
                  {"first": 1, "second": 3, "explanation": "", "winner": 3},
                  {"first": 2, "second": 3, "explanation": "", "winner": 2}
                ]}""");

        PairwiseResult result = reply.toResult(RELEVANCE, 3, null);

        assertThat(result.contest(1, 2).winner()).isEqualTo(2);
        assertThat(result.contest(0, 2).winner()).isZero();
        assertThat(result.contest(0, 1).winner()).isEqualTo(1);
    }

    @Test
    void invalidRepliesAreReplyErrorsThatSayWhatToFix() {
        assertThatThrownBy(() -> PairwiseReply.parse(
                        "{\"comparisons\": [{\"first\": 1, \"second\": 2," + " \"explanation\": \"\", \"winner\": 3}]}",
                        3,
                        false))
                .isInstanceOf(ReplyParseException.class)
                .hasMessageContaining("\"winner\" is 3; it must be 1 or 2");
        assertThatThrownBy(() -> PairwiseReply.parse(
                        "{\"comparisons\": [{\"first\": 1, \"second\": 2," + " \"explanation\": \"\", \"winner\": 1}]}",
                        3,
                        false))
                .hasMessageContaining("these pairs are not compared: 1 vs 3, 2 vs 3");
        assertThatThrownBy(() -> PairwiseReply.parse(
                        "{\"comparisons\": [{\"first\": 1, \"second\": 4," + " \"explanation\": \"\", \"winner\": 1}]}",
                        3,
                        false))
                .hasMessageContaining("\"second\" is 4, but the responses are numbered 1 to 3");
        assertThatThrownBy(() -> PairwiseReply.parse(
                        "{\"comparisons\": [{\"first\": 1, \"second\": 2,"
                                + " \"explanation\": \"\", \"winner\": 1}, {\"first\": 2, \"second\": 1, "
                                + "\"explanation\": \"\","
                                + " \"winner\": 2}]}",
                        2,
                        false))
                .hasMessageContaining("the pair 1 vs 2 is compared more than once");
        assertThatThrownBy(() -> PairwiseReply.parse("{\"winner\": 1}", 2, false))
                .hasMessageContaining("\"comparisons\" must be an array");
        assertThatThrownBy(() -> PairwiseReply.parse(
                        "{\"comparisons\": [{\"first\": 1, \"second\": 2," + " \"winner\": 1}]}", 2, false))
                .hasMessageContaining("the field \"explanation\" is missing");
    }

    @Test
    void aResponseNumberTooLargeForAnIntIsAReplyError() {
        for (String number : List.of("\"Response 99999999999\"", "\"2147483648\"", "99999999999")) {
            assertThatThrownBy(() -> PairwiseReply.parse(
                            "{\"comparisons\": [{\"first\": 1, \"second\": 2," + " \"explanation\": \"x\", \"winner\": "
                                    + number + "}]}",
                            2,
                            false))
                    .isInstanceOf(ReplyParseException.class)
                    .hasMessageContaining("\"winner\" is ")
                    .hasMessageContaining("but the responses are numbered 1 to 2");
        }
    }
}
