package com.example.support;

import org.springframework.ai.chat.client.ChatClient;
import org.springframework.ai.document.Document;
import org.springframework.ai.rag.advisor.RetrievalAugmentationAdvisor;
import org.springframework.boot.SpringApplication;
import org.springframework.boot.autoconfigure.SpringBootApplication;
import org.springframework.context.annotation.Bean;

import java.util.List;
import java.util.Map;

@SpringBootApplication
public class SupportApplication {

    static final Document RESET = new Document("reset", "To restore the factory settings, hold the recessed reset"
            + " button on the back for 15 seconds with a paperclip, until the status light turns amber.", Map.of());

    public static void main(String[] args) {
        SpringApplication.run(SupportApplication.class, args);
    }

    @Bean
    ChatClient supportChat(ChatClient.Builder builder) {
        return builder.defaultSystem("You are the Nimbus support assistant. Answer from the manual only.")
                .defaultAdvisors(RetrievalAugmentationAdvisor.builder()
                        .documentRetriever(query -> List.of(RESET))
                        .build())
                .build();
    }
}
