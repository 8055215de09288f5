package dev.llmassert.springai.testing;

import org.springframework.ai.openai.OpenAiChatModel;
import org.springframework.ai.openai.OpenAiChatOptions;

/**
 * Spring AI's real OpenAI client (the OpenAI Java SDK underneath) for the tests that talk to a loopback server, or to
 * a closed port when every reply is replayed: a fixed model name and key, temperature 0, no retries of its own.
 */
public final class SpringAiLoopback {

    /** Where nothing listens: a replay that reached the network would fail to connect. */
    public static final String CLOSED = "http://127.0.0.1:9/v1";

    private SpringAiLoopback() {}

    /** The client at {@code baseUrl}, e.g. {@code server.baseUrl()}. */
    public static OpenAiChatModel chatModel(String baseUrl) {
        return chatModel(baseUrl, "gpt-4o-mini");
    }

    public static OpenAiChatModel chatModel(String baseUrl, String model) {
        return OpenAiChatModel.builder()
                .options(OpenAiChatOptions.builder()
                        .baseUrl(baseUrl)
                        .apiKey("sk-loopback-test")
                        .model(model)
                        .temperature(0.0)
                        .maxRetries(0)
                        .build())
                .build();
    }
}
