package dev.llmassert.examples;

import dev.llmassert.core.config.ConfigKeys;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledIfSystemProperty;

import java.io.IOException;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A tool, not a test: writes the recordings of {@link NimbusAgentTest} from the hand-written model replies of
 * {@link NimbusAgentScript}. It starts a loopback server that speaks OpenAI's chat completions with tool calling,
 * points the agent's model at it ({@link NimbusAssistants#BASE_URL_PROPERTY}), and runs {@link NimbusAgentTest} in
 * {@code record} mode, so that every request (with its tool specifications and tool results) is keyed exactly as the
 * test sends it. Runs only when named and asked to record, from the repository root:
 *
 * <pre>
 * mvn -B -pl llm-assert-core,llm-assert-junit,llm-assert-examples test -Dskip.library.tests=true \
 *     -Dtest=RecordNimbusAgent -Dsurefire.failIfNoSpecifiedTests=false -Dllmassert.recordings.mode=record
 * </pre>
 */
@EnabledIfSystemProperty(named = ConfigKeys.RECORDINGS_MODE, matches = "record")
class RecordNimbusAgent {

    @Test
    void recordTheHandWrittenReplies() throws IOException {
        HandWrittenRecordings.Recorded recorded =
                HandWrittenRecordings.record(NimbusAgentTest.class, NimbusAgentScript::reply);

        // every round of every request the script knows: each tool call and each final answer
        int rounds =
                NimbusAgentScript.ROUNDS.values().stream().mapToInt(List::size).sum();
        assertThat(recorded.models()).hasSize(rounds).containsOnly(NimbusAgentScript.MODEL);
    }
}
