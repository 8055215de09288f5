package dev.llmassert.core.eval.conversation;

import dev.langchain4j.data.message.AiMessage;
import dev.langchain4j.data.message.ChatMessage;
import dev.langchain4j.data.message.SystemMessage;
import dev.langchain4j.data.message.UserMessage;
import dev.langchain4j.model.chat.request.ChatRequest;
import dev.llmassert.core.conversation.Conversation;
import dev.llmassert.core.conversation.Ending;
import dev.llmassert.core.conversation.Turn;
import dev.llmassert.core.conversation.UserSimulator;
import dev.llmassert.core.eval.Annotator;
import dev.llmassert.core.eval.Annotators;
import dev.llmassert.core.eval.EvaluationResults;
import dev.llmassert.core.eval.EvaluationRunner;
import dev.llmassert.core.eval.EvaluationSettings;
import dev.llmassert.core.eval.GroupResult;
import dev.llmassert.core.eval.ItemResult;
import dev.llmassert.core.eval.Prompt;
import dev.llmassert.core.eval.PromptResponseTest;
import dev.llmassert.core.eval.SystemUnderTest;
import dev.llmassert.core.eval.TestItem;
import dev.llmassert.core.groundedness.GroundednessJudge;
import dev.llmassert.core.groundedness.GroundednessVerdict;
import dev.llmassert.core.groundedness.SentenceVerdict;
import dev.llmassert.core.testing.ScriptedChatModel;
import org.assertj.core.api.InstanceOfAssertFactories;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.tuple;
import static org.assertj.core.api.Assertions.within;

/**
 * A dataset of conversations: scripted and simulated items, each a conversation of its own with fresh memory, the
 * annotators of whole conversations, and the record that keeps each transcript.
 */
class ConversationEvaluationTest {

    static final String MANUAL = "Blinking red means there is no internet connection. To restart the router, unplug"
            + " the power adapter, wait 10 seconds, and plug it back in.";

    @TempDir
    Path dir;

    /** A chat application with a memory per conversation id: it counts the messages it has heard. */
    static final class Chat {
        final Map<String, List<String>> memory = new ConcurrentHashMap<>();

        String chat(String conversationId, String message) {
            List<String> heard = memory.computeIfAbsent(conversationId, id -> new CopyOnWriteArrayList<>());
            heard.add(message);
            if (message.contains("restart")) {
                return "Unplug the power adapter, wait 10 seconds, and plug it back in.";
            }
            if (message.contains("order")) {
                return "Your order " + message.replaceAll(".*order (\\S+).*", "$1") + " is noted.";
            }
            return message.contains("red") ? "Blinking red means there is no internet connection." : "Anything else?";
        }
    }

    /** A judge that counts a reply grounded when a source holds it, and keeps the questions it was given. */
    static final class HoldsIt implements GroundednessJudge {
        final List<String> questions = new CopyOnWriteArrayList<>();

        @Override
        public GroundednessVerdict judge(String response, List<String> sources) {
            return judge(response, sources, null);
        }

        @Override
        public GroundednessVerdict judge(String response, List<String> sources, String question) {
            questions.add(question);
            double score = sources.stream()
                            .anyMatch(s -> s.toLowerCase(Locale.ROOT).contains(response.toLowerCase(Locale.ROOT)))
                    ? 1.0
                    : 0.0;
            return GroundednessVerdict.of(
                    List.of(new SentenceVerdict(0, response, score, score > 0 ? response : "NOTHING FOUND")),
                    name(),
                    null,
                    false,
                    Duration.ZERO);
        }

        @Override
        public String name() {
            return "test:holds-it";
        }
    }

    static final class Support implements PromptResponseTest {
        final GroundednessJudge judge;

        Support(GroundednessJudge judge) {
            this.judge = judge;
        }

        @Override
        public List<TestItem> makeTestItems() {
            return List.of(
                    TestItem.builder("scripted-red")
                            .prompt("My light blinks red.")
                            .prompt("How do I restart it?")
                            .context("sources", MANUAL)
                            .context("kind", "scripted")
                            .build(),
                    TestItem.builder("scripted-order")
                            .prompt("My order NR-20417 is late.")
                            .prompt("The light blinks red.")
                            .context("sources", MANUAL)
                            .context("order", "NR-20417")
                            .context("kind", "scripted")
                            .build(),
                    TestItem.builder("simulated-restart")
                            .prompt("Hi, my light blinks red.")
                            .context("goal", "Learn how to restart the router")
                            .context("sources", MANUAL)
                            .context("kind", "simulated")
                            .build());
        }

        @Override
        public List<String> groupBy(List<TestItem> items) {
            return List.of("kind");
        }

        @Override
        public List<Annotator> annotators() {
            return List.of(
                    ConversationAnnotators.groundedEveryTurn("grounded", judge, "sources", 0.7),
                    ConversationAnnotators.goalReached("goal"),
                    ConversationAnnotators.turns("turns"));
        }
    }

    /** The simulated user: asks how to restart, then says the goal is reached once a reply says how. */
    static ScriptedChatModel simulatorModel() {
        return ScriptedChatModel.answering(
                request -> ScriptedChatModel.lastUserText(request).contains("Unplug")
                        ? UserSimulator.GOAL_REACHED
                        : "How do I restart it?");
    }

    @Test
    void eachItemIsAConversationOfItsOwnAndTheRecordKeepsItsTranscript() {
        Chat chat = new Chat();
        HoldsIt judge = new HoldsIt();
        UserSimulator customer = UserSimulator.builder()
                .persona("A customer")
                .goal("Replaced by each item's goal")
                .model(simulatorModel())
                .build();
        Path record = dir.resolve("conversations.json");

        EvaluationResults results = EvaluationRunner.builder()
                .settings(EvaluationSettings.defaults().withRepeats(2))
                .recordTo(record)
                .build()
                .run(new Support(judge), ConversationSystems.of("chat", chat::chat, customer));

        assertThat(results.errors()).isEmpty();
        assertThat(chat.memory)
                .as("a new conversation, with fresh memory, per item and repeat")
                .hasSize(6);
        assertThat(chat.memory.values()).allSatisfy(heard -> assertThat(heard).hasSize(2));
        ItemResult simulated = results.items().get(2);
        Conversation conversation = simulated.interactions().get(0).conversation();
        assertThat(conversation.turns())
                .extracting(Turn::user)
                .containsExactly("Hi, my light blinks red.", "How do I restart it?");
        assertThat(conversation.ending()).isEqualTo(Ending.GOAL_REACHED);
        assertThat(simulated.interactions().get(0).response())
                .isEqualTo("Unplug the power adapter, wait 10 seconds, and plug it back in.");
        assertThat(results.items().get(1).interactions().get(0).conversation().ending())
                .isEqualTo(Ending.SCRIPT_ENDED);
        assertThat(judge.questions)
                .as("each reply is judged with what the user had said by its turn")
                .contains("My order NR-20417 is late.\nThe light blinks red.");

        assertThat(results.measurement("goal").orElseThrow().mean()).isCloseTo(1.0 / 3, within(1e-9));
        assertThat(results.measurement("turns").orElseThrow().mean()).isEqualTo(2.0);
        // every reply grounded but the order's "is noted": one of two in that item
        assertThat(results.measurement("grounded").orElseThrow().mean()).isCloseTo((1 + 0.5 + 1) / 3, within(1e-9));
        assertThat(results.results().groups())
                .extracting(GroupResult::key, GroupResult::value)
                .containsExactly(tuple("kind", "scripted"), tuple("kind", "simulated"));
        assertThat(results.items()
                        .get(1)
                        .annotations()
                        .get("grounded")
                        .get(0)
                        .details()
                        .get("turns"))
                .asInstanceOf(InstanceOfAssertFactories.LIST)
                .hasSize(2);

        EvaluationResults read = EvaluationResults.read(record);
        assertThat(read.items().get(2).interactions().get(0).conversation()).isEqualTo(conversation);
        assertThat(read.items().get(2).interactions()).hasSize(2);
    }

    @Test
    void aSimulatedItemWithoutASimulatedUserFailsAsTheItemsErrorSayingWhatToPass() {
        EvaluationResults results = EvaluationRunner.builder()
                .build()
                .run(new Support(new HoldsIt()), ConversationSystems.of("chat", new Chat()::chat));

        assertThat(results.errors())
                .singleElement()
                .satisfies(error -> assertThat(error.error().message())
                        .contains("The item 'simulated-restart' has a goal", "ConversationSystems.of(\"chat\""));
    }

    @Test
    void anAnnotatorOfConversationsOnAnotherSystemSaysSo() {
        EvaluationResults results = EvaluationRunner.builder()
                .build()
                .run(
                        new PromptResponseTest() {
                            @Override
                            public List<TestItem> makeTestItems() {
                                return List.of(TestItem.of("one", "Hi"));
                            }

                            @Override
                            public List<Annotator> annotators() {
                                return List.of(ConversationAnnotators.turns("turns"));
                            }
                        },
                        SystemUnderTest.of("echo", text -> text));

        assertThat(results.errors().get(0).error().message()).contains("needs the whole conversation");
        assertThatThrownBy(() -> ConversationSystems.of("chat", null)).hasMessageContaining("has no reply function");
    }

    @Test
    void aPromptWithHistoryIsSentToAChatModelAsTheWholeChat() {
        ScriptedChatModel model = ScriptedChatModel.replying("Give them NR-20417.");
        Conversation soFar = Conversation.builder()
                .system("You are the Nimbus support assistant.")
                .turn("My order is NR-20417.", "Thanks, noted.")
                .build();
        EvaluationResults results = EvaluationRunner.builder()
                .recordTo(dir.resolve("history.json"))
                .build()
                .run(
                        new PromptResponseTest() {
                            @Override
                            public List<TestItem> makeTestItems() {
                                return List.of(TestItem.builder("so-far")
                                        .prompt(Prompt.inConversation(soFar, "Who do I contact?"))
                                        .build());
                            }

                            @Override
                            public List<Annotator> annotators() {
                                return List.of(Annotators.contains("order", "NR-20417"));
                            }
                        },
                        SystemUnderTest.of(model));

        ChatRequest sent = model.requests().get(0);
        List<ChatMessage> expected = new ArrayList<>(List.of(
                SystemMessage.from("You are the Nimbus support assistant."),
                UserMessage.from("My order is NR-20417."),
                AiMessage.from("Thanks, noted."),
                UserMessage.from("Who do I contact?")));
        assertThat(sent.messages()).isEqualTo(expected);
        assertThat(results.measurement("order").orElseThrow().mean()).isEqualTo(1.0);
        Prompt read = EvaluationResults.read(dir.resolve("history.json"))
                .items()
                .get(0)
                .item()
                .prompts()
                .get(0);
        assertThat(read.history()).isEqualTo(soFar);
    }
}
