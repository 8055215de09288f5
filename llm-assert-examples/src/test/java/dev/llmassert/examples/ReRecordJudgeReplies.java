package dev.llmassert.examples;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.llmassert.core.config.ConfigKeys;
import dev.llmassert.core.groundedness.internal.GroundednessPrompt;
import dev.llmassert.core.model.internal.DataTags;
import dev.llmassert.core.record.RecordingKeys;
import dev.llmassert.core.testing.LoopbackChatServer;
import dev.llmassert.core.testing.LoopbackChatServer.ReceivedRequest;
import dev.llmassert.core.testing.LoopbackChatServer.Reply;
import org.junit.jupiter.api.condition.EnabledIfSystemProperty;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.junit.platform.testkit.engine.EngineExecutionResults;
import org.junit.platform.testkit.engine.EngineTestKit;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.regex.Pattern;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.platform.engine.discovery.DiscoverySelectors.selectClass;

/**
 * A tool, not a test: after a change of the judge prompts, rewrites the requests of the hand-written judge recordings
 * of an example test class, keeping every reply as it was written (text, token usage, finish reason, date, and
 * {@code "model": "hand-written-example"}).
 *
 * <p>For each class it starts a loopback server that speaks OpenAI's chat-completions protocol, runs the class in
 * {@code record} mode into a temporary folder with the judge pointed at the server, and answers every request with
 * the replies of the committed entry that the same request had in the previous prompt format ({@link #previousForm});
 * identical requests (self-consistency samples) get that entry's replies in order. The requests as the judges now send
 * them then replace the old ones in the committed file, whose keys {@link RecordingKeys#rewriteKeys} recomputes. It
 * fails, leaving the file unchanged, when a request matches no entry or an entry is not asked for any more. Tests
 * that fail while recording are listed, not fatal (one checks that its verdict was replayed): running the examples
 * in replay afterwards is what proves the rewritten file.
 *
 * <p>{@link #previousForm} knows one migration: the groundedness prompts before the user's question was shown (no
 * {@code QUESTION} block in the user message, no rule about it in the system message) to the prompts with it. The
 * question is one of the texts the data tags are derived from, so their nonce changes with it; both forms are
 * compared with the nonce blanked out. A later change of the prompts replaces it with the mapping from the format of
 * that time. From the repository root:
 *
 * <pre>
 * mvn -B -pl llm-assert-core,llm-assert-junit,llm-assert-examples test -Dskip.library.tests=true \
 *     -Dtest=ReRecordJudgeReplies -Dsurefire.failIfNoSpecifiedTests=false -Dexamples.rerecord=true
 * </pre>
 *
 * <p>{@link SupportAssistantEvaluationTest} records its assistant's answers in its class's file too; they are
 * served and kept the same way. (After an edit of the evaluation's hand-written replies rather than of the prompts,
 * {@link RecordSupportEvaluation} writes its file afresh from them.)
 */
@EnabledIfSystemProperty(named = "examples.rerecord", matches = "true")
class ReRecordJudgeReplies {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final Path RECORDINGS = Path.of("src/test/resources/llm-recordings");
    private static final String MODEL = RecordSupportEvaluation.MODEL;

    @TempDir
    Path scratch;

    @ParameterizedTest(name = "{0}")
    @ValueSource(
            classes = {
                SupportAssistantCriteriaTest.class,
                SupportAssistantJudgedByLlmTest.class,
                SupportAssistantSelfConsistencyTest.class,
                SupportAssistantEvaluationTest.class
            })
    void rewriteTheRequestsKeepingTheReplies(Class<?> testClass) throws IOException {
        Path committed = RECORDINGS.resolve(testClass.getName() + ".json");
        ObjectNode file = (ObjectNode) JSON.readTree(committed.toFile());
        ArrayNode entries = (ArrayNode) file.path("entries");
        Map<String, Integer> byPreviousRequest = new HashMap<>();
        for (int i = 0; i < entries.size(); i++) {
            Integer clash = byPreviousRequest.put(matchKey(entries.get(i).path("request")), i);
            assertThat(clash)
                    .as("two entries of %s with the same request", committed)
                    .isNull();
        }

        Map<Integer, AtomicInteger> served = new ConcurrentHashMap<>();
        List<String> unmatched = new CopyOnWriteArrayList<>();
        EngineExecutionResults results;
        try (LoopbackChatServer server = LoopbackChatServer.start()) {
            server.respondWith(request -> {
                Integer index = byPreviousRequest.get(matchKey(request));
                if (index == null) {
                    unmatched.add(request.lastUserMessage());
                    return Reply.status(500, "{\"error\": {\"message\": \"no hand-written reply\"}}");
                }
                JsonNode responses = entries.get(index).path("responses");
                int next =
                        served.computeIfAbsent(index, i -> new AtomicInteger()).getAndIncrement();
                return RecordSupportEvaluation.completion(
                        responses.get(next % responses.size()).path("text").asText());
            });
            // The evaluation records its assistant's calls in the class's file too: they are served the same way.
            System.setProperty(NimbusAssistants.BASE_URL_PROPERTY, server.baseUrl());
            try {
                results = EngineTestKit.engine("junit-jupiter")
                        .selectors(selectClass(testClass))
                        .configurationParameter(ConfigKeys.RECORDINGS_MODE, "record")
                        .configurationParameter(ConfigKeys.RECORDINGS_DIR, scratch.toString())
                        .configurationParameter(ConfigKeys.JUDGE_BASE_URL, server.baseUrl())
                        .execute();
            } finally {
                System.clearProperty(NimbusAssistants.BASE_URL_PROPERTY);
            }
        }
        assertThat(unmatched)
                .as("requests with no entry in the previous format")
                .isEmpty();
        // A test may fail while recording for a reason of its own (one checks that its verdict says "replayed");
        // the replay of the rewritten file is the check: run the examples afterwards.
        results.testEvents().failed().stream()
                .forEach(event -> System.out.println(
                        "failed while recording: " + event.getTestDescriptor().getDisplayName() + ": "
                                + event.getPayload().orElse("")));

        JsonNode recorded =
                JSON.readTree(scratch.resolve(testClass.getName() + ".json").toFile());
        boolean[] asked = new boolean[entries.size()];
        int changed = 0;
        for (JsonNode entry : recorded.path("entries")) {
            Integer index = byPreviousRequest.get(matchKey(entry.path("request")));
            assertThat(index)
                    .as("the recorded request has an entry: %s", entry.path("request"))
                    .isNotNull();
            ObjectNode target = (ObjectNode) entries.get(index);
            if (!target.path("request").equals(entry.path("request"))) {
                target.set("request", entry.path("request"));
                target.remove("key");
                changed++;
            }
            asked[index] = true;
        }
        for (int i = 0; i < asked.length; i++) {
            assertThat(asked[i])
                    .as("entry %d of %s is still asked for", i, committed)
                    .isTrue();
        }
        Files.writeString(committed, JSON.writerWithDefaultPrettyPrinter().writeValueAsString(file));
        int keys = RecordingKeys.rewriteKeys(committed);
        System.out.println(committed + ": " + count(entries.size(), "entry", "entries") + ", "
                + count(changed, "request", "requests") + " rewritten, " + count(keys, "key", "keys")
                + " recomputed, every reply kept");
    }

    private static String count(int n, String one, String many) {
        return n + " " + (n == 1 ? one : many);
    }

    /**
     * A request as the previous prompt format showed it: the question's rule removed from the system message, the
     * question's block from the user message, and the nonce of the data tags blanked out (it derives from every
     * delimited text, the question included).
     */
    static String previousForm(String text) {
        String withoutQuestion = text.replace(GroundednessPrompt.QUESTION_RULE + "\n\n", "")
                .replaceAll(
                        "\n" + Pattern.quote(GroundednessPrompt.QUESTION_HEADING)
                                + "\n(<<data-[0-9a-f]{12}>>)\n(?s:.*?)\n" + "(<</data-[0-9a-f]{12}>>)\n",
                        "");
        return DataTags.CLOSE_TAG
                .matcher(DataTags.OPEN_TAG.matcher(withoutQuestion).replaceAll("<<data-nonce>>"))
                .replaceAll("<</data-nonce>>");
    }

    /** What identifies a judge request across formats: its messages in the previous form, and its temperature. */
    private static String matchKey(ReceivedRequest request) {
        StringBuilder key = new StringBuilder();
        for (JsonNode message : request.json().path("messages")) {
            key.append(message.path("role").asText())
                    .append(": ")
                    .append(previousForm(message.path("content").asText()))
                    .append('\u0000');
        }
        return key.append(request.json().path("temperature").asDouble()).toString();
    }

    /** {@link #matchKey(ReceivedRequest)} of a request as a recordings file shows it. */
    private static String matchKey(JsonNode recordedRequest) {
        StringBuilder key = new StringBuilder();
        for (JsonNode message : recordedRequest.path("messages")) {
            JsonNode text = message.path("text");
            String joined;
            if (text.isArray()) {
                List<String> lines = new ArrayList<>();
                text.forEach(line -> lines.add(line.asText()));
                joined = String.join("\n", lines);
            } else {
                joined = text.asText();
            }
            key.append(message.path("role").asText())
                    .append(": ")
                    .append(previousForm(joined))
                    .append('\u0000');
        }
        return key.append(recordedRequest.path("parameters").path("temperature").asDouble())
                .toString();
    }
}
