package dev.llmassert.core.model.internal;

import dev.langchain4j.data.message.AiMessage;
import dev.langchain4j.data.message.ChatMessage;
import dev.langchain4j.data.message.UserMessage;
import dev.langchain4j.model.chat.Capability;
import dev.langchain4j.model.chat.ChatModel;
import dev.langchain4j.model.chat.request.ChatRequest;
import dev.langchain4j.model.chat.response.ChatResponse;
import dev.langchain4j.model.output.TokenUsage;
import dev.llmassert.core.model.JudgeCallException;
import dev.llmassert.core.model.JudgeProvider;
import dev.llmassert.core.model.JudgeReplyException;
import dev.llmassert.core.model.JudgeSettings;
import dev.llmassert.core.record.RecordingException;
import dev.llmassert.core.record.Replayed;
import org.apiguardian.api.API;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.ThreadLocalRandom;

import static org.apiguardian.api.API.Status.INTERNAL;

/**
 * Talks to a judge model on behalf of a judge: retries transient failures with backoff, and re-asks when a reply
 * cannot be parsed. Every LLM judge (groundedness, direct and pairwise criteria) goes through it, so they fail the
 * same way and never guess.
 *
 * <ul>
 *   <li>Transient errors (timeouts, HTTP 429, 5xx) are retried up to {@code maxRetries} times, waiting
 *       {@code retryBackoff × 2^(n-1)} (with jitter, at most 30 s) before retry n. After the last one a
 *       {@link JudgeCallException} names the judge, the kind of endpoint and the fix.</li>
 *   <li>Errors that a retry cannot fix (bad key, unknown model, bad request, endpoint unreachable) fail at once with a
 *       {@link JudgeCallException}.</li>
 *   <li>A reply the parser rejects is re-asked: the bad reply and a message quoting the parse error are appended to
 *       the conversation. After {@code maxAttempts} replies (3 by default) a {@link JudgeReplyException} quotes the
 *       last reply and the error.</li>
 * </ul>
 *
 * <p>Thread-safe and stateless between calls: one instance serves all the calls of a judge.
 */
@API(status = INTERNAL, since = "0.1")
public final class JudgeChat {

    /** Replies tried before giving up on a reply that does not parse, as in IBM EvalAssist. */
    public static final int DEFAULT_MAX_ATTEMPTS = 3;
    public static final Duration DEFAULT_RETRY_BACKOFF = Duration.ofMillis(500);
    private static final Duration MAX_BACKOFF = Duration.ofSeconds(30);

    private final ChatModel chatModel;
    private final String judgeName;
    private final int maxRetries;
    private final Duration retryBackoff;
    private final int maxAttempts;

    private JudgeChat(Builder builder) {
        this.chatModel = Objects.requireNonNull(builder.chatModel,
                "chatModel must be set: pass the judge ChatModel, e.g. JudgeModels.chatModel(settings)");
        this.judgeName = builder.judgeName == null || builder.judgeName.isBlank() ? defaultJudgeName(chatModel)
                : builder.judgeName.strip();
        this.maxRetries = builder.maxRetries == null ? JudgeSettings.DEFAULT_MAX_RETRIES : builder.maxRetries;
        this.retryBackoff = builder.retryBackoff == null ? DEFAULT_RETRY_BACKOFF : builder.retryBackoff;
        this.maxAttempts = builder.maxAttempts == null ? DEFAULT_MAX_ATTEMPTS : builder.maxAttempts;
    }

    public static Builder builder() {
        return new Builder();
    }

    /** The judge, as {@code provider:model}. */
    public String judgeName() {
        return judgeName;
    }

    public ChatModel chatModel() {
        return chatModel;
    }

    public int maxRetries() {
        return maxRetries;
    }

    /** Whether the model declares support for a JSON-schema response format (structured output). */
    public boolean supportsJsonSchema() {
        return chatModel.supportedCapabilities().contains(Capability.RESPONSE_FORMAT_JSON_SCHEMA);
    }

    /**
     * Sends {@code request} and parses the reply, re-asking with the parse error until a reply parses or
     * {@code maxAttempts} replies were tried.
     *
     * @param subject what is being judged, for error messages, e.g. {@code "sentence 3 of the response"}
     * @param request the request; its parameters (response format and so on) are kept for every attempt
     * @param parser  turns a reply's text into a value, or throws {@link ReplyParseException}
     * @throws JudgeReplyException if no reply parsed
     * @throws JudgeCallException  if the model could not be called (see the class comment)
     */
    public <T> JudgeReply<T> ask(String subject, ChatRequest request, ReplyParser<T> parser) {
        Objects.requireNonNull(request, "request");
        Objects.requireNonNull(parser, "parser");
        List<ChatMessage> messages = new ArrayList<>(request.messages());
        TokenUsage usage = null;
        boolean replayed = true;
        String lastReply = "";
        String lastError = "";
        for (int attempt = 1; attempt <= maxAttempts; attempt++) {
            ChatRequest attemptRequest = attempt == 1 ? request : request.toBuilder().messages(messages).build();
            ChatResponse response = call(subject, attemptRequest);
            usage = TokenUsage.sum(usage, response.tokenUsage());
            replayed &= Replayed.isReplayed(response);
            String text = response.aiMessage() == null || response.aiMessage().text() == null ? ""
                    : response.aiMessage().text();
            try {
                T value = parser.parse(text);
                return new JudgeReply<>(value, text, plain(usage), replayed, attempt);
            } catch (ReplyParseException e) {
                lastReply = text;
                lastError = e.getMessage();
                if (!text.isEmpty()) {
                    messages.add(AiMessage.from(text));
                }
                messages.add(UserMessage.from(JudgeMessages.repairRequest(lastError)));
            }
        }
        throw new JudgeReplyException(
                JudgeMessages.unusableReply(judgeName, subject, maxAttempts, lastReply, lastError),
                judgeName, lastReply, lastError, maxAttempts);
    }

    /** {@link #ask(String, ChatRequest, ReplyParser)} with a generic subject. */
    public <T> JudgeReply<T> ask(ChatRequest request, ReplyParser<T> parser) {
        return ask("the request", request, parser);
    }

    /**
     * Sends {@code request} once, retrying transient failures.
     *
     * @throws JudgeCallException if the call failed for good
     * @throws RecordingException  unchanged, when a recording model has no reply recorded (replay mode) or cannot
     *                             use its file: no call was made, and its message says how to fix it
     */
    public ChatResponse call(String subject, ChatRequest request) {
        for (int attempt = 1; ; attempt++) {
            try {
                return chatModel.chat(request);
            } catch (RecordingException e) {
                // Not a failed call: no call was made. Its message (key, test, file, re-record command) is the fix.
                throw e;
            } catch (RuntimeException e) {
                CallFailure failure = CallFailure.classify(e);
                if (failure.isTransient() && attempt <= maxRetries) {
                    pause(subject, attempt, e);
                    continue;
                }
                throw new JudgeCallException(JudgeMessages.callFailed(judgeName, endpointKind(), subject, failure,
                        attempt, maxRetries), judgeName, failure.isTransient(), attempt, e);
            }
        }
    }

    private void pause(String subject, int retry, RuntimeException cause) {
        long base = retryBackoff.toMillis() << Math.min(retry - 1, 20);
        long capped = Math.min(base, MAX_BACKOFF.toMillis());
        // Jitter spreads out the retries of calls that failed together, e.g. eight calls rate-limited at once.
        long delay = capped / 2 + (capped > 1 ? ThreadLocalRandom.current().nextLong(capped / 2 + 1) : 0);
        try {
            Thread.sleep(delay);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new JudgeCallException(JudgeMessages.interrupted(judgeName, subject), judgeName, true, retry,
                    cause);
        }
    }

    private String endpointKind() {
        return JudgeMessages.endpointKind(chatModel.provider());
    }

    private static TokenUsage plain(TokenUsage usage) {
        if (usage == null) {
            return new TokenUsage(0, 0, 0);
        }
        return new TokenUsage(usage.inputTokenCount(), usage.outputTokenCount(), usage.totalTokenCount());
    }

    /** {@code provider:model} from what the model says about itself, e.g. {@code openai:gpt-4o-mini}. */
    public static String defaultJudgeName(ChatModel model) {
        String provider = providerId(model.provider());
        String modelName = model.defaultRequestParameters() == null ? null
                : model.defaultRequestParameters().modelName();
        return provider + ":" + (modelName == null || modelName.isBlank() ? "unnamed-model" : modelName);
    }

    /**
     * The provider's name in {@code provider:model} names: {@code openai} and {@code ollama} as in
     * {@code llmassert.judge.provider}, any other in lower case with hyphens, e.g. {@code azure-open-ai}.
     */
    public static String providerId(dev.langchain4j.model.ModelProvider provider) {
        return switch (provider) {
            case OPEN_AI -> JudgeProvider.OPENAI.id();
            case OLLAMA -> JudgeProvider.OLLAMA.id();
            default -> provider.name().toLowerCase(java.util.Locale.ROOT).replace('_', '-');
        };
    }

    /** Builder with boxed fields: {@code null} means "not set", and the default applies when built. */
    @API(status = INTERNAL, since = "0.1")
    public static final class Builder {

        private ChatModel chatModel;
        private String judgeName;
        private Integer maxRetries;
        private Duration retryBackoff;
        private Integer maxAttempts;

        private Builder() {
        }

        /** The judge model. Required. */
        public Builder chatModel(ChatModel chatModel) {
            this.chatModel = chatModel;
            return this;
        }

        /** The name in messages, as {@code provider:model}; by default taken from the model. */
        public Builder judgeName(String judgeName) {
            this.judgeName = judgeName;
            return this;
        }

        /** Retries of a transient failure, from 0 to 20; default 3. */
        public Builder maxRetries(Integer maxRetries) {
            this.maxRetries = maxRetries == null ? null : JudgeLimits.maxRetries(maxRetries);
            return this;
        }

        /** The wait before the first retry, doubled for each further one; default 500 ms. */
        public Builder retryBackoff(Duration retryBackoff) {
            this.retryBackoff = JudgeLimits.retryBackoff(retryBackoff);
            return this;
        }

        /** Replies tried before a reply that does not parse is an error, from 1 to 10; default 3. */
        public Builder maxAttempts(Integer maxAttempts) {
            this.maxAttempts = JudgeLimits.maxAttempts(maxAttempts);
            return this;
        }

        public JudgeChat build() {
            return new JudgeChat(this);
        }
    }
}
