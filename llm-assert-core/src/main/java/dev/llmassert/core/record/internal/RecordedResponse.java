package dev.llmassert.core.record.internal;

import dev.langchain4j.agent.tool.ToolExecutionRequest;
import dev.langchain4j.data.message.AiMessage;
import dev.langchain4j.model.chat.response.ChatResponse;
import dev.langchain4j.model.openai.LogProb;
import dev.langchain4j.model.openai.OpenAiChatResponseMetadata;
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
 * @param logprobs     the log-probability of each token of the reply, with the most likely alternatives, as an
 *                     OpenAI-compatible server sends them when asked ({@code "logprobs": true}); empty when it sent
 *                     none. A judge that scores by them (the claim-check judge) replays the same score.
 */
@API(status = INTERNAL, since = "0.1")
public record RecordedResponse(
        String text,
        List<ToolCall> toolCalls,
        Integer inputTokens,
        Integer outputTokens,
        String finishReason,
        String recordedAt,
        List<TokenLogprob> logprobs) {

    public RecordedResponse {
        toolCalls = toolCalls == null ? List.of() : List.copyOf(toolCalls);
        logprobs = logprobs == null ? List.of() : List.copyOf(logprobs);
    }

    /** A reply without log-probabilities. */
    public RecordedResponse(
            String text,
            List<ToolCall> toolCalls,
            Integer inputTokens,
            Integer outputTokens,
            String finishReason,
            String recordedAt) {
        this(text, toolCalls, inputTokens, outputTokens, finishReason, recordedAt, List.of());
    }

    /** A tool call the model asked for. */
    @API(status = INTERNAL, since = "0.1")
    public record ToolCall(String id, String name, String arguments) {}

    /**
     * One token of a reply and its natural log-probability, with the most likely tokens at its place ({@code top},
     * possibly empty).
     */
    @API(status = INTERNAL, since = "0.1")
    public record TokenLogprob(String token, double logprob, List<TokenLogprob> top) {

        public TokenLogprob {
            top = top == null ? List.of() : List.copyOf(top);
        }

        /** A token the server sent with a log-probability; one without either is left out. */
        static boolean usable(LogProb logProb) {
            return logProb != null
                    && logProb.token() != null
                    && logProb.logprob() != null
                    && Double.isFinite(logProb.logprob());
        }

        static TokenLogprob of(LogProb logProb) {
            List<TokenLogprob> top = new ArrayList<>();
            if (logProb.topLogprobs() != null) {
                for (LogProb alternative : logProb.topLogprobs()) {
                    if (usable(alternative)) {
                        top.add(new TokenLogprob(alternative.token(), alternative.logprob(), List.of()));
                    }
                }
            }
            return new TokenLogprob(logProb.token(), logProb.logprob(), top);
        }

        LogProb toLogProb() {
            return LogProb.builder()
                    .token(token)
                    .logprob(logprob)
                    .topLogprobs(top.stream().map(TokenLogprob::toLogProb).toList())
                    .build();
        }
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
        return new RecordedResponse(
                ai == null ? null : ai.text(),
                calls,
                usage == null ? null : usage.inputTokenCount(),
                usage == null ? null : usage.outputTokenCount(),
                response.finishReason() == null ? null : response.finishReason().name(),
                now.truncatedTo(ChronoUnit.SECONDS).toString(),
                logprobs(response));
    }

    private static List<TokenLogprob> logprobs(ChatResponse response) {
        if (!(response.metadata() instanceof OpenAiChatResponseMetadata openAi) || openAi.logProbs() == null) {
            return List.of();
        }
        return openAi.logProbs().stream()
                .filter(TokenLogprob::usable)
                .map(TokenLogprob::of)
                .toList();
    }

    /** The reply as a langchain4j response, with {@code id} as its metadata id. */
    public ChatResponse toChatResponse(String id, String modelName) {
        AiMessage.Builder ai = AiMessage.builder().text(text);
        if (!toolCalls.isEmpty()) {
            List<ToolExecutionRequest> requests = new ArrayList<>();
            for (ToolCall call : toolCalls) {
                requests.add(ToolExecutionRequest.builder()
                        .id(call.id())
                        .name(call.name())
                        .arguments(call.arguments())
                        .build());
            }
            ai.toolExecutionRequests(requests);
        }
        TokenUsage usage =
                inputTokens != null || outputTokens != null ? new TokenUsage(inputTokens, outputTokens) : null;
        FinishReason finish = finishReason == null ? null : FinishReason.valueOf(finishReason);
        if (!logprobs.isEmpty()) {
            // where the OpenAI client puts them, so that a judge reads a replayed reply as it reads a live one
            return ChatResponse.builder()
                    .aiMessage(ai.build())
                    .metadata(OpenAiChatResponseMetadata.builder()
                            .id(id)
                            .modelName(modelName)
                            .tokenUsage(usage)
                            .finishReason(finish)
                            .logProbs(logprobs.stream()
                                    .map(TokenLogprob::toLogProb)
                                    .toList())
                            .build())
                    .build();
        }
        ChatResponse.Builder builder =
                ChatResponse.builder().aiMessage(ai.build()).id(id).modelName(modelName);
        if (usage != null) {
            builder.tokenUsage(usage);
        }
        if (finish != null) {
            builder.finishReason(finish);
        }
        return builder.build();
    }
}
