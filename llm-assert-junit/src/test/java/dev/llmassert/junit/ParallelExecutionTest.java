package dev.llmassert.junit;

import dev.llmassert.core.groundedness.GroundednessJudge;
import dev.llmassert.junit.testing.WordOverlapJudge;
import dev.llmassert.junit.testing.WordOverlapJudgeExtension;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestReporter;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.platform.testkit.engine.EngineExecutionResults;

import java.time.Duration;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import java.util.stream.IntStream;

import static dev.llmassert.junit.LlmAssertions.assertThat;
import static dev.llmassert.junit.testing.Runs.failures;
import static dev.llmassert.junit.testing.Runs.reportEntries;
import static dev.llmassert.junit.testing.Runs.run;
import static dev.llmassert.junit.testing.Texts.MANUAL;

/** Many judged tests at once share one judge, and each test sees only its own checks. */
class ParallelExecutionTest {

    private static final int TESTS = 100;
    private static final Pattern ANSWER_NUMBER = Pattern.compile("answer (\\d+)");

    @Test
    void hundredJudgedTestsInParallelEachReportOnlyTheirOwnChecks() {
        EngineExecutionResults results = run(
                ManyJudgedTests.class,
                "junit.jupiter.execution.parallel.enabled",
                "true",
                "junit.jupiter.execution.parallel.mode.default",
                "concurrent",
                "junit.jupiter.execution.parallel.config.strategy",
                "fixed",
                "junit.jupiter.execution.parallel.config.fixed.parallelism",
                "8");

        results.testEvents()
                .assertStatistics(s -> s.started(TESTS).succeeded(TESTS / 2).failed(TESTS / 2));

        Set<Integer> failedNumbers = failures(results).stream()
                .map(failure -> {
                    Set<Integer> numbers = numbersIn(failure.getMessage());
                    assertThat(numbers).as("answers named in one failure").hasSize(1);
                    int n = numbers.iterator().next();
                    assertThat(failure.getMessage().contains("checked after the test"))
                            .as("pending check of %s", n)
                            .isEqualTo(n % 4 == 2);
                    return n;
                })
                .collect(Collectors.toSet());
        assertThat(failedNumbers)
                .isEqualTo(IntStream.range(0, TESTS)
                        .filter(n -> n % 4 >= 2)
                        .boxed()
                        .collect(Collectors.toSet()));

        List<Map<String, String>> entries = reportEntries(results);
        assertThat(entries).filteredOn(e -> e.containsKey("llmassert.check")).hasSize(TESTS);
        Map<String, String> judgeStats = entries.stream()
                .filter(e -> e.containsKey("maxInFlight"))
                .findFirst()
                .orElseThrow();
        assertThat(Integer.parseInt(judgeStats.get("calls"))).isEqualTo(TESTS);
        assertThat(Integer.parseInt(judgeStats.get("maxInFlight")))
                .as("judgements that overlapped")
                .isGreaterThan(1);
    }

    private static Set<Integer> numbersIn(String message) {
        Matcher m = ANSWER_NUMBER.matcher(message);
        Set<Integer> numbers = new HashSet<>();
        while (m.find()) {
            numbers.add(Integer.parseInt(m.group(1)));
        }
        return numbers;
    }

    @LlmJudge
    static class ManyJudgedTests {

        @RegisterExtension
        static final WordOverlapJudgeExtension SLOW_JUDGE = new WordOverlapJudgeExtension(false, Duration.ofMillis(15));

        static IntStream numbers() {
            return IntStream.range(0, TESTS);
        }

        @ParameterizedTest
        @MethodSource("numbers")
        void judged(int n) {
            String source = MANUAL + " This is answer " + n + ".";
            switch (n % 4) {
                case 0 ->
                    assertThat("Hold the red button for ten seconds. This is answer " + n + ".")
                            .isGroundedIn(source);
                case 1 ->
                    assertThat("The lights blink green, says answer " + n + ".")
                            .isGroundedIn(source)
                            .withMinScore(0.6);
                case 2 ->
                    assertThat("Routers brew espresso, says answer " + n + ".").isGroundedIn(source);
                default ->
                    assertThat("Routers brew espresso, says answer " + n + ".")
                            .isGroundedIn(source)
                            .withMinScore(0.8);
            }
        }

        @AfterAll
        static void judgeStatistics(GroundednessJudge judge, TestReporter reporter) {
            WordOverlapJudge overlap = (WordOverlapJudge) judge;
            reporter.publishEntry(Map.of(
                    "maxInFlight", String.valueOf(overlap.maxInFlight()), "calls", String.valueOf(overlap.calls())));
        }
    }
}
