package dev.llmassert.junit.testing;

import dev.langchain4j.model.chat.ChatModel;
import dev.langchain4j.model.openai.OpenAiChatModel;

/**
 * langchain4j's real OpenAI client for the tests that talk to a loopback server (or to a closed port, when every
 * reply is replayed): a fixed model name and key, temperature 0, no retries of the client's own.
 */
public final class LoopbackOpenAi {

    private LoopbackOpenAi() {}

    /** The client at {@code baseUrl}, e.g. {@code server.baseUrl()}. */
    public static ChatModel chatModel(String baseUrl) {
        return OpenAiChatModel.builder()
                .baseUrl(baseUrl)
                .apiKey("test-key")
                .modelName("gpt-4o-mini")
                .temperature(0.0)
                .maxRetries(0)
                .build();
    }
}
