package dev.llmassert.core.groundedness.internal;

import dev.langchain4j.data.message.AiMessage;
import dev.langchain4j.model.chat.response.ChatResponse;
import dev.langchain4j.model.openai.LogProb;
import dev.langchain4j.model.openai.OpenAiChatResponseMetadata;
import dev.llmassert.core.groundedness.internal.ClaimReplies.ClaimAnswer;
import dev.llmassert.core.model.internal.ReplyParseException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

class ClaimRepliesTest {

    private static ChatResponse plain(String text) {
        return ChatResponse.builder().aiMessage(AiMessage.from(text)).build();
    }

    private static ChatResponse withLogprobs(String text, double logprob, LogProb... top) {
        LogProb first = LogProb.builder()
                .token(text)
                .logprob(logprob)
                .topLogprobs(List.of(top))
                .build();
        return ChatResponse.builder()
                .aiMessage(AiMessage.from(text))
                .metadata(OpenAiChatResponseMetadata.builder()
                        .logProbs(List.of(first))
                        .build())
                .build();
    }

    private static LogProb token(String text, double logprob) {
        return LogProb.builder().token(text).logprob(logprob).build();
    }

    @ParameterizedTest
    @ValueSource(strings = {"Yes", "yes", " Yes", "Yes.", "**Yes**", "YES", "\"Yes\""})
    void yesInItsUsualSpellings(String reply) throws ReplyParseException {
        ClaimAnswer answer = ClaimReplies.parse(reply, plain(reply));
        assertThat(answer.yes()).isTrue();
        assertThat(answer.fromLogprobs()).isFalse();
        assertThat(answer.score()).isEqualTo(1.0);
    }

    @ParameterizedTest
    @ValueSource(strings = {"No", "no", "No.", " no "})
    void noInItsUsualSpellings(String reply) throws ReplyParseException {
        ClaimAnswer answer = ClaimReplies.parse(reply, plain(reply));
        assertThat(answer.yes()).isFalse();
        assertThat(answer.score()).isEqualTo(0.0);
    }

    @ParameterizedTest
    @ValueSource(strings = {"Maybe", "Yes, but", "The", "Not", "Noted", "Yesterday", "0"})
    void anythingElseIsRejectedSayingWhatIsExpected(String reply) {
        assertThatThrownBy(() -> ClaimReplies.parse(reply, plain(reply)))
                .isInstanceOf(ReplyParseException.class)
                .hasMessage("the reply must be one word, Yes or No, but is \"" + reply + "\"");
    }

    @Test
    void anEmptyReplyIsRejected() {
        assertThatThrownBy(() -> ClaimReplies.parse(" ", plain(" ")))
                .hasMessage("the reply was empty; answer with one word, Yes or No");
    }

    @Test
    void theScoreIsTheSummedProbabilityOfTheYesTokensAsMiniCheckComputesIt() throws ReplyParseException {
        ClaimAnswer answer = ClaimReplies.parse(
                "Yes",
                withLogprobs(
                        "Yes", -0.05, token("Yes", -0.05), token(" yes", -4.0), token("No", -3.1), token("YES", -6.0)));

        assertThat(answer.fromLogprobs()).isTrue();
        assertThat(answer.score()).isCloseTo(Math.exp(-0.05) + Math.exp(-4.0) + Math.exp(-6.0), within(1e-12));
    }

    @Test
    void aNoStillScoresTheProbabilityOfYes() throws ReplyParseException {
        ClaimAnswer answer = ClaimReplies.parse("No", withLogprobs("No", -0.4, token("No", -0.4), token("Yes", -1.2)));

        assertThat(answer.yes()).isFalse();
        assertThat(answer.score()).isCloseTo(Math.exp(-1.2), within(1e-12));
    }

    @Test
    void withoutAlternativesTheAnswerTokenAloneCounts() throws ReplyParseException {
        assertThat(ClaimReplies.parse("Yes", withLogprobs("Yes", -0.2)).score())
                .isCloseTo(Math.exp(-0.2), within(1e-12));
        assertThat(ClaimReplies.parse("No", withLogprobs("No", -0.2)).score()).isZero();
    }
}
