package dev.llmassert.junit;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.langchain4j.model.chat.ChatModel;
import dev.llmassert.core.conversation.Conversation;
import dev.llmassert.core.conversation.Ending;
import dev.llmassert.core.conversation.Turn;
import dev.llmassert.core.conversation.UserSimulator;
import dev.llmassert.core.groundedness.GroundednessJudge;
import dev.llmassert.core.groundedness.Judges;
import dev.llmassert.core.model.JudgeSettings;
import dev.llmassert.core.record.RecordingMissException;
import dev.llmassert.core.record.RecordingMode;
import dev.llmassert.core.record.Recordings;
import dev.llmassert.core.testing.LoopbackChatServer;
import dev.llmassert.junit.chats.ChatScript;
import dev.llmassert.junit.chats.SupportChat;
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
import java.util.function.Function;

import static dev.llmassert.junit.LlmAssertions.assertThat;
import static dev.llmassert.junit.LlmAssertions.catchThrowable;

/**
 * A simulated customer talking to a support chat (a langchain4j AI service with a chat memory), both through
 * langchain4j's real OpenAI client against the loopback server, which plays the assistant's model and the customer's:
 * recorded, the server stopped, replayed with the same conversation and verdicts; a changed reply of the assistant
 * shows up as a miss of the simulator's next request.
 */
class ConversationRecordReplayTest {

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
    void aSimulatedConversationRecordedThroughTheRealClientReplaysWithTheServerStopped() throws IOException {
        Path file = dir.resolve("support-chat.json");
        Verdicts recorded;
        String baseUrl;
        int requests;
        try (LoopbackChatServer server = LoopbackChatServer.start().respondWith(ChatScript::reply)) {
            baseUrl = server.baseUrl();
            recorded = verdicts(Recordings.wrap(openAi(baseUrl), file, RecordingMode.RECORD), Function.identity());
            requests = server.requestCount();
        }

        Conversation conversation = recorded.conversation();
        assertThat(conversation.turnCount()).isEqualTo(4);
        assertThat(conversation.ending()).isEqualTo(Ending.GOAL_REACHED);
        assertThat(conversation.turns())
                .extracting(Turn::user)
                .containsExactly(
                        "Hi, my order number is NR-20417. The status light on my router is blinking red.",
                        "How do I restart the router?",
                        "It is still red. Is the router under warranty?",
                        "Who can help me with my order, and when?");
        assertThat(conversation.systemMessage()).isEqualTo(SupportChat.SYSTEM);
        assertThat(requests)
                .as("four replies of the assistant, five messages of the customer's model (the last ends it)")
                .isEqualTo(9);
        assertThat(recorded.outcomes())
                .containsExactly(
                        "remembers passed",
                        "grounded passed",
                        "hasAtMostTurns(4) passed",
                        "endsWithin(3) failed",
                        "neverSays passed",
                        "turn(4) passed");

        JsonNode recording = new ObjectMapper().readTree(file.toFile());
        assertThat(recording.path("entries")).hasSize(9);
        assertThat(recording.path("entries").findValuesAsText("model")).contains(ChatScript.MODEL);
        assertThat(recording.toString()).doesNotContain(baseUrl).contains(UserSimulator.ROLE);

        Verdicts replayed = verdicts(
                Recordings.wrap(openAi("http://127.0.0.1:9/v1"), file, RecordingMode.REPLAY), Function.identity());

        assertThat(replayed).isEqualTo(recorded);
    }

    @Test
    void aChangedReplyInTurnTwoFailsTheReplayWithAMissOfTheSimulatorsNextRequest() throws IOException {
        Path file = dir.resolve("support-chat.json");
        try (LoopbackChatServer server = LoopbackChatServer.start().respondWith(ChatScript::reply)) {
            verdicts(Recordings.wrap(openAi(server.baseUrl()), file, RecordingMode.RECORD), Function.identity());
        }
        String before = Files.readString(file);

        ChatModel replaying = Recordings.wrap(openAi("http://127.0.0.1:9/v1"), file, RecordingMode.REPLAY);
        // the application now says 30 seconds where it said 10 in turn 2
        Throwable miss =
                catchThrowable(() -> verdicts(replaying, reply -> reply.replace("wait 10 seconds", "wait 30 seconds")));

        assertThat(miss)
                .isInstanceOf(RecordingMissException.class)
                .as("the simulated customer's request for turn 3 misses: it holds the changed reply")
                .hasMessageContaining("system (876 chars) 'You play a user who is chatting with an assistant")
                .hasMessageContaining("the user message differs at line 20: recorded 'Unplug the power adapter, wait"
                        + " 10 seconds, and plug it back in.' vs now 'Unplug the power adapter, wait 30 seconds, and"
                        + " plug it back in.'");
        assertThat(Files.readString(file)).as("a miss in replay never writes").isEqualTo(before);
    }

    /** The simulated conversation over {@code model}, the application's reply passed through {@code change}. */
    private static Verdicts verdicts(ChatModel model, Function<String, String> change) {
        ConversationRecorder recorder = new ConversationRecorder();
        SupportChat chat = SupportChat.create(model, recorder.listeners());
        // tag::simulator[]
        UserSimulator customer = UserSimulator.builder()
                .persona("A customer whose new Nimbus R2 router shows a blinking red light")
                .goal("Get the router online again, or know whom to ask")
                .model(model)
                .maxTurns(6)
                .build();

        Conversation conversation =
                recorder.simulate(customer, message -> change.apply(chat.chat("customer-1", message)));
        // end::simulator[]

        List<String> outcomes = new ArrayList<>();
        outcome(outcomes, "remembers", () -> assertThat(conversation).remembers("NR-20417"));
        outcome(
                outcomes,
                "grounded",
                () -> assertThat(conversation)
                        .usingJudge(judge)
                        .everyAssistantTurn()
                        .isGroundedIn(ChatScript.MANUAL)
                        .withMinScore(0.7));
        outcome(outcomes, "hasAtMostTurns(4)", () -> assertThat(conversation).hasAtMostTurns(4));
        outcome(outcomes, "endsWithin(3)", () -> assertThat(conversation).endsWithin(3));
        outcome(outcomes, "neverSays", () -> assertThat(conversation).neverSays("refund", "30 seconds"));
        outcome(outcomes, "turn(4)", () -> assertThat(conversation).turn(4).contains("NR-20417"));
        return new Verdicts(conversation, outcomes);
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

    record Verdicts(Conversation conversation, List<String> outcomes) {}
}
