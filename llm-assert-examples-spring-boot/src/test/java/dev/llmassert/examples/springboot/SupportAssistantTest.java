package dev.llmassert.examples.springboot;

import dev.llmassert.core.conversation.Conversation;
import dev.llmassert.core.conversation.UserSimulator;
import dev.llmassert.junit.LlmJudge;
import dev.llmassert.springai.ChatClientRecorder;
import dev.llmassert.springai.SpringAiConversations;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.springframework.ai.chat.client.ChatClientResponse;
import org.springframework.ai.chat.memory.ChatMemory;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;

import java.util.List;

import static dev.llmassert.springai.SpringAiAssertions.assertThat;

/**
 * The support service's tests, as a team writes them: the application's Spring AI model is recorded and replayed
 * through this class's recordings by the Spring Boot wiring of {@code @LlmJudge} (the replies were written by hand and
 * recorded through Spring AI's real OpenAI client by {@link RecordSupportAssistant}); the judge is the default local
 * one, so the suite runs with no key and no network.
 */
@SpringBootTest
@LlmJudge
class SupportAssistantTest {

    @Autowired
    SupportAssistant assistant;

    @Autowired
    ChatClientRecorder recorder;

    @Autowired
    ChatMemory memory;

    @AfterEach
    void forgetTheConversations() {
        // the context outlives the test: a test run again (a mutation check, a repeat) starts a fresh conversation
        List.of("customer-1", "customer-2", "customer-3", "customer-4").forEach(memory::clear);
    }

    @Test
    void answersFromTheManual() {
        // tag::no-tool[]
        ChatClientResponse response = assistant.answer("customer-1", "How do I restore the factory settings?");

        assertThat(response).calledNoTool();
        assertThat(response).sources().hasSize(1).first().asString().contains("reset button");
        assertThat(response).isGroundedInItsSources().withMinScore(0.7);
        // end::no-tool[]
    }

    @Test
    void looksTheOrderUpWithItsTool() {
        // tag::tool[]
        ChatClientResponse response = assistant.answer("customer-2", "Where is my order NR-20417?");

        assertThat(response).calledTool("orderStatus").withArgument("orderNumber", "NR-20417");
        assertThat(response).isGroundedInToolResults().withMinScore(0.7);
        // end::tool[]
    }

    @Test
    void remembersTheOrderNumberLaterInTheConversation() {
        // tag::memory[]
        assistant.answer("customer-3", "Hi, my order NR-20417 has not arrived yet.");
        assistant.answer("customer-3", "How long is the warranty on the router?");
        assistant.answer("customer-3", "And when will it arrive?");

        Conversation conversation = recorder.conversation("customer-3");
        assertThat(conversation).hasAtMostTurns(3).remembers("NR-20417");
        assertThat(conversation.turn(1).toolCalls()).extracting("name").containsExactly("orderStatus");
        assertThat(conversation).turn(2).isGroundedInItsSources().withMinScore(0.7);
        assertThat(SpringAiConversations.of(memory, "customer-3").turnCount()).isEqualTo(3);
        // end::memory[]
    }

    @Test
    void aSimulatedCustomerDrivesTheChatClient() {
        // tag::simulated[]
        UserSimulator customer = UserSimulator.builder()
                .fixedMessages(List.of("How do I restore the factory settings?", "How long is the warranty?"))
                .build();

        Conversation conversation = customer.talkTo(message -> assistant.reply("customer-4", message));

        assertThat(conversation).hasAtMostTurns(2);
        assertThat(recorder.conversation("customer-4"))
                .everyAssistantTurn()
                .isGroundedInTheirSources()
                .withMinScore(0.7);
        // end::simulated[]
    }
}
