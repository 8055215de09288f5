package dev.llmassert.core.criteria;

import dev.langchain4j.model.chat.ChatModel;
import dev.langchain4j.model.chat.request.ChatRequest;
import dev.llmassert.core.model.JudgeReplyException;
import dev.llmassert.core.testing.PromptData;
import dev.llmassert.core.testing.ScriptedChatModel;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

import static dev.llmassert.core.criteria.DirectJudgeTest.system;
import static dev.llmassert.core.criteria.DirectJudgeTest.user;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

/** The pairwise judge's rules, against a scripted model: ranking, repair, positional bias and self-consistency. */
class PairwiseJudgeTest {

    private static final Criteria CONCISENESS = CriteriaCatalog.CONCISENESS;
    private static final List<String> ANSWERS = List.of(
            "To reset the router, you will want to locate the small reset button, which is on the back.",
            "Hold reset for 10 s.",
            "Press and hold the reset button on the back for ten seconds.");

    /** One comparison per pair, as the judge numbers the responses (from 1), with the given winners. */
    static String comparisons(int... winners) {
        List<String> entries = new ArrayList<>();
        int k = 0;
        int n = winners.length == 1 ? 2 : 3;
        for (int first = 1; first <= n; first++) {
            for (int second = first + 1; second <= n; second++) {
                entries.add("{\"first\": " + first + ", \"second\": " + second + ", \"explanation\": \"" + first
                        + " vs " + second + ": " + winners[k] + " is shorter\", \"winner\": " + winners[k++] + "}");
            }
        }
        return "{\"comparisons\": [" + String.join(", ", entries) + "]}";
    }

    /** What the judge saw as Response {@code shown} (from 1). */
    static String shownResponse(ChatRequest request, int shown) {
        return PromptData.after(user(request), "## Response " + shown + "\n\n");
    }

    /** An unbiased judge: the shorter response of each pair wins, whatever the order. */
    static String shorterWins(ChatRequest request) {
        int n = user(request).contains("## Response 3") ? 3 : 2;
        List<Integer> winners = new ArrayList<>();
        for (int a = 1; a <= n; a++) {
            for (int b = a + 1; b <= n; b++) {
                winners.add(
                        shownResponse(request, a).length()
                                        <= shownResponse(request, b).length()
                                ? a
                                : b);
            }
        }
        return comparisons(winners.stream().mapToInt(Integer::intValue).toArray());
    }

    private static PairwiseJudge.Builder judge(ChatModel model) {
        return PairwiseJudge.builder().chatModel(model).judgeName("test:judge").retryBackoff(Duration.ZERO);
    }

    @Test
    void threeResponsesAreComparedInOneCallAndRankedByWinrate() {
        ScriptedChatModel model = ScriptedChatModel.answering(PairwiseJudgeTest::shorterWins);

        PairwiseResult result;
        try (PairwiseJudge judge = judge(model).build()) {
            result = judge.compare(ANSWERS, CONCISENESS);
        }

        assertThat(model.requestCount()).isEqualTo(1);
        assertThat(result.ranking()).containsExactly(1, 2, 0);
        assertThat(result.winner()).hasValue(1);
        assertThat(result.responses()).extracting(ResponseResult::winrate).containsExactly(0.0, 1.0, 0.5);
        assertThat(result.responses().get(1).comparedTo()).containsExactly(0, 2);
        assertThat(result.contest(1, 2).explanation()).isEqualTo("2 vs 3: 2 is shorter");
        assertThat(result.prefers(2, 0)).isTrue();
        assertThat(result.samples()).isEqualTo(1);
        assertThat(result.positionalBiasChecked()).isFalse();
        assertThat(result.metadata().judge()).isEqualTo("test:judge");
        assertThat(result.metadata().prompt().user()).contains("in this order: 1 vs 2, 1 vs 3, 2 vs 3");
    }

    @Test
    void theContextFieldsOfTheCriteriaAreShown() {
        ScriptedChatModel model = ScriptedChatModel.answering(PairwiseJudgeTest::shorterWins);

        try (PairwiseJudge judge = judge(model).build()) {
            judge.compare(
                    ANSWERS.subList(0, 2),
                    CriteriaCatalog.ANSWER_RELEVANCE,
                    Instance.of("question", "How do I reset the router?"));
            assertThatIllegalArgumentException()
                    .isThrownBy(() -> judge.compare(ANSWERS, CriteriaCatalog.ANSWER_RELEVANCE))
                    .withMessageContaining("no context was given");
            assertThatIllegalArgumentException()
                    .isThrownBy(() -> judge.compare(ANSWERS.subList(0, 1), CONCISENESS))
                    .withMessageContaining("at least two responses");
        }
        assertThat(model.requestCount()).isEqualTo(1);
        assertThat(PromptData.after(user(model.requests().get(0)), "### question\n\n"))
                .isEqualTo("How do I reset the router?");
    }

    @Test
    void anIncompleteReplyIsRepairedAndThreeBadRepliesFail() {
        String onePair = "{\"comparisons\": [{\"first\": 1, \"second\": 2, \"explanation\": \"\", \"winner\": 2}]}";
        ScriptedChatModel repaired = ScriptedChatModel.replying(onePair, comparisons(2, 3, 2));
        ScriptedChatModel hopeless = ScriptedChatModel.replying(onePair, onePair, onePair);

        try (PairwiseJudge judge = judge(repaired).build()) {
            assertThat(judge.compare(ANSWERS, CONCISENESS).ranking()).containsExactly(1, 2, 0);
        }
        assertThat(ScriptedChatModel.lastUserText(repaired.requests().get(1)))
                .contains("these pairs are not compared: 1 vs 3, 2 vs 3");
        try (PairwiseJudge judge = judge(hopeless).build()) {
            assertThatThrownBy(() -> judge.compare(ANSWERS, CONCISENESS))
                    .isInstanceOf(JudgeReplyException.class)
                    .hasMessageContaining("comparison of 3 responses on criteria 'conciseness'")
                    .hasMessageContaining("after 3 tries");
        }
    }

    @Test
    void positionalBiasIsDetectedWhenTheFirstShownResponseAlwaysWins() {
        ScriptedChatModel model = ScriptedChatModel.answering(request -> comparisons(1, 1, 2));

        PairwiseResult result;
        try (PairwiseJudge judge = judge(model).checkPositionalBias(true).build()) {
            result = judge.compare(ANSWERS, CONCISENESS);
        }

        assertThat(model.requestCount()).isEqualTo(2);
        assertThat(model.requests())
                .extracting(r -> shownResponse(r, 1))
                .containsExactlyInAnyOrder(ANSWERS.get(0), ANSWERS.get(2));
        assertThat(result.positionalBiasChecked()).isTrue();
        assertThat(result.positionalBiasDetected()).isTrue();
        assertThat(result.ranking()).as("the original order's verdicts").containsExactly(0, 1, 2);
        assertThat(result.biasedContests())
                .extracting(c -> c.first() + "-" + c.second())
                .containsExactly("0-1", "0-2", "1-2");
        assertThat(result.responses())
                .allSatisfy(r -> assertThat(r.positionalBiasDetected()).isTrue());
    }

    @Test
    void positionalBiasIsNotDetectedWhenTheVerdictsHoldInBothOrders() {
        ScriptedChatModel model = ScriptedChatModel.answering(PairwiseJudgeTest::shorterWins);

        PairwiseResult result;
        try (PairwiseJudge judge = judge(model).checkPositionalBias(true).build()) {
            result = judge.compare(ANSWERS, CONCISENESS);
        }

        assertThat(model.requestCount()).isEqualTo(2);
        assertThat(result.positionalBiasChecked()).isTrue();
        assertThat(result.positionalBiasDetected()).isFalse();
        assertThat(result.ranking()).containsExactly(1, 2, 0);
    }

    @Test
    void selfConsistencyDecidesEachPairByMajorityAndReportsTheLeastAgreement() {
        ScriptedChatModel model =
                ScriptedChatModel.replying(comparisons(2, 3, 2), comparisons(1, 3, 2), comparisons(2, 3, 2));

        PairwiseResult result;
        try (PairwiseJudge judge = judge(model).selfConsistency(3).build()) {
            result = judge.compare(ANSWERS, CONCISENESS);
        }

        assertThat(model.requests()).hasSize(3).containsOnly(model.requests().get(0));
        assertThat(result.samples()).isEqualTo(3);
        assertThat(result.contest(0, 1).winner()).isEqualTo(1);
        assertThat(result.agreement()).isCloseTo(2.0 / 3, within(1e-12));
        assertThat(result.ranking()).containsExactly(1, 2, 0);
    }

    @Test
    void aJudgeDescriptionOrASyntheticPersonaOpensThePrompt() {
        ScriptedChatModel described = ScriptedChatModel.answering(PairwiseJudgeTest::shorterWins);
        ScriptedChatModel synthetic =
                ScriptedChatModel.answering(request -> system(request).startsWith("You choose the best evaluator")
                        ? "{\"persona_name\": \"a technical editor\", \"persona_description\": \"You cut words.\"}"
                        : shorterWins(request));

        PairwiseResult first;
        try (PairwiseJudge judge =
                judge(described).judgeDescription("You are a busy reader.").build()) {
            first = judge.compare(ANSWERS, CONCISENESS);
        }
        PairwiseResult second;
        try (PairwiseJudge judge =
                judge(synthetic).generateSyntheticPersona(true).build()) {
            judge.compare(ANSWERS, CONCISENESS);
            second = judge.compare(ANSWERS.subList(1, 3), CONCISENESS);
        }

        assertThat(system(described.requests().get(0))).startsWith("You are a busy reader.\n\n");
        assertThat(first.metadata().persona()).isEqualTo("You are a busy reader.");
        assertThat(synthetic.requestCount())
                .as("one persona call, then two comparisons")
                .isEqualTo(3);
        assertThat(second.metadata().persona()).isEqualTo("You are a technical editor. You cut words.");
        assertThat(system(synthetic.requests().get(2))).startsWith("You are a technical editor. You cut words.");
    }
}
