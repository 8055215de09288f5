package dev.llmassert.junit.chats;

import dev.langchain4j.memory.chat.MessageWindowChatMemory;
import dev.langchain4j.model.chat.ChatModel;
import dev.langchain4j.observability.api.listener.AiServiceListener;
import dev.langchain4j.service.AiServices;
import dev.langchain4j.service.MemoryId;
import dev.langchain4j.service.SystemMessage;
import dev.langchain4j.service.UserMessage;

import java.util.List;

/** A support chat as an application holds it: a langchain4j AI service with a chat memory per conversation id. */
public interface SupportChat {

    String SYSTEM = "You are the support assistant for the Nimbus R2 router. Answer from the manual only.";

    @SystemMessage(SYSTEM)
    String chat(@MemoryId String conversationId, @UserMessage String message);

    static SupportChat create(ChatModel model, List<AiServiceListener<?>> listeners) {
        return AiServices.builder(SupportChat.class)
                .chatModel(model)
                .chatMemoryProvider(id -> MessageWindowChatMemory.withMaxMessages(20))
                .registerListeners(listeners)
                .build();
    }
}
