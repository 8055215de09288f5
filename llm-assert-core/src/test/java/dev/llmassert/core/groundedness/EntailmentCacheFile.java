package dev.llmassert.core.groundedness;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.llmassert.core.groundedness.internal.EntailmentModel;

import java.io.BufferedReader;
import java.io.BufferedWriter;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.OutputStreamWriter;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HashMap;
import java.util.HexFormat;
import java.util.Map;
import java.util.zip.GZIPInputStream;
import java.util.zip.GZIPOutputStream;

/**
 * The entailment model's probabilities kept in a file between runs of {@link LocalJudgeFit}
 * ({@code --nli-cache=file}, outside the repository): the model reads the labelled sets' pairs once, and a refit of
 * the decision takes minutes instead. The file names the SHA-256 of the model it was made with, and is ignored for any
 * other model.
 */
final class EntailmentCacheFile {

    private static final String MODEL = "/dev/llmassert/core/groundedness/entailment.onnx";

    private final Path path;
    private final String model;

    private EntailmentCacheFile(Path path, String model) {
        this.path = path;
        this.model = model;
    }

    /** The file of {@code --nli-cache=}, loaded into the shared model; one that does nothing without the option. */
    static EntailmentCacheFile of(String[] args, LocalGroundednessJudge judge) throws IOException {
        for (String arg : args) {
            if (arg.startsWith("--nli-cache=") && judge.usesEntailment()) {
                EntailmentCacheFile file =
                        new EntailmentCacheFile(Path.of(arg.substring("--nli-cache=".length())), modelDigest());
                file.load();
                return file;
            }
        }
        return new EntailmentCacheFile(null, null);
    }

    private void load() throws IOException {
        if (!Files.isRegularFile(path)) {
            return;
        }
        ObjectMapper json = new ObjectMapper();
        Map<EntailmentModel.Pair, Float> pairs = new HashMap<>();
        try (BufferedReader in = new BufferedReader(
                new InputStreamReader(new GZIPInputStream(Files.newInputStream(path)), StandardCharsets.UTF_8))) {
            JsonNode header = json.readTree(in.readLine());
            if (!model.equals(header.path("model").asText())) {
                System.err.println("The entailment cache " + path + " was made with another model; it is rebuilt.");
                return;
            }
            String line;
            while ((line = in.readLine()) != null) {
                JsonNode node = json.readTree(line);
                pairs.put(
                        new EntailmentModel.Pair(
                                node.get("p").asText(), node.get("h").asText()),
                        node.get("e").floatValue());
            }
        }
        EntailmentModel.shared().remember(pairs);
        System.err.println("Read " + pairs.size() + " entailment probabilities from " + path);
    }

    /** Writes what the model remembers, replacing the file only once the new one is complete. */
    void save() throws IOException {
        if (path == null) {
            return;
        }
        ObjectMapper json = new ObjectMapper();
        Path partial = path.resolveSibling(path.getFileName() + ".partial");
        Map<EntailmentModel.Pair, Float> pairs = EntailmentModel.shared().remembered();
        try (BufferedWriter out = new BufferedWriter(
                new OutputStreamWriter(new GZIPOutputStream(Files.newOutputStream(partial)), StandardCharsets.UTF_8))) {
            out.write(json.createObjectNode().put("model", model).toString());
            out.newLine();
            for (Map.Entry<EntailmentModel.Pair, Float> e : pairs.entrySet()) {
                ObjectNode node = json.createObjectNode()
                        .put("p", e.getKey().premise())
                        .put("h", e.getKey().hypothesis())
                        .put("e", e.getValue());
                out.write(node.toString());
                out.newLine();
            }
        }
        Files.move(partial, path, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
        System.err.println("Wrote " + pairs.size() + " entailment probabilities to " + path);
    }

    private static String modelDigest() {
        try (InputStream in = EntailmentCacheFile.class.getResourceAsStream(MODEL)) {
            if (in == null) {
                throw new IllegalStateException("The resource " + MODEL + " is missing: build llm-assert-core first.");
            }
            return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(in.readAllBytes()));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }
}
