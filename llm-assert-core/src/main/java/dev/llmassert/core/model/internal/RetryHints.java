package dev.llmassert.core.model.internal;

import org.apiguardian.api.API;

import java.math.BigDecimal;
import java.time.Duration;
import java.time.Instant;
import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeParseException;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.apiguardian.api.API.Status.INTERNAL;

/**
 * How long an endpoint asked a client to wait before trying again, read from its response.
 *
 * <ul>
 *   <li>{@code Retry-After}: seconds ({@code 1}) or an HTTP date ({@code Wed, 21 Oct 2015 07:28:00 GMT}), as in
 *       RFC 9110; and {@code retry-after-ms}, which OpenAI and Azure OpenAI also send.</li>
 *   <li>OpenAI's {@code x-ratelimit-reset-requests} and {@code x-ratelimit-reset-tokens}: the time until that limit
 *       is back to full, in Go's duration format ({@code 1s}, {@code 6m0s}, {@code 20ms}, {@code 1m30.5s}). A reset
 *       counts when its {@code x-ratelimit-remaining-...} is 0 or absent: a limit with budget left did not cause
 *       the refusal.</li>
 *   <li>Failing those, OpenAI's error text: "Please try again in 1.5s".</li>
 * </ul>
 *
 * {@code Retry-After} wins over the rest; otherwise the longest wait asked for applies.
 */
@API(status = INTERNAL, since = "0.1")
public final class RetryHints {

    /** The response headers a hint is read from; no other header is kept. */
    public static final Set<String> HEADERS = Set.of(
            "retry-after",
            "retry-after-ms",
            "x-ratelimit-reset-requests",
            "x-ratelimit-reset-tokens",
            "x-ratelimit-remaining-requests",
            "x-ratelimit-remaining-tokens");

    private static final Pattern GO_DURATION_PART = Pattern.compile("(\\d+(?:\\.\\d+)?)(h|ms|us|µs|ns|m|s)");
    private static final Pattern TRY_AGAIN = Pattern.compile("(?i)try again in\\s+((?:\\d+(?:\\.\\d+)?(?:h|ms|m|s))+)");

    private RetryHints() {}

    /** The hint headers among {@code headers}, with names in lower case. */
    public static Map<String, List<String>> keep(Map<String, List<String>> headers) {
        Map<String, List<String>> kept = new TreeMap<>();
        if (headers != null) {
            headers.forEach((name, values) -> {
                if (name != null && values != null && HEADERS.contains(name.toLowerCase(Locale.ROOT))) {
                    kept.put(name.toLowerCase(Locale.ROOT), List.copyOf(values));
                }
            });
        }
        return kept;
    }

    /**
     * The wait the response asked for, if any.
     *
     * @param headers the response's headers (any case), or an empty map
     * @param body    the response's body, or {@code null}
     * @param now     the time now, to turn an HTTP date into a wait
     */
    public static Optional<Duration> of(Map<String, List<String>> headers, String body, Instant now) {
        Map<String, List<String>> kept = keep(headers);
        Optional<Duration> retryAfter = first(kept, "retry-after").flatMap(value -> retryAfter(value, now));
        if (retryAfter.isPresent()) {
            return retryAfter;
        }
        Optional<Duration> retryAfterMs = first(kept, "retry-after-ms").flatMap(RetryHints::milliseconds);
        if (retryAfterMs.isPresent()) {
            return retryAfterMs;
        }
        Duration reset = null;
        for (String limit : List.of("requests", "tokens")) {
            Optional<String> remaining = first(kept, "x-ratelimit-remaining-" + limit);
            if (remaining.isPresent() && !isZero(remaining.get())) {
                continue;
            }
            Optional<Duration> wait = first(kept, "x-ratelimit-reset-" + limit).flatMap(RetryHints::goDuration);
            if (wait.isPresent() && (reset == null || wait.get().compareTo(reset) > 0)) {
                reset = wait.get();
            }
        }
        if (reset != null) {
            return Optional.of(reset);
        }
        return fromMessage(body);
    }

    /** {@code Retry-After}: whole (or decimal) seconds, or an HTTP date, turned into the wait from {@code now}. */
    public static Optional<Duration> retryAfter(String value, Instant now) {
        String text = value == null ? "" : value.strip();
        if (text.isEmpty()) {
            return Optional.empty();
        }
        try {
            BigDecimal seconds = new BigDecimal(text);
            return seconds.signum() < 0
                    ? Optional.empty()
                    : Optional.of(Duration.ofNanos(seconds.movePointRight(9).longValue()));
        } catch (NumberFormatException | ArithmeticException notSeconds) {
            try {
                Instant at = ZonedDateTime.parse(text, DateTimeFormatter.RFC_1123_DATE_TIME)
                        .toInstant();
                Duration wait = Duration.between(now, at);
                return Optional.of(wait.isNegative() ? Duration.ZERO : wait);
            } catch (DateTimeParseException notADate) {
                return Optional.empty();
            }
        }
    }

    /**
     * A duration in Go's format, as OpenAI sends its reset headers: one or more number-unit pairs, e.g. {@code 1s},
     * {@code 6m0s}, {@code 20ms}, {@code 1m30.5s}, {@code 2h0m0s}.
     */
    public static Optional<Duration> goDuration(String value) {
        String text = value == null ? "" : value.strip();
        if (text.isEmpty()) {
            return Optional.empty();
        }
        Matcher part = GO_DURATION_PART.matcher(text);
        BigDecimal nanos = BigDecimal.ZERO;
        int end = 0;
        while (part.find()) {
            if (part.start() != end) {
                return Optional.empty();
            }
            end = part.end();
            BigDecimal amount = new BigDecimal(part.group(1));
            long unitNanos = switch (part.group(2)) {
                case "h" -> 3_600_000_000_000L;
                case "m" -> 60_000_000_000L;
                case "s" -> 1_000_000_000L;
                case "ms" -> 1_000_000L;
                case "us", "µs" -> 1_000L;
                default -> 1L;
            };
            nanos = nanos.add(amount.multiply(BigDecimal.valueOf(unitNanos)));
        }
        if (end == 0 || end != text.length()) {
            return Optional.empty();
        }
        return Optional.of(Duration.ofNanos(nanos.longValue()));
    }

    /** OpenAI's "Please try again in 1.5s." in an error's text. */
    public static Optional<Duration> fromMessage(String body) {
        if (body == null) {
            return Optional.empty();
        }
        Matcher m = TRY_AGAIN.matcher(body);
        return m.find() ? goDuration(m.group(1)) : Optional.empty();
    }

    private static Optional<Duration> milliseconds(String value) {
        try {
            BigDecimal millis = new BigDecimal(value.strip());
            return millis.signum() < 0
                    ? Optional.empty()
                    : Optional.of(Duration.ofNanos(millis.movePointRight(6).longValue()));
        } catch (NumberFormatException e) {
            return Optional.empty();
        }
    }

    private static Optional<String> first(Map<String, List<String>> headers, String name) {
        List<String> values = headers.get(name);
        return values == null || values.isEmpty() || values.get(0) == null
                ? Optional.empty()
                : Optional.of(values.get(0));
    }

    private static boolean isZero(String remaining) {
        try {
            return new BigDecimal(remaining.strip()).signum() == 0;
        } catch (NumberFormatException e) {
            return false;
        }
    }
}
