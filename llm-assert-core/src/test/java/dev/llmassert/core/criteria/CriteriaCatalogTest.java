package dev.llmassert.core.criteria;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

class CriteriaCatalogTest {

    @Test
    void everyEntryLoadsWithScoredOptionsAndADescriptionWorthReading() {
        assertThat(CriteriaCatalog.names())
                .containsExactly(
                        "conciseness",
                        "answer_relevance",
                        "context_relevance",
                        "coherence",
                        "harmlessness",
                        "politeness",
                        "self_containedness",
                        "faithfulness_to_instructions",
                        "task_completion",
                        "tool_use_appropriateness",
                        "knowledge_retention",
                        "role_adherence",
                        "conversation_completeness",
                        "turn_relevancy");
        assertThat(CriteriaCatalog.all()).allSatisfy(c -> {
            assertThat(c.hasScores()).as(c.name()).isTrue();
            assertThat(c.maxScore()).as(c.name()).isEqualTo(1.0);
            assertThat(c.minScore()).as(c.name()).isEqualTo(0.0);
            assertThat(c.description().length()).as(c.name()).isGreaterThan(80);
            assertThat(c.options())
                    .as(c.name())
                    .allSatisfy(o -> assertThat(o.description()).isNotBlank());
            assertThat(c.options().get(0).score())
                    .as("best option first in " + c.name())
                    .isEqualTo(1.0);
        });
        assertThat(MultiCriteria.equalWeights(CriteriaCatalog.all().toArray(Criteria[]::new))
                        .items())
                .hasSize(14);
    }

    @Test
    void eachEntryReadsTheFieldsItsQuestionIsAbout() {
        assertThat(CriteriaCatalog.ANSWER_RELEVANCE.toEvaluateField()).isEqualTo("response");
        assertThat(CriteriaCatalog.ANSWER_RELEVANCE.contextFields()).containsExactly("question");
        assertThat(CriteriaCatalog.CONTEXT_RELEVANCE.toEvaluateField()).isEqualTo("context");
        assertThat(CriteriaCatalog.CONTEXT_RELEVANCE.contextFields()).containsExactly("question");
        assertThat(CriteriaCatalog.FAITHFULNESS_TO_INSTRUCTIONS.contextFields()).containsExactly("instructions");
        assertThat(CriteriaCatalog.CONCISENESS.contextFields()).isEmpty();
        assertThat(CriteriaCatalog.SELF_CONTAINEDNESS.optionNames()).containsExactly("Yes", "No");
        assertThat(CriteriaCatalog.KNOWLEDGE_RETENTION.contextFields()).containsExactly("conversation", "fact");
        assertThat(CriteriaCatalog.ROLE_ADHERENCE.contextFields()).containsExactly("conversation", "role");
        assertThat(CriteriaCatalog.TURN_RELEVANCY.contextFields()).containsExactly("conversation");
        assertThat(CriteriaCatalog.CONVERSATION_COMPLETENESS.toEvaluateField()).isEqualTo("conversation");
        assertThat(CriteriaCatalog.CONVERSATION_COMPLETENESS.contextFields()).containsExactly("goal");
    }

    @Test
    void namesAreLookedUpIgnoringCaseDashesUnderscoresAndSpaces() {
        assertThat(CriteriaCatalog.get("answer-relevance")).isSameAs(CriteriaCatalog.ANSWER_RELEVANCE);
        assertThat(CriteriaCatalog.get("Faithfulness to instructions"))
                .isSameAs(CriteriaCatalog.FAITHFULNESS_TO_INSTRUCTIONS);
        assertThat(CriteriaCatalog.contains("SELF_CONTAINEDNESS")).isTrue();
        assertThat(CriteriaCatalog.contains("brevity")).isFalse();
    }

    @Test
    void anUnknownNameListsTheNamesThereAre() {
        assertThatIllegalArgumentException()
                .isThrownBy(() -> CriteriaCatalog.get("brevity"))
                .withMessageContaining("no criteria 'brevity' in the catalog")
                .withMessageContaining("conciseness, answer_relevance, context_relevance")
                .withMessageContaining("CriteriaLoader.fromClasspath");
    }
}
