package dev.llmassert.examples;

import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static dev.llmassert.junit.LlmAssertions.assertThat;

/**
 * The README stays true: its quick start is {@link QuickStartTest}, character for character, and every line of its
 * dataset evaluation is a line of {@link SupportAssistantEvaluationTest}.
 */
class ReadmeTest {

    private static final Path README = Path.of("..", "README.md");
    private static final Path QUICK_START = Path.of("src", "test", "java", "dev", "llmassert", "examples",
            "QuickStartTest.java");
    private static final Path EVALUATION = Path.of("src", "test", "java", "dev", "llmassert", "examples",
            "SupportAssistantEvaluationTest.java");

    @Test
    void theQuickStartIsCopiedFromQuickStartTest() throws IOException {
        String readme = Files.readString(README);
        String test = Files.readString(QUICK_START);
        // the test from its first import to its end, without the package line and the class comment
        String expected = test.substring(test.indexOf("import "))
                .replaceFirst("/\\*\\* The README's quick start[^\\n]*\\n", "");

        assertThat(readme).contains("```java\n" + expected + "```");
    }

    @Test
    void theDatasetEvaluationIsCopiedFromSupportAssistantEvaluationTest() throws IOException {
        String readme = Files.readString(README);
        String section = readme.substring(readme.indexOf("## Evaluate a dataset"));
        String snippet = section.substring(section.indexOf("```java\n") + 8, section.indexOf("```",
                section.indexOf("```java\n") + 8));
        List<String> test = Files.readAllLines(EVALUATION).stream().map(String::strip).toList();

        assertThat(snippet.lines().map(String::strip).filter(line -> !line.isEmpty()))
                .hasSizeGreaterThan(30)
                .allSatisfy(line -> assertThat(test).as("the lines of %s", EVALUATION).contains(line));
    }
}
