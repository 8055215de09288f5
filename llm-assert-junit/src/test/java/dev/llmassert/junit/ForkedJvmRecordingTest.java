package dev.llmassert.junit;

import dev.llmassert.core.config.ConfigKeys;
import dev.llmassert.core.record.RecordingMode;
import dev.llmassert.core.record.RecordingStore;
import dev.llmassert.core.testing.ChildJvm;
import dev.llmassert.core.testing.LoopbackChatServer;
import dev.llmassert.junit.internal.message.Messages;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.platform.launcher.LauncherDiscoveryRequest;
import org.junit.platform.launcher.core.LauncherDiscoveryRequestBuilder;
import org.junit.platform.launcher.core.LauncherFactory;
import org.junit.platform.launcher.listeners.SummaryGeneratingListener;
import org.junit.platform.launcher.listeners.TestExecutionSummary;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.IntStream;
import java.util.stream.Stream;

import static dev.llmassert.junit.LlmAssertions.assertThat;
import static org.junit.platform.engine.discovery.DiscoverySelectors.selectClass;

/**
 * Forked JVMs, as Surefire's {@code forkCount=2} or Gradle's {@code maxParallelForks} start them: two real child
 * JVMs each run one test class on the JUnit Platform launcher, at the same moment and with parallel test methods,
 * and both classes record their judge calls into one file named with {@code @JudgeRecordings(file = ...)}, in
 * {@code record} mode with pruning asked for. The judge is langchain4j's real OpenAI client against the loopback
 * server of this JVM.
 *
 * <p>The file must end up with every entry of both forks, and pruning must not take the other fork's entries.
 */
class ForkedJvmRecordingTest {

    /** Tests per fixture class; each makes one judge call, whose recording is saved when the test ends. */
    static final int TESTS = 60;
    /** The last tests of each class ask something else in the second run: their first-run entries are unused. */
    static final int CHANGED = 5;

    static final String SHARED_FILE = "recordings/shared-by-forks.json";
    static final String VARIANT = "test.fork.variant";
    private static final String KEY_VARIABLE = "FORK_TEST_API_KEY";

    @TempDir
    Path dir;

    @Test
    void twoForksRecordingIntoOneFileAtOnceLoseNoEntryAndPruningTakesNothingOfTheOther() throws Exception {
        try (LoopbackChatServer server = LoopbackChatServer.start().respondWith(RecordAndReplayTest::judge)) {
            Path file = dir.resolve(SHARED_FILE);

            // Run 1: both forks record every test at once.
            List<String> first = runForks(server, 1, RecordingMode.RECORD, RecordingMode.RECORD);
            assertThat(first).allSatisfy(log -> assertThat(log).contains("tests succeeded: " + TESTS));
            assertThat(server.requestCount()).isEqualTo(2 * TESTS);
            assertThat(missing(file, 1))
                    .as("statements of run 1 without a recording in %s", file)
                    .isEmpty();
            assertThat(entries(file)).isEqualTo(2 * TESTS);

            // Run 2: First re-records everything with pruning asked for, while Second replays what it has (its entries
            // stay as they were, so First cannot tell them from unused ones) and records its changed requests.
            List<String> second = runForks(server, 2, RecordingMode.RECORD, RecordingMode.RECORD_MISSING);
            assertThat(server.requestCount())
                    .as("run 2: First calls the judge for all, Second for its changes")
                    .isEqualTo(2 * TESTS + TESTS + CHANGED);
            assertThat(missing(file, 1))
                    .as("statements of run 1 without a recording after run 2 in %s", file)
                    .isEmpty();
            assertThat(missing(file, 2))
                    .as("statements of run 2 without a recording in %s", file)
                    .isEmpty();
            assertThat(entries(file))
                    .as("%d per class, and %d more per class changed in run 2", TESTS, CHANGED)
                    .isEqualTo(2 * TESTS + 2 * CHANGED);
            assertThat(second.get(0))
                    .as("First reports the entries it did not use, and keeps them")
                    .contains("were not used by the tests of " + First.class.getName())
                    .contains("Not removed: " + Messages.NAMED_FILE_NOT_PRUNED);
            try (Stream<Path> files = Files.list(file.getParent())) {
                assertThat(files).as("no lock file or temporary file is left").containsExactly(file);
            }
        }
    }

    /** The statements of both classes in run {@code variant} that {@code file} has no recording of. */
    private static List<String> missing(Path file, int variant) throws IOException {
        String recorded = Files.readString(file);
        return Stream.of(statements(First.class, variant), statements(Second.class, variant))
                .flatMap(List::stream)
                .filter(statement -> !recorded.contains(statement))
                .toList();
    }

    private static int entries(Path file) {
        try (RecordingStore store = RecordingStore.create()) {
            return store.file(file).size();
        }
    }

    /**
     * Runs {@link First} and {@link Second} in two child JVMs started together, in the modes given, with pruning
     * asked for; returns their output.
     */
    private List<String> runForks(
            LoopbackChatServer server, int variant, RecordingMode firstMode, RecordingMode secondMode)
            throws IOException, InterruptedException {
        Path go = dir.resolve("go-" + variant);
        List<ChildJvm> forks = new ArrayList<>();
        try {
            for (Class<?> testClass : List.of(First.class, Second.class)) {
                RecordingMode mode = testClass == First.class ? firstMode : secondMode;
                String name = testClass.getSimpleName().toLowerCase() + "-run-" + variant;
                forks.add(ChildJvm.start(
                        name,
                        Fork.class,
                        dir,
                        properties(server, variant, mode),
                        Map.of(KEY_VARIABLE, "sk-FAKE-fork-test-key"),
                        testClass.getName(),
                        dir.resolve(name + ".ready").toString(),
                        go.toString()));
            }
            for (ChildJvm fork : forks) {
                fork.awaitFile(dir.resolve(fork.name() + ".ready"));
            }
            Files.createFile(go);
            List<String> output = new ArrayList<>();
            for (ChildJvm fork : forks) {
                fork.awaitSuccess();
                output.add(fork.output());
            }
            return output;
        } finally {
            for (ChildJvm fork : forks) {
                fork.kill();
            }
        }
    }

    /** The configuration of a fork, as system properties (JUnit reads configuration parameters from them too). */
    private static List<String> properties(LoopbackChatServer server, int variant, RecordingMode mode) {
        return List.of(
                "-D" + ConfigKeys.JUDGE_PROVIDER + "=openai",
                "-D" + ConfigKeys.JUDGE_MODEL + "=gpt-4o-mini",
                "-D" + ConfigKeys.JUDGE_BASE_URL + "=" + server.baseUrl(),
                "-D" + ConfigKeys.JUDGE_API_KEY_ENV + "=" + KEY_VARIABLE,
                "-D" + ConfigKeys.JUDGE_MAX_RETRIES + "=0",
                "-D" + JudgeRecordings.MODE_KEY + "=" + mode.id(),
                "-D" + JudgeRecordings.PRUNE_KEY + "=true",
                "-D" + ConfigKeys.REPORT_ENABLED + "=false",
                // Parallel test methods in each fork, as well: more writers at once.
                "-Djunit.jupiter.execution.parallel.enabled=true",
                "-Djunit.jupiter.execution.parallel.mode.default=concurrent",
                "-Djunit.jupiter.execution.parallel.config.strategy=fixed",
                "-Djunit.jupiter.execution.parallel.config.fixed.parallelism=4",
                "-D" + VARIANT + "=" + variant);
    }

    /** The statements that {@code testClass} has judged in run {@code variant}. */
    static List<String> statements(Class<?> testClass, int variant) {
        return IntStream.range(0, TESTS)
                .mapToObj(n -> statement(testClass, n, variant))
                .toList();
    }

    static String statement(Class<?> testClass, int n, int variant) {
        String changed = n >= TESTS - CHANGED && variant == 2 ? " again" : "";
        return testClass.getSimpleName() + " answer " + n + changed + " says hold the red button.";
    }

    static IntStream numbers() {
        return IntStream.range(0, TESTS);
    }

    private static void judge(Class<?> testClass, int n) {
        int variant = Integer.parseInt(System.getProperty(VARIANT));
        String statement = statement(testClass, n, variant);
        assertThat(statement)
                .isGroundedIn(RecordAndReplayTest.MANUAL + " " + statement)
                .withMinScore(0.9);
    }

    @LlmJudge
    @JudgeRecordings(file = SHARED_FILE)
    static class First {
        @ParameterizedTest
        @MethodSource("dev.llmassert.junit.ForkedJvmRecordingTest#numbers")
        void judged(int n) {
            judge(First.class, n);
        }
    }

    @LlmJudge
    @JudgeRecordings(file = SHARED_FILE)
    static class Second {
        @ParameterizedTest
        @MethodSource("dev.llmassert.junit.ForkedJvmRecordingTest#numbers")
        void judged(int n) {
            judge(Second.class, n);
        }
    }

    /**
     * A fork: signals that it is ready, waits for the start signal, runs one test class on the JUnit Platform
     * launcher (as a Surefire fork does) and exits with 0 only when every test passed.
     */
    static final class Fork {

        public static void main(String[] args) throws Exception {
            Files.createFile(Path.of(args[1]));
            ChildJvm.awaitSignal(Path.of(args[2]));
            LauncherDiscoveryRequest request = LauncherDiscoveryRequestBuilder.request()
                    .selectors(selectClass(args[0]))
                    .build();
            SummaryGeneratingListener listener = new SummaryGeneratingListener();
            LauncherFactory.create().execute(request, listener);
            TestExecutionSummary summary = listener.getSummary();
            PrintWriter out = new PrintWriter(System.out, true);
            summary.printFailuresTo(out, 20);
            out.println("tests succeeded: " + summary.getTestsSucceededCount());
            out.flush();
            System.exit(summary.getTotalFailureCount() == 0 && summary.getTestsSucceededCount() == TESTS ? 0 : 1);
        }
    }
}
