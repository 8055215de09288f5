package dev.llmassert.junit.internal;

import dev.llmassert.core.groundedness.GroundednessJudge;
import dev.llmassert.core.groundedness.GroundednessVerdict;
import dev.llmassert.junit.internal.config.ExtensionState;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.List;

import static dev.llmassert.junit.LlmAssertions.assertThat;
import static dev.llmassert.junit.testing.Runs.run;

/**
 * A judge held in the root store is closed once when the run ends, on JUnit 5 (which closes
 * {@code CloseableResource}) and on JUnit 6 (which closes {@code AutoCloseable}).
 */
class ClosingResourceTest {

    private static final String MARKER = "test.closed-marker";

    @Test
    void judgeInTheRootStoreIsClosedOnceWhenTheRunEnds(@TempDir Path dir) throws IOException {
        Path marker = dir.resolve("closed.txt");

        run(HoldsAJudge.class, MARKER, marker.toString())
                .testEvents()
                .assertStatistics(s -> s.started(1).succeeded(1));

        assertThat(Files.readAllLines(marker)).containsExactly("closed");
    }

    /** Writes a line to the marker file when closed, so the outer test can see it after the run. */
    static final class MarkingJudge implements GroundednessJudge {

        private final Path marker;

        MarkingJudge(Path marker) {
            this.marker = marker;
        }

        @Override
        public GroundednessVerdict judge(String response, List<String> sources) {
            throw new UnsupportedOperationException("not judged in this test");
        }

        @Override
        public String name() {
            return "test:marking";
        }

        @Override
        public void close() {
            try {
                Files.writeString(marker, "closed\n", StandardOpenOption.CREATE, StandardOpenOption.APPEND);
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
    }

    static final class PutsJudgeInRootStore implements BeforeAllCallback {
        @Override
        public void beforeAll(ExtensionContext context) {
            Path marker = Path.of(context.getConfigurationParameter(MARKER).orElseThrow());
            ExtensionState.store(context.getRoot()).put("judge", new ClosingResource<>(new MarkingJudge(marker)));
        }
    }

    @ExtendWith(PutsJudgeInRootStore.class)
    static class HoldsAJudge {
        @Test
        void runs() {}
    }
}
