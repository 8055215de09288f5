package dev.llmassert.examples.springboot;

import dev.llmassert.junit.LlmJudge;
import org.springframework.ai.chat.client.ChatClientResponse;
import org.springframework.ai.chat.memory.ChatMemory;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;

import java.util.UUID;

import static dev.llmassert.springai.SpringAiAssertions.assertThat;

/**
 * One question asked three times through the Spring Boot service: is the answer grounded often enough? The three
 * answers are replayed in order from this class's recordings (hand-written); the third invents a phone line, so two
 * runs of three pass, over the pass rate of 0.6.
 */
@SpringBootTest
@LlmJudge
class SupportAssistantRepeatedTest {

    @Autowired
    SupportAssistant assistant;

    @Autowired
    ChatMemory memory;

    @LlmJudge.Repeat(times = 3, minPassRate = 0.6)
    void theRedLightAnswerIsGroundedOftenEnough() {
        // a conversation of its own for each run: the request is the same, and the runs replay its answers in order
        String customer = "repeat-" + UUID.randomUUID();
        try {
            ChatClientResponse response = assistant.answer(customer, "What does a blinking red light mean?");
            assertThat(response).isGroundedInItsSources().withMinScore(0.7);
        } finally {
            memory.clear(customer);
        }
    }
}
