package dev.llmassert.examples;

import dev.langchain4j.model.chat.ChatModel;
import dev.llmassert.core.groundedness.ClaimCheckGroundednessJudge;
import dev.llmassert.core.groundedness.GroundednessJudge;
import dev.llmassert.core.groundedness.GroundednessVerdict;
import dev.llmassert.core.groundedness.Judges;
import dev.llmassert.core.groundedness.LocalGroundednessJudge;
import dev.llmassert.core.groundedness.SentenceVerdict;
import dev.llmassert.junit.LlmJudge;
import org.junit.jupiter.api.Test;

import static dev.llmassert.junit.LlmAssertions.assertThat;
import static dev.llmassert.junit.LlmAssertions.assertThatThrownBy;

/**
 * A cascade in code: the local judge decides the sentences of an answer it is sure of, and a fact-checking model,
 * Bespoke-MiniCheck-7B through Ollama, only the one it is unsure of. The guide's "Confidence and the cascade"
 * (docs/guide/groundedness.adoc) includes it, and shows the lines of {@link #UNSURE} that the local judge alone writes.
 *
 * <p>No model is reachable from this project's build, so the claim-check reply in
 * {@code src/test/resources/llm-recordings/<this class>.json} was written by hand and says so
 * ({@code "model": "hand-written-example"}): No, as the policy says weekdays, not weekends; twice, as the test judges
 * the answer twice. The local judge's sentence needs no recording; had it been sent on, the replay would miss and
 * fail.
 */
@LlmJudge(provider = "ollama", model = "bespoke-minicheck")
class SupportAnswerCascadeTest {

    static final String POLICY = "The X200 router has four Ethernet ports. Hold the reset button for ten seconds to "
            + "restore factory settings. The warranty lasts two years and covers hardware faults. Phone support is "
            + "available on weekdays.";

    /** The lines of the local judge's failure message (%n for a line end) for a sentence it is unsure of. */
    static final String UNSURE = "%n    [0] 0.73  \"Phone support is available on weekends.\"%n"
            + "              evidence: \"Phone support is available on weekdays.\"%n"
            + "              unsure (0.46): the model and the wording disagree";

    @Test
    void theLocalJudgeDecidesWhatItIsSureOfAndTheFactCheckerTheRest(ChatModel judgeModel) {
        String answer = "The X200 router has four Ethernet ports. Phone support is available on weekends.";

        // tag::cascade[]
        try (GroundednessJudge cascade = Judges.cascade(
                LocalGroundednessJudge.create(),
                ClaimCheckGroundednessJudge.builder().chatModel(judgeModel).build())) {
            assertThatThrownBy(() -> assertThat(answer)
                            .usingJudge(cascade)
                            .isGroundedIn(POLICY)
                            .everySentence()
                            .hasMinScore(0.7))
                    .hasMessageContaining(
                            "Cascade: local:all-minilm-l6-v2-q decided 1 of 2 sentences (confidence at least"
                                    + " 0.50), 1 sent on to ollama:bespoke-minicheck; 1 call (~151 tokens) not spent.")
                    .hasMessageContaining("decided by: ollama:bespoke-minicheck");
            // tag::verdicts[]

            GroundednessVerdict verdict = cascade.judge(answer, POLICY);
            SentenceVerdict ports = verdict.sentences().get(0);
            SentenceVerdict weekends = verdict.sentences().get(1);
            assertThat(ports.decidedBy()).isEqualTo("local:all-minilm-l6-v2-q");
            assertThat(ports.confidence()).isGreaterThan(0.9);
            assertThat(weekends.decidedBy()).isEqualTo("ollama:bespoke-minicheck");
            assertThat(weekends.score()).isZero();
            assertThat(verdict.cascade().decidedLocally()).isEqualTo(1);
            assertThat(verdict.cascade().sentOn()).isEqualTo(1);
            // end::verdicts[]
        }
        // end::cascade[]
    }

    @Test
    void withoutTheCascadeTheLocalJudgeMarksTheSentenceItIsUnsureOf() {
        String answer = "Phone support is available on weekends. The warranty lasts five years.";

        assertThatThrownBy(() -> assertThat(answer)
                        .usingJudge(LocalGroundednessJudge.create())
                        .isGroundedIn(POLICY)
                        .everySentence()
                        .hasMinScore(0.7))
                .hasMessageContaining(String.format(UNSURE).replace(System.lineSeparator(), "\n"))
                .hasMessageContaining("  ✗ [1] 0.01  \"The warranty lasts five years.\"")
                .hasMessageNotContaining("Cascade:");
    }
}
