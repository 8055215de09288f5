package dev.llmassert.core.conversation;

import dev.langchain4j.agent.tool.ToolExecutionRequest;
import dev.langchain4j.data.message.AiMessage;
import dev.langchain4j.data.message.SystemMessage;
import dev.langchain4j.data.message.ToolExecutionResultMessage;
import dev.langchain4j.data.message.UserMessage;
import dev.llmassert.core.agent.ToolCall;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class ConversationTest {

    static final Conversation SUPPORT = Conversation.builder()
            .system("You are the Nimbus support assistant.")
            .turn(Turn.of("My order NR-20417 shows a red light.", "Blinking red means there is no internet connection.")
                    .withSources(List.of("Blinking red means there is no internet connection.")))
            .turn(Turn.of("How do I restart it?", "Unplug the power adapter, wait 10 seconds, and plug it back in.")
                    .withSources(List.of(
                            "To restart the router, unplug the power adapter, wait 10 seconds, and plug it back in.",
                            "Blinking red means there is no internet connection.")))
            .turn("Thanks!", "You're welcome.")
            .build();

    @Test
    void turnsAreNumberedFromOneAndKnowWhatTheUserHadSaidAndWhichSourcesTheAssistantHad() {
        assertThat(SUPPORT.turnCount()).isEqualTo(3);
        assertThat(SUPPORT.turn(2).user()).isEqualTo("How do I restart it?");
        assertThat(SUPPORT.lastTurn().assistant()).isEqualTo("You're welcome.");
        assertThat(SUPPORT.userMessagesUpTo(2))
                .containsExactly("My order NR-20417 shows a red light.", "How do I restart it?");
        assertThat(SUPPORT.sourcesUpTo(3))
                .as("each source once, in the order first given")
                .containsExactly(
                        "Blinking red means there is no internet connection.",
                        "To restart the router, unplug the power adapter, wait 10 seconds, and plug it back in.");
        assertThat(SUPPORT.ending()).isNull();
        assertThat(SUPPORT.withEnding(Ending.GOAL_REACHED).ending()).isEqualTo(Ending.GOAL_REACHED);
    }

    @Test
    void itIsImmutableAndPrintsAsAReadableTranscript() {
        List<Turn> turns = new ArrayList<>(List.of(Turn.of("Hi", "Hello")));
        Conversation conversation = new Conversation("", turns, null);
        turns.add(Turn.of("Again", "Again"));

        assertThat(conversation.turnCount()).isEqualTo(1);
        assertThat(conversation.withTurn(Turn.of("More", "Yes")).turnCount()).isEqualTo(2);
        assertThat(conversation.turnCount()).isEqualTo(1);
        assertThat(SUPPORT.withEnding(Ending.TURN_LIMIT).toString()).isEqualTo("""
                        system: "You are the Nimbus support assistant."
                        turn 1 user: "My order NR-20417 shows a red light."
                               sources: 1
                               assistant: "Blinking red means there is no internet connection."
                        turn 2 user: "How do I restart it?"
                               sources: 2
                               assistant: "Unplug the power adapter, wait 10 seconds, and plug it back in."
                        turn 3 user: "Thanks!"
                               assistant: "You're welcome."
                        ended: turn-limit after 3 turns""");
    }

    @Test
    void aTurnThatIsNotThereSaysHowManyThereAre() {
        assertThatThrownBy(() -> SUPPORT.turn(0))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("There is no turn 0: turns are numbered from 1, and the conversation has 3 turns. Fix: ask "
                        + "for a turn from 1 to 3.");
        assertThatThrownBy(() -> SUPPORT.turn(4)).hasMessageContaining("has 3 turns");
        assertThatThrownBy(() -> Conversation.of().lastTurn())
                .isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("no turn");
        assertThatThrownBy(() -> Turn.of(" ", "reply"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("the user's message, but it is blank");
    }

    @Test
    void aChatMemorysMessagesMakeTurnsWithTheirToolCalls() {
        ToolExecutionRequest lookup = ToolExecutionRequest.builder()
                .id("call-1")
                .name("lookupOrder")
                .arguments("{\"orderId\":\"NR-20417\"}")
                .build();
        Conversation conversation = Conversation.fromMessages(List.of(
                SystemMessage.from("You are the shop's assistant."),
                UserMessage.from("Where is order NR-20417?"),
                AiMessage.from(List.of(lookup)),
                ToolExecutionResultMessage.from(lookup, "Shipped on 3 November."),
                AiMessage.from("It was shipped on 3 November."),
                UserMessage.from("Thanks."),
                AiMessage.from("You're welcome.")));

        assertThat(conversation.systemMessage()).isEqualTo("You are the shop's assistant.");
        assertThat(conversation.turns())
                .containsExactly(
                        new Turn(
                                "Where is order NR-20417?",
                                "It was shipped on 3 November.",
                                List.of(ToolCall.of(
                                        "lookupOrder", "{\"orderId\":\"NR-20417\"}", "Shipped on 3 November.")),
                                List.of()),
                        Turn.of("Thanks.", "You're welcome."));
        assertThatThrownBy(() -> Conversation.fromMessages(List.of(AiMessage.from("Hello!"))))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("An assistant message comes before the first user message");
    }

    @Test
    void endingsReadTheirIdsBack() {
        for (Ending ending : Ending.values()) {
            assertThat(Ending.fromId(ending.id())).isEqualTo(ending);
        }
        assertThat(Ending.TURN_LIMIT.endedByItself()).isFalse();
        assertThat(Ending.HANDED_OVER.endedByItself()).isTrue();
        assertThatThrownBy(() -> Ending.fromId("done"))
                .hasMessage("Unknown ending 'done'. Fix: use one of goal-reached, handed-over, script-ended, "
                        + "turn-limit.");
    }
}
