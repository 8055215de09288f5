package dev.llmassert.springai;

import dev.llmassert.core.conversation.Conversation;
import dev.llmassert.core.conversation.Ending;
import dev.llmassert.core.conversation.UserSimulator;
import dev.llmassert.core.testing.LoopbackChatServer;
import dev.llmassert.core.testing.LoopbackChatServer.Reply;
import dev.llmassert.springai.testing.SpringAiLoopback;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.springframework.ai.chat.client.ChatClient;
import org.springframework.ai.chat.client.ChatClientResponse;
import org.springframework.ai.chat.client.advisor.MessageChatMemoryAdvisor;
import org.springframework.ai.chat.memory.ChatMemory;
import org.springframework.ai.chat.memory.MessageWindowChatMemory;

import static dev.llmassert.springai.SpringAiAssertions.assertThat;
import static dev.llmassert.springai.SpringAiAssertions.assertThatThrownBy;

/**
 * A {@code ChatClient} built by hand (no Spring Boot) with the recorder's advisors, on Spring AI's real OpenAI client
 * against the loopback server: a simulated customer, whose model is a Spring AI model too, drives it; the recorder
 * gives the conversation; a client without the advisors says why its tools are not known.
 */
class ChatClientRecorderTest {

    static final String ANSWER = "A blinking red status light means there is no internet connection.";

    private final LoopbackChatServer server = LoopbackChatServer.start().respondWith(request -> {
        String system = request.json().path("messages").get(0).path("content").asText();
        if (system.startsWith(UserSimulator.ROLE)) {
            return request.lastUserMessage().contains(ANSWER)
                    ? Reply.content(UserSimulator.GOAL_REACHED)
                    : Reply.content("My router's light blinks red. What does it mean?");
        }
        return Reply.content(ANSWER);
    });

    @AfterEach
    void stop() {
        server.close();
    }

    @Test
    void aSimulatedUserOnASpringAiModelDrivesAChatClientWhoseRecorderKeepsTheConversation() {
        ChatClientRecorder recorder = new ChatClientRecorder();
        ChatMemory memory = MessageWindowChatMemory.builder().build();
        ChatClient chat = ChatClient.builder(SpringAiLoopback.chatModel(server.baseUrl()))
                .defaultSystem("You are the Nimbus support assistant.")
                .defaultAdvisors(MessageChatMemoryAdvisor.builder(memory).build())
                .defaultAdvisors(recorder.advisors())
                .build();
        UserSimulator customer = UserSimulator.builder()
                .persona("A customer whose new Nimbus R2 router shows a blinking red light")
                .goal("Learn what the blinking red light means")
                .model(SpringAiChatModels.asLangchain4j(SpringAiLoopback.chatModel(server.baseUrl())))
                .maxTurns(3)
                .build();

        Conversation simulated = customer.talkTo(message -> chat.prompt()
                .user(message)
                .advisors(a -> a.param(ChatMemory.CONVERSATION_ID, "customer-1"))
                .call()
                .content());

        assertThat(simulated.ending()).isEqualTo(Ending.GOAL_REACHED);
        Conversation recorded = recorder.conversation("customer-1");
        assertThat(recorded.systemMessage()).isEqualTo("You are the Nimbus support assistant.");
        assertThat(recorded.turns()).hasSize(1);
        assertThat(recorded).turn(1).isEqualTo(ANSWER);
        assertThat(SpringAiConversations.of(memory, "customer-1").replies()).containsExactly(ANSWER);
        assertThatThrownBy(() -> recorder.conversation("customer-2"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("no call in the conversation 'customer-2'")
                .hasMessageContaining("the conversations customer-1");
    }

    @Test
    void aChatClientWithoutTheRecordersAdvisorsSaysWhyItsToolsAreNotKnown() {
        ChatClientResponse response = ChatClient.builder(SpringAiLoopback.chatModel(server.baseUrl()))
                .build()
                .prompt()
                .user("What does the red light mean?")
                .call()
                .chatClientResponse();

        assertThat(response).isEqualTo(ANSWER);
        assertThatThrownBy(() -> assertThat(response).calledNoTool())
                .hasMessageContaining("did not record them")
                .hasMessageContaining("recorder.advisors()");
        assertThatThrownBy(() -> assertThat(response).isGroundedInItsSources())
                .hasMessageContaining("the call retrieved no document")
                .hasMessageContaining("RetrievalAugmentationAdvisor");
    }
}
