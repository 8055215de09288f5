package dev.llmassert.examples;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.llmassert.core.config.ConfigKeys;
import dev.llmassert.core.testing.LoopbackChatServer;
import dev.llmassert.core.testing.LoopbackChatServer.Reply;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledIfSystemProperty;
import org.junit.platform.testkit.engine.EngineTestKit;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static dev.llmassert.junit.LlmAssertions.assertThat;
import static org.junit.platform.engine.discovery.DiscoverySelectors.selectClass;

/**
 * A tool, not a test: writes the recordings of {@link SupportAssistantRepeatedTest}, ten hand-written answers to one
 * question, in order. A loopback server that speaks OpenAI's chat completions serves them to the assistant's real
 * client, and the test runs in {@code record} mode, so the request is keyed exactly as the test sends it. Runs only
 * when named and asked to record, from the repository root:
 *
 * <pre>
 * mvn -B -pl llm-assert-core,llm-assert-junit,llm-assert-examples test -Dskip.library.tests=true \
 *     -Dtest=RecordRepeatedSamples -Dsurefire.failIfNoSpecifiedTests=false -Dllmassert.recordings.mode=record
 * </pre>
 */
@EnabledIfSystemProperty(named = ConfigKeys.RECORDINGS_MODE, matches = "record")
class RecordRepeatedSamples {

    static final Path RECORDINGS =
            Path.of("src/test/resources/llm-recordings", SupportAssistantRepeatedTest.class.getName() + ".json");

    /** Ten answers a person wrote; the sixth invents a three-year warranty that also covers water damage. */
    static final List<String> SAMPLES = List.of(
            "The Nimbus R2 has a two-year limited warranty from the date of purchase. It does not cover damage from"
                    + " water or power surges.",
            "The Nimbus R2 comes with a two-year limited warranty from the date of purchase. The warranty does not"
                    + " cover damage from water or power surges.",
            "The warranty of the Nimbus R2 is a two-year limited warranty from the date of purchase.",
            "The Nimbus R2 has a two-year limited warranty from the date of purchase. Damage from water or power"
                    + " surges is not covered.",
            "You get a two-year limited warranty from the date of purchase. It does not cover damage from water or"
                    + " power surges.",
            "The Nimbus R2 has a three-year warranty from the date of purchase, and it also covers water damage.",
            "The Nimbus R2 has a two-year limited warranty from the date of purchase.",
            "The Nimbus R2 has a two-year limited warranty from the date of purchase. It does not cover damage from"
                    + " water or power surges.",
            "The warranty is a two-year limited warranty from the date of purchase. It does not cover damage from"
                    + " water or power surges.",
            "The Nimbus R2 has a two-year limited warranty from the date of purchase. It does not cover damage from"
                    + " water or power surges.");

    static final String MODEL = "hand-written-example";

    @Test
    void recordTheHandWrittenSamples() throws IOException {
        Files.deleteIfExists(RECORDINGS);
        try (LoopbackChatServer server = LoopbackChatServer.start()) {
            SAMPLES.forEach(sample -> server.enqueue(Reply.content(sample).byModel(MODEL)));
            System.setProperty(NimbusAssistants.BASE_URL_PROPERTY, server.baseUrl());
            try {
                EngineTestKit.engine("junit-jupiter")
                        .selectors(selectClass(SupportAssistantRepeatedTest.class))
                        .configurationParameter(ConfigKeys.RECORDINGS_MODE, "record")
                        .execute();
            } finally {
                System.clearProperty(NimbusAssistants.BASE_URL_PROPERTY);
            }
        }

        JsonNode recorded = new ObjectMapper().readTree(RECORDINGS.toFile());
        assertThat(recorded.path("entries")).singleElement().satisfies(entry -> {
            assertThat(entry.path("model").asText()).isEqualTo(MODEL);
            assertThat(entry.path("responses")).hasSize(SAMPLES.size());
        });
    }
}
