package dev.llmassert.examples;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.llmassert.core.config.ConfigKeys;
import dev.llmassert.core.testing.LoopbackChatServer;
import dev.llmassert.core.testing.LoopbackChatServer.ReceivedRequest;
import dev.llmassert.core.testing.LoopbackChatServer.Reply;
import org.junit.platform.testkit.engine.EngineExecutionResults;
import org.junit.platform.testkit.engine.EngineTestKit;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;

import static org.junit.platform.engine.discovery.DiscoverySelectors.selectClass;

/**
 * Records an example test's application replies from a script: a loopback server that speaks OpenAI's chat
 * completions serves {@code script}'s hand-written replies, the application's model is pointed at it
 * ({@link NimbusAssistants#BASE_URL_PROPERTY}), and {@code test} runs in {@code record} mode, so that every request
 * is keyed exactly as the test sends it.
 */
final class HandWrittenRecordings {

    private HandWrittenRecordings() {}

    /** The recordings file of {@code test}, under the examples' recordings directory. */
    static Path of(Class<?> test) {
        return Path.of("src/test/resources/llm-recordings", test.getName() + ".json");
    }

    /** Records {@code test} from {@code script}; gives the model of each recorded entry and the failed tests. */
    static Recorded record(Class<?> test, Function<ReceivedRequest, Reply> script) throws IOException {
        Path recordings = of(test);
        Files.deleteIfExists(recordings);
        EngineExecutionResults results;
        try (LoopbackChatServer server = LoopbackChatServer.start()) {
            server.respondWith(script);
            System.setProperty(NimbusAssistants.BASE_URL_PROPERTY, server.baseUrl());
            try {
                results = EngineTestKit.engine("junit-jupiter")
                        .selectors(selectClass(test))
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

        JsonNode recorded = new ObjectMapper().readTree(recordings.toFile());
        List<String> models = new ArrayList<>();
        recorded.path("entries").forEach(entry -> models.add(entry.path("model").asText()));
        return new Recorded(models, results.testEvents().failed().count());
    }

    /** What a recording run wrote: the model of each entry, in order, and how many of the test's tests failed. */
    record Recorded(List<String> models, long failedTests) {}
}
