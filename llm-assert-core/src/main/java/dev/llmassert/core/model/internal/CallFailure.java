package dev.llmassert.core.model.internal;

import dev.langchain4j.exception.AuthenticationException;
import dev.langchain4j.exception.ContentFilteredException;
import dev.langchain4j.exception.HttpException;
import dev.langchain4j.exception.InternalServerException;
import dev.langchain4j.exception.InvalidRequestException;
import dev.langchain4j.exception.ModelNotFoundException;
import dev.langchain4j.exception.RateLimitException;
import dev.langchain4j.exception.RetriableException;
import dev.langchain4j.exception.TimeoutException;
import dev.langchain4j.exception.UnresolvedModelServerException;
import org.apiguardian.api.API;

import java.io.EOFException;
import java.io.IOException;
import java.net.ConnectException;
import java.net.SocketException;
import java.net.SocketTimeoutException;
import java.net.UnknownHostException;
import java.net.http.HttpTimeoutException;
import java.nio.channels.UnresolvedAddressException;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import javax.net.ssl.SSLException;

import static org.apiguardian.api.API.Status.INTERNAL;

/**
 * Why a call to a judge model failed, read from what langchain4j throws. langchain4j 1.19 maps HTTP statuses to
 * exception types and keeps the {@link HttpException} (status and body) as the cause: 429 →
 * {@link RateLimitException}, 5xx → {@link InternalServerException}, 401/403 → {@link AuthenticationException}, 404 →
 * {@link ModelNotFoundException}, 400 → {@link InvalidRequestException}, client timeouts → {@link TimeoutException}
 * over {@code java.net.http.HttpTimeoutException}, an unknown host → {@link UnresolvedModelServerException}. A
 * connection that breaks is not mapped: it arrives as a plain {@code RuntimeException} over the
 * {@code java.io.IOException}, e.g. {@code IOException: HTTP/1.1 header parser received no bytes} caused by
 * {@code EOFException: EOF reached while reading} when the server closed the connection with no reply, or
 * {@code ConnectException} when it refused it.
 *
 * @param kind       what went wrong
 * @param status     the HTTP status, or {@code null} when there was no response
 * @param detail     the provider's message, shortened and with every credential masked
 * @param retryAfter how long the endpoint asked to wait before trying again, or {@code null}
 */
@API(status = INTERNAL, since = "0.1")
public record CallFailure(Kind kind, Integer status, String detail, Duration retryAfter) {

    private static final int MAX_DETAIL = 400;

    @API(status = INTERNAL, since = "0.1")
    public enum Kind {
        RATE_LIMITED(true),
        TIMEOUT(true),
        SERVER_ERROR(true),
        CONNECTION_LOST(true),
        UNREACHABLE(true),
        OTHER_TRANSIENT(true),
        AUTHENTICATION(false),
        MODEL_NOT_FOUND(false),
        BAD_REQUEST(false),
        UNKNOWN_HOST(false),
        CONTENT_FILTERED(false),
        UNEXPECTED(false);

        private final boolean transientKind;

        Kind(boolean transientKind) {
            this.transientKind = transientKind;
        }
    }

    /** A failure with no wait asked for. */
    public CallFailure(Kind kind, Integer status, String detail) {
        this(kind, status, detail, null);
    }

    /** Whether trying again later may work: a timeout, 429, 5xx, or a connection that was refused or broke. */
    public boolean isTransient() {
        return kind.transientKind;
    }

    /**
     * What this try got, in a few words, for the list of tries in a message: {@code HTTP 500},
     * {@code EOF (connection closed with no reply)}, {@code connection reset}, {@code timeout}.
     */
    public String label() {
        return switch (kind) {
            case RATE_LIMITED,
                    SERVER_ERROR,
                    AUTHENTICATION,
                    MODEL_NOT_FOUND,
                    BAD_REQUEST,
                    CONTENT_FILTERED,
                    OTHER_TRANSIENT -> status != null ? "HTTP " + status : kindWords();
            case TIMEOUT -> status != null ? "HTTP " + status + " (timeout)" : "timeout";
            case CONNECTION_LOST -> connectionWords();
            case UNREACHABLE -> "connection refused";
            case UNKNOWN_HOST -> "unknown host";
            case UNEXPECTED -> status != null ? "HTTP " + status : "error (" + firstWord(detail) + ")";
        };
    }

    /** {@link #classify(Throwable, Redactor, Instant)} masking credential-shaped text only. */
    public static CallFailure classify(Throwable error) {
        return classify(error, Redactor.patternsOnly(), Instant.now());
    }

    /**
     * @param redactor masks credentials in the detail
     * @param now      the time now, to read a {@code Retry-After} given as a date
     */
    public static CallFailure classify(Throwable error, Redactor redactor, Instant now) {
        HttpException http = find(error, HttpException.class);
        Integer status = http == null ? null : http.statusCode();
        Duration retryAfter = null;
        if (http != null) {
            Map<String, List<String>> headers =
                    http instanceof JudgeHttpClient.StatusException hinted ? hinted.hintHeaders() : Map.of();
            retryAfter = RetryHints.of(headers, http.getMessage(), now).orElse(null);
        }
        return new CallFailure(kindOf(error, status), status, shorten(redactor.redact(detailOf(error))), retryAfter);
    }

    private static Kind kindOf(Throwable error, Integer status) {
        for (Throwable t = error; t != null; t = next(t)) {
            if (t instanceof RateLimitException) {
                return Kind.RATE_LIMITED;
            }
            if (t instanceof TimeoutException
                    || t instanceof HttpTimeoutException
                    || t instanceof SocketTimeoutException) {
                return Kind.TIMEOUT;
            }
            if (t instanceof InternalServerException) {
                return Kind.SERVER_ERROR;
            }
            if (t instanceof AuthenticationException) {
                return Kind.AUTHENTICATION;
            }
            if (t instanceof ModelNotFoundException) {
                return Kind.MODEL_NOT_FOUND;
            }
            if (t instanceof ContentFilteredException) {
                return Kind.CONTENT_FILTERED;
            }
            if (t instanceof InvalidRequestException) {
                return Kind.BAD_REQUEST;
            }
            if (t instanceof UnresolvedModelServerException
                    || t instanceof UnresolvedAddressException
                    || t instanceof UnknownHostException) {
                return Kind.UNKNOWN_HOST;
            }
            if (t instanceof ConnectException) {
                return Kind.UNREACHABLE;
            }
            if (t instanceof SSLException) {
                // a certificate or protocol problem: trying again gets the same answer
                return Kind.UNEXPECTED;
            }
            if (t instanceof RetriableException) {
                return Kind.OTHER_TRANSIENT;
            }
        }
        if (status != null) {
            if (status == 429) {
                return Kind.RATE_LIMITED;
            }
            if (status == 408) {
                return Kind.TIMEOUT;
            }
            if (status >= 500) {
                return Kind.SERVER_ERROR;
            }
            if (status == 401 || status == 403) {
                return Kind.AUTHENTICATION;
            }
            if (status == 404) {
                return Kind.MODEL_NOT_FOUND;
            }
            if (status >= 400) {
                return Kind.BAD_REQUEST;
            }
        }
        if (find(error, InterruptedException.class) == null && find(error, IOException.class) != null) {
            // EOF, reset, broken pipe, a stale pooled connection: the connection broke; a new one may work
            return Kind.CONNECTION_LOST;
        }
        return Kind.UNEXPECTED;
    }

    private String connectionWords() {
        String text = detail == null ? "" : detail.toLowerCase(Locale.ROOT);
        if (text.contains("eof") || text.contains("received no bytes")) {
            return "EOF (connection closed with no reply)";
        }
        if (text.contains("reset")) {
            return "connection reset";
        }
        if (text.contains("broken pipe")) {
            return "broken pipe";
        }
        return "connection lost";
    }

    private String kindWords() {
        return kind.name().toLowerCase(Locale.ROOT).replace('_', ' ');
    }

    private static String firstWord(String text) {
        if (text == null || text.isBlank()) {
            return "no message";
        }
        int colon = text.indexOf(':');
        return colon > 0 ? text.substring(0, colon) : text.split("\\s+")[0];
    }

    private static String detailOf(Throwable error) {
        String message = null;
        for (Throwable t = error; t != null; t = next(t)) {
            if (t instanceof HttpException) {
                message = t.getMessage();
                break;
            }
            // A wrapper made with new RuntimeException(cause) only repeats the cause's name; the cause says more.
            boolean repeatsCause =
                    t.getCause() != null && String.valueOf(t.getCause()).equals(t.getMessage());
            boolean repeatsCauseMessage = t.getCause() != null
                    && t.getMessage() != null
                    && t.getMessage().equals(t.getCause().getMessage());
            if (repeatsCause || repeatsCauseMessage) {
                continue;
            }
            if (t instanceof EOFException || t instanceof SocketException) {
                message = t.getClass().getSimpleName() + (t.getMessage() == null ? "" : ": " + t.getMessage());
                break;
            }
            if (t.getMessage() != null && !t.getMessage().isBlank()) {
                message = t.getClass().getSimpleName() + ": " + t.getMessage();
            } else if (message == null) {
                message = t.getClass().getSimpleName();
            }
        }
        return message == null ? "" : message;
    }

    /** Masks anything in a provider's message that looks like a credential, and shortens it. */
    public static String scrub(String text) {
        return shorten(Redactor.patternsOnly().redact(text == null ? "" : text));
    }

    private static String shorten(String text) {
        String flat = text == null ? "" : text.strip().replaceAll("\\s+", " ");
        return flat.length() > MAX_DETAIL ? flat.substring(0, MAX_DETAIL - 3) + "..." : flat;
    }

    private static <T extends Throwable> T find(Throwable error, Class<T> type) {
        for (Throwable t = error; t != null; t = next(t)) {
            if (type.isInstance(t)) {
                return type.cast(t);
            }
        }
        return null;
    }

    private static Throwable next(Throwable t) {
        return t.getCause() == t ? null : t.getCause();
    }
}
