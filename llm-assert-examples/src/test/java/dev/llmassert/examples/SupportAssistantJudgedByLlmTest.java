package dev.llmassert.examples;

import dev.llmassert.core.record.RecordingMode;
import dev.llmassert.core.record.Recordings;
import dev.llmassert.examples.SupportAssistant.Answer;
import dev.llmassert.junit.LlmJudge;
import org.junit.jupiter.api.Test;

import java.nio.file.Path;

import static dev.llmassert.junit.LlmAssertions.assertThat;
import static dev.llmassert.junit.LlmAssertions.assertThatThrownBy;

/**
 * The support assistant judged by an LLM judge, {@code gpt-4o-mini} through the OpenAI API, with no network and no
 * key: the judge's replies are replayed from {@code src/test/resources/llm-recordings/<this class>.json}, which is
 * how a team runs LLM-judged tests in CI.
 *
 * <p>No model is reachable from this project's build, so the recordings were written by hand in the recording format
 * and say so ({@code "model": "hand-written-example"}); their scores and quoted evidence are what a careful judge
 * gives these sentences. Everything else is the real path: the judge builds its prompts (with the customer's question
 * beside the manual, marked as what the user said), the recordings are looked up by the keys of those requests, and a
 * prompt that changes fails with a replay miss. The mode, {@code replay}, comes
 * from {@code junit-platform.properties}, so the tests replay whether {@code CI} is set or not, and
 * {@code -Dllmassert.recordings.mode=record} re-records them against a real model.
 *
 * <p>The assistant's own answers are replayed too, always (re-recording concerns the judge), from
 * {@value #ASSISTANT_ANSWERS}, hand-written as well, through the public {@link Recordings#wrap} that any application
 * model can use.
 */
@LlmJudge(provider = "openai", model = "gpt-4o-mini")
class SupportAssistantJudgedByLlmTest {

    static final String ASSISTANT_ANSWERS =
            "src/test/resources/llm-recordings/app/nimbus-support-assistant-judged-by-llm.json";

    private final SupportAssistant assistant = new SupportAssistant(
            Recordings.wrap(
                    NimbusAssistants.applicationModel(),
                    Path.of(ASSISTANT_ANSWERS),
                    RecordingMode.REPLAY,
                    "the support assistant's answers"),
            ProductManual.nimbusR2());

    @Test
    void factoryResetAnswerIsGroundedInTheManual() {
        Answer answer = assistant.ask("How do I restore the factory settings?");

        assertThat(answer.text())
                .forQuestion(answer.question())
                .isGroundedIn(answer.sources())
                .withMinScore(0.8)
                .everySentence()
                .hasMinScore(0.8);
    }

    @Test
    void anInventedSentenceFailsTheCheckAndIsNamedWithNoEvidence() {
        Answer answer = assistant.ask("How long does a firmware update take?");

        assertThatThrownBy(() -> assertThat(answer.text())
                        .forQuestion(answer.question())
                        .isGroundedIn(answer.sources())
                        .withMinScore(0.8))
                .isInstanceOf(AssertionError.class)
                .hasMessageContaining("0.67")
                .hasMessageContaining("If an update fails, the router rolls back to the previous firmware on its own.")
                .hasMessageContaining("NOTHING FOUND")
                // the committed replies are a person's, and the message says so, not gpt-4o-mini
                .hasMessageContaining("Judge: hand-written-example (replayed from a recording; configured judge "
                        + "openai:gpt-4o-mini)");
    }
}
