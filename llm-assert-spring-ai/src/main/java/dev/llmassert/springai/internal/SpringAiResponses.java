package dev.llmassert.springai.internal;

import dev.langchain4j.agent.tool.ToolExecutionRequest;
import dev.langchain4j.data.message.AiMessage;
import dev.langchain4j.model.chat.response.ChatResponse;
import dev.langchain4j.model.output.FinishReason;
import dev.langchain4j.model.output.TokenUsage;
import org.apiguardian.api.API;
import org.springframework.ai.chat.messages.AssistantMessage;
import org.springframework.ai.chat.metadata.ChatGenerationMetadata;
import org.springframework.ai.chat.metadata.ChatResponseMetadata;
import org.springframework.ai.chat.metadata.DefaultUsage;
import org.springframework.ai.chat.metadata.Usage;
import org.springframework.ai.chat.model.Generation;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.apiguardian.api.API.Status.INTERNAL;

/**
 * Replies between Spring AI's {@link org.springframework.ai.chat.model.ChatResponse} and langchain4j's, which the
 * recordings keep: the assistant's text, its tool calls, the token usage, the finish reason (Spring AI's OpenAI
 * client names them after OpenAI's: {@code STOP}, {@code TOOL_CALLS}, {@code LENGTH}, {@code CONTENT_FILTER}) and the
 * model that wrote it. A replayed stream is the recorded reply cut into chunks at word boundaries, as a model streams
 * it.
 */
@API(status = INTERNAL, since = "0.1")
public final class SpringAiResponses {

    /** A word with the spaces before it: the chunks of a replayed stream. */
    private static final Pattern CHUNK = Pattern.compile("\\s*\\S+|\\s+$");

    private SpringAiResponses() {}

    /** A Spring AI reply as the recordings keep it. */
    public static ChatResponse toLangchain4j(org.springframework.ai.chat.model.ChatResponse response) {
        Generation generation = response.getResult();
        AssistantMessage output = generation == null ? null : generation.getOutput();
        ChatResponse.Builder builder = ChatResponse.builder().aiMessage(SpringAiRequests.aiMessage(output));
        ChatResponseMetadata metadata = response.getMetadata();
        if (metadata != null) {
            if (metadata.getId() != null && !metadata.getId().isEmpty()) {
                builder.id(metadata.getId());
            }
            if (metadata.getModel() != null && !metadata.getModel().isEmpty()) {
                builder.modelName(metadata.getModel());
            }
            Usage usage = metadata.getUsage();
            if (usage != null
                    && (usage.getPromptTokens() != null && usage.getPromptTokens() > 0
                            || usage.getCompletionTokens() != null && usage.getCompletionTokens() > 0)) {
                builder.tokenUsage(new TokenUsage(usage.getPromptTokens(), usage.getCompletionTokens()));
            }
        }
        FinishReason finish = finishReason(generation == null ? null : generation.getMetadata(), output);
        if (finish != null) {
            builder.finishReason(finish);
        }
        return builder.build();
    }

    /** A recorded (or replayed) reply as Spring AI's. */
    public static org.springframework.ai.chat.model.ChatResponse toSpringAi(ChatResponse response) {
        AiMessage ai = response.aiMessage();
        return new org.springframework.ai.chat.model.ChatResponse(
                List.of(new Generation(assistant(ai == null ? null : ai.text(), ai), generationMetadata(response))),
                responseMetadata(response));
    }

    /**
     * The recorded reply as a stream: its text a word at a time, then a last chunk with the finish reason, the token
     * usage and any tool calls, as Spring AI's OpenAI client ends a stream.
     */
    public static List<org.springframework.ai.chat.model.ChatResponse> toStream(ChatResponse response) {
        AiMessage ai = response.aiMessage();
        String text = ai == null || ai.text() == null ? "" : ai.text();
        List<org.springframework.ai.chat.model.ChatResponse> chunks = new ArrayList<>();
        ChatResponseMetadata plain = ChatResponseMetadata.builder()
                .id(response.id() == null ? "" : response.id())
                .model(response.modelName() == null ? "" : response.modelName())
                .build();
        Matcher words = CHUNK.matcher(text);
        while (words.find()) {
            chunks.add(new org.springframework.ai.chat.model.ChatResponse(
                    List.of(new Generation(new AssistantMessage(words.group()))), plain));
        }
        chunks.add(new org.springframework.ai.chat.model.ChatResponse(
                List.of(new Generation(assistant("", ai), generationMetadata(response))), responseMetadata(response)));
        return chunks;
    }

    private static AssistantMessage assistant(String text, AiMessage ai) {
        List<AssistantMessage.ToolCall> calls = new ArrayList<>();
        if (ai != null && ai.hasToolExecutionRequests()) {
            for (ToolExecutionRequest request : ai.toolExecutionRequests()) {
                calls.add(new AssistantMessage.ToolCall(
                        request.id() == null ? "" : request.id(), "function", request.name(), request.arguments()));
            }
        }
        return AssistantMessage.builder()
                .content(text == null ? "" : text)
                .toolCalls(calls)
                .build();
    }

    private static ChatGenerationMetadata generationMetadata(ChatResponse r) {
        String finish = springAiFinishReason(r.finishReason());
        return finish == null
                ? ChatGenerationMetadata.NULL
                : ChatGenerationMetadata.builder().finishReason(finish).build();
    }

    private static ChatResponseMetadata responseMetadata(ChatResponse response) {
        ChatResponseMetadata.Builder metadata = ChatResponseMetadata.builder()
                .id(response.id() == null ? "" : response.id())
                .model(response.modelName() == null ? "" : response.modelName());
        TokenUsage usage = response.tokenUsage();
        if (usage != null) {
            Integer in = usage.inputTokenCount() == null ? 0 : usage.inputTokenCount();
            Integer out = usage.outputTokenCount() == null ? 0 : usage.outputTokenCount();
            metadata.usage(new DefaultUsage(in, out));
        }
        return metadata.build();
    }

    private static FinishReason finishReason(ChatGenerationMetadata metadata, AssistantMessage output) {
        String reason = metadata == null ? null : metadata.getFinishReason();
        if (reason == null || reason.isBlank()) {
            return output != null && output.hasToolCalls() ? FinishReason.TOOL_EXECUTION : null;
        }
        return switch (reason.toUpperCase(Locale.ROOT)) {
            case "STOP", "END_TURN", "COMPLETE" -> FinishReason.STOP;
            case "LENGTH", "MAX_TOKENS" -> FinishReason.LENGTH;
            case "TOOL_CALLS", "TOOL_USE", "FUNCTION_CALL", "TOOL_EXECUTION" -> FinishReason.TOOL_EXECUTION;
            case "CONTENT_FILTER" -> FinishReason.CONTENT_FILTER;
            default -> FinishReason.OTHER;
        };
    }

    private static String springAiFinishReason(FinishReason reason) {
        if (reason == null) {
            return null;
        }
        return switch (reason) {
            case STOP -> "STOP";
            case LENGTH -> "LENGTH";
            case TOOL_EXECUTION -> "TOOL_CALLS";
            case CONTENT_FILTER -> "CONTENT_FILTER";
            default -> "OTHER";
        };
    }
}
