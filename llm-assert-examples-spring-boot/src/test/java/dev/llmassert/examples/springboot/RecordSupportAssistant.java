package dev.llmassert.examples.springboot;

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
 * A tool, not a test: writes the recordings of the Spring Boot example's tests from the hand-written replies of
 * {@link SupportScript}. It starts a loopback server that speaks OpenAI's chat completions, points Spring AI's OpenAI
 * client at it ({@code spring.ai.openai.base-url}), and runs each test class in {@code record} mode, so that every
 * request is keyed exactly as the test sends it. Runs only when named and asked to record, from the repository root:
 *
 * <pre>
 * mvn -B -pl llm-assert-examples-spring-boot -am test -Dskip.library.tests=true \
 *     -Dtest=RecordSupportAssistant -Dsurefire.failIfNoSpecifiedTests=false -Dllmassert.recordings.mode=record
 * </pre>
 */
@EnabledIfSystemProperty(named = ConfigKeys.RECORDINGS_MODE, matches = "record")
class RecordSupportAssistant {

    @Test
    void recordTheHandWrittenReplies() throws IOException {
        List<Class<?>> tests = List.of(
                SupportAssistantTest.class, SupportAssistantJudgedTest.class, SupportAssistantRepeatedTest.class);
        try (LoopbackChatServer server = LoopbackChatServer.start()) {
            server.respondWith(SupportScript::reply);
            System.setProperty("spring.ai.openai.base-url", server.baseUrl());
            try {
                for (Class<?> test : tests) {
                    Path recordings = Path.of("src/test/resources/llm-recordings", test.getName() + ".json");
                    Files.deleteIfExists(recordings);
                    EngineExecutionResults results = EngineTestKit.engine("junit-jupiter")
                            .selectors(selectClass(test))
                            .configurationParameter(ConfigKeys.RECORDINGS_MODE, "record")
                            .execute();
                    results.testEvents().failed().stream()
                            .forEach(event -> System.out.println("failed while recording: "
                                    + event.getTestDescriptor().getDisplayName() + ": "
                                    + event.getPayload().orElse("")));
                    assertThat(results.testEvents().failed().count())
                            .as(test.getSimpleName())
                            .isZero();
                    assertThat(models(recordings)).as(test.getSimpleName()).containsOnly(SupportScript.MODEL);
                }
            } finally {
                System.clearProperty("spring.ai.openai.base-url");
            }
        }
    }

    private static List<String> models(Path recordings) throws IOException {
        JsonNode recorded = new ObjectMapper().readTree(recordings.toFile());
        List<String> models = new ArrayList<>();
        recorded.path("entries").forEach(entry -> models.add(entry.path("model").asText()));
        return models;
    }
}
