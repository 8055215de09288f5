package dev.llmassert.examples;

import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

import static dev.llmassert.junit.LlmAssertions.assertThat;

/** The README stays true: its quick start is {@link QuickStartTest}, character for character. */
class ReadmeTest {

    private static final Path README = Path.of("..", "README.md");
    private static final Path QUICK_START = Path.of("src", "test", "java", "dev", "llmassert", "examples",
            "QuickStartTest.java");

    @Test
    void theQuickStartIsCopiedFromQuickStartTest() throws IOException {
        String readme = Files.readString(README);
        String test = Files.readString(QUICK_START);
        // the test from its first import to its end, without the package line and the class comment
        String expected = test.substring(test.indexOf("import "))
                .replaceFirst("/\\*\\* The README's quick start[^\\n]*\\n", "");

        assertThat(readme).contains("```java\n" + expected + "```");
    }
}
