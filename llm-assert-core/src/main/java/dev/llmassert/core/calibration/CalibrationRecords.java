package dev.llmassert.core.calibration;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.json.JsonMapper;
import dev.llmassert.core.io.AtomicFiles;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;

/**
 * The calibration record's JSON: the records of {@link Calibration}, written by Jackson with {@code "format": 1}
 * first and read back into them. Pretty-printed, the rows in the order given, so a committed record diffs by row.
 */
final class CalibrationRecords {

    private static final ObjectMapper JSON = JsonMapper.builder()
            .enable(SerializationFeature.INDENT_OUTPUT)
            .enable(SerializationFeature.ORDER_MAP_ENTRIES_BY_KEYS)
            .enable(DeserializationFeature.FAIL_ON_NULL_FOR_PRIMITIVES)
            .build();

    private CalibrationRecords() {}

    static void write(Calibration calibration, Path file) {
        try {
            AtomicFiles.replace(file, (JSON.writeValueAsString(calibration) + "\n").getBytes(StandardCharsets.UTF_8));
        } catch (IOException e) {
            throw new UncheckedIOException(
                    "Could not write the calibration record " + file.toAbsolutePath() + ": " + e.getMessage()
                            + ". Fix: make the folder writable (llmassert.report.dir moves it).",
                    e);
        }
    }

    static Calibration read(Path file) {
        JsonNode root;
        try {
            root = JSON.readTree(Files.readString(file, StandardCharsets.UTF_8));
        } catch (NoSuchFileException e) {
            throw new IllegalArgumentException(
                    "There is no calibration record at " + file.toAbsolutePath()
                            + " (working directory " + Path.of("").toAbsolutePath()
                            + "). Fix: run the calibration once and "
                            + "commit its record from target/llm-assert/calibrations/, or correct the path.",
                    e);
        } catch (JsonProcessingException e) {
            throw new IllegalArgumentException(
                    "The calibration record " + file.toAbsolutePath() + " is not valid "
                            + "JSON, at line " + e.getLocation().getLineNr() + ": " + e.getOriginalMessage() + ". Fix: "
                            + "restore it from version control, or write it again by running the calibration.",
                    e);
        } catch (IOException e) {
            throw new UncheckedIOException(
                    "Could not read the calibration record " + file.toAbsolutePath() + ": " + e.getMessage(), e);
        }
        if (root == null
                || !root.isObject()
                || root.path("format").asInt(-1) != Calibration.FORMAT
                || !root.has("kind")) {
            throw new IllegalArgumentException("The file " + file.toAbsolutePath() + " is not a calibration record "
                    + "of format " + Calibration.FORMAT + " (its \"format\" is "
                    + (root == null ? "missing" : root.path("format"))
                    + "). Fix: point at a record from target/llm-assert/calibrations/.");
        }
        try {
            return JSON.treeToValue(root, Calibration.class);
        } catch (JsonProcessingException | IllegalArgumentException e) {
            String problem = e instanceof JsonProcessingException json ? json.getOriginalMessage() : e.getMessage();
            throw new IllegalArgumentException(
                    "The calibration record " + file.toAbsolutePath() + " is damaged: "
                            + problem + ". Fix: restore it from version control, or write it again by running the "
                            + "calibration.",
                    e);
        }
    }
}
