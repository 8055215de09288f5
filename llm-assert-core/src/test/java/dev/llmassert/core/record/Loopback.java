package dev.llmassert.core.record;

import dev.langchain4j.data.message.SystemMessage;
import dev.langchain4j.data.message.UserMessage;
import dev.langchain4j.model.chat.ChatModel;
import dev.langchain4j.model.chat.request.ChatRequest;
import dev.langchain4j.model.openai.OpenAiChatModel;
import dev.llmassert.core.testing.LoopbackChatServer;

/** The real OpenAI client pointed at the loopback server, and requests shaped like a judge's. */
final class Loopback {

    static final String SYSTEM = String.join(
            "\n",
            "You are a careful judge.",
            "Read the source and the statement.",
            "Score from 0 to 10.",
            "Answer with 'Score: N' and your evidence.");

    private Loopback() {}

    static ChatModel openAi(LoopbackChatServer server) {
        return openAi(server, "gpt-4o-mini", 0.0, "sk-loopback-test");
    }

    static ChatModel openAi(LoopbackChatServer server, String model, double temperature, String apiKey) {
        return OpenAiChatModel.builder()
                .baseUrl(server.baseUrl())
                .apiKey(apiKey)
                .modelName(model)
                .temperature(temperature)
                .maxRetries(0)
                .build();
    }

    static ChatRequest judgeRequest(String system, String user) {
        return ChatRequest.builder()
                .messages(SystemMessage.from(system), UserMessage.from(user))
                .build();
    }

    static ChatRequest judgeRequest(String user) {
        return judgeRequest(SYSTEM, user);
    }
}
