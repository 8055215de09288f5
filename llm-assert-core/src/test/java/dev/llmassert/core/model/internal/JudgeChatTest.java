package dev.llmassert.core.model.internal;

import dev.langchain4j.data.message.AiMessage;
import dev.langchain4j.data.message.ChatMessage;
import dev.langchain4j.data.message.SystemMessage;
import dev.langchain4j.data.message.UserMessage;
import dev.langchain4j.exception.AuthenticationException;
import dev.langchain4j.exception.HttpException;
import dev.langchain4j.exception.InternalServerException;
import dev.langchain4j.exception.RateLimitException;
import dev.langchain4j.exception.UnresolvedModelServerException;
import dev.langchain4j.model.chat.ChatModel;
import dev.langchain4j.model.chat.request.ChatRequest;
import dev.langchain4j.model.chat.request.ResponseFormat;
import dev.langchain4j.model.chat.response.ChatResponse;
import dev.langchain4j.model.output.TokenUsage;
import dev.llmassert.core.model.JudgeCallException;
import dev.llmassert.core.model.JudgeReplyException;
import dev.llmassert.core.record.Replayed;
import dev.llmassert.core.testing.ScriptedChatModel;
import dev.llmassert.core.testing.SimulatedClock;
import org.junit.jupiter.api.Test;

import java.io.EOFException;
import java.io.IOException;
import java.net.ConnectException;
import java.net.SocketException;
import java.nio.channels.UnresolvedAddressException;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class JudgeChatTest {

    private static final ChatRequest REQUEST = ChatRequest.builder()
            .messages(SystemMessage.from("Answer yes or no."), UserMessage.from("Is the sky blue?"))
            .responseFormat(ResponseFormat.JSON)
            .build();

    private static final ReplyParser<String> YES_OR_NO = reply -> {
        String answer = reply.strip();
        if (!answer.equals("yes") && !answer.equals("no")) {
            throw new ReplyParseException("the answer must be \"yes\" or \"no\", but is \"" + answer + "\"");
        }
        return answer;
    };

    private static JudgeChat chat(ChatModel model) {
        return JudgeChat.builder()
                .chatModel(model)
                .judgeName("test:judge")
                .retryBackoff(Duration.ZERO)
                .build();
    }

    @Test
    void aReplyThatParsesIsReturnedAtOnce() {
        ScriptedChatModel model = ScriptedChatModel.replying("yes");

        JudgeReply<String> reply = chat(model).ask("the sky", REQUEST, YES_OR_NO);

        assertThat(reply.value()).isEqualTo("yes");
        assertThat(reply.attempts()).isEqualTo(1);
        assertThat(reply.tokenUsage()).isEqualTo(new TokenUsage(10, 5, 15));
        assertThat(model.requests()).singleElement().isEqualTo(REQUEST);
    }

    @Test
    void anUnusableReplyIsReAskedWithTheReplyAndTheError() {
        ScriptedChatModel model = ScriptedChatModel.replying("maybe", "no");

        JudgeReply<String> reply = chat(model).ask("the sky", REQUEST, YES_OR_NO);

        assertThat(reply.value()).isEqualTo("no");
        assertThat(reply.attempts()).isEqualTo(2);
        assertThat(reply.tokenUsage()).isEqualTo(new TokenUsage(20, 10, 30));
        ChatRequest repair = model.requests().get(1);
        List<ChatMessage> messages = repair.messages();
        assertThat(messages).hasSize(4);
        assertThat(messages.subList(0, 2)).isEqualTo(REQUEST.messages());
        assertThat(messages.get(2)).isEqualTo(AiMessage.from("maybe"));
        assertThat(((UserMessage) messages.get(3)).singleText())
                .contains("the answer must be \"yes\" or \"no\", but is \"maybe\"");
        assertThat(repair.responseFormat()).isEqualTo(ResponseFormat.JSON);
    }

    @Test
    void anEmptyReplyIsReAskedWithoutAnEmptyAssistantMessage() {
        ScriptedChatModel model = ScriptedChatModel.replying("", "yes");

        assertThat(chat(model).ask("the sky", REQUEST, YES_OR_NO).value()).isEqualTo("yes");
        List<ChatMessage> messages = model.requests().get(1).messages();
        assertThat(messages).hasSize(3);
        assertThat(messages.get(2)).isInstanceOf(UserMessage.class);
    }

    @Test
    void afterThreeUnusableRepliesItFailsQuotingTheLastReplyAndNeverGuesses() {
        ScriptedChatModel model = ScriptedChatModel.replying("maybe", "perhaps", "I cannot tell", "yes");

        assertThatThrownBy(() -> chat(model).ask("the sky", REQUEST, YES_OR_NO))
                .isInstanceOfSatisfying(JudgeReplyException.class, e -> {
                    assertThat(e.attempts()).isEqualTo(3);
                    assertThat(e.lastReply()).isEqualTo("I cannot tell");
                    assertThat(e.parseError()).contains("but is \"I cannot tell\"");
                    assertThat(e.judgeName()).isEqualTo("test:judge");
                    assertThat(e.getMessage())
                            .contains("test:judge", "the sky", "3 tries", "\"I cannot tell\"", "never guesses", "Fix:");
                });
        assertThat(model.requestCount()).isEqualTo(3);
    }

    @Test
    void transientFailuresAreRetriedThenTheReplyIsUsed() {
        ScriptedChatModel model = new ScriptedChatModel()
                .thenThrow(new RateLimitException(new HttpException(429, "rate limited")))
                .thenThrow(new InternalServerException(new HttpException(500, "oops")))
                .thenReply("yes");

        assertThat(chat(model).ask("the sky", REQUEST, YES_OR_NO).value()).isEqualTo("yes");
        assertThat(model.requestCount()).isEqualTo(3);
    }

    @Test
    void transientFailuresBeyondMaxRetriesFailNamingTheJudgeAndTheFix() {
        ScriptedChatModel model = ScriptedChatModel.answering(request -> {
            throw new RateLimitException(new HttpException(429, "rate limited"));
        });
        JudgeChat chat = JudgeChat.builder()
                .chatModel(model)
                .judgeName("test:judge")
                .maxRetries(2)
                .retryBackoff(Duration.ofMillis(1))
                .build();

        assertThatThrownBy(() -> chat.ask("the sky", REQUEST, YES_OR_NO))
                .isInstanceOfSatisfying(JudgeCallException.class, e -> {
                    assertThat(e.isTransient()).isTrue();
                    assertThat(e.attempts()).isEqualTo(3);
                    assertThat(e.getMessage())
                            .contains(
                                    "test:judge",
                                    "the sky",
                                    "3 tries: HTTP 429, HTTP 429, HTTP 429",
                                    "llmassert.judge.max-retries=2",
                                    "Fix:",
                                    "llmassert.judge.concurrency",
                                    "llmassert.judge.max-requests-per-minute");
                });
        assertThat(model.requestCount()).isEqualTo(3);
    }

    @Test
    void aRejectedKeyFailsAtOnce() {
        ScriptedChatModel model = new ScriptedChatModel()
                .thenThrow(new AuthenticationException(new HttpException(401, "invalid key")))
                .thenReply("yes");

        assertThatThrownBy(() -> chat(model).ask("the sky", REQUEST, YES_OR_NO))
                .isInstanceOfSatisfying(JudgeCallException.class, e -> {
                    assertThat(e.isTransient()).isFalse();
                    assertThat(e.attempts()).isEqualTo(1);
                    assertThat(e.getMessage())
                            .contains(
                                    "rejected the credentials",
                                    "HTTP 401",
                                    "1 try: HTTP 401",
                                    "llmassert.judge.api-key-env",
                                    "Not retried");
                });
        assertThat(model.requestCount()).isEqualTo(1);
    }

    @Test
    void aReplyIsReplayedOnlyWhenEveryCallWasServedFromARecording() {
        ChatModel replaying = new ChatModel() {
            private int calls;

            @Override
            public synchronized ChatResponse doChat(ChatRequest request) {
                calls++;
                return ChatResponse.builder()
                        .aiMessage(AiMessage.from(calls == 1 ? "maybe" : "yes"))
                        .id(calls == 1 ? Replayed.ID_PREFIX + "a" : Replayed.ID_PREFIX + "b")
                        .build();
            }
        };
        ChatModel mixed = new ChatModel() {
            private int calls;

            @Override
            public synchronized ChatResponse doChat(ChatRequest request) {
                calls++;
                return ChatResponse.builder()
                        .aiMessage(AiMessage.from(calls == 1 ? "maybe" : "yes"))
                        .id(calls == 1 ? Replayed.ID_PREFIX + "a" : "live")
                        .build();
            }
        };

        assertThat(chat(replaying).ask("the sky", REQUEST, YES_OR_NO).replayed())
                .isTrue();
        assertThat(chat(mixed).ask("the sky", REQUEST, YES_OR_NO).replayed()).isFalse();
    }

    @Test
    void theJudgeNameDefaultsToProviderAndModel() {
        assertThat(JudgeChat.builder()
                        .chatModel(new ScriptedChatModel())
                        .build()
                        .judgeName())
                .isEqualTo("other:unnamed-model");
    }

    // --- retries: what is retried, how long it waits, and what the final failure says --------------------------

    /** What langchain4j's OpenAI client throws when the server closes the connection with no reply. */
    private static RuntimeException eof() {
        IOException parser = new IOException(
                "HTTP/1.1 header parser received no bytes", new EOFException("EOF reached while reading"));
        return new RuntimeException(new IOException(parser.getMessage(), parser));
    }

    private static RuntimeException status(int status, Map<String, List<String>> headers) {
        return new InternalServerException(
                new JudgeHttpClient.StatusException(status, "{\"error\":\"" + status + "\"}", headers));
    }

    private static JudgeChat chat(ChatModel model, SimulatedClock clock, int maxRetries) {
        return JudgeChat.builder()
                .chatModel(model)
                .judgeName("test:judge")
                .maxRetries(maxRetries)
                .sleeper(clock)
                .build();
    }

    @Test
    void connectionsClosedResetOrRefusedAreRetriedAndTheRetriesAreCounted() {
        ScriptedChatModel model = new ScriptedChatModel()
                .thenThrow(eof())
                .thenThrow(new RuntimeException(new SocketException("Connection reset")))
                .thenThrow(new RuntimeException(new ConnectException("Connection refused")))
                .thenReply("yes");
        SimulatedClock clock = new SimulatedClock();

        JudgeReply<String> reply = chat(model, clock, 3).ask("the sky", REQUEST, YES_OR_NO);

        assertThat(reply.value()).isEqualTo("yes");
        assertThat(reply.retries()).isEqualTo(3);
        assertThat(model.requestCount()).isEqualTo(4);
    }

    @Test
    void backoffDoublesWithJitterAndGoesThroughTheSleeperNotTheWallClock() {
        ScriptedChatModel model = ScriptedChatModel.answering(request -> {
            throw status(503, Map.of());
        });
        SimulatedClock clock = new SimulatedClock();

        assertThatThrownBy(() -> chat(model, clock, 4).ask("the sky", REQUEST, YES_OR_NO))
                .isInstanceOf(JudgeCallException.class);

        List<Duration> waits = clock.sleeps();
        assertThat(waits).hasSize(4);
        for (int retry = 1; retry <= 4; retry++) {
            Duration base = JudgeChat.DEFAULT_RETRY_BACKOFF.multipliedBy(1L << (retry - 1));
            assertThat(waits.get(retry - 1))
                    .as("wait before retry %d", retry)
                    .isBetween(base.dividedBy(2), base.multipliedBy(3).dividedBy(2));
        }
        assertThat(model.requestCount()).isEqualTo(5);
    }

    @Test
    void aRetryAfterReplacesTheBackoff() {
        ScriptedChatModel model = new ScriptedChatModel()
                .thenThrow(new RateLimitException(
                        new JudgeHttpClient.StatusException(429, "slow down", Map.of("retry-after", List.of("3")))))
                .thenThrow(new RateLimitException(new JudgeHttpClient.StatusException(
                        429, "slow down", Map.of("retry-after-ms", List.of("1500")))))
                .thenReply("yes");
        SimulatedClock clock = new SimulatedClock();

        assertThat(chat(model, clock, 3).ask("the sky", REQUEST, YES_OR_NO).retries())
                .isEqualTo(2);

        assertThat(clock.sleeps()).containsExactly(Duration.ofSeconds(3), Duration.ofMillis(1500));
    }

    @Test
    void aRetryAfterDateIsReadAgainstTheClock() {
        Instant now = Instant.parse("2025-03-01T10:00:00Z");
        ScriptedChatModel model = new ScriptedChatModel()
                .thenThrow(new RateLimitException(new JudgeHttpClient.StatusException(
                        429, "slow down", Map.of("retry-after", List.of("Sat, 01 Mar 2025 10:00:07 GMT")))))
                .thenReply("yes");
        SimulatedClock clock = new SimulatedClock();
        JudgeChat chat = JudgeChat.builder()
                .chatModel(model)
                .judgeName("test:judge")
                .sleeper(clock)
                .clock(Clock.fixed(now, ZoneOffset.UTC))
                .build();

        assertThat(chat.ask("the sky", REQUEST, YES_OR_NO).value()).isEqualTo("yes");

        assertThat(clock.sleeps()).containsExactly(Duration.ofSeconds(7));
    }

    @Test
    void aWaitLongerThanAJudgeWaitsIsNotRetriedAndTheMessageSaysSo() {
        ScriptedChatModel model = new ScriptedChatModel()
                .thenThrow(new RateLimitException(new JudgeHttpClient.StatusException(
                        429,
                        "slow down",
                        Map.of(
                                "x-ratelimit-reset-requests",
                                List.of("6m0s"),
                                "x-ratelimit-remaining-requests",
                                List.of("0")))))
                .thenReply("yes");
        SimulatedClock clock = new SimulatedClock();

        assertThatThrownBy(() -> chat(model, clock, 3).ask("the sky", REQUEST, YES_OR_NO))
                .isInstanceOfSatisfying(JudgeCallException.class, e -> {
                    assertThat(e.attempts()).isEqualTo(1);
                    assertThat(e.getMessage())
                            .contains(
                                    "1 try: HTTP 429",
                                    "asked to wait 360 s",
                                    "longer than a judge waits (60 s)",
                                    "llmassert.judge.max-requests-per-minute");
                });
        assertThat(clock.sleeps()).isEmpty();
        assertThat(model.requestCount()).isEqualTo(1);
    }

    @Test
    void theFinalFailureListsEveryTryAndWhatItGot() {
        AtomicInteger calls = new AtomicInteger();
        ScriptedChatModel model = ScriptedChatModel.answering(request -> {
            throw calls.incrementAndGet() == 1 ? eof() : status(500, Map.of());
        });

        assertThatThrownBy(() -> chat(model, new SimulatedClock(), 2).ask("the sky", REQUEST, YES_OR_NO))
                .isInstanceOfSatisfying(JudgeCallException.class, e -> {
                    assertThat(e.attempts()).isEqualTo(3);
                    assertThat(e.isTransient()).isTrue();
                    assertThat(e.getMessage())
                            .contains(
                                    "3 tries: EOF (connection closed with no reply), HTTP 500, HTTP 500",
                                    "(llmassert.judge.max-retries=2)",
                                    "server error (HTTP 500)",
                                    "Fix:");
                });
    }

    @Test
    void anUnknownHostFailsAtOnce() {
        ScriptedChatModel model = new ScriptedChatModel()
                .thenThrow(new UnresolvedModelServerException(new UnresolvedAddressException()))
                .thenReply("yes");

        assertThatThrownBy(() -> chat(model, new SimulatedClock(), 3).ask("the sky", REQUEST, YES_OR_NO))
                .isInstanceOfSatisfying(
                        JudgeCallException.class,
                        e -> assertThat(e.getMessage())
                                .contains("1 try: unknown host", "Fix: correct llmassert.judge.base-url"));
        assertThat(model.requestCount()).isEqualTo(1);
    }

    @Test
    void anInterruptedWaitEndsTheCallWithItsOwnMessage() {
        ScriptedChatModel model =
                new ScriptedChatModel().thenThrow(status(502, Map.of())).thenReply("yes");
        JudgeChat chat = JudgeChat.builder()
                .chatModel(model)
                .judgeName("test:judge")
                .sleeper(wait -> {
                    throw new InterruptedException("stopped");
                })
                .build();

        try {
            assertThatThrownBy(() -> chat.ask("the sky", REQUEST, YES_OR_NO))
                    .isInstanceOfSatisfying(
                            JudgeCallException.class,
                            e -> assertThat(e.getMessage()).contains("was interrupted while waiting", "the sky"));
            assertThat(Thread.currentThread().isInterrupted()).isTrue();
        } finally {
            Thread.interrupted();
        }
        assertThat(model.requestCount()).isEqualTo(1);
    }
}
