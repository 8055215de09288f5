package dev.llmassert.core.run.internal;

import com.fasterxml.jackson.databind.JsonNode;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class RunRecordsTest {

    private static final RunRecords.Kind KIND = new RunRecords.Kind("test", "a", "tests", 1, "kind", "");

    @TempDir
    Path dir;

    @Test
    void aMapWithoutAnOrderOfItsOwnIsSortedSoThatTwoRunsWriteTheSameBytes() throws Exception {
        Map<String, Object> row = new LinkedHashMap<>();
        row.put("sentence", "The router restarts.");
        row.put("score", 1.0);
        Map<String, Object> record = new LinkedHashMap<>();
        record.put("format", 1);
        record.put("kind", "test");
        // Map.of iterates in an order that changes from one JVM to the next; a LinkedHashMap keeps its own
        record.put("tokens", Map.of("output", 2, "input", 1, "total", 3));
        record.put("sentences", List.of(row));
        Path file = dir.resolve("tests").resolve("one.json");

        RunRecords.write(KIND, RunRecords.ordered(record), file);

        String text = Files.readString(file);
        assertThat(text.indexOf("\"input\"")).isLessThan(text.indexOf("\"output\""));
        assertThat(text.indexOf("\"output\"")).isLessThan(text.indexOf("\"total\""));
        assertThat(text.indexOf("\"format\"")).isLessThan(text.indexOf("\"kind\""));
        assertThat(text.indexOf("\"sentence\"")).isLessThan(text.indexOf("\"score\""));
        assertThat(text).startsWith("{\n  \"format\" : 1,").endsWith("}\n");
        JsonNode read = RunRecords.read(KIND, file, root -> root);
        assertThat(read.path("tokens").path("total").asInt()).isEqualTo(3);
    }

    @Test
    void theVersionsNameLlmAssertAndJava() {
        assertThat(RunRecords.versions())
                .containsOnlyKeys("java", "llm-assert")
                .containsEntry("java", System.getProperty("java.version"));
    }

    @Test
    void eachWayARecordCannotBeReadIsNamedWithItsFix() throws Exception {
        Path missing = dir.resolve("missing.json");
        assertThatThrownBy(() -> RunRecords.read(KIND, missing, root -> root))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("There is no test record at " + missing.toAbsolutePath())
                .hasMessageContaining("Fix: run the test once and commit its record from target/llm-assert/tests/");

        Path broken = Files.writeString(dir.resolve("broken.json"), "{\"format\": 1,");
        assertThatThrownBy(() -> RunRecords.read(KIND, broken, root -> root))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("is not valid JSON, at line 1")
                .hasMessageContaining("Fix: restore it from version control");

        Path other = Files.writeString(dir.resolve("other.json"), "{\"format\": 2, \"kind\": \"test\"}");
        assertThatThrownBy(() -> RunRecords.read(KIND, other, root -> root))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("is not a test record of format 1 (its \"format\" is 2)")
                .hasMessageContaining("Fix: point at a record from target/llm-assert/tests/.");

        Path kindless = Files.writeString(dir.resolve("kindless.json"), "{\"format\": 1}");
        assertThatThrownBy(() -> RunRecords.read(KIND, kindless, root -> root))
                .hasMessageContaining("is not a test record of format 1");

        Path damaged = Files.writeString(dir.resolve("damaged.json"), "{\"format\": 1, \"kind\": \"test\"}");
        assertThatThrownBy(() -> RunRecords.read(KIND, damaged, root -> {
                    throw new IllegalArgumentException("it has no \"items\"");
                }))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("is damaged: it has no \"items\". Fix: restore it from version control, or "
                        + "write it again by running the test.");
    }
}
