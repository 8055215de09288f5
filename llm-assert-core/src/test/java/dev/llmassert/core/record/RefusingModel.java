package dev.llmassert.core.record;

import dev.langchain4j.model.chat.ChatModel;
import dev.langchain4j.model.chat.request.ChatRequest;
import dev.langchain4j.model.chat.request.ChatRequestParameters;
import dev.langchain4j.model.chat.response.ChatResponse;
import dev.langchain4j.model.openai.OpenAiChatRequestParameters;

/** Stands for the loopback OpenAI model on replay-only paths: same defaults, and any call is a test failure. */
final class RefusingModel implements ChatModel {

    @Override
    public ChatRequestParameters defaultRequestParameters() {
        return OpenAiChatRequestParameters.builder()
                .modelName("gpt-4o-mini")
                .temperature(0.0)
                .build();
    }

    @Override
    public ChatResponse doChat(ChatRequest request) {
        throw new AssertionError("a replayed request reached the model");
    }
}
