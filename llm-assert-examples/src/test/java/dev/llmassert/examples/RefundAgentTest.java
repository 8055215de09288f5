package dev.llmassert.examples;

// tag::test[]
import dev.langchain4j.agent.tool.Tool;
import dev.langchain4j.agent.tool.ToolExecutionRequest;
import dev.langchain4j.agent.tool.ToolSpecification;
import dev.langchain4j.data.message.AiMessage;
import dev.langchain4j.data.message.ChatMessage;
import dev.langchain4j.data.message.ToolExecutionResultMessage;
import dev.langchain4j.model.chat.ChatModel;
import dev.langchain4j.model.chat.request.ChatRequest;
import dev.langchain4j.model.chat.request.json.JsonIntegerSchema;
import dev.langchain4j.model.chat.response.ChatResponse;
import dev.langchain4j.service.AiServices;
import dev.langchain4j.service.Result;
import dev.llmassert.junit.LlmJudge;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;

import static dev.llmassert.junit.LlmAssertions.assertThat;

/** An agent test for a new project, whose tool arguments have their names (the guide includes this file). */
@LlmJudge
class RefundAgentTest {

    /** The application's tool: compiled with -parameters, its model sees "orderId" and "amount", not "arg0". */
    static class RefundTools {

        @Tool("Refunds the payment of an order")
        String refundOrder(String orderId, int amount) {
            return "A refund of " + amount + " dollars for order " + orderId + " has been issued.";
        }
    }

    interface RefundAgent {

        Result<String> chat(String request);
    }

    @Test
    void refundsTheOrderItWasAskedAbout() {
        RefundAgent agent = AiServices.builder(RefundAgent.class)
                .chatModel(new ScriptedModel())
                .tools(new RefundTools())
                .build();

        Result<String> result = agent.chat("Please refund order A-1042, it arrived broken.");

        assertThat(result)
                .calledTool("refundOrder")
                .withArgument("orderId", "A-1042")
                .withArgument("amount", 198)
                .times(1)
                .finalAnswer()
                .isGroundedInToolResults()
                .withMinScore(0.7);
    }

    /**
     * Stands in for the LLM here, with no key and no network: it calls the offered tool by the parameter names the
     * request gives it, then answers with the tool's result. In your suite the agent has your application's model,
     * e.g. langchain4j's OpenAiChatModel, wrapped in evaluator.recorded(model) to replay it offline.
     */
    static class ScriptedModel implements ChatModel {

        @Override
        public ChatResponse doChat(ChatRequest request) {
            List<ChatMessage> messages = request.messages();
            if (messages.get(messages.size() - 1) instanceof ToolExecutionResultMessage toolResult) {
                return ChatResponse.builder()
                        .aiMessage(AiMessage.from(toolResult.text()))
                        .build();
            }
            ToolSpecification tool = request.toolSpecifications().get(0);
            List<String> arguments = new ArrayList<>();
            tool.parameters()
                    .properties()
                    .forEach((name, type) -> arguments.add(
                            "\"" + name + "\": " + (type instanceof JsonIntegerSchema ? "198" : "\"A-1042\"")));
            ToolExecutionRequest call = ToolExecutionRequest.builder()
                    .id("call-1")
                    .name(tool.name())
                    .arguments("{" + String.join(", ", arguments) + "}")
                    .build();
            return ChatResponse.builder().aiMessage(AiMessage.from(call)).build();
        }
    }
}
// end::test[]
