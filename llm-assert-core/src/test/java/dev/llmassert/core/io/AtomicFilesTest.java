package dev.llmassert.core.io;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class AtomicFilesTest {

    @TempDir
    Path dir;

    @Test
    void replacesTheContentAndLeavesNoTemporaryFile() throws IOException {
        Path file = dir.resolve("sub").resolve("a.json");
        AtomicFiles.replace(file, "first".getBytes(StandardCharsets.UTF_8));
        AtomicFiles.replace(file, "second".getBytes(StandardCharsets.UTF_8));
        assertThat(file).hasContent("second");
        try (Stream<Path> listing = Files.list(file.getParent())) {
            assertThat(listing).containsExactly(file);
        }
    }

    @Test
    void aFailedRenameLeavesTheTargetAsItWasAndRemovesTheTemporaryFile() throws IOException {
        Path target = Files.createDirectory(dir.resolve("b.json"));
        Path inside = Files.writeString(target.resolve("keep.txt"), "kept");
        assertThatThrownBy(() -> AtomicFiles.replace(target, "new".getBytes(StandardCharsets.UTF_8)))
                .isInstanceOf(IOException.class);
        assertThat(inside).hasContent("kept");
        try (Stream<Path> listing = Files.list(dir)) {
            assertThat(listing).containsExactly(target);
        }
    }
}
