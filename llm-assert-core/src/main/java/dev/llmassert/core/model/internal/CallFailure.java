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

import java.net.ConnectException;
import java.net.SocketTimeoutException;
import java.net.http.HttpTimeoutException;
import java.nio.channels.UnresolvedAddressException;
import java.util.regex.Pattern;

import static org.apiguardian.api.API.Status.INTERNAL;

/**
 * Why a call to a judge model failed, read from what langchain4j throws. langchain4j maps HTTP statuses to
 * exception types (429 → {@link RateLimitException}, 5xx → {@link InternalServerException}, 401/403 →
 * {@link AuthenticationException}, 408 and client timeouts → {@link TimeoutException}) and keeps the
 * {@link HttpException} with the status as a cause.
 *
 * @param kind   what went wrong
 * @param status the HTTP status, or {@code null} when there was no response
 * @param detail the provider's message, shortened and with anything that looks like a credential masked
 */
@API(status = INTERNAL, since = "0.1")
public record CallFailure(Kind kind, Integer status, String detail) {

    private static final int MAX_DETAIL = 400;
    private static final Pattern BEARER = Pattern.compile("(?i)(bearer\\s+)[^\\s\"',}]+");
    private static final Pattern SK_KEY = Pattern.compile("\\bsk-[A-Za-z0-9_\\-*]{4,}");
    private static final Pattern KEY_FIELD =
            Pattern.compile("(?i)((?:api[_-]?key|authorization|token)[\"']?\\s*[:=]\\s*[\"']?)[^\\s\"',}]+");

    @API(status = INTERNAL, since = "0.1")
    public enum Kind {
        RATE_LIMITED(true), TIMEOUT(true), SERVER_ERROR(true), OTHER_TRANSIENT(true),
        AUTHENTICATION(false), MODEL_NOT_FOUND(false), BAD_REQUEST(false), UNREACHABLE(false),
        CONTENT_FILTERED(false), UNEXPECTED(false);

        private final boolean transientKind;

        Kind(boolean transientKind) {
            this.transientKind = transientKind;
        }
    }

    public boolean isTransient() {
        return kind.transientKind;
    }

    public static CallFailure classify(Throwable error) {
        Integer status = null;
        for (Throwable t = error; t != null; t = t.getCause() == t ? null : t.getCause()) {
            if (t instanceof HttpException http) {
                status = http.statusCode();
                break;
            }
        }
        return new CallFailure(kindOf(error, status), status, detailOf(error));
    }

    private static Kind kindOf(Throwable error, Integer status) {
        for (Throwable t = error; t != null; t = t.getCause() == t ? null : t.getCause()) {
            if (t instanceof RateLimitException) {
                return Kind.RATE_LIMITED;
            }
            if (t instanceof TimeoutException || t instanceof HttpTimeoutException
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
            if (t instanceof UnresolvedModelServerException || t instanceof UnresolvedAddressException
                    || t instanceof ConnectException) {
                return Kind.UNREACHABLE;
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
        return Kind.UNEXPECTED;
    }

    private static String detailOf(Throwable error) {
        String message = null;
        for (Throwable t = error; t != null; t = t.getCause() == t ? null : t.getCause()) {
            if (t instanceof HttpException) {
                message = t.getMessage();
                break;
            }
            // A wrapper made with new RuntimeException(cause) only repeats the cause's name; the cause says more.
            boolean repeatsCause = t.getCause() != null && String.valueOf(t.getCause()).equals(t.getMessage());
            if (repeatsCause) {
                continue;
            }
            if (t.getMessage() != null && !t.getMessage().isBlank()) {
                message = t.getClass().getSimpleName() + ": " + t.getMessage();
            } else if (message == null) {
                message = t.getClass().getSimpleName();
            }
        }
        return scrub(message == null ? "" : message);
    }

    /** Masks anything in a provider's message that looks like a credential, and shortens it. */
    public static String scrub(String text) {
        String masked = BEARER.matcher(text).replaceAll("$1***");
        masked = SK_KEY.matcher(masked).replaceAll("sk-***");
        masked = KEY_FIELD.matcher(masked).replaceAll("$1***");
        masked = masked.strip().replaceAll("\\s+", " ");
        return masked.length() > MAX_DETAIL ? masked.substring(0, MAX_DETAIL - 3) + "..." : masked;
    }
}
