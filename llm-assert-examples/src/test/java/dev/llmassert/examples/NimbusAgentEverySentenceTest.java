package dev.llmassert.examples;

import dev.langchain4j.service.Result;
import dev.llmassert.junit.Evaluator;
import dev.llmassert.junit.JudgeRecordings;
import dev.llmassert.junit.LlmJudge;
import org.junit.jupiter.api.Test;

import java.util.List;

import static dev.llmassert.junit.LlmAssertions.assertThat;

/**
 * A stricter check of the agent's answer than {@link NimbusAgentTest}'s: every sentence grounded in what the tools
 * returned, not only their mean. Added for a mutant that survived {@code NimbusAgentTest} in the mutation check (see
 * the README's "Mutation check"): with the booking tool's date changed from 3 to 24 December, the answer's
 * sentence about the visit is no longer supported, but the mean of its three sentences stays at 0.70.
 *
 * <p>It reads the agent's replies of {@code NimbusAgentTest}'s recordings, so the mutation check counts its verdict on
 * the same recorded answers.
 */
@LlmJudge
@JudgeRecordings(file = "src/test/resources/llm-recordings/dev.llmassert.examples.NimbusAgentTest.json")
class NimbusAgentEverySentenceTest {

    @Test
    void everySentenceOfTheBookingIsWhatTheToolsReturned(Evaluator evaluator) {
        NimbusAgent agent = NimbusAgent.create(
                evaluator.recorded(NimbusAssistants.applicationModel()), NimbusTools.demo(), List.of());

        Result<String> result = agent.chat(NimbusAgentTest.WARRANTY_THEN_VISIT);

        // tag::every-sentence[]
        assertThat(result)
                .finalAnswer()
                .isGroundedInToolResults()
                .withMinScore(0.7)
                .everySentence()
                .hasMinScore(0.7);
        // end::every-sentence[]
    }
}
