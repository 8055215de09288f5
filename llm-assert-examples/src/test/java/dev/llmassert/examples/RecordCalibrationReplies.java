package dev.llmassert.examples;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.llmassert.core.config.ConfigKeys;
import dev.llmassert.core.testing.LoopbackChatServer;
import dev.llmassert.core.testing.LoopbackChatServer.Reply;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledIfSystemProperty;
import org.junit.platform.testkit.engine.EngineExecutionResults;
import org.junit.platform.testkit.engine.EngineTestKit;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentSkipListSet;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.platform.engine.discovery.DiscoverySelectors.selectClass;

/**
 * A tool, not a test: writes the recordings of {@link SupportAnswersCalibrationByLlmTest} from the hand-written judge
 * replies in {@value #REPLIES}, one per sentence of the labelled answers: the statement, the evidence quoted from the
 * manual (or {@code NOTHING FOUND}) and the score from 0 to 10 that a careful judge gives it.
 *
 * <p>It starts a loopback server that speaks OpenAI's chat-completions protocol and serves those replies under the
 * model name {@value RecordSupportEvaluation#MODEL}, points the judge at it and runs the calibration in
 * {@code record} mode (with {@code llmassert.recordings.prune}), so every request is keyed exactly as the test sends
 * it. A statement without a reply gets a 500 and is listed, and the tool fails. From the repository root:
 *
 * <pre>
 * mvn -B -pl llm-assert-core,llm-assert-junit,llm-assert-examples test -Dskip.library.tests=true \
 *     -Dtest=RecordCalibrationReplies -Dsurefire.failIfNoSpecifiedTests=false -Dllmassert.recordings.mode=record
 * </pre>
 */
@EnabledIfSystemProperty(named = ConfigKeys.RECORDINGS_MODE, matches = "record")
class RecordCalibrationReplies {

    static final String REPLIES = "src/test/resources/calibration/judge-replies.hand-written.jsonl";

    private static final ObjectMapper JSON = new ObjectMapper();

    @Test
    void recordTheHandWrittenReplies() throws IOException {
        Map<String, JsonNode> replies = new LinkedHashMap<>();
        Path file = Path.of(REPLIES);
        if (Files.exists(file)) {
            for (String line : Files.readAllLines(file, StandardCharsets.UTF_8)) {
                if (!line.isBlank()) {
                    JsonNode row = JSON.readTree(line);
                    replies.put(row.path("statement").asText(), row);
                }
            }
        }
        Set<String> missing = new ConcurrentSkipListSet<>();
        EngineExecutionResults results;
        try (LoopbackChatServer server = LoopbackChatServer.start()) {
            server.respondWith(request -> reply(request.lastUserMessage(), replies, missing));
            results = EngineTestKit.engine("junit-jupiter")
                    .selectors(selectClass(SupportAnswersCalibrationByLlmTest.class))
                    .configurationParameter(ConfigKeys.RECORDINGS_MODE, "record")
                    .configurationParameter(ConfigKeys.RECORDINGS_PRUNE, "true")
                    .configurationParameter(ConfigKeys.JUDGE_BASE_URL, server.baseUrl())
                    .configurationParameter(ConfigKeys.JUDGE_MAX_RETRIES, "0")
                    .execute();
        }
        results.testEvents().failed().stream()
                .forEach(event -> System.out.println(
                        "failed while recording: " + event.getTestDescriptor().getDisplayName() + ": "
                                + event.getPayload().orElse("")));
        missing.forEach(statement -> System.out.println("no hand-written reply for: " + statement));
        assertThat(missing).as("statements without a hand-written reply").isEmpty();
        JsonNode recorded = JSON.readTree(Path.of(
                        "src/test/resources/llm-recordings",
                        SupportAnswersCalibrationByLlmTest.class.getName() + ".json")
                .toFile());
        List<String> models = new ArrayList<>();
        recorded.path("entries").forEach(entry -> models.add(entry.path("model").asText()));
        assertThat(models).isNotEmpty().containsOnly(RecordSupportEvaluation.MODEL);
    }

    /** The hand-written reply to the statement of a groundedness prompt; a 500 when there is none. */
    private static Reply reply(String user, Map<String, JsonNode> replies, Set<String> missing) {
        String statement = statement(user);
        JsonNode row = statement == null ? null : replies.get(statement);
        if (row == null) {
            missing.add(String.valueOf(statement));
            ObjectNode error = JSON.createObjectNode();
            error.putObject("error")
                    .put("message", "RecordCalibrationReplies has no hand-written reply for: " + statement);
            return Reply.status(500, error.toString());
        }
        ObjectNode judgement = JSON.createObjectNode();
        judgement.put("evidence", row.path("evidence").asText());
        judgement.put("score", row.path("score").asInt());
        return RecordSupportEvaluation.completion(judgement.toString());
    }

    /** The statement between the data tags after {@code STATEMENT:}. */
    private static String statement(String user) {
        int at = user.lastIndexOf("STATEMENT:");
        if (at < 0) {
            return null;
        }
        String rest = user.substring(at);
        int open = rest.indexOf(">>\n");
        int close = rest.indexOf("\n<</");
        return open < 0 || close < 0 ? null : rest.substring(open + 3, close);
    }
}
