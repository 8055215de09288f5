package dev.llmassert.springai.internal;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.llmassert.core.record.internal.CanonicalRequests;
import org.junit.jupiter.api.Test;
import org.springframework.ai.chat.messages.AssistantMessage;
import org.springframework.ai.chat.messages.SystemMessage;
import org.springframework.ai.chat.messages.ToolResponseMessage;
import org.springframework.ai.chat.messages.UserMessage;
import org.springframework.ai.chat.prompt.Prompt;
import org.springframework.ai.model.tool.ToolCallingChatOptions;
import org.springframework.ai.support.ToolCallbacks;
import org.springframework.ai.tool.annotation.Tool;
import org.springframework.ai.tool.annotation.ToolParam;

import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/** A Spring AI prompt in the canonical request form that every recorded request is keyed by. */
class SpringAiRequestsTest {

    static class Orders {
        @Tool(description = "The shipping status of a customer's order")
        String orderStatus(@ToolParam(description = "The order number") String orderNumber) {
            return "shipped";
        }
    }

    @Test
    void messagesOptionsAndToolsAreKeyedWithoutTheCallIds() {
        Prompt prompt = new Prompt(
                List.of(
                        new SystemMessage("You are the support assistant."),
                        new UserMessage("Where is NR-20417?"),
                        AssistantMessage.builder()
                                .content("")
                                .toolCalls(List.of(new AssistantMessage.ToolCall(
                                        "call_abc", "function", "orderStatus", "{\"orderNumber\":\"NR-20417\"}")))
                                .build(),
                        ToolResponseMessage.builder()
                                .responses(List.of(
                                        new ToolResponseMessage.ToolResponse("call_abc", "orderStatus", "shipped")))
                                .build()),
                ToolCallingChatOptions.builder()
                        .model("gpt-4o-mini")
                        .temperature(0.0)
                        .toolCallbacks(ToolCallbacks.from(new Orders()))
                        .build());

        ObjectNode canonical = CanonicalRequests.toNode(SpringAiRequests.toChatRequest(prompt));

        assertThat(canonical.path("model").asText()).isEqualTo("gpt-4o-mini");
        assertThat(canonical.path("messages")).hasSize(4);
        assertThat(canonical.path("messages").get(2).toString())
                .contains("orderStatus")
                .doesNotContain("call_abc");
        assertThat(canonical.path("messages").get(3).path("role").asText()).isEqualTo("tool");
        assertThat(canonical.path("parameters").path("temperature").asDouble()).isZero();
        assertThat(canonical
                        .path("parameters")
                        .path("tools")
                        .get(0)
                        .path("parameters")
                        .toString())
                .contains("\"orderNumber\"")
                .contains("The order number")
                .contains("\"required\"");
    }
}
