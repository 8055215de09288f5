package dev.llmassert.core.record.internal;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.util.DefaultIndenter;
import com.fasterxml.jackson.core.util.DefaultPrettyPrinter;
import com.fasterxml.jackson.core.util.Separators;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.ObjectWriter;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.langchain4j.model.output.FinishReason;
import dev.llmassert.core.record.RecordingFileException;
import org.apiguardian.api.API;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

import static org.apiguardian.api.API.Status.INTERNAL;

/**
 * Reads and writes recordings files: {@code {"format": 1, "entries": [...]}}, entries sorted by key.
 *
 * <p>Multi-line texts are written as arrays of lines so that a changed prompt line shows as one changed line in a
 * pull-request diff; a plain string is read as well. The writer is deterministic: reading a file it wrote and writing
 * it again gives the same bytes.
 */
@API(status = INTERNAL, since = "0.1")
public final class RecordingsCodec {

    /** The only format this version reads and writes. */
    public static final int FORMAT = 1;

    private static final JsonNodeFactory NODES = JsonNodeFactory.instance;
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final ObjectWriter PRETTY;

    static {
        // "\n" rather than the platform separator: a file written on Windows and on Linux must be the same bytes.
        DefaultIndenter indenter = new DefaultIndenter("  ", "\n");
        DefaultPrettyPrinter printer = new DefaultPrettyPrinter()
                .withSeparators(
                        Separators.createDefaultInstance().withObjectFieldValueSpacing(Separators.Spacing.AFTER));
        printer.indentObjectsWith(indenter);
        printer.indentArraysWith(indenter);
        PRETTY = JSON.writer(printer);
    }

    private RecordingsCodec() {}

    /**
     * Parses a recordings file.
     *
     * @param verifyKeys whether a written key must match its request (off only when rewriting keys on purpose)
     * @return the entries by key
     * @throws RecordingFileException for anything that is not a valid file, naming the file and the problem
     */
    public static Map<String, Entry> read(Path file, byte[] bytes, boolean verifyKeys) {
        JsonNode root;
        try {
            root = JSON.readTree(bytes);
        } catch (JsonProcessingException e) {
            String problem = String.valueOf(e.getOriginalMessage()).replaceAll("\\[Source: [^;]*; ", "[");
            String where = e.getLocation() == null
                    ? ""
                    : " (line " + e.getLocation().getLineNr() + ", column "
                            + e.getLocation().getColumnNr() + ")";
            throw new RecordingFileException(file, RecordingMessages.cannotParse(file, problem + where), e);
        } catch (IOException e) {
            throw new RecordingFileException(file, RecordingMessages.cannotParse(file, e.getMessage()), e);
        }
        if (root == null || root.isMissingNode()) {
            throw invalid(file, "The top level", "the file is empty");
        }
        if (!root.isObject()) {
            throw invalid(file, "The top level", "expected an object {\"format\": 1, \"entries\": [...]}");
        }
        JsonNode format = root.get("format");
        if (format == null || !format.isIntegralNumber()) {
            throw invalid(file, "\"format\"", "missing or not a number; this version writes \"format\": 1");
        }
        if (format.intValue() != FORMAT) {
            throw new RecordingFileException(file, RecordingMessages.unsupportedFormat(file, format.asText()), null);
        }
        JsonNode entries = root.get("entries");
        if (entries == null || !entries.isArray()) {
            throw invalid(file, "\"entries\"", "missing or not an array");
        }
        Map<String, Entry> result = new HashMap<>(entries.size() * 2);
        Map<String, Integer> indexOfKey = new HashMap<>(entries.size() * 2);
        for (int i = 0; i < entries.size(); i++) {
            Entry entry = entry(file, i, entries.get(i), verifyKeys);
            Integer previous = indexOfKey.putIfAbsent(entry.key(), i);
            if (previous != null) {
                throw new RecordingFileException(
                        file, RecordingMessages.duplicateKey(file, previous, i, entry.key()), null);
            }
            result.put(entry.key(), entry);
        }
        return result;
    }

    private static Entry entry(Path file, int index, JsonNode node, boolean verifyKeys) {
        String where = "entries[" + index + "]";
        if (!node.isObject()) {
            throw invalid(file, where, "expected an object");
        }
        JsonNode requestNode = node.get("request");
        if (requestNode == null || !requestNode.isObject()) {
            throw invalid(file, where + ".request", "missing or not an object");
        }
        ObjectNode request = readRequest(file, where + ".request", (ObjectNode) requestNode);
        String computed = CanonicalRequests.key(request);
        JsonNode keyNode = node.get("key");
        if (keyNode != null && !keyNode.isNull() && !keyNode.isTextual()) {
            throw invalid(file, where + ".key", "expected a string");
        }
        if (verifyKeys
                && keyNode != null
                && keyNode.isTextual()
                && !keyNode.textValue().equals(computed)) {
            throw new RecordingFileException(
                    file, RecordingMessages.keyMismatch(file, index, keyNode.textValue(), computed), null);
        }
        JsonNode model = node.get("model");
        if (model != null && !model.isNull() && !model.isTextual()) {
            throw invalid(file, where + ".model", "expected a string");
        }
        JsonNode responsesNode = node.get("responses");
        if (responsesNode == null || !responsesNode.isArray() || responsesNode.isEmpty()) {
            throw invalid(
                    file,
                    where + ".responses",
                    "missing, not an array, or empty; an entry needs at least "
                            + "one reply, e.g. \"responses\": [{\"text\": \"...\"}]");
        }
        List<RecordedResponse> responses = new ArrayList<>(responsesNode.size());
        for (int r = 0; r < responsesNode.size(); r++) {
            responses.add(response(file, where + ".responses[" + r + "]", responsesNode.get(r)));
        }
        String modelName = model != null && model.isTextual()
                ? model.textValue()
                : request.path("model").asText(null);
        return new Entry(computed, modelName, request, responses);
    }

    private static ObjectNode readRequest(Path file, String where, ObjectNode raw) {
        ObjectNode request = raw.deepCopy();
        JsonNode messages = request.get("messages");
        if (messages == null || !messages.isArray()) {
            throw invalid(file, where + ".messages", "missing or not an array");
        }
        for (int m = 0; m < messages.size(); m++) {
            JsonNode message = messages.get(m);
            if (!message.isObject() || !message.path("role").isTextual()) {
                throw invalid(file, where + ".messages[" + m + "]", "expected an object with a \"role\"");
            }
            ObjectNode object = (ObjectNode) message;
            JsonNode text = object.get("text");
            if (text != null && text.isArray()) {
                object.put("text", joinLines(file, where + ".messages[" + m + "].text", text));
            }
        }
        return request;
    }

    private static RecordedResponse response(Path file, String where, JsonNode node) {
        if (!node.isObject()) {
            throw invalid(file, where, "expected an object such as {\"text\": \"...\"}");
        }
        JsonNode textNode = node.get("text");
        String text = textNode == null || textNode.isNull()
                ? null
                : textNode.isArray()
                        ? joinLines(file, where + ".text", textNode)
                        : textNode.isTextual() ? textNode.textValue() : null;
        if (textNode != null && !textNode.isNull() && text == null) {
            throw invalid(file, where + ".text", "expected a string or an array of lines");
        }
        List<RecordedResponse.ToolCall> calls = new ArrayList<>();
        JsonNode callsNode = node.get("toolCalls");
        if (callsNode != null && callsNode.isArray()) {
            for (JsonNode call : callsNode) {
                calls.add(new RecordedResponse.ToolCall(
                        call.path("id").asText(null),
                        call.path("name").asText(null),
                        call.path("arguments").asText(null)));
            }
        }
        if (text == null && calls.isEmpty()) {
            throw invalid(file, where, "a reply needs a \"text\" (or \"toolCalls\")");
        }
        JsonNode usage = node.path("tokenUsage");
        Integer input =
                usage.path("input").isIntegralNumber() ? usage.path("input").intValue() : null;
        Integer output =
                usage.path("output").isIntegralNumber() ? usage.path("output").intValue() : null;
        String finishReason = null;
        JsonNode finish = node.get("finishReason");
        if (finish != null && !finish.isNull()) {
            finishReason = finish.asText().trim().toUpperCase(Locale.ROOT);
            try {
                FinishReason.valueOf(finishReason);
            } catch (IllegalArgumentException e) {
                throw invalid(
                        file,
                        where + ".finishReason",
                        "'" + finish.asText() + "' is not one of " + Arrays.toString(FinishReason.values()));
            }
        }
        JsonNode recordedAt = node.get("recordedAt");
        return new RecordedResponse(
                text,
                calls,
                input,
                output,
                finishReason,
                recordedAt == null || recordedAt.isNull() ? null : recordedAt.asText(),
                logprobs(file, where + ".logprobs", node.get("logprobs"), true));
    }

    /**
     * {@code [{"token": "Yes", "logprob": -0.05, "top": [{"token": "Yes", "logprob": -0.05}, ...]}, ...]}: each
     * token's natural log-probability (0 or less), and, for the reply's own tokens, the most likely tokens at its
     * place.
     */
    private static List<RecordedResponse.TokenLogprob> logprobs(
            Path file, String where, JsonNode node, boolean withTop) {
        if (node == null || node.isNull()) {
            return List.of();
        }
        if (!node.isArray()) {
            throw invalid(file, where, "expected an array such as [{\"token\": \"Yes\", \"logprob\": -0.05}]");
        }
        List<RecordedResponse.TokenLogprob> tokens = new ArrayList<>(node.size());
        for (int i = 0; i < node.size(); i++) {
            String at = where + "[" + i + "]";
            JsonNode token = node.get(i);
            if (!token.isObject() || !token.path("token").isTextual()) {
                throw invalid(file, at, "expected an object with a \"token\" string and a \"logprob\" number");
            }
            JsonNode logprob = token.get("logprob");
            if (logprob == null
                    || !logprob.isNumber()
                    || !Double.isFinite(logprob.doubleValue())
                    || logprob.doubleValue() > 0) {
                throw invalid(
                        file,
                        at + ".logprob",
                        "expected a number of 0 or less (a natural log-probability), " + "but is "
                                + (logprob == null ? "missing" : logprob.toString()));
            }
            JsonNode top = token.get("top");
            if (top != null && !withTop) {
                throw invalid(file, at + ".top", "an alternative has no alternatives of its own");
            }
            tokens.add(new RecordedResponse.TokenLogprob(
                    token.get("token").textValue(),
                    logprob.doubleValue(),
                    withTop ? logprobs(file, at + ".top", top, false) : List.of()));
        }
        return tokens;
    }

    private static String joinLines(Path file, String where, JsonNode lines) {
        List<String> parts = new ArrayList<>(lines.size());
        for (JsonNode line : lines) {
            if (!line.isTextual()) {
                throw invalid(file, where, "an array of lines must hold only strings");
            }
            parts.add(line.textValue());
        }
        return CanonicalRequests.joinLines(parts);
    }

    /** The file's bytes for {@code entries}, which must be sorted by key. UTF-8, ends with a newline. */
    public static byte[] write(Collection<Entry> entries) {
        ObjectNode root = NODES.objectNode();
        root.put("format", FORMAT);
        ArrayNode array = root.putArray("entries");
        for (Entry entry : entries) {
            ObjectNode node = array.addObject();
            node.put("key", entry.key());
            if (entry.model() != null) {
                node.put("model", entry.model());
            }
            node.set("request", writableRequest(entry.request()));
            ArrayNode responses = node.putArray("responses");
            for (RecordedResponse response : entry.responses()) {
                responses.add(writableResponse(response));
            }
        }
        try {
            String text = PRETTY.writeValueAsString(root) + "\n";
            return text.getBytes(StandardCharsets.UTF_8);
        } catch (JsonProcessingException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static ObjectNode writableRequest(ObjectNode request) {
        ObjectNode copy = request.deepCopy();
        JsonNode messages = copy.get("messages");
        if (messages != null) {
            for (JsonNode message : messages) {
                JsonNode text = message.get("text");
                if (text != null && text.isTextual() && text.textValue().indexOf('\n') >= 0) {
                    ((ObjectNode) message).set("text", lines(text.textValue()));
                }
            }
        }
        return copy;
    }

    private static ObjectNode writableResponse(RecordedResponse response) {
        ObjectNode node = NODES.objectNode();
        if (response.text() != null) {
            if (response.text().indexOf('\n') >= 0) {
                node.set("text", lines(response.text()));
            } else {
                node.put("text", response.text());
            }
        }
        if (!response.toolCalls().isEmpty()) {
            ArrayNode calls = node.putArray("toolCalls");
            for (RecordedResponse.ToolCall call : response.toolCalls()) {
                ObjectNode c = calls.addObject();
                if (call.id() != null) {
                    c.put("id", call.id());
                }
                c.put("name", call.name());
                c.put("arguments", call.arguments());
            }
        }
        if (response.inputTokens() != null || response.outputTokens() != null) {
            ObjectNode usage = node.putObject("tokenUsage");
            if (response.inputTokens() != null) {
                usage.put("input", response.inputTokens());
            }
            if (response.outputTokens() != null) {
                usage.put("output", response.outputTokens());
            }
        }
        if (response.finishReason() != null) {
            node.put("finishReason", response.finishReason());
        }
        if (!response.logprobs().isEmpty()) {
            node.set("logprobs", writableLogprobs(response.logprobs()));
        }
        if (response.recordedAt() != null) {
            node.put("recordedAt", response.recordedAt());
        }
        return node;
    }

    private static ArrayNode writableLogprobs(List<RecordedResponse.TokenLogprob> tokens) {
        ArrayNode array = NODES.arrayNode();
        for (RecordedResponse.TokenLogprob token : tokens) {
            ObjectNode t = array.addObject();
            t.put("token", token.token());
            t.put("logprob", token.logprob());
            if (!token.top().isEmpty()) {
                t.set("top", writableLogprobs(token.top()));
            }
        }
        return array;
    }

    private static ArrayNode lines(String text) {
        ArrayNode lines = NODES.arrayNode();
        CanonicalRequests.splitLines(text).forEach(lines::add);
        return lines;
    }

    private static RecordingFileException invalid(Path file, String where, String problem) {
        return new RecordingFileException(file, RecordingMessages.invalid(file, where, problem), null);
    }
}
