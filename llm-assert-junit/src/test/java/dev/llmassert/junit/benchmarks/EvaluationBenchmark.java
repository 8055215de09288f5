package dev.llmassert.junit.benchmarks;

import dev.langchain4j.model.chat.ChatModel;
import dev.llmassert.core.config.ConfigKeys;
import dev.llmassert.core.criteria.CriteriaCatalog;
import dev.llmassert.core.criteria.DirectJudge;
import dev.llmassert.core.eval.Annotator;
import dev.llmassert.core.eval.Annotators;
import dev.llmassert.core.eval.EvaluationResults;
import dev.llmassert.core.eval.PromptResponseTest;
import dev.llmassert.core.eval.SystemUnderTest;
import dev.llmassert.core.eval.TestItem;
import dev.llmassert.core.record.RecordingMode;
import dev.llmassert.core.record.Recordings;
import dev.llmassert.core.testing.ScriptedChatModel;
import dev.llmassert.junit.Evaluator;
import dev.llmassert.junit.LlmAssertExtension;
import dev.llmassert.junit.LlmJudge;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.platform.testkit.engine.EngineExecutionResults;
import org.junit.platform.testkit.engine.EngineTestKit;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.stream.IntStream;
import java.util.stream.Stream;

import static dev.llmassert.junit.LlmAssertions.assertThat;
import static org.junit.platform.engine.discovery.DiscoverySelectors.selectClass;

/**
 * Benchmarks of evaluations run the ordinary way: a test class on the Jupiter engine, sequential (no JUnit parallel
 * execution), the parallelism coming from the runner's own bound ({@code llmassert.eval.concurrency}).
 *
 * <ol>
 *   <li><b>Slow system</b>: 200 items, a system under test that answers in 300 ms, default concurrency 8. The ideal
 *       is 200 × 0.3 s / 8 = 7.5 s; the figure is the evaluation's wall time over it.</li>
 *   <li><b>Replay</b>: a 1,000-item evaluation with a chat-model system and a criteria judge (one judge call per
 *       item), recorded once, then replayed from its recordings with both models unreachable. The figure is the
 *       replayed evaluation's wall time (recordings lookup, annotation, measurement, aggregation, record) and the
 *       whole test class's (with its 1,001 dynamic tests).</li>
 * </ol>
 *
 * <pre>
 * mvn -B -q -pl llm-assert-core,llm-assert-junit test-compile exec:java -Dexec.core.skip=true \
 *     -Dexec.classpathScope=test \
 *     -Dexec.mainClass=dev.llmassert.junit.benchmarks.EvaluationBenchmark
 * </pre>
 */
public final class EvaluationBenchmark {

    static final int SLOW_ITEMS = 200;
    static final long SLOW_MILLIS = 300;
    static final int REPLAY_ITEMS = 1000;
    private static final String JUDGE_FILE = "bench.judge-file";
    private static final String JUDGE_MODE = "bench.judge-mode";

    private EvaluationBenchmark() {}

    /**
     * No arguments: both benchmarks, the replay after recording in the same JVM. {@code record <dir>} only records
     * the 1,000-item evaluation into {@code dir}; {@code replay <dir>} only replays it, once, in this fresh JVM: the
     * cold figure a CI run pays.
     */
    public static void main(String[] args) throws Exception {
        System.out.printf(
                Locale.ROOT,
                "java %s, %d cores%n",
                System.getProperty("java.version"),
                Runtime.getRuntime().availableProcessors());
        if (args.length == 2 && args[0].equals("record")) {
            record(Path.of(args[1]));
            return;
        }
        if (args.length == 2 && args[0].equals("replay")) {
            replay(Path.of(args[1]), 1);
            return;
        }
        Path dir = Files.createTempDirectory("llm-assert-eval-bench");
        double ideal = SLOW_ITEMS * SLOW_MILLIS / 1000.0 / 8;
        List<Double> ratios = new ArrayList<>();
        for (int run = 1; run <= 3; run++) {
            long start = System.nanoTime();
            run(
                    SlowSystem.class,
                    Map.of(
                            ConfigKeys.REPORT_DIR,
                            dir.resolve("slow").toString(),
                            ConfigKeys.RECORDINGS_MODE,
                            RecordingMode.OFF.id()));
            double classSeconds = (System.nanoTime() - start) / 1e9;
            EvaluationResults record = EvaluationResults.read(
                    dir.resolve("slow/evaluations").resolve(SlowSystem.class.getName() + ".answers.json"));
            double wall = record.timings().wallMillis() / 1000.0;
            ratios.add(wall / ideal);
            System.out.printf(
                    Locale.ROOT,
                    "slow system, run %d: %d items, evaluation %.2f s, test class %.2f s, "
                            + "ideal %.2f s, ratio %.3f%n",
                    run,
                    record.items().size(),
                    wall,
                    classSeconds,
                    ideal,
                    wall / ideal);
        }
        record(dir);
        for (int run = 1; run <= 3; run++) {
            replay(dir, run);
        }
    }

    private static void record(Path dir) throws Exception {
        Path recordings = dir.resolve("recordings");
        Path judgeFile = recordings.resolve("judge.json");
        long recordStart = System.nanoTime();
        run(
                Replayed.class,
                Map.of(
                        ConfigKeys.REPORT_DIR,
                        dir.resolve("record").toString(),
                        ConfigKeys.RECORDINGS_MODE,
                        RecordingMode.RECORD.id(),
                        ConfigKeys.RECORDINGS_DIR,
                        recordings.toString(),
                        JUDGE_FILE,
                        judgeFile.toString(),
                        JUDGE_MODE,
                        RecordingMode.RECORD.id()));
        System.out.printf(
                Locale.ROOT,
                "recorded %d items in %.1f s (SUT file %d KB, judge file %d KB)%n",
                REPLAY_ITEMS,
                (System.nanoTime() - recordStart) / 1e9,
                Files.size(recordings.resolve(Replayed.class.getName() + ".json")) / 1024,
                Files.size(judgeFile) / 1024);
    }

    private static void replay(Path dir, int run) {
        Path recordings = dir.resolve("recordings");
        long start = System.nanoTime();
        EngineExecutionResults results = run(
                Replayed.class,
                Map.of(
                        ConfigKeys.REPORT_DIR,
                        dir.resolve("replay").toString(),
                        ConfigKeys.RECORDINGS_MODE,
                        RecordingMode.REPLAY.id(),
                        ConfigKeys.RECORDINGS_DIR,
                        recordings.toString(),
                        JUDGE_FILE,
                        recordings.resolve("judge.json").toString(),
                        JUDGE_MODE,
                        RecordingMode.REPLAY.id()));
        double classSeconds = (System.nanoTime() - start) / 1e9;
        EvaluationResults record = EvaluationResults.read(
                dir.resolve("replay/evaluations").resolve(Replayed.class.getName() + ".answers.json"));
        double wall = record.timings().wallMillis() / 1000.0;
        System.out.printf(
                Locale.ROOT,
                "replay, run %d: %d items (%d dynamic tests passed), evaluation %.2f s "
                        + "(%.2f ms per item), test class %.2f s%n",
                run,
                record.items().size(),
                results.testEvents().succeeded().count(),
                wall,
                wall * 1000 / REPLAY_ITEMS,
                classSeconds);
    }

    private static EngineExecutionResults run(Class<?> fixture, Map<String, String> parameters) {
        EngineExecutionResults results = EngineTestKit.engine("junit-jupiter")
                .selectors(selectClass(fixture))
                .configurationParameters(parameters)
                .execute();
        long failed = results.testEvents().failed().count();
        if (failed > 0 || results.containerEvents().failed().count() > 0) {
            throw new IllegalStateException(fixture.getSimpleName() + " failed: "
                    + results.testEvents().failed().list().stream()
                            .limit(3)
                            .map(e -> e.getPayload().toString())
                            .toList()
                    + results.containerEvents().failed().list());
        }
        return results;
    }

    static PromptResponseTest questions(int n, List<Annotator> annotators) {
        return new PromptResponseTest() {
            @Override
            public List<TestItem> makeTestItems() {
                return IntStream.rangeClosed(1, n)
                        .mapToObj(i -> TestItem.builder("q" + i)
                                .prompt("Customer question number " + i + ": how do I reset the router?")
                                .context("topic", "topic-" + (i % 5))
                                .build())
                        .toList();
            }

            @Override
            public List<Annotator> annotators() {
                return annotators;
            }
        };
    }

    /** 200 items; the system takes 300 ms per answer. */
    @LlmJudge
    public static class SlowSystem {
        @TestFactory
        Stream<DynamicTest> answers(Evaluator evaluator) {
            SystemUnderTest slow = SystemUnderTest.of("sleeps-300-ms", question -> {
                try {
                    Thread.sleep(SLOW_MILLIS);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
                return "Hold the reset button for ten seconds.";
            });
            return evaluator.dynamicTests(
                    questions(SLOW_ITEMS, List.of(Annotators.contains("reset", "reset"))),
                    slow,
                    results -> assertThat(results).measurement("reset").hasMeanAtLeast(1.0));
        }
    }

    /** The judge model of {@link Replayed}: scripted when recording, unreachable when replaying. */
    public static class JudgeModel implements BeforeAllCallback {
        /** Set before the class runs: whether both models must stay uncalled. */
        static volatile boolean replaying;

        @Override
        public void beforeAll(ExtensionContext context) {
            RecordingMode mode = RecordingMode.parse(
                    context.getConfigurationParameter(JUDGE_MODE).orElseThrow());
            replaying = mode == RecordingMode.REPLAY;
            ChatModel judge = mode == RecordingMode.REPLAY
                    ? unreachable("judge")
                    : ScriptedChatModel.answering(request -> "{\"explanation\": \"It answers the question.\", "
                                    + "\"selectedOption\": \"Relevant\", \"feedback\": \"\"}")
                            .modelName("benchmark-scripted-judge");
            LlmAssertExtension.useChatModel(
                    context,
                    Recordings.wrap(
                            judge,
                            Path.of(context.getConfigurationParameter(JUDGE_FILE)
                                    .orElseThrow()),
                            mode));
        }
    }

    /** 1,000 items: a chat-model system, recorded through the test's recordings, and a criteria judge. */
    @LlmJudge
    @ExtendWith(JudgeModel.class)
    public static class Replayed {
        @TestFactory
        Stream<DynamicTest> answers(Evaluator evaluator, DirectJudge judge) {
            ChatModel model = JudgeModel.replaying
                    ? unreachable("system under test")
                    : ScriptedChatModel.answering(request -> "To reset it, hold the button for ten seconds. "
                                    + ScriptedChatModel.lastUserText(request))
                            .modelName("benchmark-scripted-sut");
            List<Annotator> annotators = List.of(
                    Annotators.criteria("relevant", judge, CriteriaCatalog.ANSWER_RELEVANCE),
                    Annotators.contains("reset", "reset"));
            return evaluator.dynamicTests(
                    questions(REPLAY_ITEMS, annotators),
                    SystemUnderTest.of(model),
                    results -> assertThat(results).measurement("relevant").hasMeanAtLeast(1.0));
        }
    }

    private static ChatModel unreachable(String what) {
        return ScriptedChatModel.answering(request -> {
            throw new IllegalStateException("the " + what + " model was called during a replay");
        });
    }
}
