package dev.llmassert.junit;

import dev.langchain4j.model.chat.ChatModel;
import dev.llmassert.core.conversation.Conversation;
import dev.llmassert.core.conversation.Ending;
import dev.llmassert.core.conversation.Turn;
import dev.llmassert.core.conversation.UserSimulator;
import dev.llmassert.core.eval.Annotator;
import dev.llmassert.core.eval.EvaluationResults;
import dev.llmassert.core.eval.EvaluationRunner;
import dev.llmassert.core.eval.EvaluationSettings;
import dev.llmassert.core.eval.ItemResult;
import dev.llmassert.core.eval.MeasurementResult;
import dev.llmassert.core.eval.PromptResponseTest;
import dev.llmassert.core.eval.TestItem;
import dev.llmassert.core.eval.conversation.ConversationAnnotators;
import dev.llmassert.core.eval.conversation.ConversationSystems;
import dev.llmassert.core.groundedness.GroundednessJudge;
import dev.llmassert.core.groundedness.Judges;
import dev.llmassert.core.model.JudgeSettings;
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

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import static dev.llmassert.junit.LlmAssertions.assertThat;
import static dev.llmassert.junit.LlmAssertions.assertThatThrownBy;
import static dev.llmassert.junit.LlmAssertions.within;

/**
 * A dataset of conversations, scripted and simulated, run by {@code ConversationSystems.of} against a
 * langchain4j AI service with a chat memory through the real OpenAI client and the loopback server: measurements
 * with intervals and a gate, replayed with the server stopped; sixteen conversations at once keep their turns apart.
 */
class ConversationDatasetTest {

    static final List<String> SCRIPT = List.of(
            "Hi, my order number is %s. The status light on my router is blinking red.",
            "How do I restart the router?",
            "It is still red. Is the router under warranty?",
            "Who can help me with my order, and when?");

    static final Pattern ORDER = Pattern.compile("NR-\\d{5}");

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

    /** Scripted items (the customer's messages fixed) and simulated ones (an opening, a goal, a persona). */
    static final class SupportConversations implements PromptResponseTest {
        private final int count;

        SupportConversations(int count) {
            this.count = count;
        }

        @Override
        public List<TestItem> makeTestItems() {
            List<TestItem> items = new ArrayList<>();
            for (int i = 0; i < count; i++) {
                String order = "NR-" + (20400 + i);
                boolean simulated = i % 2 == 1;
                // every fourth conversation is short: two scripted turns, or a simulated one cut at two turns
                boolean shortOne = i % 4 >= 2;
                TestItem.Builder item = TestItem.builder("conversation-" + i)
                        .prompt(SCRIPT.get(0).formatted(order))
                        .context("sources", ChatScript.MANUAL)
                        .context("order", order)
                        .context("kind", simulated ? "simulated" : "scripted");
                if (simulated) {
                    item.context("goal", "Get the router online again, or know whom to ask")
                            .context("persona", "A customer whose order number is " + order);
                    if (shortOne) {
                        item.context("max_turns", "2");
                    }
                } else {
                    SCRIPT.subList(1, shortOne ? 2 : SCRIPT.size()).forEach(item::prompt);
                }
                items.add(item.build());
            }
            return items;
        }

        @Override
        public List<String> groupBy(List<TestItem> items) {
            return List.of("kind");
        }

        @Override
        public List<Annotator> annotators() {
            return List.of(
                    ConversationAnnotators.groundedEveryTurn("grounded", judge, "sources", 0.7),
                    ConversationAnnotators.remembers("order-kept", "order"),
                    ConversationAnnotators.goalReached("goal"),
                    ConversationAnnotators.turns("turns"));
        }
    }

    @Test
    void aDatasetOfScriptedAndSimulatedConversationsIsMeasuredWithIntervalsGatedAndReplayed() {
        Path file = dir.resolve("support-conversations.json");
        EvaluationResults recorded;
        try (LoopbackChatServer server = LoopbackChatServer.start().respondWith(ChatScript::reply)) {
            recorded = run(Recordings.wrap(openAi(server.baseUrl()), file, RecordingMode.RECORD), 8, 8);
        }

        assertThat(recorded.errors()).isEmpty();
        assertThat(recorded.items()).hasSize(8);
        assertThat(endings(recorded))
                .containsExactly(
                        Ending.SCRIPT_ENDED,
                        Ending.GOAL_REACHED,
                        Ending.SCRIPT_ENDED,
                        Ending.TURN_LIMIT,
                        Ending.SCRIPT_ENDED,
                        Ending.GOAL_REACHED,
                        Ending.SCRIPT_ENDED,
                        Ending.TURN_LIMIT);
        MeasurementResult turns = recorded.measurement("turns").orElseThrow();
        assertThat(turns.mean())
                .as("four long conversations of 4 turns, four short of 2")
                .isCloseTo(3.0, within(1e-9));
        assertThat(turns.interval().lower()).isLessThan(3.0);
        assertThat(turns.interval().upper()).isGreaterThan(3.0);
        assertThat(recorded.measurement("goal").orElseThrow().mean()).isCloseTo(0.25, within(1e-9));
        assertThat(recorded.measurement("order-kept").orElseThrow().mean())
                .as("the order comes back in turn 4 of the long conversations only")
                .isCloseTo(0.5, within(1e-9));
        assertThat(recorded).measurement("grounded").hasMeanAtLeast(0.99);
        assertThat(recorded).measurement("turns").inGroup("kind", "simulated").hasMeanAtLeast(3.0);
        assertThatThrownBy(() -> assertThat(recorded).measurement("goal").hasLowerBoundAtLeast(0.5))
                .hasMessageContaining("goal");

        EvaluationResults replayed =
                run(Recordings.wrap(openAi("http://127.0.0.1:9/v1"), file, RecordingMode.REPLAY), 8, 8);

        assertThat(replayed.errors()).isEmpty();
        assertThat(conversations(replayed)).isEqualTo(conversations(recorded));
        for (String name : List.of("grounded", "order-kept", "goal", "turns")) {
            assertThat(replayed.measurement(name).orElseThrow().mean())
                    .as(name)
                    .isEqualTo(recorded.measurement(name).orElseThrow().mean());
        }
    }

    @Test
    void sixteenConversationsAtOnceKeepTheirTurnsApart() {
        Path file = dir.resolve("sixteen.json");
        EvaluationResults results;
        try (LoopbackChatServer server = LoopbackChatServer.start().respondWith(ChatScript::reply)) {
            results = run(Recordings.wrap(openAi(server.baseUrl()), file, RecordingMode.RECORD), 16, 16);
        }

        assertThat(results.errors()).isEmpty();
        for (ItemResult item : results.items()) {
            String order = item.item().contextText("order");
            Conversation conversation = item.interactions().get(0).conversation();
            List<String> said = new ArrayList<>();
            for (Turn turn : conversation.turns()) {
                said.add(turn.user());
                said.add(turn.assistant());
            }
            assertThat(said.stream().flatMap(ConversationDatasetTest::orders))
                    .as("the order numbers in %s", item.item().id())
                    .isNotEmpty()
                    .containsOnly(order);
        }
        assertThat(results.measurement("order-kept").orElseThrow().mean()).isCloseTo(0.5, within(1e-9));
    }

    private static Stream<String> orders(String text) {
        Matcher m = ORDER.matcher(text);
        List<String> found = new ArrayList<>();
        while (m.find()) {
            found.add(m.group());
        }
        return found.stream();
    }

    private static EvaluationResults run(ChatModel model, int items, int concurrency) {
        SupportChat chat = SupportChat.create(model, List.of());
        UserSimulator customer = UserSimulator.builder()
                .persona("A customer of Nimbus")
                .goal("Replaced by each item's goal")
                .model(model)
                .maxTurns(6)
                .build();
        return EvaluationRunner.builder()
                .settings(EvaluationSettings.defaults().withConcurrency(concurrency))
                .build()
                .run(new SupportConversations(items), ConversationSystems.of("support-chat", chat::chat, customer));
    }

    private static List<Ending> endings(EvaluationResults results) {
        return conversations(results).stream().map(Conversation::ending).toList();
    }

    private static List<Conversation> conversations(EvaluationResults results) {
        return results.items().stream()
                .map(item -> item.interactions().get(0).conversation())
                .toList();
    }

    private static ChatModel openAi(String baseUrl) {
        return LoopbackOpenAi.chatModel(baseUrl);
    }
}
