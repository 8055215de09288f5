package dev.llmassert.core.record.internal;

import dev.langchain4j.agent.tool.ToolExecutionRequest;
import dev.langchain4j.data.message.AiMessage;
import dev.langchain4j.model.chat.response.ChatResponse;
import dev.langchain4j.model.output.FinishReason;
import dev.langchain4j.model.output.TokenUsage;
import org.apiguardian.api.API;

import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;

import static org.apiguardian.api.API.Status.INTERNAL;

/**
 * One recorded reply.
 *
 * @param text         the assistant's text, or {@code null} when it only called tools
 * @param toolCalls    the tools it asked to call, possibly empty
 * @param inputTokens  token usage, or {@code null} when not known
 * @param outputTokens token usage, or {@code null} when not known
 * @param finishReason a {@link FinishReason} name, or {@code null}
 * @param recordedAt   ISO-8601 instant, or {@code null} for a hand-written reply
 */
@API(status = INTERNAL, since = "0.1")
public record RecordedResponse(String text, List<ToolCall> toolCalls, Integer inputTokens, Integer outputTokens,
                               String finishReason, String recordedAt) {

    public RecordedResponse {
        toolCalls = toolCalls == null ? List.of() : List.copyOf(toolCalls);
    }

    /** A tool call the model asked for. */
    @API(status = INTERNAL, since = "0.1")
    public record ToolCall(String id, String name, String arguments) {
    }

    /** What to keep of a live reply. */
    public static RecordedResponse of(ChatResponse response, Instant now) {
        AiMessage ai = response.aiMessage();
        List<ToolCall> calls = new ArrayList<>();
        if (ai != null && ai.hasToolExecutionRequests()) {
            for (ToolExecutionRequest call : ai.toolExecutionRequests()) {
                calls.add(new ToolCall(call.id(), call.name(), call.arguments()));
            }
        }
        TokenUsage usage = response.tokenUsage();
        return new RecordedResponse(ai == null ? null : ai.text(), calls,
                usage == null ? null : usage.inputTokenCount(),
                usage == null ? null : usage.outputTokenCount(),
                response.finishReason() == null ? null : response.finishReason().name(),
                now.truncatedTo(ChronoUnit.SECONDS).toString());
    }

    /** The reply as a langchain4j response, with {@code id} as its metadata id. */
    public ChatResponse toChatResponse(String id, String modelName) {
        AiMessage.Builder ai = AiMessage.builder().text(text);
        if (!toolCalls.isEmpty()) {
            List<ToolExecutionRequest> requests = new ArrayList<>();
            for (ToolCall call : toolCalls) {
                requests.add(ToolExecutionRequest.builder().id(call.id()).name(call.name())
                        .arguments(call.arguments()).build());
            }
            ai.toolExecutionRequests(requests);
        }
        ChatResponse.Builder builder = ChatResponse.builder().aiMessage(ai.build()).id(id).modelName(modelName);
        if (inputTokens != null || outputTokens != null) {
            builder.tokenUsage(new TokenUsage(inputTokens, outputTokens));
        }
        if (finishReason != null) {
            builder.finishReason(FinishReason.valueOf(finishReason));
        }
        return builder.build();
    }
}
