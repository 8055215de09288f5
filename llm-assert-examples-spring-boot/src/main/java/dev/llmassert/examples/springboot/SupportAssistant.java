package dev.llmassert.examples.springboot;

import org.springframework.ai.chat.client.ChatClient;
import org.springframework.ai.chat.client.ChatClientResponse;
import org.springframework.ai.chat.memory.ChatMemory;
import org.springframework.stereotype.Service;

/** Answers a customer's message, remembering each customer's conversation. */
@Service
public class SupportAssistant {

    private final ChatClient chat;

    public SupportAssistant(ChatClient supportChat) {
        this.chat = supportChat;
    }

    /** The answer to {@code message} in {@code customer}'s conversation, with what the call did. */
    public ChatClientResponse answer(String customer, String message) {
        return chat.prompt()
                .user(message)
                .advisors(advisors -> advisors.param(ChatMemory.CONVERSATION_ID, customer))
                .call()
                .chatClientResponse();
    }

    /** The answer's text only. */
    public String reply(String customer, String message) {
        return answer(customer, message).chatResponse().getResult().getOutput().getText();
    }
}
