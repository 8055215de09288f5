package dev.llmassert.core.model.internal;

import dev.langchain4j.data.message.AiMessage;
import dev.langchain4j.data.message.UserMessage;
import dev.langchain4j.model.chat.ChatModel;
import dev.langchain4j.model.chat.request.ChatRequest;
import dev.langchain4j.model.chat.response.ChatResponse;
import dev.langchain4j.model.output.TokenUsage;
import dev.llmassert.core.model.JudgeModels;
import dev.llmassert.core.model.JudgeProvider;
import dev.llmassert.core.model.JudgeSettings;
import dev.llmassert.core.record.RecordingMode;
import dev.llmassert.core.record.Recordings;
import dev.llmassert.core.testing.ScriptedChatModel;
import dev.llmassert.core.testing.SimulatedClock;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import java.util.UUID;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The JVM-wide rate limits, on simulated time: Failsafe's limiters read a {@link SimulatedClock}, and every wait goes
 * through it instead of sleeping. The assertions are on the simulated clock only.
 */
class EndpointRateBudgetsTest {

    /** 400 characters: 100 tokens by the estimate. */
    private static final ChatRequest HUNDRED_TOKENS =
            ChatRequest.builder().messages(UserMessage.from("x".repeat(400))).build();

    private final SimulatedClock clock = new SimulatedClock();

    private RateLimitedChatModel limited(ChatModel model, EndpointRateBudgets.Budget budget) {
        return new RateLimitedChatModel(model, budget, clock);
    }

    /** An endpoint no other test uses: the registry is JVM-wide. */
    private static String endpoint() {
        return "https://judge-" + UUID.randomUUID() + ".test/v1";
    }

    @Test
    void sixtyCallsUnderAHundredAndTwentyAMinuteTakeThirtySecondsOfSimulatedTime() {
        ScriptedChatModel model = ScriptedChatModel.answering(request -> "yes");
        RateLimitedChatModel judge = limited(model, EndpointRateBudgets.Budget.of(120, null, clock::smoothLimiter));

        for (int i = 0; i < 60; i++) {
            judge.chat(HUNDRED_TOKENS);
        }

        assertThat(model.requestCount()).isEqualTo(60);
        assertThat(clock.sleeps().get(0)).as("the first call goes at once").isZero();
        assertThat(clock.waits())
                .as("every later call waits its turn, 0.5 s apart")
                .hasSize(59)
                .allSatisfy(wait -> assertThat(wait).isEqualTo(Duration.ofMillis(500)));
        assertThat(clock.elapsed())
                .as("the 60th call starts after 59 intervals of 0.5 s")
                .isEqualTo(Duration.ofMillis(29_500));
    }

    @Test
    void tokensAreEstimatedFromThePromptAndSpreadOverTheMinute() {
        ScriptedChatModel model = ScriptedChatModel.answering(request -> "yes");
        // 6,000 tokens a minute is 100 a second: each call of 100 tokens holds the next one back 1 s
        RateLimitedChatModel judge = limited(model, EndpointRateBudgets.Budget.of(null, 6_000, clock::smoothLimiter));

        for (int i = 0; i < 20; i++) {
            judge.chat(HUNDRED_TOKENS);
        }

        assertThat(RateLimitedChatModel.estimateTokens(HUNDRED_TOKENS)).isEqualTo(100);
        assertThat(clock.sleeps().get(0))
                .as("a first call never waits for its own tokens")
                .isZero();
        assertThat(clock.elapsed()).isEqualTo(Duration.ofSeconds(19));
    }

    @Test
    void tokensTheEndpointReportsBeyondTheEstimateHoldTheNextCallBack() {
        ChatModel verbose = new ChatModel() {
            @Override
            public ChatResponse doChat(ChatRequest request) {
                return ChatResponse.builder()
                        .aiMessage(AiMessage.from("a long answer"))
                        .tokenUsage(new TokenUsage(100, 500))
                        .build();
            }
        };
        RateLimitedChatModel judge = limited(verbose, EndpointRateBudgets.Budget.of(null, 6_000, clock::smoothLimiter));

        judge.chat(HUNDRED_TOKENS);
        judge.chat(HUNDRED_TOKENS);

        assertThat(clock.sleeps())
                .as("100 estimated + 500 charged after the call, at 100 a second")
                .containsExactly(Duration.ZERO, Duration.ofSeconds(6));
    }

    @Test
    void theSlowerOfTheTwoLimitsDecides() {
        ScriptedChatModel model = ScriptedChatModel.answering(request -> "yes");
        // 600 calls a minute (0.1 s apart) but 600 tokens a minute (100 tokens: 10 s apart)
        RateLimitedChatModel judge = limited(model, EndpointRateBudgets.Budget.of(600, 600, clock::smoothLimiter));

        judge.chat(HUNDRED_TOKENS);
        judge.chat(HUNDRED_TOKENS);
        judge.chat(HUNDRED_TOKENS);

        assertThat(clock.elapsed()).isEqualTo(Duration.ofSeconds(20));
    }

    @Test
    void twoJudgesOfTheSameEndpointAndModelShareOneBudget() {
        EndpointRateBudgets.Budget shared = EndpointRateBudgets.Budget.of(120, null, clock::smoothLimiter);
        RateLimitedChatModel groundedness = limited(ScriptedChatModel.answering(r -> "yes"), shared);
        RateLimitedChatModel criteria = limited(ScriptedChatModel.answering(r -> "yes"), shared);

        for (int i = 0; i < 30; i++) {
            groundedness.chat(HUNDRED_TOKENS);
            criteria.chat(HUNDRED_TOKENS);
        }

        assertThat(clock.elapsed()).isEqualTo(Duration.ofMillis(29_500));
    }

    @Test
    void theRegistryHasOneBudgetPerEndpointAndModelForTheWholeJvm() {
        String url = endpoint();

        EndpointRateBudgets.Budget first = EndpointRateBudgets.budget(url, "gpt-4o-mini", 120, null);

        assertThat(EndpointRateBudgets.budget(url + "/", "gpt-4o-mini", 120, null))
                .as("same endpoint")
                .isSameAs(first);
        assertThat(EndpointRateBudgets.budget(url, "gpt-4o", 120, null))
                .as("another model")
                .isNotSameAs(first);
        assertThat(EndpointRateBudgets.budget(endpoint(), "gpt-4o-mini", 120, null))
                .as("another endpoint")
                .isNotSameAs(first);
    }

    @Test
    void theLowestLimitAskedForAnEndpointAppliesToAllItsJudges() {
        String url = endpoint();
        EndpointRateBudgets.budget(url, "m", 120, null);

        EndpointRateBudgets.Budget lowered = EndpointRateBudgets.budget(url, "m", 60, 10_000);
        EndpointRateBudgets.Budget asked = EndpointRateBudgets.budget(url, "m", 500, null);

        assertThat(lowered.requestsPerMinute()).isEqualTo(60);
        assertThat(lowered.tokensPerMinute()).isEqualTo(10_000);
        assertThat(asked).as("a higher limit later does not loosen it").isSameAs(lowered);
    }

    @Test
    void theJudgeModelWaitsForTheBudgetOnlyWhenALimitIsSet() {
        String url = endpoint();
        JudgeSettings unlimited = JudgeSettings.builder()
                .provider(JudgeProvider.OPENAI)
                .baseUrl(url)
                .model("judge-model")
                .apiKeyEnv("RATE_TEST_KEY")
                .build();
        Map<String, String> environment = Map.of("RATE_TEST_KEY", "sk-FAKE-rate-test-key");

        ChatModel plain = JudgeModels.chatModel(unlimited, environment::get);
        ChatModel limited = JudgeModels.chatModel(
                unlimited.toBuilder().maxRequestsPerMinute(30).build(), environment::get);

        assertThat(plain).isNotInstanceOf(RateLimitedChatModel.class);
        assertThat(limited).isInstanceOfSatisfying(RateLimitedChatModel.class, model -> {
            assertThat(model.budget()).isSameAs(EndpointRateBudgets.budget(url, "judge-model", null, null));
            assertThat(model.budget().requestsPerMinute()).isEqualTo(30);
            assertThat(model.defaultRequestParameters().modelName()).isEqualTo("judge-model");
            assertThat(JudgeChat.defaultJudgeName(model)).isEqualTo("openai:judge-model");
        });
    }

    @Test
    void aReplayedCallNeverWaitsForTheBudget(@TempDir Path dir) {
        ScriptedChatModel model = ScriptedChatModel.answering(request -> "yes");
        // one call a minute: a second call that reached the limiter would wait 60 s
        RateLimitedChatModel limited = limited(model, EndpointRateBudgets.Budget.of(1, null, clock::smoothLimiter));
        Path file = dir.resolve("recordings.json");
        Recordings.wrap(limited, file, RecordingMode.RECORD).chat(HUNDRED_TOKENS);

        for (int i = 0; i < 5; i++) {
            // a new session each time: one session replays a repeated request's recorded calls in order, once each
            ChatModel replaying = Recordings.wrap(limited, file, RecordingMode.REPLAY);
            assertThat(replaying.chat(HUNDRED_TOKENS).aiMessage().text()).isEqualTo("yes");
        }

        assertThat(model.requestCount()).isEqualTo(1);
        assertThat(clock.waits()).isEmpty();
        assertThat(clock.elapsed()).isZero();
    }
}
