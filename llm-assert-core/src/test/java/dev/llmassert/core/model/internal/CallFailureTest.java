package dev.llmassert.core.model.internal;

import dev.langchain4j.exception.AuthenticationException;
import dev.langchain4j.exception.HttpException;
import dev.langchain4j.exception.InternalServerException;
import dev.langchain4j.exception.InvalidRequestException;
import dev.langchain4j.exception.RateLimitException;
import dev.langchain4j.exception.TimeoutException;
import org.junit.jupiter.api.Test;

import java.net.ConnectException;
import java.net.http.HttpTimeoutException;

import static org.assertj.core.api.Assertions.assertThat;

class CallFailureTest {

    @Test
    void readsLangchain4jsMappedExceptions() {
        assertThat(CallFailure.classify(new RateLimitException(new HttpException(429, "slow down"))))
                .isEqualTo(new CallFailure(CallFailure.Kind.RATE_LIMITED, 429, "slow down"));
        assertThat(CallFailure.classify(new InternalServerException(new HttpException(503, "busy"))).kind())
                .isEqualTo(CallFailure.Kind.SERVER_ERROR);
        assertThat(CallFailure.classify(new TimeoutException(new HttpTimeoutException("request timed out"))).kind())
                .isEqualTo(CallFailure.Kind.TIMEOUT);
        assertThat(CallFailure.classify(new AuthenticationException(new HttpException(401, "bad key"))).kind())
                .isEqualTo(CallFailure.Kind.AUTHENTICATION);
        assertThat(CallFailure.classify(new InvalidRequestException(new HttpException(400, "bad"))).kind())
                .isEqualTo(CallFailure.Kind.BAD_REQUEST);
        assertThat(CallFailure.classify(new RuntimeException(new ConnectException("Connection refused"))).kind())
                .isEqualTo(CallFailure.Kind.UNREACHABLE);
    }

    @Test
    void theDetailSkipsWrappersThatOnlyRepeatTheirCause() {
        assertThat(CallFailure.classify(new RuntimeException(new ConnectException("Connection refused"))).detail())
                .isEqualTo("ConnectException: Connection refused");
    }

    @Test
    void transientKindsAreTheOnesARetryCanFix() {
        assertThat(CallFailure.classify(new RateLimitException("x")).isTransient()).isTrue();
        assertThat(CallFailure.classify(new TimeoutException("x")).isTransient()).isTrue();
        assertThat(CallFailure.classify(new InternalServerException("x")).isTransient()).isTrue();
        assertThat(CallFailure.classify(new HttpException(502, "bad gateway")).isTransient()).isTrue();
        assertThat(CallFailure.classify(new AuthenticationException("x")).isTransient()).isFalse();
        assertThat(CallFailure.classify(new HttpException(400, "bad")).isTransient()).isFalse();
    }

    @Test
    void masksAnythingThatLooksLikeACredential() {
        String scrubbed = CallFailure.scrub("Incorrect API key provided: sk-proj-abcdef123456. "
                + "Header was Authorization: Bearer my-secret-token; {\"api_key\": \"hunter2\"}");

        assertThat(scrubbed).doesNotContain("abcdef123456", "my-secret-token", "hunter2")
                .contains("sk-***");
    }
}
