package dev.llmassert.core.record.internal;

import dev.langchain4j.agent.tool.ToolSpecification;
import dev.langchain4j.data.message.UserMessage;
import dev.langchain4j.model.chat.request.ChatRequest;
import dev.langchain4j.model.chat.request.json.JsonObjectSchema;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

class CanonicalRequestsTest {

    private static final ToolSpecification LOOKUP = ToolSpecification.builder()
            .name("lookupWarranty")
            .description("Looks up a warranty")
            .parameters(JsonObjectSchema.builder()
                    .addStringProperty("serial")
                    .required("serial")
                    .build())
            .build();
    private static final ToolSpecification BOOK = ToolSpecification.builder()
            .name("bookTechnician")
            .description("Books a visit")
            .build();

    @Test
    void theToolsOfARequestAreKeyedWhateverTheirOrder() {
        // An AI service lists its @Tool methods in reflection order, which can change from one JVM to the next.
        String inOneOrder = key(List.of(LOOKUP, BOOK));
        String inTheOther = key(List.of(BOOK, LOOKUP));

        assertThat(inOneOrder).isEqualTo(inTheOther);
        assertThat(inOneOrder).isNotEqualTo(key(List.of(LOOKUP)));
    }

    private static String key(List<ToolSpecification> tools) {
        ChatRequest request = ChatRequest.builder()
                .messages(UserMessage.from("Book a visit for NR2-0042."))
                .toolSpecifications(tools)
                .build();
        return CanonicalRequests.key(CanonicalRequests.toNode(request));
    }
}
