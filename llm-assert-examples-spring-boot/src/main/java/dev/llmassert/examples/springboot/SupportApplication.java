package dev.llmassert.examples.springboot;

import org.springframework.ai.chat.client.ChatClient;
import org.springframework.ai.chat.client.advisor.MessageChatMemoryAdvisor;
import org.springframework.ai.chat.memory.ChatMemory;
import org.springframework.ai.rag.advisor.RetrievalAugmentationAdvisor;
import org.springframework.ai.rag.generation.augmentation.ContextualQueryAugmenter;
import org.springframework.boot.SpringApplication;
import org.springframework.boot.autoconfigure.SpringBootApplication;
import org.springframework.context.annotation.Bean;

/**
 * The Nimbus support service: a Spring AI {@link ChatClient} built from the auto-configured builder, with chat memory
 * per customer, a {@link RetrievalAugmentationAdvisor} over the router's manual ({@link ManualRetriever}, a keyword
 * retriever: nothing is downloaded) and the order tool ({@link OrderTools}).
 */
@SpringBootApplication
public class SupportApplication {

    /** What the assistant is told before every conversation. */
    public static final String SYSTEM = "You are the Nimbus support assistant. Answer from the manual's sections and"
            + " the order tool only, in one or two sentences.";

    public static void main(String[] args) {
        SpringApplication.run(SupportApplication.class, args);
    }

    @Bean
    ChatClient supportChat(ChatClient.Builder builder, ChatMemory memory, ManualRetriever manual, OrderTools orders) {
        return builder.defaultSystem(SYSTEM)
                .defaultAdvisors(
                        MessageChatMemoryAdvisor.builder(memory).build(),
                        RetrievalAugmentationAdvisor.builder()
                                .documentRetriever(manual)
                                // a question no section answers (an order's status) reaches the model as asked
                                .queryAugmenter(ContextualQueryAugmenter.builder()
                                        .allowEmptyContext(true)
                                        .build())
                                .build())
                .defaultTools(orders)
                .build();
    }
}
