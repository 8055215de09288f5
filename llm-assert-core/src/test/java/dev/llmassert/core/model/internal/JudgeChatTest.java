package dev.llmassert.core.model.internal;

import dev.langchain4j.data.message.AiMessage;
import dev.langchain4j.data.message.ChatMessage;
import dev.langchain4j.data.message.SystemMessage;
import dev.langchain4j.data.message.UserMessage;
import dev.langchain4j.exception.AuthenticationException;
import dev.langchain4j.exception.HttpException;
import dev.langchain4j.exception.InternalServerException;
import dev.langchain4j.exception.RateLimitException;
import dev.langchain4j.model.chat.ChatModel;
import dev.langchain4j.model.chat.request.ChatRequest;
import dev.langchain4j.model.chat.request.ResponseFormat;
import dev.langchain4j.model.chat.response.ChatResponse;
import dev.langchain4j.model.output.TokenUsage;
import dev.llmassert.core.model.JudgeCallException;
import dev.llmassert.core.model.JudgeReplyException;
import dev.llmassert.core.record.Replayed;
import dev.llmassert.core.testing.ScriptedChatModel;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.List;

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
        return JudgeChat.builder().chatModel(model).judgeName("test:judge").retryBackoff(Duration.ZERO).build();
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
        JudgeChat chat = JudgeChat.builder().chatModel(model).judgeName("test:judge").maxRetries(2)
                .retryBackoff(Duration.ofMillis(1)).build();

        assertThatThrownBy(() -> chat.ask("the sky", REQUEST, YES_OR_NO))
                .isInstanceOfSatisfying(JudgeCallException.class, e -> {
                    assertThat(e.isTransient()).isTrue();
                    assertThat(e.attempts()).isEqualTo(3);
                    assertThat(e.getMessage()).contains("test:judge", "the sky", "HTTP 429", "3 attempts",
                            "llmassert.judge.max-retries=2", "Fix:", "llmassert.judge.concurrency");
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
                    assertThat(e.getMessage()).contains("rejected the credentials", "HTTP 401",
                            "llmassert.judge.api-key-env");
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
                return ChatResponse.builder().aiMessage(AiMessage.from(calls == 1 ? "maybe" : "yes"))
                        .id(calls == 1 ? Replayed.ID_PREFIX + "a" : Replayed.ID_PREFIX + "b").build();
            }
        };
        ChatModel mixed = new ChatModel() {
            private int calls;

            @Override
            public synchronized ChatResponse doChat(ChatRequest request) {
                calls++;
                return ChatResponse.builder().aiMessage(AiMessage.from(calls == 1 ? "maybe" : "yes"))
                        .id(calls == 1 ? Replayed.ID_PREFIX + "a" : "live").build();
            }
        };

        assertThat(chat(replaying).ask("the sky", REQUEST, YES_OR_NO).replayed()).isTrue();
        assertThat(chat(mixed).ask("the sky", REQUEST, YES_OR_NO).replayed()).isFalse();
    }

    @Test
    void theJudgeNameDefaultsToProviderAndModel() {
        assertThat(JudgeChat.builder().chatModel(new ScriptedChatModel()).build().judgeName())
                .isEqualTo("other:unnamed-model");
    }
}
