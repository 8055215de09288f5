package dev.llmassert.examples;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.llmassert.core.config.ConfigKeys;
import dev.llmassert.core.testing.LoopbackChatServer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledIfSystemProperty;
import org.junit.platform.testkit.engine.EngineExecutionResults;
import org.junit.platform.testkit.engine.EngineTestKit;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.platform.engine.discovery.DiscoverySelectors.selectClass;

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

    static final Path RECORDINGS =
            Path.of("src/test/resources/llm-recordings", SupportChatTest.class.getName() + ".json");

    @Test
    void recordTheHandWrittenReplies() throws IOException {
        Files.deleteIfExists(RECORDINGS);
        EngineExecutionResults results;
        try (LoopbackChatServer server = LoopbackChatServer.start()) {
            server.respondWith(SupportChatScript::reply);
            System.setProperty(NimbusAssistants.BASE_URL_PROPERTY, server.baseUrl());
            try {
                results = EngineTestKit.engine("junit-jupiter")
                        .selectors(selectClass(SupportChatTest.class))
                        .configurationParameter(ConfigKeys.RECORDINGS_MODE, "record")
                        .execute();
            } finally {
                System.clearProperty(NimbusAssistants.BASE_URL_PROPERTY);
            }
        }
        results.testEvents().failed().stream()
                .forEach(event -> System.out.println(
                        "failed while recording: " + event.getTestDescriptor().getDisplayName() + ": "
                                + event.getPayload().orElse("")));

        JsonNode recorded = new ObjectMapper().readTree(RECORDINGS.toFile());
        List<String> models = new ArrayList<>();
        recorded.path("entries").forEach(entry -> models.add(entry.path("model").asText()));
        assertThat(results.testEvents().failed().count()).isZero();
        assertThat(models).isNotEmpty().containsOnly(SupportChatScript.MODEL);
    }
}
