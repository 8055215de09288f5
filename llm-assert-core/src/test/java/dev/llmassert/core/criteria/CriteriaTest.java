package dev.llmassert.core.criteria;

import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;
import static org.assertj.core.api.Assertions.assertThatIllegalStateException;

class CriteriaTest {

    private static final Criteria RELEVANCE = Criteria.builder("answer relevance")
            .description("Does the response answer the question?")
            .option("Relevant", "On topic", 1.0)
            .option("Irrelevant", "Off topic", 0.0)
            .toEvaluateField("response")
            .contextFields("question")
            .build();

    @Test
    void aQuestionBecomesAYesNoCriteria() {
        Criteria criteria = Criteria.yesNo("Is the text self-contained?");

        assertThat(criteria.name()).isEqualTo("Is the text self-contained?");
        assertThat(criteria.description()).isEqualTo("Is the text self-contained?");
        assertThat(criteria.optionNames()).containsExactly("Yes", "No");
        assertThat(criteria.requireOption("Yes").score()).isEqualTo(1.0);
        assertThat(criteria.requireOption("No").score()).isEqualTo(0.0);
        assertThat(criteria.toEvaluateField()).isEqualTo("response");
        assertThat(criteria.contextFields()).isEmpty();
    }

    @Test
    void aBlankQuestionIsRejected() {
        assertThatIllegalArgumentException()
                .isThrownBy(() -> Criteria.yesNo("  "))
                .withMessageContaining("question is blank")
                .withMessageContaining("Fix:");
    }

    @Test
    void theEvaluatedFieldDefaultsToResponse() {
        Criteria criteria =
                new Criteria("c", "d", List.of(CriteriaOption.of("A", ""), CriteriaOption.of("B", "")), null, null);

        assertThat(criteria.toEvaluateField()).isEqualTo("response");
        assertThat(criteria.contextFields()).isEmpty();
    }

    @Test
    void optionNamesMustBeUniqueIgnoringCase() {
        assertThatIllegalArgumentException()
                .isThrownBy(() -> Criteria.builder("tone")
                        .description("Is it polite?")
                        .option("Polite", "", 1.0)
                        .option("polite", "", 0.0)
                        .build())
                .withMessageContaining("Criteria 'tone' has option 'polite' more than once")
                .withMessageContaining("'Polite', 'polite'")
                .withMessageContaining("Fix:");
    }

    @Test
    void aCriteriaNeedsAtLeastTwoOptions() {
        assertThatIllegalArgumentException()
                .isThrownBy(
                        () -> Criteria.builder("tone").description("Polite?").build())
                .withMessageContaining("Criteria 'tone' has 0 options")
                .withMessageContaining("at least two");
        assertThatIllegalArgumentException()
                .isThrownBy(() -> Criteria.builder("tone")
                        .description("Polite?")
                        .option("Yes", "", 1.0)
                        .build())
                .withMessageContaining("has 1 option ('Yes')")
                .withMessageContaining("Criteria.yesNo");
    }

    @Test
    void nameDescriptionAndOptionNamesMustNotBeBlank() {
        assertThatIllegalArgumentException()
                .isThrownBy(() -> Criteria.builder(" ")
                        .description("Polite?")
                        .option("Yes", "")
                        .option("No", "")
                        .build())
                .withMessageContaining("blank name");
        assertThatIllegalArgumentException()
                .isThrownBy(() -> Criteria.builder("tone")
                        .description("")
                        .option("Yes", "")
                        .option("No", "")
                        .build())
                .withMessageContaining("'tone' has a blank description");
        assertThatIllegalArgumentException()
                .isThrownBy(() -> CriteriaOption.of(" ", "x", 1.0))
                .withMessageContaining("option has a blank name");
        assertThatIllegalArgumentException()
                .isThrownBy(() -> CriteriaOption.of("A", "x", Double.NaN))
                .withMessageContaining("not a finite number");
    }

    @Test
    void theEvaluatedFieldCannotAlsoBeContextAndContextFieldsDoNotRepeat() {
        assertThatIllegalArgumentException()
                .isThrownBy(() -> RELEVANCE.withContextFields("question", "response"))
                .withMessageContaining("'response' both as the field to evaluate and as a context field");
        assertThatIllegalArgumentException()
                .isThrownBy(() -> RELEVANCE.withContextFields("question", "question"))
                .withMessageContaining("context field 'question' twice");
    }

    @Test
    void theCriteriaDecideWhichFieldIsJudgedAndWhichIsContext() {
        Instance instance = Instance.of("response", "Hold the reset button for 10 seconds.")
                .with("question", "How do I reset the router?")
                .with("context", "To reset, hold the reset button for 10 seconds.");
        Criteria contextRelevance = RELEVANCE.withName("context relevance").withToEvaluateField("context");

        assertThat(RELEVANCE.textToEvaluate(instance)).isEqualTo("Hold the reset button for 10 seconds.");
        assertThat(RELEVANCE.contextOf(instance)).containsExactly(Map.entry("question", "How do I reset the router?"));
        assertThat(contextRelevance.textToEvaluate(instance))
                .isEqualTo("To reset, hold the reset button for 10 seconds.");
        assertThat(contextRelevance.contextOf(instance)).containsOnlyKeys("question");
    }

    @Test
    void aMissingFieldNamesTheExpectedFieldTheFieldsThereAreAndTheFix() {
        Instance instance = Instance.of("answer", "Hold the button.");

        assertThatIllegalArgumentException()
                .isThrownBy(() -> RELEVANCE.textToEvaluate(instance))
                .withMessageContaining("Criteria 'answer relevance' reads fields 'response', 'question'")
                .withMessageContaining("evaluates 'response' with context 'question'")
                .withMessageContaining("The instance has: 'answer'")
                .withMessageContaining("Instance.of(\"response\", ...).with(\"question\", ...)");
    }

    @Test
    void aMissingContextFieldAloneIsNamed() {
        Instance instance = Instance.of("response", "Hold the button.");

        assertThatIllegalArgumentException()
                .isThrownBy(() -> RELEVANCE.textToEvaluate(instance))
                .withMessageContaining("reads field 'question'")
                .withMessageContaining("The instance has: 'response'");
    }

    @Test
    void aJudgesOptionIsMatchedIgnoringCaseQuotesAndWhitespace() {
        assertThat(RELEVANCE.matchOption(" \"relevant\" "))
                .map(CriteriaOption::name)
                .contains("Relevant");
        assertThat(RELEVANCE.matchOption("IRRELEVANT"))
                .map(CriteriaOption::name)
                .contains("Irrelevant");
        assertThat(RELEVANCE.matchOption("Somewhat")).isEmpty();
        assertThatIllegalArgumentException()
                .isThrownBy(() -> RELEVANCE.requireOption("Somewhat"))
                .withMessageContaining("has no option 'Somewhat'")
                .withMessageContaining("'Relevant', 'Irrelevant'");
    }

    @Test
    void reversingTheOptionsKeepsEverythingElse() {
        Criteria reversed = RELEVANCE.withOptionsReversed();

        assertThat(reversed.optionNames()).containsExactly("Irrelevant", "Relevant");
        assertThat(reversed.withOptionsReversed()).isEqualTo(RELEVANCE);
    }

    @Test
    void scoreRangeNeedsScoresOnEveryOption() {
        Criteria partial = Criteria.builder("tone")
                .description("Polite?")
                .option("Polite", "", 1.0)
                .option("Rude", "")
                .build();

        assertThat(RELEVANCE.minScore()).isEqualTo(0.0);
        assertThat(RELEVANCE.maxScore()).isEqualTo(1.0);
        assertThat(partial.hasScores()).isFalse();
        assertThatIllegalStateException()
                .isThrownBy(partial::maxScore)
                .withMessageContaining("these have none: 'Rude'");
    }
}
