package dev.llmassert.junit.agents;

import dev.langchain4j.model.chat.ChatModel;
import dev.langchain4j.observability.api.listener.AiServiceListener;
import dev.langchain4j.service.AiServices;
import dev.langchain4j.service.Result;
import dev.langchain4j.service.SystemMessage;

import java.util.List;

/** A langchain4j AI service over {@link ShopTools}. */
public interface ShopAgent {

    @SystemMessage("You are the shop's support agent. Use the tools; answer from what they return.")
    Result<String> chat(String message);

    static ShopAgent create(ChatModel model, ShopTools tools, List<AiServiceListener<?>> listeners) {
        return AiServices.builder(ShopAgent.class)
                .chatModel(model)
                .tools(tools)
                .registerListeners(listeners)
                .build();
    }
}
