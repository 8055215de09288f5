package dev.llmassert.core.testing;

import dev.langchain4j.data.message.UserMessage;
import dev.langchain4j.model.chat.ChatModel;
import dev.langchain4j.model.chat.response.ChatResponse;
import dev.langchain4j.model.ollama.OllamaChatModel;
import dev.langchain4j.model.openai.OpenAiChatModel;
import dev.llmassert.core.testing.LoopbackChatServer.Reply;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class LoopbackChatServerTest {

    @Test
    void theRealOpenAiClientTalksToIt() {
        try (LoopbackChatServer server = LoopbackChatServer.start()) {
            server.enqueue(Reply.content("Hello from loopback").withUsage(7, 3));
            ChatModel model = OpenAiChatModel.builder()
                    .baseUrl(server.baseUrl())
                    .apiKey("test-key")
                    .modelName("judge-model")
                    .maxRetries(0)
                    .build();

            ChatResponse response = model.chat(UserMessage.from("Hi there"));

            assertThat(response.aiMessage().text()).isEqualTo("Hello from loopback");
            assertThat(response.tokenUsage().inputTokenCount()).isEqualTo(7);
            assertThat(server.requests()).singleElement().satisfies(r -> {
                assertThat(r.path()).isEqualTo("/v1/chat/completions");
                assertThat(r.lastUserMessage()).isEqualTo("Hi there");
                assertThat(r.json().path("model").asText()).isEqualTo("judge-model");
            });
        }
    }

    @Test
    void theRealOllamaClientTalksToIt() {
        try (LoopbackChatServer server = LoopbackChatServer.start()) {
            server.enqueue(Reply.content("Hello from ollama loopback"));
            ChatModel model = OllamaChatModel.builder()
                    .baseUrl(server.ollamaBaseUrl())
                    .modelName("llama3.1")
                    .maxRetries(0)
                    .build();

            ChatResponse response = model.chat(UserMessage.from("Hi"));

            assertThat(response.aiMessage().text()).isEqualTo("Hello from ollama loopback");
            assertThat(server.requests())
                    .singleElement()
                    .extracting(LoopbackChatServer.ReceivedRequest::path)
                    .isEqualTo("/api/chat");
        }
    }
}
