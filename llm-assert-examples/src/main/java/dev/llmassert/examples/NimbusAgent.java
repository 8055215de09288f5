package dev.llmassert.examples;

import dev.langchain4j.model.chat.ChatModel;
import dev.langchain4j.observability.api.listener.AiServiceListener;
import dev.langchain4j.service.AiServices;
import dev.langchain4j.service.Result;
import dev.langchain4j.service.SystemMessage;

import java.util.List;

/**
 * The Nimbus support assistant as an agent: a langchain4j AI service that looks warranties up and books technicians
 * with {@link NimbusTools}.
 */
public interface NimbusAgent {

    @SystemMessage("""
            You are the support assistant for Nimbus routers. Before you book a technician, look the device's \
            warranty up. Answer only from what the tools return, in at most three sentences.""")
    Result<String> chat(String message);

    /** The agent over {@code model} with {@code tools}, telling {@code listeners} what it does. */
    static NimbusAgent create(ChatModel model, NimbusTools tools, List<AiServiceListener<?>> listeners) {
        return AiServices.builder(NimbusAgent.class)
                .chatModel(model)
                .tools(tools)
                .registerListeners(listeners)
                .build();
    }
}
