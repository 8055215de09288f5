package dev.llmassert.examples;

import dev.langchain4j.memory.chat.MessageWindowChatMemory;
import dev.langchain4j.model.chat.ChatModel;
import dev.langchain4j.observability.api.listener.AiServiceListener;
import dev.langchain4j.rag.content.Content;
import dev.langchain4j.service.AiServices;
import dev.langchain4j.service.MemoryId;
import dev.langchain4j.service.Result;
import dev.langchain4j.service.SystemMessage;
import dev.langchain4j.service.UserMessage;

import java.util.List;

/**
 * The Nimbus support assistant as a chat: a langchain4j AI service with a chat memory per conversation
 * ({@code @MemoryId}) that answers from the two sections of the product manual a retriever finds for each message.
 */
public interface SupportChat {

    @SystemMessage("""
            You are the support assistant for the Nimbus R2 home router. Answer from the manual sections provided \
            and from what the customer told you earlier in the conversation, in at most two sentences.""")
    Result<String> chat(@MemoryId String conversationId, @UserMessage String message);

    /**
     * The chat over {@code model} and {@code manual}, telling {@code listeners} what it does; each conversation id
     * keeps its last 20 messages.
     */
    static SupportChat create(ChatModel model, ProductManual manual, List<AiServiceListener<?>> listeners) {
        return AiServices.builder(SupportChat.class)
                .chatModel(model)
                .chatMemoryProvider(id -> MessageWindowChatMemory.withMaxMessages(20))
                .contentRetriever(query -> manual.search(query.text(), 2).stream()
                        .map(section -> Content.from(section.text()))
                        .toList())
                .registerListeners(listeners)
                .build();
    }
}
