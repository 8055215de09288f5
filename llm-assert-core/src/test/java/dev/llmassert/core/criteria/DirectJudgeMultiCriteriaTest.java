package dev.llmassert.core.criteria;

import dev.langchain4j.model.chat.request.ChatRequest;
import dev.llmassert.core.testing.ScriptedChatModel;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.Map;

import static dev.llmassert.core.criteria.DirectJudgeTest.reply;
import static dev.llmassert.core.criteria.DirectJudgeTest.user;
import static dev.llmassert.core.criteria.MultiCriteriaTest.QUALITY;
import static dev.llmassert.core.criteria.MultiCriteriaTest.SAFE;
import static dev.llmassert.core.criteria.MultiCriteriaTest.TONE;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * A multi-criteria (the criteria of {@link MultiCriteriaTest}) through the direct judge: one call per criteria, and the
 * replies wired into EvalAssist's aggregation (required items, target options, thresholds, normalisation off). The
 * aggregation rules themselves are proven in {@link MultiCriteriaTest}.
 */
class DirectJudgeMultiCriteriaTest {

    private static final MultiCriteria RUBRIC = MultiCriteria.of(
            MultiCriteriaItem.of(SAFE).withWeight(0.4).withTargetOption("Yes").asRequired(),
            MultiCriteriaItem.of(QUALITY).withWeight(0.3).withScoreThreshold(0.5),
            MultiCriteriaItem.of(TONE).withWeight(0.3).withTargetOption("Friendly"));

    private static final Instance ANSWER = Instance.ofResponse("Hold the reset button for ten seconds. Happy to help!");

    /** A model that answers each criteria with the option given for it. */
    private static ScriptedChatModel answering(Map<String, String> optionByCriteria) {
        return ScriptedChatModel.answering(request -> reply(optionByCriteria.get(criterionOf(request))));
    }

    private static String criterionOf(ChatRequest request) {
        String user = user(request);
        int start = user.indexOf("## Criterion: ") + "## Criterion: ".length();
        return user.substring(start, user.indexOf('\n', start));
    }

    private static MultiCriteriaResult evaluate(ScriptedChatModel model, MultiCriteria multi) {
        try (DirectJudge judge = DirectJudge.builder()
                .chatModel(model)
                .retryBackoff(Duration.ZERO)
                .build()) {
            return judge.evaluate(ANSWER, multi);
        }
    }

    @Test
    void eachCriteriaIsJudgedOnceAndTheResultsAreAggregated() {
        ScriptedChatModel model = answering(Map.of("safe", "Yes", "quality", "Good", "tone", "Friendly"));

        MultiCriteriaResult result = evaluate(model, RUBRIC);

        assertThat(model.requests())
                .extracting(DirectJudgeMultiCriteriaTest::criterionOf)
                .containsExactlyInAnyOrder("safe", "quality", "tone");
        assertThat(result.score()).isEqualTo(1.0);
        assertThat(result.weightedScores())
                .containsExactly(Map.entry("safe", 0.4), Map.entry("quality", 0.3), Map.entry("tone", 0.3));
        assertThat(result.results().get("quality").option()).isEqualTo("Good");
        assertThat(result.results().get("quality").metadata().prompt().user()).contains("## Criterion: quality");
        assertThat(result.requiredFailures()).isEmpty();
    }

    @Test
    void aRequiredCriteriaThatFallsShortMakesTheAggregateZero() {
        MultiCriteriaResult result =
                evaluate(answering(Map.of("safe", "No", "quality", "Excellent", "tone", "Friendly")), RUBRIC);

        assertThat(result.score()).isZero();
        assertThat(result.requiredFailures())
                .extracting(MultiCriteriaResult.Item::criteriaName)
                .containsExactly("safe");
        assertThat(result.weightedScores()).containsEntry("quality", 0.3).containsEntry("tone", 0.3);
    }

    @Test
    void aMissedTargetOptionAndAThresholdNotReachedCountZero() {
        // Fair = 3 on 1..5 normalises to exactly 0.5: at the threshold counts as met. Poor = 1 normalises to 0.
        MultiCriteriaResult atThreshold =
                evaluate(answering(Map.of("safe", "Yes", "quality", "Fair", "tone", "Neutral")), RUBRIC);
        MultiCriteriaResult below =
                evaluate(answering(Map.of("safe", "Yes", "quality", "Poor", "tone", "Friendly")), RUBRIC);

        assertThat(atThreshold.score()).isEqualTo(0.7);
        assertThat(atThreshold.item("tone").orElseThrow().fellShort()).isTrue();
        assertThat(below.score()).isEqualTo(0.7);
        assertThat(below.item("quality").orElseThrow().itemScore()).isZero();
    }

    @Test
    void withNormalisationOffTheOptionsOwnScoresAreWeighted() {
        MultiCriteria raw = MultiCriteria.builder()
                .add(QUALITY, 0.5)
                .add(SAFE, 0.5)
                .normalizeScores(false)
                .build();

        MultiCriteriaResult result = evaluate(answering(Map.of("safe", "Yes", "quality", "Good")), raw);

        assertThat(result.item("quality").orElseThrow().itemScore()).isEqualTo(4.0);
        assertThat(result.score()).isEqualTo(2.5);
    }
}
