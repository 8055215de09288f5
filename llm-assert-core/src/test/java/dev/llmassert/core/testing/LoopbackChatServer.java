package dev.llmassert.core.testing;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Function;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * An HTTP server on the loopback interface that speaks the OpenAI chat-completions protocol
 * ({@code POST /v1/chat/completions}) and Ollama's chat protocol ({@code POST /api/chat}), so that the real
 * langchain4j clients (and Spring AI's OpenAI client) can be tested without a network. A request with
 * {@code "stream": true} gets its reply as OpenAI streams one.
 *
 * <p>Replies come from the queue first, then from the responder. Every request is kept for assertions.
 */
public final class LoopbackChatServer implements AutoCloseable {

    private static final ObjectMapper JSON = new ObjectMapper();

    private final HttpServer server;
    private final ExecutorService executor;
    private final Deque<Reply> queued = new ArrayDeque<>();
    private final List<ReceivedRequest> requests = new CopyOnWriteArrayList<>();
    private final AtomicInteger ids = new AtomicInteger();
    private volatile Function<ReceivedRequest, Reply> responder =
            request -> Reply.status(500, "{\"error\":{\"message\":\"LoopbackChatServer: no reply scripted\"}}");

    private LoopbackChatServer() throws IOException {
        server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        executor = Executors.newFixedThreadPool(64, r -> {
            Thread t = new Thread(r, "loopback-chat-server");
            t.setDaemon(true);
            return t;
        });
        server.setExecutor(executor);
        server.createContext("/", this::handle);
        server.start();
    }

    /** Starts a server on 127.0.0.1 at a free port. */
    public static LoopbackChatServer start() {
        try {
            return new LoopbackChatServer();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The OpenAI-style base URL, ending in {@code /v1}. */
    public String baseUrl() {
        return "http://127.0.0.1:" + server.getAddress().getPort() + "/v1";
    }

    /** The Ollama-style base URL (no path). */
    public String ollamaBaseUrl() {
        return "http://127.0.0.1:" + server.getAddress().getPort();
    }

    public synchronized LoopbackChatServer enqueue(Reply... replies) {
        for (Reply reply : replies) {
            queued.addLast(reply);
        }
        return this;
    }

    public LoopbackChatServer respondWith(Function<ReceivedRequest, Reply> responder) {
        this.responder = responder;
        return this;
    }

    public List<ReceivedRequest> requests() {
        return List.copyOf(requests);
    }

    public int requestCount() {
        return requests.size();
    }

    @Override
    public void close() {
        server.stop(0);
        executor.shutdownNow();
        try {
            executor.awaitTermination(5, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private void handle(HttpExchange exchange) throws IOException {
        try (exchange) {
            String body;
            try (InputStream in = exchange.getRequestBody()) {
                body = new String(in.readAllBytes(), StandardCharsets.UTF_8);
            }
            JsonNode json = body.isBlank() ? JSON.createObjectNode() : JSON.readTree(body);
            String path = exchange.getRequestURI().getPath();
            ReceivedRequest request = new ReceivedRequest(
                    exchange.getRequestMethod(), path, Map.copyOf(exchange.getRequestHeaders()), body, json);
            requests.add(request);
            Reply reply;
            synchronized (this) {
                reply = queued.pollFirst();
            }
            if (reply == null) {
                reply = responder.apply(request);
            }
            if (reply.drop) {
                // Closing the exchange before any response header closes the connection: the client reads EOF.
                return;
            }
            if (reply.delay != null) {
                try {
                    Thread.sleep(reply.delay.toMillis());
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    return;
                }
            }
            int status = reply.status;
            if (status == 200
                    && reply.rawBody == null
                    && !path.endsWith("/api/chat")
                    && json.path("stream").asBoolean()) {
                stream(exchange, json, reply);
                return;
            }
            String out = reply.rawBody != null
                    ? reply.rawBody
                    : path.endsWith("/api/chat") ? ollamaBody(json, reply) : openAiBody(json, reply);
            byte[] bytes = out.getBytes(StandardCharsets.UTF_8);
            exchange.getResponseHeaders().add("Content-Type", "application/json");
            reply.headers.forEach((name, value) -> exchange.getResponseHeaders().add(name, value));
            exchange.sendResponseHeaders(status, bytes.length);
            try (OutputStream os = exchange.getResponseBody()) {
                os.write(bytes);
            }
        } catch (IOException | RuntimeException e) {
            // A client that gave up (timeout) closes the connection; nothing to report.
        }
    }

    private String openAiBody(JsonNode request, Reply reply) throws IOException {
        ObjectNode root = JSON.createObjectNode();
        root.put("id", "chatcmpl-loopback-" + ids.incrementAndGet());
        root.put("object", "chat.completion");
        root.put("created", Instant.now().getEpochSecond());
        root.put(
                "model",
                reply.model != null ? reply.model : request.path("model").asText("loopback"));
        ArrayNode choices = root.putArray("choices");
        ObjectNode choice = choices.addObject();
        choice.put("index", 0);
        ObjectNode message = choice.putObject("message");
        message.put("role", "assistant");
        message.put("content", reply.content);
        if (!reply.toolCalls.isEmpty()) {
            ArrayNode calls = message.putArray("tool_calls");
            for (int i = 0; i < reply.toolCalls.size(); i++) {
                ObjectNode call = calls.addObject();
                call.put("id", "call_" + (i + 1));
                call.put("type", "function");
                call.putObject("function")
                        .put("name", reply.toolCalls.get(i).name())
                        .put("arguments", reply.toolCalls.get(i).arguments());
            }
        }
        choice.put("finish_reason", reply.finishReason);
        if (reply.logprob != null) {
            logprobs(choice.putObject("logprobs").putArray("content").addObject(), reply);
        }
        if (reply.inputTokens >= 0) {
            ObjectNode usage = root.putObject("usage");
            usage.put("prompt_tokens", reply.inputTokens);
            usage.put("completion_tokens", reply.outputTokens);
            usage.put("total_tokens", reply.inputTokens + reply.outputTokens);
        }
        return JSON.writeValueAsString(root);
    }

    /**
     * A streamed reply, as OpenAI sends one for {@code "stream": true}: server-sent events, each a
     * {@code chat.completion.chunk} (the content a word at a time, then the tool calls, then the finish reason), the
     * usage in a chunk of its own when the request asks for it ({@code stream_options.include_usage}), then
     * {@code [DONE]}.
     */
    private void stream(HttpExchange exchange, JsonNode request, Reply reply) throws IOException {
        String id = "chatcmpl-loopback-" + ids.incrementAndGet();
        String model = reply.model != null ? reply.model : request.path("model").asText("loopback");
        List<ObjectNode> chunks = new ArrayList<>();
        if (reply.content != null) {
            Matcher words = Pattern.compile("\\s*\\S+|\\s+$").matcher(reply.content);
            boolean first = true;
            while (words.find()) {
                ObjectNode delta = JSON.createObjectNode();
                if (first) {
                    delta.put("role", "assistant");
                    first = false;
                }
                delta.put("content", words.group());
                chunks.add(chunk(id, model, delta, null));
            }
        }
        for (int i = 0; i < reply.toolCalls.size(); i++) {
            ObjectNode delta = JSON.createObjectNode();
            ObjectNode call = delta.putArray("tool_calls").addObject();
            call.put("index", i);
            call.put("id", "call_" + (i + 1));
            call.put("type", "function");
            call.putObject("function")
                    .put("name", reply.toolCalls.get(i).name())
                    .put("arguments", reply.toolCalls.get(i).arguments());
            chunks.add(chunk(id, model, delta, null));
        }
        chunks.add(chunk(id, model, JSON.createObjectNode(), reply.finishReason));
        if (reply.inputTokens >= 0
                && request.path("stream_options").path("include_usage").asBoolean()) {
            ObjectNode usage = chunk(id, model, null, null);
            usage.putObject("usage")
                    .put("prompt_tokens", reply.inputTokens)
                    .put("completion_tokens", reply.outputTokens)
                    .put("total_tokens", reply.inputTokens + reply.outputTokens);
            chunks.add(usage);
        }
        StringBuilder events = new StringBuilder();
        for (ObjectNode chunk : chunks) {
            events.append("data: ").append(JSON.writeValueAsString(chunk)).append("\n\n");
        }
        events.append("data: [DONE]\n\n");
        byte[] bytes = events.toString().getBytes(StandardCharsets.UTF_8);
        exchange.getResponseHeaders().add("Content-Type", "text/event-stream");
        reply.headers.forEach((name, value) -> exchange.getResponseHeaders().add(name, value));
        exchange.sendResponseHeaders(200, bytes.length);
        try (OutputStream os = exchange.getResponseBody()) {
            os.write(bytes);
        }
    }

    /** One chunk of a stream; {@code delta} {@code null} for the usage chunk, which has no choice. */
    private static ObjectNode chunk(String id, String model, ObjectNode delta, String finishReason) {
        ObjectNode chunk = JSON.createObjectNode();
        chunk.put("id", id);
        chunk.put("object", "chat.completion.chunk");
        chunk.put("created", Instant.now().getEpochSecond());
        chunk.put("model", model);
        ArrayNode choices = chunk.putArray("choices");
        if (delta != null) {
            ObjectNode choice = choices.addObject();
            choice.put("index", 0);
            choice.set("delta", delta);
            if (finishReason == null) {
                choice.putNull("finish_reason");
            } else {
                choice.put("finish_reason", finishReason);
            }
        }
        return chunk;
    }

    private String ollamaBody(JsonNode request, Reply reply) throws IOException {
        ObjectNode root = JSON.createObjectNode();
        root.put("model", request.path("model").asText("loopback"));
        root.put("created_at", Instant.now().toString());
        ObjectNode message = root.putObject("message");
        message.put("role", "assistant");
        message.put("content", reply.content);
        root.put("done", true);
        root.put("done_reason", reply.finishReason);
        root.put("prompt_eval_count", reply.inputTokens);
        root.put("eval_count", reply.outputTokens);
        if (reply.logprob != null) {
            logprobs(root.putArray("logprobs").addObject(), reply);
        }
        return JSON.writeValueAsString(root);
    }

    private static void logprobs(ObjectNode token, Reply reply) {
        token.put("token", reply.content);
        token.put("logprob", reply.logprob);
        ArrayNode top = token.putArray("top_logprobs");
        reply.topLogprobs.forEach(
                (text, logprob) -> top.addObject().put("token", text).put("logprob", logprob));
    }

    /** A request as the server received it. */
    public record ReceivedRequest(
            String method, String path, Map<String, List<String>> headers, String body, JsonNode json) {

        /** The content of the last message with role {@code user}, or an empty string. */
        public String lastUserMessage() {
            JsonNode messages = json.path("messages");
            for (int i = messages.size() - 1; i >= 0; i--) {
                JsonNode m = messages.get(i);
                if ("user".equals(m.path("role").asText())) {
                    JsonNode content = m.path("content");
                    if (content.isArray()) {
                        StringBuilder text = new StringBuilder();
                        content.forEach(part -> text.append(part.path("text").asText()));
                        return text.toString();
                    }
                    return content.asText();
                }
            }
            return "";
        }

        /** The names of the tools offered in the request ({@code tools[].function.name}), in order. */
        public List<String> toolNames() {
            List<String> names = new ArrayList<>();
            json.path("tools")
                    .forEach(
                            tool -> names.add(tool.path("function").path("name").asText()));
            return names;
        }

        /** The contents of the request's {@code tool} messages (the tools' results), in order. */
        public List<String> toolResults() {
            List<String> results = new ArrayList<>();
            json.path("messages").forEach(m -> {
                if ("tool".equals(m.path("role").asText())) {
                    results.add(m.path("content").asText());
                }
            });
            return results;
        }

        /** The first value of header {@code name}, ignoring case, or {@code null}. */
        public String header(String name) {
            return headers.entrySet().stream()
                    .filter(e -> e.getKey().equalsIgnoreCase(name))
                    .map(e -> e.getValue().isEmpty() ? null : e.getValue().get(0))
                    .findFirst()
                    .orElse(null);
        }
    }

    /** A tool call the server's reply asks for: the function's name and its arguments as a JSON text. */
    public record ToolCallReply(String name, String arguments) {}

    /** What the server answers to one request. */
    public static final class Reply {

        private final int status;
        private final String content;
        private final String rawBody;
        private final Duration delay;
        private final int inputTokens;
        private final int outputTokens;
        private final String finishReason;
        private final boolean drop;
        private final Map<String, String> headers;
        private final List<ToolCallReply> toolCalls;
        private final String model;
        private final Double logprob;
        private final Map<String, Double> topLogprobs;

        private Reply(
                int status,
                String content,
                String rawBody,
                Duration delay,
                int inputTokens,
                int outputTokens,
                String finishReason,
                boolean drop,
                Map<String, String> headers) {
            this(
                    status,
                    content,
                    rawBody,
                    delay,
                    inputTokens,
                    outputTokens,
                    finishReason,
                    drop,
                    headers,
                    List.of(),
                    null,
                    null,
                    Map.of());
        }

        private Reply(
                int status,
                String content,
                String rawBody,
                Duration delay,
                int inputTokens,
                int outputTokens,
                String finishReason,
                boolean drop,
                Map<String, String> headers,
                List<ToolCallReply> toolCalls,
                String model,
                Double logprob,
                Map<String, Double> topLogprobs) {
            this.toolCalls = toolCalls;
            this.model = model;
            this.status = status;
            this.content = content;
            this.rawBody = rawBody;
            this.delay = delay;
            this.inputTokens = inputTokens;
            this.outputTokens = outputTokens;
            this.finishReason = finishReason;
            this.drop = drop;
            this.headers = headers;
            this.logprob = logprob;
            this.topLogprobs = topLogprobs;
        }

        /** A successful completion whose assistant message is {@code content}. */
        public static Reply content(String content) {
            return new Reply(200, content, null, null, 20, 10, "stop", false, Map.of());
        }

        /**
         * A completion that asks for tool calls, as OpenAI sends it: no content, {@code tool_calls} (ids
         * {@code call_1}, {@code call_2}, ...) and {@code finish_reason} {@code tool_calls}.
         */
        public static Reply toolCalls(ToolCallReply... calls) {
            return new Reply(
                    200, null, null, null, 20, 10, "tool_calls", false, Map.of(), List.of(calls), null, null, Map.of());
        }

        /** The same reply, reporting {@code model} as the model that wrote it (else the request's model). */
        public Reply byModel(String model) {
            return new Reply(
                    status,
                    content,
                    rawBody,
                    delay,
                    inputTokens,
                    outputTokens,
                    finishReason,
                    drop,
                    headers,
                    toolCalls,
                    model,
                    logprob,
                    topLogprobs);
        }

        /** An HTTP error, e.g. {@code status(429, "{...}")}. */
        public static Reply status(int status, String body) {
            return new Reply(status, null, body, null, 0, 0, null, false, Map.of());
        }

        /** No reply at all: the server reads the request and closes the connection, as a crashing proxy does. */
        public static Reply dropConnection() {
            return new Reply(0, null, null, null, 0, 0, null, true, Map.of());
        }

        /** The same reply, sent after {@code delay}. */
        public Reply after(Duration delay) {
            return new Reply(
                    status,
                    content,
                    rawBody,
                    delay,
                    inputTokens,
                    outputTokens,
                    finishReason,
                    drop,
                    headers,
                    toolCalls,
                    model,
                    logprob,
                    topLogprobs);
        }

        /** The same reply with no {@code usage}, as a hand-written reply has no token counts. */
        public Reply withoutUsage() {
            return withUsage(-1, -1);
        }

        public Reply withUsage(int inputTokens, int outputTokens) {
            return new Reply(
                    status,
                    content,
                    rawBody,
                    delay,
                    inputTokens,
                    outputTokens,
                    finishReason,
                    drop,
                    headers,
                    toolCalls,
                    model,
                    logprob,
                    topLogprobs);
        }

        /**
         * The same reply, its content one token with log-probability {@code logprob}, and {@code top} the tokens
         * listed at its place (token to log-probability): in an OpenAI body as {@code choices[0].logprobs.content},
         * in an Ollama body as Ollama 0.12.11+ sends them, {@code logprobs} beside the message.
         */
        public Reply withLogprobs(double logprob, Map<String, Double> top) {
            return new Reply(
                    status,
                    content,
                    rawBody,
                    delay,
                    inputTokens,
                    outputTokens,
                    finishReason,
                    drop,
                    headers,
                    toolCalls,
                    model,
                    logprob,
                    Map.copyOf(top));
        }

        /** The same reply with one more response header, e.g. {@code withHeader("Retry-After", "1")}. */
        public Reply withHeader(String name, String value) {
            Map<String, String> more = new LinkedHashMap<>(headers);
            more.put(name, value);
            return new Reply(
                    status,
                    content,
                    rawBody,
                    delay,
                    inputTokens,
                    outputTokens,
                    finishReason,
                    drop,
                    Map.copyOf(more),
                    toolCalls,
                    model,
                    logprob,
                    topLogprobs);
        }
    }
}
