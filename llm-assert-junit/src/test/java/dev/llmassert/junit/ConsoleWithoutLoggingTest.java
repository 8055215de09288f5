package dev.llmassert.junit;

import dev.llmassert.core.testing.ChildJvm;
import dev.llmassert.junit.testing.LaunchClasses;
import dev.llmassert.junit.testing.WordOverlapJudgeExtension;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

import java.io.File;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import java.util.stream.Stream;

import static dev.llmassert.junit.LlmAssertions.assertThat;
import static dev.llmassert.junit.LlmAssertions.assertThatThrownBy;
import static dev.llmassert.junit.testing.Texts.GROUNDED;
import static dev.llmassert.junit.testing.Texts.INVENTED;
import static dev.llmassert.junit.testing.Texts.MANUAL;

/**
 * A run with no SLF4J provider on the class path, as a new project has: the verdict lines are printed all the same,
 * by the run's launcher listener, not by a logger that goes nowhere.
 */
class ConsoleWithoutLoggingTest {

    @TempDir
    Path dir;

    @Test
    void theVerdictLinesAndTheSummaryArePrintedWithNoSlf4jProvider() throws Exception {
        String withoutProvider = Stream.of(ChildJvm.testClassPath().split(File.pathSeparator))
                .filter(entry -> !entry.contains("slf4j-simple"))
                .collect(Collectors.joining(File.pathSeparator));
        assertThat(withoutProvider).contains("slf4j-api").doesNotContain("slf4j-simple");

        ChildJvm child = ChildJvm.start(
                "no-provider", LaunchClasses.class, dir, withoutProvider, List.of(), Map.of(), Judged.class.getName());
        child.awaitSuccess();

        assertThat(child.output())
                .contains("No SLF4J providers were found")
                .contains("Judged.grounded(): groundedness PASSED score 1.00 (min 0.70), lowest sentence 1.00, "
                        + "2 sentences, judge test:word-overlap, live, ")
                .contains("Judged.invented(): groundedness FAILED score 0.00 (min 0.70), lowest sentence 0.00, "
                        + "1 sentence, judge test:word-overlap, live, ")
                .contains("llm-assert: 2 checks, 0 failed, 1 failed as the test expected, 0 near the bar;")
                .contains("SUCCEEDED 2");
    }

    @LlmJudge
    @ExtendWith(WordOverlapJudgeExtension.class)
    static class Judged {

        @Test
        void grounded() {
            assertThat(GROUNDED).isGroundedIn(MANUAL);
        }

        @Test
        void invented() {
            assertThatThrownBy(() -> assertThat(INVENTED).isGroundedIn(MANUAL).withMinScore(0.7))
                    .isInstanceOf(AssertionError.class);
        }
    }
}
