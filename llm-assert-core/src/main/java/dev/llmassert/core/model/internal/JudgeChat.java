package dev.llmassert.core.model.internal;

import dev.failsafe.Execution;
import dev.failsafe.RetryPolicy;
import dev.failsafe.RetryPolicyBuilder;
import dev.langchain4j.data.message.AiMessage;
import dev.langchain4j.data.message.ChatMessage;
import dev.langchain4j.data.message.UserMessage;
import dev.langchain4j.model.ModelProvider;
import dev.langchain4j.model.chat.Capability;
import dev.langchain4j.model.chat.ChatModel;
import dev.langchain4j.model.chat.request.ChatRequest;
import dev.langchain4j.model.chat.request.ChatRequestParameters;
import dev.langchain4j.model.chat.response.ChatResponse;
import dev.langchain4j.model.output.TokenUsage;
import dev.llmassert.core.model.JudgeCallException;
import dev.llmassert.core.model.JudgeProvider;
import dev.llmassert.core.model.JudgeReplyException;
import dev.llmassert.core.model.JudgeSettings;
import dev.llmassert.core.record.RecordingException;
import dev.llmassert.core.record.Replayed;
import org.apiguardian.api.API;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;

import static org.apiguardian.api.API.Status.INTERNAL;

/**
 * Talks to a judge model on behalf of a judge: retries transient failures with backoff, and re-asks when a reply
 * cannot be parsed. Every LLM judge (groundedness, direct and pairwise criteria, and so the evaluations' annotators)
 * goes through it, so they fail the same way and never guess.
 *
 * <ul>
 *   <li>Transient failures (a connection refused, reset or closed with no reply, a timeout, HTTP 429 or 5xx) are
 *       retried up to {@code maxRetries} times. The wait before retry n is {@code retryBackoff × 2^(n-1)}, at most
 *       30 s, with ±50 % jitter so that calls that failed together do not retry together; when the endpoint said
 *       how long to wait ({@code Retry-After}, {@code x-ratelimit-reset-*}, see {@link RetryHints}), that wait
 *       replaces the backoff, as OpenAI's own clients do. A wait asked for that is longer than {@link #MAX_WAIT} is
 *       not waited for: the call fails at once, saying so.</li>
 *   <li>Failures that a retry cannot fix (bad key, unknown model or host, bad request) fail at once.</li>
 *   <li>Either way the {@link JudgeCallException} names the judge, the kind of endpoint, every try and what it got
 *       ({@code 3 tries: EOF (connection closed with no reply), HTTP 500, HTTP 500}), and the fix. Its message, its
 *       cause chain and the retry log lines hold no credential ({@link Redactor}).</li>
 *   <li>A reply the parser rejects is re-asked: the bad reply and a message quoting the parse error are appended to
 *       the conversation. After {@code maxAttempts} replies (3 by default) a {@link JudgeReplyException} quotes the
 *       last reply and the error.</li>
 * </ul>
 *
 * <p>The retry policy is Failsafe's {@link RetryPolicy}: it decides whether a failure is retried, counts the retries
 * and computes the backoff with jitter. It is driven as a standalone {@link Execution} rather than through
 * {@code Failsafe.with(policy).get(...)} because Failsafe's synchronous executor waits with {@code Thread.sleep};
 * here every wait goes through a {@link Sleeper}, so tests can assert on the waits with simulated time. Failsafe over
 * Resilience4j: one 144 KB jar with no dependencies (Resilience4j's retry needs its core module and, in a synchronous
 * call, sleeps in a static function that cannot be replaced), and its smooth {@code RateLimiter} hands out
 * reservations for {@link EndpointRateBudgets}. Neither library's rate limiter takes a clock.
 *
 * <p>Thread-safe and stateless between calls: one instance serves all the calls of a judge.
 */
@API(status = INTERNAL, since = "0.1")
public final class JudgeChat {

    /** Replies tried before giving up on a reply that does not parse, as in IBM EvalAssist. */
    public static final int DEFAULT_MAX_ATTEMPTS = 3;

    public static final Duration DEFAULT_RETRY_BACKOFF = Duration.ofMillis(500);
    /** The longest wait between tries, by backoff. */
    public static final Duration MAX_BACKOFF = Duration.ofSeconds(30);
    /** The longest wait an endpoint may ask for ({@code Retry-After}) and still be retried. */
    public static final Duration MAX_WAIT = Duration.ofSeconds(60);
    /** The spread of a backoff wait: ±50 %. */
    static final double JITTER = 0.5;

    private static final Logger LOG = LoggerFactory.getLogger(JudgeChat.class);

    private final ChatModel chatModel;
    private final String judgeName;
    private final int maxRetries;
    private final Duration retryBackoff;
    private final int maxAttempts;
    private final Sleeper sleeper;
    private final Clock clock;
    private final Redactor redactor;
    private final RetryPolicy<ChatResponse> retryPolicy;

    private JudgeChat(Builder builder) {
        this.chatModel = Objects.requireNonNull(
                builder.chatModel,
                "chatModel must be set: pass the judge ChatModel, e.g. JudgeModels.chatModel(settings)");
        this.judgeName = builder.judgeName == null || builder.judgeName.isBlank()
                ? defaultJudgeName(chatModel)
                : builder.judgeName.strip();
        this.maxRetries = builder.maxRetries == null ? JudgeSettings.DEFAULT_MAX_RETRIES : builder.maxRetries;
        this.retryBackoff = builder.retryBackoff == null ? DEFAULT_RETRY_BACKOFF : builder.retryBackoff;
        this.maxAttempts = builder.maxAttempts == null ? DEFAULT_MAX_ATTEMPTS : builder.maxAttempts;
        this.sleeper = builder.sleeper == null ? Sleeper.THREAD : builder.sleeper;
        this.clock = builder.clock == null ? Clock.systemUTC() : builder.clock;
        this.redactor = builder.redactor == null
                ? Redactor.forVariables(System::getenv, JudgeSettings.DEFAULT_API_KEY_ENV)
                : builder.redactor;
        this.retryPolicy = retryPolicy(maxRetries, retryBackoff);
    }

    /**
     * Retries any failure it is given, {@code maxRetries} times, with jittered exponential backoff. Only transient
     * failures are given to it: {@link #send} fails at once on the rest.
     */
    private static RetryPolicy<ChatResponse> retryPolicy(int maxRetries, Duration backoff) {
        RetryPolicyBuilder<ChatResponse> policy =
                RetryPolicy.<ChatResponse>builder().withMaxRetries(maxRetries);
        if (backoff.isZero()) {
            return policy.build();
        }
        Duration first = backoff.compareTo(MAX_BACKOFF) < 0 ? backoff : MAX_BACKOFF.minusNanos(1);
        return policy.withBackoff(first, MAX_BACKOFF).withJitter(JITTER).build();
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
        Objects.requireNonNull(parser, "parser");
        return askWithResponse(subject, request, (text, response) -> parser.parse(text));
    }

    /**
     * As {@link #ask(String, ChatRequest, ReplyParser)}, for a parser that reads more of the response than its text,
     * such as its token log-probabilities.
     */
    public <T> JudgeReply<T> askWithResponse(String subject, ChatRequest request, ResponseParser<T> parser) {
        Objects.requireNonNull(request, "request");
        Objects.requireNonNull(parser, "parser");
        List<ChatMessage> messages = new ArrayList<>(request.messages());
        TokenUsage usage = null;
        boolean replayed = true;
        int retries = 0;
        Set<String> recordedModels = new LinkedHashSet<>();
        String lastReply = "";
        String lastError = "";
        for (int attempt = 1; attempt <= maxAttempts; attempt++) {
            ChatRequest attemptRequest = attempt == 1
                    ? request
                    : request.toBuilder().messages(messages).build();
            Sent sent = send(subject, attemptRequest);
            ChatResponse response = sent.response();
            retries += sent.retries();
            usage = TokenUsage.sum(usage, response.tokenUsage());
            replayed &= Replayed.isReplayed(response);
            recordedModel(request, response).ifPresent(recordedModels::add);
            String text = response.aiMessage() == null || response.aiMessage().text() == null
                    ? ""
                    : response.aiMessage().text();
            try {
                T value = parser.parse(text, response);
                return new JudgeReply<>(
                        value,
                        text,
                        plain(usage),
                        replayed,
                        attempt,
                        retries,
                        recordedModels.isEmpty() ? null : String.join(", ", recordedModels));
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
                judgeName,
                lastReply,
                lastError,
                maxAttempts);
    }

    /**
     * The model a replayed reply's recording names, when it is not the model the request was for: who really wrote
     * the reply, e.g. {@code hand-written-example}.
     */
    private Optional<String> recordedModel(ChatRequest request, ChatResponse response) {
        if (!Replayed.isReplayed(response)
                || response.modelName() == null
                || response.modelName().isBlank()) {
            return Optional.empty();
        }
        ChatRequestParameters defaults = chatModel.defaultRequestParameters();
        String asked = request.parameters() != null && request.parameters().modelName() != null
                ? request.parameters().modelName()
                : defaults == null ? null : defaults.modelName();
        return response.modelName().equals(asked) ? Optional.empty() : Optional.of(response.modelName());
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
        return send(subject, request).response();
    }

    /** A response, and how many retries it took. */
    private record Sent(ChatResponse response, int retries) {}

    private Sent send(String subject, ChatRequest request) {
        Execution<ChatResponse> execution = Execution.of(retryPolicy);
        List<String> tries = new ArrayList<>();
        while (true) {
            ChatResponse response;
            try {
                response = chatModel.chat(request);
            } catch (RecordingException e) {
                // Not a failed call: no call was made. Its message (key, test, file, re-record command) is the fix.
                throw e;
            } catch (RuntimeException e) {
                CallFailure failure = CallFailure.classify(e, redactor, clock.instant());
                tries.add(failure.label());
                Duration asked = failure.retryAfter();
                boolean askedTooMuch = asked != null && asked.compareTo(MAX_WAIT) > 0;
                if (!failure.isTransient()
                        || askedTooMuch
                        || Thread.currentThread().isInterrupted()) {
                    throw failed(subject, failure, tries, askedTooMuch ? asked : null, e);
                }
                execution.recordException(e);
                if (execution.isComplete()) {
                    throw failed(subject, failure, tries, null, e);
                }
                // The endpoint knows when it will take calls again: its wait replaces the backoff.
                Duration wait = asked != null ? asked : execution.getDelay();
                if (LOG.isInfoEnabled()) {
                    LOG.info(redactor.redact(
                            JudgeMessages.retrying(judgeName, subject, failure, tries.size(), maxRetries, wait)));
                }
                pause(subject, wait, tries.size(), e);
                continue;
            }
            execution.recordResult(response);
            return new Sent(response, tries.size());
        }
    }

    private JudgeCallException failed(
            String subject, CallFailure failure, List<String> tries, Duration tooLong, RuntimeException error) {
        String message =
                JudgeMessages.callFailed(judgeName, endpointKind(), subject, failure, tries, maxRetries, tooLong);
        return new JudgeCallException(
                redactor.redact(message), judgeName, failure.isTransient(), tries.size(), redactor.redact(error));
    }

    private void pause(String subject, Duration wait, int tries, RuntimeException cause) {
        try {
            sleeper.sleep(wait);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new JudgeCallException(
                    redactor.redact(JudgeMessages.interrupted(judgeName, subject)),
                    judgeName,
                    true,
                    tries,
                    redactor.redact(cause));
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
        String modelName = model.defaultRequestParameters() == null
                ? null
                : model.defaultRequestParameters().modelName();
        return provider + ":" + (modelName == null || modelName.isBlank() ? "unnamed-model" : modelName);
    }

    /**
     * The provider's name in {@code provider:model} names: {@code openai} and {@code ollama} as in
     * {@code llmassert.judge.provider}, any other in lower case with hyphens, e.g. {@code azure-open-ai}.
     */
    public static String providerId(ModelProvider provider) {
        return switch (provider) {
            case OPEN_AI -> JudgeProvider.OPENAI.id();
            case OLLAMA -> JudgeProvider.OLLAMA.id();
            default -> provider.name().toLowerCase(Locale.ROOT).replace('_', '-');
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
        private Sleeper sleeper;
        private Clock clock;
        private Redactor redactor;

        private Builder() {}

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
            this.maxRetries = maxRetries == null ? null : JudgeSettingBounds.maxRetries(maxRetries);
            return this;
        }

        /** The wait before the first retry, doubled for each further one; default 500 ms. */
        public Builder retryBackoff(Duration retryBackoff) {
            this.retryBackoff = JudgeSettingBounds.retryBackoff(retryBackoff);
            return this;
        }

        /** Replies tried before a reply that does not parse is an error, from 1 to 10; default 3. */
        public Builder maxAttempts(Integer maxAttempts) {
            this.maxAttempts = JudgeSettingBounds.maxAttempts(maxAttempts);
            return this;
        }

        /** How the judge waits before a retry; by default the calling thread sleeps. For tests: simulated time. */
        public Builder sleeper(Sleeper sleeper) {
            this.sleeper = sleeper;
            return this;
        }

        /** The time, to read a {@code Retry-After} given as a date; by default the system clock. */
        public Builder clock(Clock clock) {
            this.clock = clock;
            return this;
        }

        /**
         * What masks credentials in messages, log lines and causes; by default credential-shaped text and the value
         * of {@code OPENAI_API_KEY}.
         */
        public Builder redactor(Redactor redactor) {
            this.redactor = redactor;
            return this;
        }

        public JudgeChat build() {
            return new JudgeChat(this);
        }
    }
}
