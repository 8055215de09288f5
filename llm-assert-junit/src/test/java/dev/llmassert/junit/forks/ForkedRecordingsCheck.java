package dev.llmassert.junit.forks;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Run by the {@code forked-recordings-check} Surefire execution, after both forked recorders: every request of this
 * build from both JVMs is in the shared file, and no lock or temporary file is left beside it.
 */
class ForkedRecordingsCheck {

    @Test
    void bothForksEntriesAreAllInTheSharedFile() throws IOException {
        JsonNode root = new ObjectMapper().readTree(ForkedRecorders.file().toFile());
        List<String> requests = new ArrayList<>();
        root.path("entries").forEach(entry -> requests.add(entry.path("request").toString()));

        for (String recorder : List.of("recorder A", "recorder B")) {
            for (int i = 1; i <= ForkedRecorders.REQUESTS; i++) {
                String question = ForkedRecorders.question(recorder, i);
                assertThat(requests).as("the entry of %s", question).anyMatch(r -> r.contains("\"" + question + "\""));
            }
        }
        try (Stream<Path> files = Files.list(ForkedRecorders.file().getParent())) {
            assertThat(files.map(f -> f.getFileName().toString()))
                    .noneMatch(name -> name.endsWith(".lock") || name.endsWith(".tmp"));
        }
    }
}
