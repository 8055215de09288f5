package dev.llmassert.examples;

import dev.langchain4j.model.chat.ChatModel;
import dev.llmassert.core.groundedness.ClaimCheckGroundednessJudge;
import dev.llmassert.core.groundedness.GroundednessJudge;
import dev.llmassert.core.groundedness.GroundednessVerdict;
import dev.llmassert.core.record.RecordingMode;
import dev.llmassert.core.record.Recordings;
import dev.llmassert.examples.ProductManual.Section;
import dev.llmassert.examples.SupportAssistant.Answer;
import dev.llmassert.junit.LlmJudge;
import org.junit.jupiter.api.Test;

import java.nio.file.Path;
import java.util.stream.Collectors;

import static dev.llmassert.junit.LlmAssertions.assertThat;
import static dev.llmassert.junit.LlmAssertions.assertThatThrownBy;

/**
 * The support assistant judged by a fact-checking model, Bespoke-MiniCheck-7B through Ollama: the model's name says
 * MiniCheck, so the claim-check judge is chosen by itself and each sentence of an answer is one
 * {@code Document: ...} / {@code Claim: ...} call, answered Yes or No.
 *
 * <p>No model is reachable from this project's build, so the judge's replies in
 * {@code src/test/resources/llm-recordings/<this class>.json} were written by hand and say so
 * ({@code "model": "hand-written-example"}): a claim gets Yes when the document holds the manual's sentence that states
 * it, No otherwise ({@link RecordFactCheckReplies} lists them and writes the file). The judge asks Ollama for the
 * log-probabilities of the answer (at its OpenAI-compatible endpoint), and a live model's score is its probability of
 * Yes; the hand-written replies carry none, as a person can write Yes or No but not a model's probabilities, so each
 * score here is 1 or 0 and the evidence says so. The failure message names who wrote the replies. The requests are
 * the judge's own, keyed as it sends them, and replayed with no network; the assistant's answers are those of
 * {@link SupportAssistantJudgedByLlmTest}.
 */
@LlmJudge(provider = "ollama", model = "bespoke-minicheck")
class SupportAssistantFactCheckedTest {

    /** The manual cut into chunks of at most this many characters: four chunks of its 2,000. */
    static final int CHUNK_SIZE = 600;

    private final SupportAssistant assistant = new SupportAssistant(
            Recordings.wrap(
                    NimbusAssistants.applicationModel(),
                    Path.of(SupportAssistantJudgedByLlmTest.ASSISTANT_ANSWERS),
                    RecordingMode.REPLAY,
                    "the support assistant's answers"),
            ProductManual.nimbusR2());

    @Test
    void factoryResetAnswerIsGroundedInTheManual() {
        Answer answer = assistant.ask("How do I restore the factory settings?");

        assertThat(answer.text())
                .isGroundedIn(answer.sources())
                .withMinScore(0.9)
                .everySentence()
                .hasMinScore(0.9);
    }

    @Test
    void anInventedSentenceIsTheOneTheModelSaysNoTo() {
        Answer answer = assistant.ask("How long does a firmware update take?");

        assertThatThrownBy(() ->
                        assertThat(answer.text()).isGroundedIn(answer.sources()).withMinScore(0.9))
                .isInstanceOf(AssertionError.class)
                .hasMessageContaining("0.67")
                .hasMessageContaining("If an update fails, the router rolls back to the previous firmware on its own.")
                .hasMessageContaining("[said No, yes/no only (the server sent no logprobs)] nearest in the sources, "
                        + "not a quote: source 1 chars ")
                // the committed replies are a person's, and the message says so, not bespoke-minicheck
                .hasMessageContaining("Judge: hand-written-example (replayed from a recording; configured judge "
                        + "ollama:bespoke-minicheck)");
    }

    // tag::chunks[]
    @Test
    void theWholeManualIsCheckedChunkByChunkAndTheChunkThatSaidYesIsNamed(ChatModel judgeModel) {
        String manual =
                ProductManual.nimbusR2().sections().stream().map(Section::text).collect(Collectors.joining("\n\n"));

        try (GroundednessJudge judge = ClaimCheckGroundednessJudge.builder()
                .chatModel(judgeModel)
                .chunkSize(CHUNK_SIZE)
                .build()) {
            GroundednessVerdict verdict = assertThat("The router installs updates automatically every night at 3 a.m.")
                    .usingJudge(judge)
                    .isGroundedIn(manual)
                    .withMinScore(0.9)
                    .verdict();

            assertThat(verdict.sentences().get(0).evidence())
                    .startsWith("[chunk 3 of 4 said Yes, yes/no only (the server sent no logprobs): chars ")
                    .contains("not a quote: chars ")
                    .contains("\"The Nimbus R2 checks for firmware updates every night at 3 a.m. and installs them "
                            + "automatically.\"");
        }
    }
    // end::chunks[]
}
