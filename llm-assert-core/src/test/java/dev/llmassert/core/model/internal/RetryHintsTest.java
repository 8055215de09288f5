package dev.llmassert.core.model.internal;

import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import static org.assertj.core.api.Assertions.assertThat;

class RetryHintsTest {

    private static final Instant NOW = Instant.parse("2015-10-21T07:27:58Z");

    @Test
    void retryAfterIsSecondsOrAnHttpDate() {
        assertThat(RetryHints.retryAfter("1", NOW)).contains(Duration.ofSeconds(1));
        assertThat(RetryHints.retryAfter(" 120 ", NOW)).contains(Duration.ofMinutes(2));
        assertThat(RetryHints.retryAfter("0.5", NOW)).contains(Duration.ofMillis(500));
        assertThat(RetryHints.retryAfter("Wed, 21 Oct 2015 07:28:00 GMT", NOW)).contains(Duration.ofSeconds(2));
        assertThat(RetryHints.retryAfter("Wed, 21 Oct 2015 07:27:00 GMT", NOW))
                .as("a date gone by")
                .contains(Duration.ZERO);
        assertThat(RetryHints.retryAfter("-1", NOW)).isEmpty();
        assertThat(RetryHints.retryAfter("soon", NOW)).isEmpty();
    }

    @Test
    void openAisResetHeadersAreGoDurations() {
        assertThat(RetryHints.goDuration("1s")).contains(Duration.ofSeconds(1));
        assertThat(RetryHints.goDuration("6m0s")).contains(Duration.ofMinutes(6));
        assertThat(RetryHints.goDuration("20ms")).contains(Duration.ofMillis(20));
        assertThat(RetryHints.goDuration("1m30.5s")).contains(Duration.ofMillis(90_500));
        assertThat(RetryHints.goDuration("2h0m0s")).contains(Duration.ofHours(2));
        assertThat(RetryHints.goDuration("1.5s")).contains(Duration.ofMillis(1500));
        assertThat(RetryHints.goDuration("")).isEmpty();
        assertThat(RetryHints.goDuration("1x")).isEmpty();
        assertThat(RetryHints.goDuration("s1")).isEmpty();
    }

    @Test
    void retryAfterWinsOverTheResets() {
        Map<String, List<String>> headers =
                Map.of("Retry-After", List.of("3"), "x-ratelimit-reset-requests", List.of("10s"));

        assertThat(RetryHints.of(headers, null, NOW)).contains(Duration.ofSeconds(3));
        assertThat(RetryHints.of(Map.of("retry-after-ms", List.of("250")), null, NOW))
                .contains(Duration.ofMillis(250));
    }

    @Test
    void aResetCountsOnlyForALimitThatIsSpent() {
        Map<String, List<String>> tokensSpent = Map.of(
                "x-ratelimit-remaining-requests",
                List.of("59"),
                "x-ratelimit-reset-requests",
                List.of("6m0s"),
                "x-ratelimit-remaining-tokens",
                List.of("0"),
                "x-ratelimit-reset-tokens",
                List.of("1s"));
        Map<String, List<String>> unknownRemaining =
                Map.of("x-ratelimit-reset-requests", List.of("2s"), "x-ratelimit-reset-tokens", List.of("500ms"));

        assertThat(RetryHints.of(tokensSpent, null, NOW)).contains(Duration.ofSeconds(1));
        assertThat(RetryHints.of(unknownRemaining, null, NOW)).as("the longest").contains(Duration.ofSeconds(2));
    }

    @Test
    void failingHeadersOpenAisMessageIsRead() {
        assertThat(RetryHints.of(
                        Map.of(),
                        "Rate limit reached for gpt-4o-mini in organization org-x on tokens per "
                                + "min (TPM): Limit 200000, Used 199000, Requested 1500. Please try again in "
                                + "1.5s. Visit ...",
                        NOW))
                .contains(Duration.ofMillis(1500));
        assertThat(RetryHints.of(Map.of(), "{\"error\":\"overloaded\"}", NOW)).isEqualTo(Optional.empty());
    }

    @Test
    void onlyTheHintHeadersAreKept() {
        assertThat(RetryHints.keep(Map.of(
                        "Retry-After",
                        List.of("1"),
                        "Set-Cookie",
                        List.of("session=secret"),
                        "X-RateLimit-Reset-Tokens",
                        List.of("1s"))))
                .containsOnlyKeys("retry-after", "x-ratelimit-reset-tokens");
    }
}
