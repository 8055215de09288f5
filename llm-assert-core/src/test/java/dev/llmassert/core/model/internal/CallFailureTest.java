package dev.llmassert.core.model.internal;

import dev.langchain4j.exception.AuthenticationException;
import dev.langchain4j.exception.HttpException;
import dev.langchain4j.exception.InternalServerException;
import dev.langchain4j.exception.InvalidRequestException;
import dev.langchain4j.exception.RateLimitException;
import dev.langchain4j.exception.TimeoutException;
import dev.langchain4j.exception.UnresolvedModelServerException;
import org.junit.jupiter.api.Test;

import java.io.EOFException;
import java.io.IOException;
import java.net.ConnectException;
import java.net.SocketException;
import java.net.http.HttpTimeoutException;
import java.nio.channels.UnresolvedAddressException;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

class CallFailureTest {

    @Test
    void readsLangchain4jsMappedExceptions() {
        assertThat(CallFailure.classify(new RateLimitException(new HttpException(429, "slow down"))))
                .isEqualTo(new CallFailure(CallFailure.Kind.RATE_LIMITED, 429, "slow down"));
        assertThat(CallFailure.classify(new InternalServerException(new HttpException(503, "busy")))
                        .kind())
                .isEqualTo(CallFailure.Kind.SERVER_ERROR);
        assertThat(CallFailure.classify(new TimeoutException(new HttpTimeoutException("request timed out")))
                        .kind())
                .isEqualTo(CallFailure.Kind.TIMEOUT);
        assertThat(CallFailure.classify(new AuthenticationException(new HttpException(401, "bad key")))
                        .kind())
                .isEqualTo(CallFailure.Kind.AUTHENTICATION);
        assertThat(CallFailure.classify(new InvalidRequestException(new HttpException(400, "bad")))
                        .kind())
                .isEqualTo(CallFailure.Kind.BAD_REQUEST);
        assertThat(CallFailure.classify(new RuntimeException(new ConnectException("Connection refused")))
                        .kind())
                .isEqualTo(CallFailure.Kind.UNREACHABLE);
    }

    @Test
    void theDetailSkipsWrappersThatOnlyRepeatTheirCause() {
        assertThat(CallFailure.classify(new RuntimeException(new ConnectException("Connection refused")))
                        .detail())
                .isEqualTo("ConnectException: Connection refused");
    }

    @Test
    void transientKindsAreTheOnesARetryCanFix() {
        assertThat(CallFailure.classify(new RateLimitException("x")).isTransient())
                .isTrue();
        assertThat(CallFailure.classify(new TimeoutException("x")).isTransient())
                .isTrue();
        assertThat(CallFailure.classify(new InternalServerException("x")).isTransient())
                .isTrue();
        assertThat(CallFailure.classify(new HttpException(502, "bad gateway")).isTransient())
                .isTrue();
        assertThat(CallFailure.classify(new AuthenticationException("x")).isTransient())
                .isFalse();
        assertThat(CallFailure.classify(new HttpException(400, "bad")).isTransient())
                .isFalse();
    }

    @Test
    void masksAnythingThatLooksLikeACredential() {
        String scrubbed = CallFailure.scrub("Incorrect API key provided: sk-proj-abcdef123456. "
                + "Header was Authorization: Bearer my-secret-token; {\"api_key\": \"hunter2\"}");

        assertThat(scrubbed)
                .doesNotContain("abcdef123456", "my-secret-token", "hunter2")
                .contains("sk-***");
    }

    @Test
    void aBrokenConnectionIsTransientAndSaysHowItBroke() {
        // exactly what langchain4j's OpenAI client threw (1.17) when the server closes the connection with no reply
        IOException parser = new IOException(
                "HTTP/1.1 header parser received no bytes", new EOFException("EOF reached while reading"));
        CallFailure eof = CallFailure.classify(new RuntimeException(new IOException(parser.getMessage(), parser)));
        CallFailure reset = CallFailure.classify(new RuntimeException(new SocketException("Connection reset")));
        CallFailure refused = CallFailure.classify(new RuntimeException(new ConnectException("Connection refused")));

        assertThat(eof.kind()).isEqualTo(CallFailure.Kind.CONNECTION_LOST);
        assertThat(eof.label()).isEqualTo("EOF (connection closed with no reply)");
        assertThat(reset.label()).isEqualTo("connection reset");
        assertThat(refused.label()).isEqualTo("connection refused");
        assertThat(List.of(eof, reset, refused)).allMatch(CallFailure::isTransient);
    }

    @Test
    void anUnknownHostAndAnInterruptionAreNotRetried() {
        assertThat(CallFailure.classify(new UnresolvedModelServerException(new UnresolvedAddressException()))
                        .isTransient())
                .isFalse();
        assertThat(CallFailure.classify(new RuntimeException(new InterruptedException()))
                        .isTransient())
                .isFalse();
    }

    @Test
    void theLabelOfAStatusIsItsNumber() {
        assertThat(CallFailure.classify(new InternalServerException(new HttpException(502, "x")))
                        .label())
                .isEqualTo("HTTP 502");
        assertThat(CallFailure.classify(new TimeoutException(new HttpTimeoutException("t")))
                        .label())
                .isEqualTo("timeout");
    }

    @Test
    void theWaitAskedForIsReadFromTheRetryHeadersOrTheMessage() {
        CallFailure header = CallFailure.classify(
                new RateLimitException(
                        new JudgeHttpClient.StatusException(429, "slow down", Map.of("retry-after", List.of("2")))),
                Redactor.patternsOnly(),
                Instant.EPOCH);
        CallFailure message = CallFailure.classify(new RateLimitException(
                new HttpException(429, "Rate limit reached for gpt-4o-mini. Please try again in 20ms.")));
        CallFailure none = CallFailure.classify(new InternalServerException(new HttpException(500, "oops")));

        assertThat(header.retryAfter()).isEqualTo(Duration.ofSeconds(2));
        assertThat(message.retryAfter()).isEqualTo(Duration.ofMillis(20));
        assertThat(none.retryAfter()).isNull();
    }

    @Test
    void theDetailMasksTheValueOfTheKeyVariableWhateverItsShape() {
        String azureKey = "0123456789abcdef0123456789abcdef";
        Redactor redactor = Redactor.forVariables(Map.of("AZURE_KEY", azureKey)::get, "AZURE_KEY");

        CallFailure failure = CallFailure.classify(
                new AuthenticationException(new HttpException(401, "key " + azureKey + " is not valid")),
                redactor,
                Instant.EPOCH);

        assertThat(failure.detail()).isEqualTo("key *** is not valid");
    }
}
