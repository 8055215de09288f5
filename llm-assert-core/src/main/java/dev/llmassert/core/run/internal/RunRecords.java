package dev.llmassert.core.run.internal;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.json.JsonMapper;
import dev.llmassert.core.io.AtomicFiles;
import org.apiguardian.api.API;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.SortedMap;
import java.util.TreeMap;

import static org.apiguardian.api.API.Status.INTERNAL;

/**
 * The one reader and writer of the records a run leaves (an evaluation's, a calibration's): versioned JSON
 * ({@code "format": 1} and the versions that made it), pretty-printed, each map in its own order and a map without
 * one ({@code Map.of}, a {@code HashMap}) sorted by key ({@link #ordered}), so that two runs differ only where their
 * outcomes do; written whole or not at all ({@link AtomicFiles}); read back with an error that names the file, what
 * is wrong with it, and the fix.
 */
@API(status = INTERNAL, since = "0.1")
public final class RunRecords {

    /** The records' JSON: pretty-printed, and a missing number never read as 0. */
    public static final ObjectMapper JSON = JsonMapper.builder()
            .enable(SerializationFeature.INDENT_OUTPUT)
            .enable(DeserializationFeature.FAIL_ON_NULL_FOR_PRIMITIVES)
            .build();

    /**
     * A kind of record, for its checks and messages.
     *
     * @param noun          {@code evaluation}
     * @param article       {@code an}
     * @param folder        the folder under the report directory its records go to, {@code evaluations}
     * @param format        the {@code "format"} this version writes and reads
     * @param requiredField a field every record of the kind has besides {@code format}, or {@code null}
     * @param committedAs   what a committed record serves as, e.g. {@code " as the baseline"}, or {@code ""}
     */
    @API(status = INTERNAL, since = "0.1")
    public record Kind(
            String noun, String article, String folder, int format, String requiredField, String committedAs) {}

    /** What turns a record's JSON into its value; may throw for a damaged record. */
    @API(status = INTERNAL, since = "0.1")
    @FunctionalInterface
    public interface Reader<T> {
        T read(JsonNode root) throws Exception;
    }

    private RunRecords() {}

    /** The versions that made a record: llm-assert's ({@code development} outside a release jar) and Java's. */
    public static Map<String, String> versions() {
        Map<String, String> versions = new TreeMap<>();
        String own = RunRecords.class.getPackage().getImplementationVersion();
        versions.put("llm-assert", own == null ? "development" : own);
        versions.put("java", System.getProperty("java.version"));
        return versions;
    }

    /**
     * {@code value} with every map in it that has no order of its own sorted by key, at any depth: a
     * {@code LinkedHashMap} or a {@code SortedMap} keeps its order, a {@code Map.of} (whose order changes from one JVM
     * to the next) or a {@code HashMap} becomes a {@code TreeMap}. Lists are copied with their elements ordered so.
     */
    public static Object ordered(Object value) {
        if (value instanceof Map<?, ?> map) {
            Map<Object, Object> copy = map instanceof SortedMap<?, ?> || map instanceof LinkedHashMap<?, ?>
                    ? new LinkedHashMap<>()
                    : new TreeMap<>(Comparator.comparing(String::valueOf));
            map.forEach((key, element) -> copy.put(key, ordered(element)));
            return copy;
        }
        if (value instanceof List<?> list) {
            List<Object> copy = new ArrayList<>(list.size());
            list.forEach(element -> copy.add(ordered(element)));
            return copy;
        }
        return value;
    }

    /**
     * Writes {@code record} (a JSON tree, or a value Jackson writes) to {@code file}, whole or not at all.
     *
     * @throws UncheckedIOException naming the file and the fix, when it cannot be written
     */
    public static void write(Kind kind, Object record, Path file) {
        try {
            byte[] bytes = (JSON.writeValueAsString(record) + "\n").getBytes(StandardCharsets.UTF_8);
            AtomicFiles.replace(file, bytes);
        } catch (IOException e) {
            throw new UncheckedIOException(RunMessages.notWritten(kind, file, e), e);
        }
    }

    /**
     * Reads the record at {@code file}: its JSON, checked to be a record of {@code kind} and this format, then turned
     * into its value by {@code reader}.
     *
     * @throws IllegalArgumentException naming the file and the fix, for a missing file, a file that is not JSON or not
     *                                  a record of this kind and format, or a damaged record
     */
    public static <T> T read(Kind kind, Path file, Reader<T> reader) {
        JsonNode root;
        try {
            root = JSON.readTree(Files.readString(file, StandardCharsets.UTF_8));
        } catch (NoSuchFileException e) {
            throw new IllegalArgumentException(RunMessages.noRecord(kind, file), e);
        } catch (JsonProcessingException e) {
            throw new IllegalArgumentException(RunMessages.notJson(kind, file, e), e);
        } catch (IOException e) {
            throw new UncheckedIOException(
                    "Could not read the " + kind.noun() + " record " + file.toAbsolutePath() + ": " + e.getMessage(),
                    e);
        }
        if (root == null
                || !root.isObject()
                || root.path("format").asInt(-1) != kind.format()
                || (kind.requiredField() != null && !root.has(kind.requiredField()))) {
            throw new IllegalArgumentException(RunMessages.notARecord(kind, file, root));
        }
        try {
            return reader.read(root);
        } catch (Exception e) {
            String problem = e instanceof JsonProcessingException json ? json.getOriginalMessage() : e.getMessage();
            throw new IllegalArgumentException(RunMessages.damaged(kind, file, problem), e);
        }
    }
}
