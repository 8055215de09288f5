package dev.llmassert.springai.boot.support;

import org.springframework.ai.chat.client.ChatClient;
import org.springframework.ai.chat.client.ChatClientResponse;
import org.springframework.ai.chat.memory.ChatMemory;
import org.springframework.stereotype.Service;
import reactor.core.publisher.Flux;

/** Answers a customer's message, remembering the conversation per customer. */
@Service
public class SupportService {

    private final ChatClient chat;

    public SupportService(ChatClient supportClient) {
        this.chat = supportClient;
    }

    public ChatClientResponse ask(String customer, String message) {
        return chat.prompt()
                .user(message)
                .advisors(a -> a.param(ChatMemory.CONVERSATION_ID, customer))
                .call()
                .chatClientResponse();
    }

    public Flux<String> askStreaming(String customer, String message) {
        return chat.prompt().user(message).advisors(a -> a.param(ChatMemory.CONVERSATION_ID, customer)).stream()
                .content();
    }
}
