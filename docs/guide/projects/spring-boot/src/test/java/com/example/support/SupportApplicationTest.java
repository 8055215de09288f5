package com.example.support;

import dev.llmassert.junit.LlmJudge;
import org.junit.jupiter.api.Test;
import org.springframework.ai.chat.client.ChatClient;
import org.springframework.ai.chat.client.ChatClientResponse;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;

import static dev.llmassert.springai.SpringAiAssertions.assertThat;

@SpringBootTest
@LlmJudge
class SupportApplicationTest {

    @Autowired
    ChatClient supportChat;

    @Test
    void answersFromTheManual() {
        ChatClientResponse response =
                supportChat.prompt().user("How do I restore the factory settings?").call().chatClientResponse();

        assertThat(response).sources().hasSize(1);
        assertThat(response).isGroundedInItsSources().withMinScore(0.7);
    }
}
