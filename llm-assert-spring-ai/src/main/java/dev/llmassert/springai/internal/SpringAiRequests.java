package dev.llmassert.springai.internal;

import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.langchain4j.agent.tool.ToolExecutionRequest;
import dev.langchain4j.agent.tool.ToolSpecification;
import dev.langchain4j.data.message.AiMessage;
import dev.langchain4j.data.message.AudioContent;
import dev.langchain4j.data.message.ChatMessage;
import dev.langchain4j.data.message.Content;
import dev.langchain4j.data.message.ImageContent;
import dev.langchain4j.data.message.PdfFileContent;
import dev.langchain4j.data.message.SystemMessage;
import dev.langchain4j.data.message.TextContent;
import dev.langchain4j.data.message.ToolExecutionResultMessage;
import dev.langchain4j.data.message.UserMessage;
import dev.langchain4j.data.message.VideoContent;
import dev.langchain4j.internal.JsonSchemaElementJsonUtils;
import dev.langchain4j.model.chat.request.ChatRequest;
import dev.langchain4j.model.chat.request.ChatRequestParameters;
import dev.langchain4j.model.chat.request.DefaultChatRequestParameters;
import dev.langchain4j.model.chat.request.ResponseFormat;
import dev.langchain4j.model.chat.request.ResponseFormatType;
import dev.langchain4j.model.chat.request.json.JsonObjectSchema;
import dev.langchain4j.model.chat.request.json.JsonRawSchema;
import dev.langchain4j.model.chat.request.json.JsonSchema;
import org.apiguardian.api.API;
import org.springframework.ai.chat.messages.AssistantMessage;
import org.springframework.ai.chat.messages.Message;
import org.springframework.ai.chat.messages.ToolResponseMessage;
import org.springframework.ai.chat.model.ChatModel;
import org.springframework.ai.chat.prompt.ChatOptions;
import org.springframework.ai.chat.prompt.Prompt;
import org.springframework.ai.content.Media;
import org.springframework.ai.model.tool.StructuredOutputChatOptions;
import org.springframework.ai.model.tool.ToolCallingChatOptions;
import org.springframework.ai.tool.ToolCallback;
import org.springframework.ai.tool.definition.ToolDefinition;

import java.io.IOException;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.Locale;
import java.util.Map;

import static org.apiguardian.api.API.Status.INTERNAL;

/**
 * A Spring AI {@link Prompt} in the form llm-assert keys every recorded request in: langchain4j's {@link ChatRequest},
 * whose canonical JSON ({@code core.record}) is the same whichever client made the request. Messages map one to one
 * (a tool response message of several results gives one tool result message each, as langchain4j has them); the
 * options give the model name, the sampling parameters, the tools (name, description and parameter schema) and a
 * structured output's schema. Options that only one provider's client knows (OpenAI's {@code seed}, for one) are
 * not part of a Spring AI request's key.
 */
@API(status = INTERNAL, since = "0.1")
public final class SpringAiRequests {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final TypeReference<Map<String, Object>> MAP = new TypeReference<>() {};

    private SpringAiRequests() {}

    /**
     * The prompt as {@code model} sends it: with its own options, or the model's when it has none (what Spring AI's
     * chat models do; a {@code ChatClient} gives every prompt the model's options merged with its own).
     */
    public static Prompt asSent(ChatModel model, Prompt prompt) {
        if (prompt.getOptions() != null) {
            return prompt;
        }
        ChatOptions defaults = model.getOptions();
        return defaults == null ? prompt : prompt.mutate().chatOptions(defaults).build();
    }

    /** The request {@code prompt} stands for, in langchain4j's terms. */
    public static ChatRequest toChatRequest(Prompt prompt) {
        List<ChatMessage> messages = new ArrayList<>();
        for (Message message : prompt.getInstructions()) {
            messages.addAll(messages(message));
        }
        ChatRequest.Builder request = ChatRequest.builder().messages(messages);
        ChatOptions options = prompt.getOptions();
        if (options != null) {
            request.parameters(parameters(options));
        }
        return request.build();
    }

    /** Spring AI's messages as langchain4j's, in order. */
    public static List<ChatMessage> toMessages(List<Message> messages) {
        List<ChatMessage> converted = new ArrayList<>();
        for (Message message : messages) {
            converted.addAll(messages(message));
        }
        return converted;
    }

    private static List<ChatMessage> messages(Message message) {
        String text = message.getText();
        switch (message.getMessageType()) {
            case SYSTEM:
                return List.of(SystemMessage.from(text == null ? "" : text));
            case USER:
                return List.of(user((org.springframework.ai.chat.messages.UserMessage) message));
            case ASSISTANT:
                return List.of(assistant((AssistantMessage) message));
            case TOOL:
                List<ChatMessage> results = new ArrayList<>();
                for (ToolResponseMessage.ToolResponse response : ((ToolResponseMessage) message).getResponses()) {
                    results.add(
                            ToolExecutionResultMessage.from(response.id(), response.name(), response.responseData()));
                }
                return results;
            default:
                throw new IllegalArgumentException(SpringAiMessages.unknownMessageType(message.getMessageType()));
        }
    }

    private static ChatMessage user(org.springframework.ai.chat.messages.UserMessage user) {
        String text = user.getText() == null ? "" : user.getText();
        if (user.getMedia().isEmpty()) {
            return UserMessage.from(text);
        }
        List<Content> contents = new ArrayList<>();
        if (!text.isEmpty()) {
            contents.add(TextContent.from(text));
        }
        for (Media media : user.getMedia()) {
            contents.add(content(media));
        }
        return UserMessage.from(contents);
    }

    /** A media part as langchain4j's content of its kind; the recording keeps a fingerprint of it, not its bytes. */
    private static Content content(Media media) {
        String mime = media.getMimeType().toString();
        Object data = media.getData();
        boolean url = data instanceof String;
        String base64 = url ? null : Base64.getEncoder().encodeToString(media.getDataAsByteArray());
        String type = media.getMimeType().getType().toLowerCase(Locale.ROOT);
        if (type.equals("image")) {
            return url ? ImageContent.from((String) data) : ImageContent.from(base64, mime);
        }
        if (type.equals("audio")) {
            return url ? AudioContent.from((String) data) : AudioContent.from(base64, mime);
        }
        if (type.equals("video")) {
            return url ? VideoContent.from((String) data) : VideoContent.from(base64, mime);
        }
        return url ? PdfFileContent.from((String) data) : PdfFileContent.from(base64, mime);
    }

    private static ChatMessage assistant(AssistantMessage assistant) {
        return aiMessage(assistant);
    }

    /**
     * A Spring AI assistant message as langchain4j's: its text (left out when it is empty beside tool calls) and its
     * tool calls; {@code null} gives an empty message.
     */
    static AiMessage aiMessage(AssistantMessage assistant) {
        AiMessage.Builder ai = AiMessage.builder();
        String text = assistant == null ? null : assistant.getText();
        if (text != null && !(text.isEmpty() && assistant.hasToolCalls())) {
            ai.text(text);
        }
        if (assistant != null && assistant.hasToolCalls()) {
            List<ToolExecutionRequest> calls = new ArrayList<>();
            for (AssistantMessage.ToolCall call : assistant.getToolCalls()) {
                calls.add(ToolExecutionRequest.builder()
                        .id(call.id())
                        .name(call.name())
                        .arguments(call.arguments())
                        .build());
            }
            ai.toolExecutionRequests(calls);
        }
        return ai.build();
    }

    private static ChatRequestParameters parameters(ChatOptions options) {
        DefaultChatRequestParameters.Builder<?> p = ChatRequestParameters.builder()
                .modelName(options.getModel())
                .temperature(options.getTemperature())
                .topP(options.getTopP())
                .topK(options.getTopK())
                .frequencyPenalty(options.getFrequencyPenalty())
                .presencePenalty(options.getPresencePenalty())
                .maxOutputTokens(options.getMaxTokens());
        if (options.getStopSequences() != null && !options.getStopSequences().isEmpty()) {
            p.stopSequences(options.getStopSequences());
        }
        if (options instanceof ToolCallingChatOptions tools
                && tools.getToolCallbacks() != null
                && !tools.getToolCallbacks().isEmpty()) {
            List<ToolSpecification> specifications = new ArrayList<>();
            for (ToolCallback callback : tools.getToolCallbacks()) {
                specifications.add(tool(callback.getToolDefinition()));
            }
            p.toolSpecifications(specifications);
        }
        if (options instanceof StructuredOutputChatOptions structured
                && structured.getOutputSchema() != null
                && !structured.getOutputSchema().isBlank()) {
            p.responseFormat(ResponseFormat.builder()
                    .type(ResponseFormatType.JSON)
                    .jsonSchema(JsonSchema.builder()
                            .name("output")
                            .rootElement(JsonRawSchema.from(structured.getOutputSchema()))
                            .build())
                    .build());
        }
        return p.build();
    }

    /**
     * A Spring AI tool as langchain4j describes one: the JSON object schema Spring AI made of the method's parameters,
     * each parameter's schema read by langchain4j's own reader of such schemas (the one its MCP client uses for a
     * server's tools; it keeps a schema it cannot model whole, as a raw schema). The draft the schema names
     * ({@code $schema}) says nothing about the call and is left out.
     */
    private static ToolSpecification tool(ToolDefinition definition) {
        ToolSpecification.Builder tool =
                ToolSpecification.builder().name(definition.name()).description(definition.description());
        String schema = definition.inputSchema();
        if (schema != null && !schema.isBlank()) {
            try {
                tool.parameters(objectSchema(JSON.readValue(schema, MAP)));
            } catch (IOException | RuntimeException e) {
                throw new IllegalArgumentException(
                        SpringAiMessages.unreadableToolSchema(definition.name(), schema, e), e);
            }
        }
        return tool.build();
    }

    @SuppressWarnings("unchecked")
    private static JsonObjectSchema objectSchema(Map<String, Object> schema) {
        JsonObjectSchema.Builder object = JsonObjectSchema.builder();
        if (schema.get("description") instanceof String description) {
            object.description(description);
        }
        if (schema.get("properties") instanceof Map<?, ?> properties) {
            for (Map.Entry<?, ?> property : properties.entrySet()) {
                object.addProperty(
                        String.valueOf(property.getKey()),
                        JsonSchemaElementJsonUtils.fromMap((Map<String, Object>) property.getValue()));
            }
        }
        if (schema.get("required") instanceof List<?> required) {
            object.required(required.stream().map(String::valueOf).toList());
        }
        if (schema.get("additionalProperties") instanceof Boolean additional) {
            object.additionalProperties(additional);
        }
        return object.build();
    }
}
