package dev.llmassert.examples;

import dev.llmassert.core.config.ConfigKeys;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledIfSystemProperty;

import java.io.IOException;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A tool, not a test: writes the recordings of {@link SupportChatTest} from the hand-written model replies of
 * {@link SupportChatScript}. It starts a loopback server that speaks OpenAI's chat completions, points the chat's
 * model at it ({@link NimbusAssistants#BASE_URL_PROPERTY}), and runs {@link SupportChatTest} in {@code record} mode,
 * so that every request (with the conversation so far and the manual's sections) is keyed exactly as the test sends
 * it. Runs only when named and asked to record, from the repository root:
 *
 * <pre>
 * mvn -B -pl llm-assert-core,llm-assert-junit,llm-assert-examples test -Dskip.library.tests=true \
 *     -Dtest=RecordSupportChat -Dsurefire.failIfNoSpecifiedTests=false -Dllmassert.recordings.mode=record
 * </pre>
 */
@EnabledIfSystemProperty(named = ConfigKeys.RECORDINGS_MODE, matches = "record")
class RecordSupportChat {

    @Test
    void recordTheHandWrittenReplies() throws IOException {
        HandWrittenRecordings.Recorded recorded =
                HandWrittenRecordings.record(SupportChatTest.class, SupportChatScript::reply);

        assertThat(recorded.failedTests()).isZero();
        assertThat(recorded.models()).isNotEmpty().containsOnly(SupportChatScript.MODEL);
    }
}
