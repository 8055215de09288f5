package dev.llmassert.examples;

import dev.langchain4j.model.chat.ChatModel;
import dev.langchain4j.model.chat.request.ChatRequest;
import dev.langchain4j.model.chat.request.ChatRequestParameters;
import dev.langchain4j.model.chat.response.ChatResponse;

/**
 * The support assistant's model in this build: there is none. The assistant's answers are replayed from
 * {@code src/test/resources/llm-recordings/dev.llmassert.examples.SupportAssistant.json}; this model only gives the
 * requests their model name and temperature (part of each recording's key) and refuses to be called.
 */
final class OfflineAssistantModel implements ChatModel {

    static final String MODEL = "gpt-4o-mini";
    static final double TEMPERATURE = 0.2;

    @Override
    public ChatRequestParameters defaultRequestParameters() {
        return ChatRequestParameters.builder().modelName(MODEL).temperature(TEMPERATURE).build();
    }

    @Override
    public ChatResponse doChat(ChatRequest request) {
        throw new IllegalStateException("The support assistant has no live model in the examples: its answers are "
                + "replayed from recordings.\nFix: record the question's answer in "
                + "src/test/resources/llm-recordings/dev.llmassert.examples.SupportAssistant.json.");
    }
}
