package dev.llmassert.core.model.internal;

import dev.langchain4j.exception.HttpException;
import dev.langchain4j.exception.TimeoutException;
import dev.langchain4j.http.client.HttpClient;
import dev.langchain4j.http.client.HttpClientBuilder;
import dev.langchain4j.http.client.HttpClientBuilderLoader;
import dev.langchain4j.http.client.HttpRequest;
import dev.langchain4j.http.client.SuccessfulHttpResponse;
import dev.langchain4j.http.client.sse.ServerSentEventListener;
import dev.langchain4j.http.client.sse.ServerSentEventParser;
import org.apiguardian.api.API;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpRequest.BodyPublishers;
import java.net.http.HttpResponse;
import java.net.http.HttpTimeoutException;
import java.time.Duration;
import java.util.List;
import java.util.Map;

import static org.apiguardian.api.API.Status.INTERNAL;

/**
 * The HTTP client of the judge models: langchain4j's JDK client, except that an error response keeps its retry
 * headers. langchain4j's {@code JdkHttpClient} turns an error into {@code new HttpException(status, body)}, and the
 * headers ({@code Retry-After}, OpenAI's {@code x-ratelimit-reset-*}) are lost; nothing in langchain4j 1.19 exposes
 * them. So plain requests (every chat call) are sent here with the same JDK {@code java.net.http} client and mapped the
 * same way, but an error becomes a {@link StatusException}: still an {@link HttpException} with the status and body,
 * so langchain4j maps it to {@code RateLimitException} and the rest as before, plus the hint headers.
 *
 * <p>Streaming and multipart requests, which the judges never send, go to langchain4j's own client (the one it
 * loads by default) unchanged.
 */
@API(status = INTERNAL, since = "0.1")
public final class JudgeHttpClient implements HttpClient {

    // CHECKSTYLE.OFF: QualifiedTypeName - the JDK's HttpClient and HttpRequest, beside langchain4j's of the same names
    private final java.net.http.HttpClient client;
    private final Duration connectTimeout;
    private final Duration readTimeout;
    private HttpClient others;

    private JudgeHttpClient(Builder builder) {
        java.net.http.HttpClient.Builder jdk = java.net.http.HttpClient.newBuilder();
        if (builder.connectTimeout != null) {
            jdk.connectTimeout(builder.connectTimeout);
        }
        this.client = jdk.build();
        this.connectTimeout = builder.connectTimeout;
        this.readTimeout = builder.readTimeout;
    }

    public static Builder builder() {
        return new Builder();
    }

    @Override
    public SuccessfulHttpResponse execute(HttpRequest request) {
        if (!request.formDataFields().isEmpty() || !request.formDataFiles().isEmpty()) {
            return others().execute(request);
        }
        java.net.http.HttpRequest.Builder jdk = java.net.http.HttpRequest.newBuilder(URI.create(request.url()));
        // CHECKSTYLE.ON: QualifiedTypeName
        request.headers().forEach((name, values) -> values.forEach(value -> jdk.header(name, value)));
        jdk.method(
                request.method().name(),
                request.body() == null ? BodyPublishers.noBody() : BodyPublishers.ofString(request.body()));
        if (readTimeout != null) {
            jdk.timeout(readTimeout);
        }
        try {
            HttpResponse<String> response = client.send(jdk.build(), HttpResponse.BodyHandlers.ofString());
            if (response.statusCode() < 200 || response.statusCode() > 299) {
                throw new StatusException(
                        response.statusCode(),
                        response.body(),
                        RetryHints.keep(response.headers().map()));
            }
            return SuccessfulHttpResponse.builder()
                    .statusCode(response.statusCode())
                    .headers(response.headers().map())
                    .body(response.body())
                    .build();
        } catch (HttpTimeoutException e) {
            throw new TimeoutException(e);
        } catch (IOException e) {
            // as langchain4j's JDK client does: the IOException (EOF, reset, refused) stays the cause
            throw new RuntimeException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new RuntimeException(e);
        }
    }

    @Override
    public void execute(HttpRequest request, ServerSentEventParser parser, ServerSentEventListener listener) {
        others().execute(request, parser, listener);
    }

    /** langchain4j's own client, made on first use: the judges never need it. */
    private synchronized HttpClient others() {
        if (others == null) {
            others = HttpClientBuilderLoader.loadHttpClientBuilder()
                    .connectTimeout(connectTimeout)
                    .readTimeout(readTimeout)
                    .build();
        }
        return others;
    }

    /** An error response: langchain4j's {@link HttpException} with the status and body, plus the retry headers. */
    @API(status = INTERNAL, since = "0.1")
    public static final class StatusException extends HttpException {

        private static final long serialVersionUID = 1L;

        private final transient Map<String, List<String>> hintHeaders;

        public StatusException(int statusCode, String body, Map<String, List<String>> hintHeaders) {
            super(statusCode, body);
            this.hintHeaders = Map.copyOf(hintHeaders);
        }

        /** The response's {@link RetryHints#HEADERS retry headers}, names in lower case; no other header. */
        public Map<String, List<String>> hintHeaders() {
            return hintHeaders == null ? Map.of() : hintHeaders;
        }
    }

    /** Receives the connect and read timeouts from the langchain4j model builder. */
    @API(status = INTERNAL, since = "0.1")
    public static final class Builder implements HttpClientBuilder {

        private Duration connectTimeout;
        private Duration readTimeout;

        private Builder() {}

        @Override
        public Duration connectTimeout() {
            return connectTimeout;
        }

        @Override
        public Builder connectTimeout(Duration timeout) {
            this.connectTimeout = timeout;
            return this;
        }

        @Override
        public Duration readTimeout() {
            return readTimeout;
        }

        @Override
        public Builder readTimeout(Duration timeout) {
            this.readTimeout = timeout;
            return this;
        }

        @Override
        public JudgeHttpClient build() {
            return new JudgeHttpClient(this);
        }
    }
}
