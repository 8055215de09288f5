package dev.llmassert.core.record;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.langchain4j.model.chat.ChatModel;
import dev.langchain4j.model.chat.request.ChatRequest;
import dev.llmassert.core.io.AtomicFiles;
import dev.llmassert.core.record.internal.CanonicalRequests;
import dev.llmassert.core.record.internal.Entry;
import dev.llmassert.core.record.internal.PathLocks;
import dev.llmassert.core.record.internal.RecordingMessages;
import dev.llmassert.core.record.internal.RecordingsCodec;
import org.apiguardian.api.API;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

/**
 * Recording keys: the SHA-256 (hex) of the canonical request. The canonical request is the model name, the messages,
 * the sampling parameters, the response format (with its JSON schema) and the tools. It never holds the endpoint or
 * a credential. It is what a recordings file shows under {@code "request"}, and the key can be computed from that
 * alone: an entry without {@code "key"} gets it computed when the file is loaded, which is how a hand-written
 * recording is made.
 *
 * <p>To fill in or correct the keys of a hand-written or hand-edited file, call {@link #rewriteKeys(Path)}.
 */
@API(status = EXPERIMENTAL, since = "0.1")
public final class RecordingKeys {

    private static final ObjectMapper JSON = new ObjectMapper();

    private RecordingKeys() {}

    /**
     * The key of {@code request} exactly as given; its parameters must already name the model.
     *
     * @param request the request as sent
     * @return the key: 64 hex digits
     */
    public static String keyOf(ChatRequest request) {
        return CanonicalRequests.key(CanonicalRequests.toNode(request));
    }

    /**
     * The key under which {@code model}, wrapped for recording, files {@code request}: the request merged over the
     * model's default parameters (model name, temperature, ...), as {@code ChatModel.chat} sends it.
     *
     * @param model the model, wrapped or not
     * @param request the request as the caller gives it to {@code chat}
     * @return the key: 64 hex digits
     */
    public static String keyOf(ChatModel model, ChatRequest request) {
        return keyOf(RecordingSession.asSent(model, request));
    }

    /**
     * The readable canonical request, pretty-printed: what a recordings file shows under {@code "request"}.
     *
     * @param request the request as sent
     * @return the canonical request as indented JSON
     */
    public static String canonicalRequest(ChatRequest request) {
        try {
            return JSON.writerWithDefaultPrettyPrinter().writeValueAsString(CanonicalRequests.toNode(request));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /**
     * The key of a canonical request given as JSON text, e.g. the {@code "request"} object of an entry.
     *
     * @param canonicalRequestJson the canonical request, a JSON object like {@code {"model": ..., "messages": [...]}}
     * @return the key: 64 hex digits
     * @throws IllegalArgumentException when the text does not parse
     * @throws RecordingFileException when it parses but is not a canonical request
     */
    public static String keyOfCanonicalRequest(String canonicalRequestJson) {
        JsonNode node;
        try {
            node = JSON.readTree(canonicalRequestJson);
        } catch (IOException e) {
            throw new IllegalArgumentException(
                    "canonicalRequestJson must be a JSON object like "
                            + "{\"model\": ..., \"messages\": [...]}, but does not parse: " + e.getMessage(),
                    e);
        }
        Path here = Path.of("(argument)");
        String file = "{\"format\":1,\"entries\":[{\"request\":" + node + ",\"responses\":[{\"text\":\"-\"}]}]}";
        Map<String, Entry> entries = RecordingsCodec.read(here, file.getBytes(StandardCharsets.UTF_8), false);
        return entries.keySet().iterator().next();
    }

    /**
     * Rewrites {@code file} with every key computed from its request, entries sorted by key, in the standard layout.
     *
     * @param file the recordings file
     * @return how many entries had a missing or different key
     * @throws RecordingFileException when the file is not a valid recordings file (it is left unchanged)
     * @throws UncheckedIOException naming the file, when it cannot be read or written
     */
    @SuppressWarnings("try") // the lock is held for the block, never read
    public static int rewriteKeys(Path file) {
        Path absolute = file.toAbsolutePath().normalize();
        try (PathLocks.Held ignored = PathLocks.lock(absolute)) {
            byte[] bytes = Files.readAllBytes(absolute);
            Map<String, Entry> entries = RecordingsCodec.read(absolute, bytes, false);
            Set<String> written = new HashSet<>();
            for (JsonNode entry : JSON.readTree(bytes).path("entries")) {
                written.add(entry.path("key").asText(""));
            }
            int changed = 0;
            for (String key : entries.keySet()) {
                if (!written.contains(key)) {
                    changed++;
                }
            }
            AtomicFiles.replace(absolute, RecordingsCodec.write(new TreeMap<>(entries).values()));
            return changed;
        } catch (IOException e) {
            throw new UncheckedIOException(RecordingMessages.keysNotRewritten(absolute, e), e);
        }
    }
}
