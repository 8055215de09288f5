package dev.llmassert.examples.springboot;

import dev.llmassert.core.criteria.CriteriaCatalog;
import dev.llmassert.junit.LlmJudge;
import dev.llmassert.springai.SpringAiJudge;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.springframework.ai.chat.client.ChatClientResponse;
import org.springframework.ai.chat.memory.ChatMemory;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;

import static dev.llmassert.springai.SpringAiAssertions.assertThat;

/**
 * The same service judged by the application's own Spring AI model ({@link SpringAiJudge}): a criteria check from the
 * catalog and a groundedness check, both asked of the model, whose replies (a person's) are replayed from this
 * class's recordings like the application's.
 */
@SpringBootTest
@LlmJudge
@ExtendWith(SpringAiJudge.class)
class SupportAssistantJudgedTest {

    static final String QUESTION = "How do I restore the factory settings?";

    @Autowired
    SupportAssistant assistant;

    @Autowired
    ChatMemory memory;

    @AfterEach
    void forget() {
        memory.clear("judged-1");
    }

    @Test
    void theAnswerIsRelevantAndGroundedAsTheModelJudgesIt() {
        ChatClientResponse response = assistant.answer("judged-1", QUESTION);

        assertThat(response)
                .forQuestion(QUESTION)
                .meets(CriteriaCatalog.ANSWER_RELEVANCE)
                .withOption("Relevant");
        assertThat(response).isGroundedInItsSources().withMinScore(0.7);
    }
}
