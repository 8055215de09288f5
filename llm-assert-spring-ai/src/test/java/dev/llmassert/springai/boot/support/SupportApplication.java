package dev.llmassert.springai.boot.support;

import org.springframework.ai.chat.client.ChatClient;
import org.springframework.ai.chat.client.advisor.MessageChatMemoryAdvisor;
import org.springframework.ai.chat.client.advisor.vectorstore.QuestionAnswerAdvisor;
import org.springframework.ai.chat.memory.ChatMemory;
import org.springframework.ai.document.Document;
import org.springframework.ai.embedding.EmbeddingModel;
import org.springframework.ai.vectorstore.SearchRequest;
import org.springframework.ai.vectorstore.SimpleVectorStore;
import org.springframework.ai.vectorstore.VectorStore;
import org.springframework.boot.autoconfigure.SpringBootApplication;
import org.springframework.context.annotation.Bean;

import java.util.List;
import java.util.Map;

/**
 * A small Spring Boot support service for the wiring's tests: a {@link ChatClient} from Spring AI's auto-configured
 * builder, with chat memory per customer, a {@link QuestionAnswerAdvisor} over a two-section manual in a
 * {@link SimpleVectorStore} (its embeddings from {@link WordEmbeddingModel}, in-process), and the order tool.
 */
@SpringBootApplication
public class SupportApplication {

    public static final String SYSTEM = "You are the Nimbus support assistant. Answer from the manual and the tools.";

    public static final String RESET = "To restore the factory settings, hold the recessed reset button on the back"
            + " for 15 seconds with a paperclip, until the status light turns amber.";
    public static final String WARRANTY = "The Nimbus R2 router has a two-year warranty. Support is available by chat"
            + " in the Nimbus app, every day from 8 am to 8 pm.";

    @Bean
    EmbeddingModel wordEmbeddingModel() {
        return new WordEmbeddingModel();
    }

    @Bean
    VectorStore manual(EmbeddingModel embeddingModel) {
        SimpleVectorStore store = SimpleVectorStore.builder(embeddingModel).build();
        // fixed ids: the store breaks a tie between sections by id, and a replay needs the same section as the record
        store.add(List.of(new Document("reset", RESET, Map.of()), new Document("warranty", WARRANTY, Map.of())));
        return store;
    }

    @Bean
    ChatClient supportClient(ChatClient.Builder builder, VectorStore manual, ChatMemory memory, OrderTools tools) {
        return builder.defaultSystem(SYSTEM)
                .defaultAdvisors(
                        MessageChatMemoryAdvisor.builder(memory).build(),
                        QuestionAnswerAdvisor.builder(manual)
                                .searchRequest(SearchRequest.builder().topK(1).build())
                                .build())
                .defaultTools(tools)
                .build();
    }
}
