package dev.llmassert.examples;

import dev.langchain4j.model.chat.ChatModel;
import dev.llmassert.core.conversation.Conversation;
import dev.llmassert.junit.ConversationRecorder;
import dev.llmassert.junit.Evaluator;
import dev.llmassert.junit.LlmJudge;
import org.junit.jupiter.api.Test;

import java.util.List;

import static dev.llmassert.examples.SupportChatScript.CUSTOMER;
import static dev.llmassert.examples.SupportChatScript.WHICH_ORDER;
import static dev.llmassert.junit.LlmAssertions.assertThat;
import static dev.llmassert.junit.LlmAssertions.assertThatThrownBy;

/**
 * The Nimbus support chat ({@link SupportChat}, an AI service with a chat memory over the product manual) in a
 * conversation of four turns, heard by a {@link ConversationRecorder}: the order number of turn 1 is used in turn 4,
 * every reply is grounded in the manual, and a reply that gives another order number fails with the transcript.
 *
 * <p>The chat's model replies replay from this class's recordings
 * ({@code src/test/resources/llm-recordings/dev.llmassert.examples.SupportChatTest.json}). They were written by hand
 * ({@link SupportChatScript}; each entry says {@code "model": "hand-written-example"}) and recorded with
 * {@link RecordSupportChat}.
 */
@LlmJudge
class SupportChatTest {

    /** The failure of {@link #aReplyThatContradictsTurnOneFails}, quoted in the README (with %n for a line end). */
    static final String CONTRADICTS_TURN_1 = "%n"
            + "Expecting the conversation (4 turns)%n"
            + "to remember \"NR-20417\", which the user gave in turn 1,%n"
            + "but turn 4 gives another value (marked ✗).%n"
            + "Judge: local (no model): a later reply must repeat the fact, and none may give another"
            + " value of its shape.%n"
            + "    system: \"You are the support assistant for the Nimbus R2 home router. Answer from"
            + " the manual sections provided and from what the customer told you earlier in the"
            + " conversation, in at most two sentences.\"%n"
            + "    turn 1  user: \"Hi, my order number is NR-20417. The status light on my router is"
            + " blinking red.\"%n"
            + "            assistant: \"Blinking red means there is no internet connection. Check the"
            + " cable to your modem, then restart the modem and the router.\"%n"
            + "    turn 2  user: \"How do I restart the router?\"%n"
            + "            assistant: \"Unplug the power adapter, wait 10 seconds, and plug it back"
            + " in.\"%n"
            + "            verdict: does not mention it%n"
            + "    turn 3  user: \"It is still blinking red. Does the warranty cover my Nimbus R2?\"%n"
            + "            assistant: \"The Nimbus R2 has a two-year limited warranty from the date of"
            + " purchase. The warranty does not cover damage from water or power surges.\"%n"
            + "            verdict: does not mention it%n"
            + "  ✗ turn 4  user: \"Which order number do I give support?\"%n"
            + "            assistant: \"Give support your order number NR-20147 by chat in the Nimbus"
            + " app.\"%n"
            + "            verdict: gives another value (0.00): gives 'NR-20147' where the user gave"
            + " 'NR-20417' in turn 1";

    static final ProductManual MANUAL = ProductManual.nimbusR2();

    @Test
    void usesTheOrderNumberOfTurnOneInTurnFour(Evaluator evaluator, ConversationRecorder recorder) {
        // tag::conversation[]
        SupportChat chat = SupportChat.create(model(evaluator), MANUAL, recorder.listeners());

        CUSTOMER.forEach(message -> chat.chat("customer-1", message));

        Conversation conversation = recorder.conversation("customer-1");
        assertThat(conversation).hasAtMostTurns(5).remembers("NR-20417");
        assertThat(conversation).turn(4).contains("NR-20417");
        // end::conversation[]
        assertThat(conversation).turn(1).contains("no internet connection");
    }

    @Test
    void everyReplyIsGroundedInTheManual(Evaluator evaluator, ConversationRecorder recorder) {
        SupportChat chat = SupportChat.create(model(evaluator), MANUAL, recorder.listeners());

        CUSTOMER.forEach(message -> chat.chat("customer-1", message));

        Conversation conversation = recorder.conversation();
        assertThat(conversation.turn(2).sources())
                .as("the retriever's sections are the turn's sources")
                .containsExactly(
                        MANUAL.section("Resetting the router").text(),
                        MANUAL.section("Status light").text());
        assertThat(conversation).everyAssistantTurn().isGroundedInTheirSources().withMinScore(0.7);
        assertThat(conversation).neverSays("refund");
    }

    @Test
    void aReplyThatContradictsTurnOneFails(Evaluator evaluator, ConversationRecorder recorder) {
        SupportChat chat = SupportChat.create(model(evaluator), MANUAL, recorder.listeners());
        List<String> messages = List.of(CUSTOMER.get(0), CUSTOMER.get(1), CUSTOMER.get(2), WHICH_ORDER);

        messages.forEach(message -> chat.chat("customer-2", message));

        assertThatThrownBy(() -> assertThat(recorder.conversation()).remembers("NR-20417"))
                .hasMessage(String.format(CONTRADICTS_TURN_1));
    }

    private static ChatModel model(Evaluator evaluator) {
        return evaluator.recorded(NimbusAssistants.applicationModel());
    }
}
