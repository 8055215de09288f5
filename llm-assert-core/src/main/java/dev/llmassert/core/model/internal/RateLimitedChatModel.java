package dev.llmassert.core.model.internal;

import dev.langchain4j.data.message.AiMessage;
import dev.langchain4j.data.message.ChatMessage;
import dev.langchain4j.data.message.Content;
import dev.langchain4j.data.message.SystemMessage;
import dev.langchain4j.data.message.TextContent;
import dev.langchain4j.data.message.UserMessage;
import dev.langchain4j.model.chat.ChatModel;
import dev.langchain4j.model.chat.ChatRequestOptions;
import dev.langchain4j.model.chat.request.ChatRequest;
import dev.langchain4j.model.chat.response.ChatResponse;
import dev.llmassert.core.config.ConfigKeys;
import org.apiguardian.api.API;

import java.time.Duration;
import java.util.Objects;

import static org.apiguardian.api.API.Status.INTERNAL;

/**
 * A judge's client, held to the JVM-wide {@link EndpointRateBudgets.Budget} of its endpoint and model: each call waits
 * until the budget lets it through. It sits right on the provider's client, under the recordings, so a replayed
 * reply never waits, and every try of a retried call counts.
 *
 * <p>Tokens are estimated before the call from the prompt: its characters divided by 4 (OpenAI's rule of thumb for
 * English), rounded up, over every message's text and the response schema. When the endpoint reports the tokens a
 * call used (prompt and reply), any excess over the estimate is charged after the call, so later calls wait for it.
 */
@API(status = INTERNAL, since = "0.1")
public final class RateLimitedChatModel extends DelegatingChatModel {

    /** Characters a token, for estimates: about 4 in English text. */
    public static final int CHARACTERS_PER_TOKEN = 4;

    private final EndpointRateBudgets.Budget budget;
    private final Sleeper sleeper;

    public RateLimitedChatModel(ChatModel delegate, EndpointRateBudgets.Budget budget, Sleeper sleeper) {
        super(delegate);
        this.budget = Objects.requireNonNull(budget, "budget");
        this.sleeper = Objects.requireNonNull(sleeper, "sleeper");
    }

    @Override
    public ChatResponse chat(ChatRequest request) {
        return chat(request, ChatRequestOptions.EMPTY);
    }

    @Override
    public ChatResponse chat(ChatRequest request, ChatRequestOptions options) {
        int estimate = estimateTokens(request);
        waitFor(budget.reserve(estimate));
        ChatResponse response = delegate().chat(request, options == null ? ChatRequestOptions.EMPTY : options);
        Integer used = response == null || response.tokenUsage() == null
                ? null
                : response.tokenUsage().totalTokenCount();
        if (used != null && used > estimate) {
            budget.charge(used - estimate);
        }
        return response;
    }

    @Override
    public ChatResponse doChat(ChatRequest request) {
        return chat(request);
    }

    /** About how many tokens {@code request}'s prompt takes: its characters / {@value #CHARACTERS_PER_TOKEN}, up. */
    public static int estimateTokens(ChatRequest request) {
        long characters = 0;
        for (ChatMessage message : request.messages()) {
            characters += textLength(message);
        }
        if (request.responseFormat() != null && request.responseFormat().jsonSchema() != null) {
            characters += String.valueOf(request.responseFormat().jsonSchema()).length();
        }
        long tokens = (characters + CHARACTERS_PER_TOKEN - 1) / CHARACTERS_PER_TOKEN;
        return (int) Math.min(Math.max(tokens, 1), Integer.MAX_VALUE);
    }

    private static long textLength(ChatMessage message) {
        if (message instanceof SystemMessage system) {
            return system.text().length();
        }
        if (message instanceof UserMessage user) {
            long length = 0;
            for (Content content : user.contents()) {
                length += content instanceof TextContent text ? text.text().length() : 0;
            }
            return length;
        }
        if (message instanceof AiMessage ai) {
            return ai.text() == null ? 0 : ai.text().length();
        }
        return String.valueOf(message).length();
    }

    private void waitFor(Duration wait) {
        try {
            sleeper.sleep(wait);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(
                    "Interrupted while waiting " + JudgeMessages.seconds(wait)
                            + " for the rate limit of the judge endpoint (" + ConfigKeys.JUDGE_MAX_REQUESTS_PER_MINUTE
                            + "="
                            + orUnlimited(budget.requestsPerMinute()) + ", " + ConfigKeys.JUDGE_MAX_TOKENS_PER_MINUTE
                            + "="
                            + orUnlimited(budget.tokensPerMinute()) + "): the run or the test was stopped.",
                    e);
        }
    }

    private static String orUnlimited(Integer limit) {
        return limit == null ? JudgeSettingBounds.UNLIMITED : String.valueOf(limit);
    }

    public EndpointRateBudgets.Budget budget() {
        return budget;
    }

    @Override
    public String toString() {
        return "RateLimitedChatModel[" + delegate().getClass().getSimpleName() + ", " + budget + "]";
    }
}
