package dev.llmassert.junit;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.langchain4j.model.chat.ChatModel;
import dev.langchain4j.service.Result;
import dev.llmassert.core.agent.Trajectory;
import dev.llmassert.core.groundedness.GroundednessJudge;
import dev.llmassert.core.groundedness.Judges;
import dev.llmassert.core.model.JudgeSettings;
import dev.llmassert.core.record.RecordingMissException;
import dev.llmassert.core.record.RecordingMode;
import dev.llmassert.core.record.Recordings;
import dev.llmassert.core.testing.LoopbackChatServer;
import dev.llmassert.core.testing.LoopbackChatServer.ReceivedRequest;
import dev.llmassert.junit.agents.ShopAgent;
import dev.llmassert.junit.agents.ShopScript;
import dev.llmassert.junit.agents.ShopTools;
import dev.llmassert.junit.testing.LoopbackOpenAi;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import static dev.llmassert.junit.LlmAssertions.assertThat;
import static dev.llmassert.junit.LlmAssertions.catchThrowable;

/**
 * An agent (a langchain4j AI service with three tools) through langchain4j's real OpenAI client against the loopback
 * server speaking tool calling: the tools in the request, {@code tool_calls} in the reply, the tools' results in the
 * next request, then the final answer. Recorded, the server stopped, replayed: the same trajectory and verdicts.
 */
class AgentRecordReplayTest {

    static final String REQUEST = "Please refund order A-1042, it arrived broken.";
    static final Map<String, Integer> ORDERS = Map.of("A-1042", 198);

    private static GroundednessJudge judge;

    @TempDir
    Path dir;

    @BeforeAll
    static void localJudge() {
        judge = Judges.groundedness(JudgeSettings.defaults());
    }

    @AfterAll
    static void closeJudge() throws Exception {
        judge.close();
    }

    @Test
    void recordedThroughTheRealOpenAiClientThenReplayedWithTheServerStopped() throws IOException {
        Path file = dir.resolve("shop-agent.json");
        Verdicts recorded;
        String baseUrl;
        List<ReceivedRequest> wire;
        try (LoopbackChatServer server = LoopbackChatServer.start().respondWith(ShopScript::reply)) {
            baseUrl = server.baseUrl();
            recorded = verdicts(Recordings.wrap(openAi(baseUrl), file, RecordingMode.RECORD), new ShopTools(ORDERS));
            wire = server.requests();
        }

        assertThat(wire).as("the model asked for a tool twice, then answered").hasSize(3);
        JsonNode first = wire.get(0).json();
        assertThat(first.path("tools").findValuesAsText("name"))
                .containsExactlyInAnyOrder("lookupOrder", "refundPayment", "deleteAccount");
        JsonNode second = wire.get(1).json().path("messages");
        assertThat(second.get(2)
                        .path("tool_calls")
                        .get(0)
                        .path("function")
                        .path("name")
                        .asText())
                .isEqualTo("lookupOrder");
        assertThat(second.get(3).path("role").asText()).isEqualTo("tool");
        assertThat(second.get(3).path("content").asText())
                .isEqualTo("Order A-1042 was paid 198 dollars and delivered on 3 November.");

        assertThat(recorded.trajectory().toolNames()).containsExactly("lookupOrder", "refundPayment");
        assertThat(recorded.trajectory()
                        .toolCalls()
                        .get(1)
                        .arguments()
                        .path("amount")
                        .asInt())
                .isEqualTo(198);
        assertThat(recorded.outcomes())
                .containsExactly(
                        "calledInOrder passed",
                        "refundArguments passed",
                        "neverDelete passed",
                        "exactly lookupOrder failed",
                        "grounded passed");

        JsonNode recording = new ObjectMapper().readTree(file.toFile());
        assertThat(recording.path("entries")).hasSize(3);
        assertThat(recording.toString())
                .contains("\"toolCalls\"")
                .contains("\"role\":\"tool\"")
                .contains("\"tools\"")
                .doesNotContain(baseUrl);

        Verdicts replayed =
                verdicts(Recordings.wrap(openAi(baseUrl), file, RecordingMode.REPLAY), new ShopTools(ORDERS));

        assertThat(replayed).isEqualTo(recorded);
    }

    @Test
    void aToolWhoseResultChangedChangesTheNextRequestAndReplayShowsTheDifference() throws IOException {
        Path file = dir.resolve("shop-agent.json");
        try (LoopbackChatServer server = LoopbackChatServer.start().respondWith(ShopScript::reply)) {
            verdicts(Recordings.wrap(openAi(server.baseUrl()), file, RecordingMode.RECORD), new ShopTools(ORDERS));
        }
        String before = Files.readString(file);

        ShopTools changed = new ShopTools(Map.of("A-1042", 199));
        ChatModel replaying = Recordings.wrap(openAi("http://127.0.0.1:9/v1"), file, RecordingMode.REPLAY);
        Throwable miss = catchThrowable(
                () -> ShopAgent.create(replaying, changed, List.of()).chat(REQUEST));

        assertThat(miss)
                .isInstanceOf(RecordingMissException.class)
                .hasMessageContaining("assistant (0 chars) '', calls lookupOrder {\"orderId\":\"A-1042\"}")
                .hasMessageContaining("the tool message differs: recorded 'Order A-1042 was paid 198 dollars and "
                        + "delivered on 3 November.' vs now 'Order A-1042 was paid 199 dollars and delivered on 3 "
                        + "November.'");
        assertThat(changed.refunds())
                .as("the tools ran for real until the miss")
                .isEmpty();
        assertThat(Files.readString(file)).as("a miss in replay never writes").isEqualTo(before);
    }

    /** The same agent run, with a recorder and the Result; the outcome of each check. */
    private static Verdicts verdicts(ChatModel model, ShopTools tools) {
        TrajectoryRecorder recorder = new TrajectoryRecorder();
        Result<String> result =
                ShopAgent.create(model, tools, recorder.listeners()).chat(REQUEST);
        Trajectory fromResult = Trajectories.of(result, REQUEST);
        assertThat(recorder.lastTrajectory())
                .as("the listeners see what the Result holds")
                .isEqualTo(fromResult);

        List<String> outcomes = new ArrayList<>();
        outcome(outcomes, "calledInOrder", () -> assertThat(result).calledToolsInOrder("lookupOrder", "refundPayment"));
        outcome(
                outcomes,
                "refundArguments",
                () -> assertThat(result)
                        .calledTool("refundPayment")
                        .withArgument("orderId", "A-1042")
                        .withArgument("amount", 198)
                        .times(1));
        outcome(outcomes, "neverDelete", () -> assertThat(result).neverCalled("deleteAccount"));
        outcome(outcomes, "exactly lookupOrder", () -> assertThat(result).calledToolsExactly("lookupOrder"));
        double[] score = new double[1];
        outcome(
                outcomes,
                "grounded",
                () -> score[0] = assertThat(result)
                        .finalAnswer()
                        .usingJudge(judge)
                        .isGroundedInToolResults()
                        .withMinScore(0.7)
                        .verdict()
                        .score());
        return new Verdicts(fromResult, outcomes, score[0]);
    }

    private static void outcome(List<String> outcomes, String name, Runnable check) {
        try {
            check.run();
            outcomes.add(name + " passed");
        } catch (AssertionError e) {
            outcomes.add(name + " failed");
        }
    }

    static ChatModel openAi(String baseUrl) {
        return LoopbackOpenAi.chatModel(baseUrl);
    }

    record Verdicts(Trajectory trajectory, List<String> outcomes, double groundedScore) {}
}
