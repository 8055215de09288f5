package dev.llmassert.examples;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.llmassert.core.config.ConfigKeys;
import dev.llmassert.core.eval.TestItem;
import dev.llmassert.core.testing.LoopbackChatServer;
import dev.llmassert.core.testing.LoopbackChatServer.Reply;
import dev.llmassert.core.testing.PromptData;
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

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.platform.engine.discovery.DiscoverySelectors.selectClass;

/**
 * A tool, not a test: writes the recordings of {@link SupportAssistantEvaluationTest} from the hand-written replies in
 * {@value #REPLIES} (the assistant's answer and the relevance judge's reply for every question).
 *
 * <p>It starts a loopback server that speaks OpenAI's chat-completions protocol and serves those texts under the
 * model name {@value #MODEL}, points the assistant's model ({@link NimbusAssistants#BASE_URL_PROPERTY}) and the judge
 * ({@code llmassert.judge.base-url}) at it, and runs {@link SupportAssistantEvaluationTest} in {@code record} mode
 * (with {@code llmassert.recordings.prune}), so that every request is keyed exactly as the test sends it. Surefire's
 * default includes leave this class out of {@code mvn test}; it runs only when named and asked to record, from the
 * repository root:
 *
 * <pre>
 * mvn -B -pl llm-assert-core,llm-assert-junit,llm-assert-examples test -Dskip.library.tests=true \
 *     -Dtest=RecordSupportEvaluation -Dsurefire.failIfNoSpecifiedTests=false -Dllmassert.recordings.mode=record
 * </pre>
 *
 * <p>The gates of {@link SupportAssistantEvaluationTest} run too and may fail while recording (e.g. before the
 * baseline is refreshed); this tool reports their outcome and fails only when a recording is missing.
 */
@EnabledIfSystemProperty(named = ConfigKeys.RECORDINGS_MODE, matches = "record")
class RecordSupportEvaluation {

    static final String REPLIES = "src/test/resources/eval/support-replies.hand-written.jsonl";

    static final String MODEL = "hand-written-example";

    static final Path RECORDINGS =
            Path.of("src/test/resources/llm-recordings", SupportAssistantEvaluationTest.class.getName() + ".json");

    private static final ObjectMapper JSON = new ObjectMapper();

    @Test
    void recordTheHandWrittenReplies() throws IOException {
        Map<String, JsonNode> replies = new LinkedHashMap<>();
        for (String line : Files.readAllLines(Path.of(REPLIES), StandardCharsets.UTF_8)) {
            if (!line.isBlank()) {
                JsonNode row = JSON.readTree(line);
                replies.put(row.path("id").asText(), row);
            }
        }
        Map<String, JsonNode> byQuestion = new LinkedHashMap<>();
        for (TestItem item : SupportAssistantEvaluationTest.questions().load()) {
            JsonNode reply = replies.get(item.id());
            assertThat(reply).as("the hand-written reply to %s", item.id()).isNotNull();
            byQuestion.put(item.prompts().get(0).text(), reply);
        }

        EngineExecutionResults results;
        try (LoopbackChatServer server = LoopbackChatServer.start()) {
            server.respondWith(request -> reply(request, byQuestion));
            System.setProperty(NimbusAssistants.BASE_URL_PROPERTY, server.baseUrl());
            try {
                results = EngineTestKit.engine("junit-jupiter")
                        .selectors(selectClass(SupportAssistantEvaluationTest.class))
                        .configurationParameter(ConfigKeys.RECORDINGS_MODE, "record")
                        .configurationParameter(ConfigKeys.RECORDINGS_PRUNE, "true")
                        .configurationParameter(ConfigKeys.JUDGE_BASE_URL, server.baseUrl())
                        .execute();
            } finally {
                System.clearProperty(NimbusAssistants.BASE_URL_PROPERTY);
            }
        }
        results.testEvents().failed().stream()
                .forEach(event -> System.out.println(
                        "failed while recording: " + event.getTestDescriptor().getDisplayName() + ": "
                                + event.getPayload().orElse("")));

        JsonNode recorded = JSON.readTree(RECORDINGS.toFile());
        List<String> models = new ArrayList<>();
        recorded.path("entries").forEach(entry -> models.add(entry.path("model").asText()));
        // per question: the assistant's answer and one relevance judgement
        assertThat(models).hasSize(2 * byQuestion.size()).containsOnly(MODEL);
    }

    /** The hand-written reply to a request of the assistant or of the relevance judge; a 500 for anything else. */
    private static Reply reply(LoopbackChatServer.ReceivedRequest request, Map<String, JsonNode> byQuestion) {
        String user = request.lastUserMessage();
        String question = between(user, "\n\nQuestion: ", null);
        if (user.startsWith("Manual sections:") && byQuestion.containsKey(question)) {
            return completion(byQuestion.get(question).path("answer").asText());
        }
        String response = user.contains("## The response to evaluate\n\n")
                ? PromptData.after(user, "## The response to evaluate\n\n")
                : null;
        for (JsonNode row : byQuestion.values()) {
            if (row.path("answer").asText().equals(response)) {
                // in the order the judge's JSON schema asks for
                JsonNode relevance = row.path("relevance");
                ObjectNode judgement = JSON.createObjectNode();
                judgement.put("explanation", relevance.path("explanation").asText());
                judgement.put("selectedOption", relevance.path("selectedOption").asText());
                judgement.put("feedback", relevance.path("feedback").asText());
                return completion(judgement.toString());
            }
        }
        ObjectNode error = JSON.createObjectNode();
        error.putObject("error").put("message", "RecordSupportEvaluation has no hand-written reply for: " + user);
        return Reply.status(500, error.toString());
    }

    /** The text after the last {@code start}, up to {@code end} (or the end), or {@code null} without {@code start}. */
    private static String between(String text, String start, String end) {
        int from = text.lastIndexOf(start);
        if (from < 0) {
            return null;
        }
        from += start.length();
        int to = end == null ? -1 : text.indexOf(end, from);
        return text.substring(from, to < 0 ? text.length() : to);
    }

    /** An OpenAI chat completion of {@code text} by the model {@value #MODEL}. */
    static Reply completion(String text) {
        ObjectNode body = JSON.createObjectNode();
        body.put("id", "chatcmpl-hand-written");
        body.put("object", "chat.completion");
        body.put("created", 0);
        body.put("model", MODEL);
        ObjectNode choice = body.putArray("choices").addObject();
        choice.put("index", 0);
        choice.putObject("message").put("role", "assistant").put("content", text);
        choice.put("finish_reason", "stop");
        return Reply.status(200, body.toString());
    }
}
