package dev.llmassert.examples;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.llmassert.core.config.ConfigKeys;
import dev.llmassert.core.testing.LoopbackChatServer;
import dev.llmassert.core.testing.LoopbackChatServer.ReceivedRequest;
import dev.llmassert.core.testing.LoopbackChatServer.Reply;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledIfSystemProperty;
import org.junit.jupiter.api.io.TempDir;
import org.junit.platform.testkit.engine.EngineExecutionResults;
import org.junit.platform.testkit.engine.EngineTestKit;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.platform.engine.discovery.DiscoverySelectors.selectClass;

/**
 * A tool, not a test: writes the judge recordings of {@link SupportAssistantFactCheckedTest} from hand-written
 * verdicts. For each claim the test checks, {@link #SUPPORT} names the manual's sentence that states it, or
 * {@code null} when the manual does not: the hand-written reply is Yes when the document holds that sentence, No
 * otherwise, under the model name {@value #MODEL}.
 *
 * <p>It starts a loopback server that speaks Ollama's two chat protocols (the judge sends its claim checks to
 * Ollama's OpenAI-compatible endpoint, asking for log-probabilities) and runs the test class in {@code record} mode
 * with the judge pointed at it, into a temporary folder, so every request is keyed exactly as the test sends it; then
 * it checks that every claim had a verdict and copies the file into {@code src/test/resources/llm-recordings}. The
 * replies carry no log-probabilities: a person can write Yes or No, not a model's probabilities. From the repository
 * root:
 *
 * <pre>
 * mvn -B -pl llm-assert-core,llm-assert-junit,llm-assert-examples test -Dskip.library.tests=true \
 *     -Dtest=RecordFactCheckReplies -Dsurefire.failIfNoSpecifiedTests=false -Dexamples.record-fact-check=true
 * </pre>
 */
@EnabledIfSystemProperty(named = "examples.record-fact-check", matches = "true")
class RecordFactCheckReplies {

    static final String MODEL = "hand-written-example";

    /** Each claim, and the manual's sentence that states it, or {@code null} when the manual does not. */
    static final Map<String, String> SUPPORT = support();

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final Path RECORDINGS =
            Path.of("src/test/resources/llm-recordings", SupportAssistantFactCheckedTest.class.getName() + ".json");

    @TempDir
    Path scratch;

    private final List<String> unknownClaims = new CopyOnWriteArrayList<>();

    private static Map<String, String> support() {
        Map<String, String> support = new LinkedHashMap<>();
        support.put(
                "Hold the recessed reset button on the back of the router for 15 seconds with a paperclip, until "
                        + "the status light turns amber.",
                "To restore the factory settings, hold the recessed reset button "
                        + "on the back for 15 seconds with a paperclip, until the status light turns amber.");
        support.put(
                "A factory reset erases your network name, password and parental controls.",
                "A factory reset erases your network name, password and parental controls.");
        support.put(
                "Afterwards, the router uses the network name and password printed on its label again.",
                "After a reset, the router uses the name and password on its label again.");
        support.put(
                "A firmware update takes about five minutes, and the internet connection drops during that time.",
                "An update takes about five minutes, and the internet connection drops during that time.");
        support.put(
                "The router installs updates automatically every night at 3 a.m.",
                "The Nimbus R2 checks for firmware updates every night at 3 a.m. and installs them automatically.");
        support.put("If an update fails, the router rolls back to the previous firmware on its own.", null);
        return support;
    }

    @Test
    void recordTheHandWrittenVerdicts() throws IOException {
        EngineExecutionResults results;
        try (LoopbackChatServer server = LoopbackChatServer.start()) {
            server.respondWith(this::verdict);
            results = EngineTestKit.engine("junit-jupiter")
                    .selectors(selectClass(SupportAssistantFactCheckedTest.class))
                    .configurationParameter(ConfigKeys.RECORDINGS_MODE, "record")
                    .configurationParameter(ConfigKeys.RECORDINGS_DIR, scratch.toString())
                    .configurationParameter(ConfigKeys.JUDGE_BASE_URL, server.ollamaBaseUrl())
                    .execute();
        }

        assertThat(unknownClaims).as("claims without a hand-written verdict").isEmpty();
        results.testEvents().failed().stream()
                .forEach(event -> System.out.println(
                        "failed while recording: " + event.getTestDescriptor().getDisplayName() + ": "
                                + event.getPayload().orElse("")));
        // One test checks that its verdict was replayed and fails while recording: replay proves the file.
        results.testEvents().assertStatistics(s -> s.started(3));
        Path recorded = scratch.resolve(RECORDINGS.getFileName());
        List<String> models = new ArrayList<>();
        JSON.readTree(recorded.toFile())
                .path("entries")
                .forEach(entry -> models.add(entry.path("model").asText()));
        assertThat(models).isNotEmpty().containsOnly(MODEL);
        Files.copy(recorded, RECORDINGS, StandardCopyOption.REPLACE_EXISTING);
    }

    /** Yes when the document holds the sentence that states the claim, else No; a 500 for an unknown claim. */
    private Reply verdict(ReceivedRequest request) {
        String user = request.json().path("messages").get(1).path("content").asText();
        int claimAt = user.lastIndexOf("\nClaim: ");
        String document = user.substring("Document: ".length(), claimAt);
        String claim = user.substring(claimAt + "\nClaim: ".length());
        if (!SUPPORT.containsKey(claim)) {
            unknownClaims.add(claim);
            return Reply.status(500, "{\"error\": \"RecordFactCheckReplies has no verdict for: " + claim + "\"}");
        }
        String sentence = SUPPORT.get(claim);
        String answer = sentence != null && document.contains(sentence) ? "Yes" : "No";
        return request.path().endsWith("/api/chat")
                ? Reply.status(200, ollamaReply(answer))
                : RecordSupportEvaluation.completion(answer);
    }

    /** An Ollama chat reply of {@code text} by the model {@value #MODEL}. */
    private static String ollamaReply(String text) {
        ObjectNode body = JSON.createObjectNode();
        body.put("model", MODEL);
        body.put("created_at", "2026-11-26T00:00:00Z");
        body.putObject("message").put("role", "assistant").put("content", text);
        body.put("done", true);
        body.put("done_reason", "stop");
        return body.toString();
    }
}
