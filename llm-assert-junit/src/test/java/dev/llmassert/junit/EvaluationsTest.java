package dev.llmassert.junit;

import dev.langchain4j.model.openai.OpenAiChatModel;
import dev.llmassert.core.config.ConfigKeys;
import dev.llmassert.core.eval.Annotator;
import dev.llmassert.core.eval.Annotators;
import dev.llmassert.core.eval.EvaluationResults;
import dev.llmassert.core.eval.EvaluationRunner;
import dev.llmassert.core.eval.Interaction;
import dev.llmassert.core.eval.PromptResponseTest;
import dev.llmassert.core.eval.SystemUnderTest;
import dev.llmassert.core.eval.TestItem;
import dev.llmassert.core.record.RecordingMode;
import dev.llmassert.core.testing.LoopbackChatServer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.RepeatedTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.junit.platform.engine.TestExecutionResult;
import org.junit.platform.engine.support.descriptor.FileSource;
import org.junit.platform.testkit.engine.EngineExecutionResults;
import org.junit.platform.testkit.engine.Event;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.stream.IntStream;
import java.util.stream.Stream;

import static dev.llmassert.junit.LlmAssertions.assertThat;
import static dev.llmassert.junit.LlmAssertions.assertThatThrownBy;
import static dev.llmassert.junit.testing.Runs.failureOf;
import static dev.llmassert.junit.testing.Runs.failures;
import static dev.llmassert.junit.testing.Runs.reportEntries;
import static dev.llmassert.junit.testing.Runs.run;

/**
 * Prompt-response tests run by the extension: the injected {@link Evaluator}, its dynamic tests, its record and
 * recordings, and the gates of {@code assertThat(results)}, checked by running fixture classes on the JUnit Platform.
 */
class EvaluationsTest {

    @TempDir
    Path dir;

    private LoopbackChatServer server;

    @AfterEach
    void stopServer() {
        if (server != null) {
            server.close();
        }
    }

    @Test
    void oneDynamicTestPerItemNamedByItsIdThenTheResultsGate() {
        EngineExecutionResults results = run(Dynamic.class, ConfigKeys.REPORT_DIR, dir.toString());

        assertThat(displayNames(results.testEvents().succeeded().list()))
                .containsExactly("q1", "q3", "q4", "q5", "q6", "q7", "q8", "q9", "q10");
        Event failedItem = results.testEvents().failed().list().get(0);
        assertThat(failedItem.getTestDescriptor().getDisplayName()).isEqualTo("q2");
        Throwable itemFailure = throwable(failedItem);
        assertThat(itemFailure)
                .hasMessageStartingWith("The item 'q2' could not be evaluated: prompt 1: the system "
                        + "under test threw java.lang.IllegalStateException: the assistant is down")
                .hasMessageContaining("prompt 1: \"How do I reset router 2?\"")
                .hasRootCauseMessage("the assistant is down");
        Throwable gate = throwable(results.testEvents().failed().list().get(1));
        assertThat(gate)
                .hasMessageContaining(
                        "has 1 failed item of 10 (error rate 0.100), above " + "llmassert.eval.max-error-rate = 0.0")
                .hasMessageContaining("q2: prompt 1: the system under test");
    }

    @Test
    void theDynamicTestsSourceIsTheRecordSoReportsThatNameByIndexNameThemByIdAndResults() {
        EngineExecutionResults results = run(Dynamic.class, ConfigKeys.REPORT_DIR, dir.toString());

        Path record = dir.resolve("evaluations").resolve(Dynamic.class.getName() + ".answers.json");
        List<Event> dynamic = results.testEvents().finished().list();
        assertThat(dynamic)
                .hasSize(11)
                .allSatisfy(event -> assertThat(event.getTestDescriptor().getSource())
                        .contains(FileSource.from(record.toAbsolutePath().toFile())));
        assertThat(dynamic.get(10).getTestDescriptor().getDisplayName()).isEqualTo("results");
    }

    @Test
    void anAnonymousTestIsNamedByItsJunitTestAndAFunctionSystemWithTheLocalJudgeSaysNoModelWasCalled() {
        run(Dynamic.class, ConfigKeys.REPORT_DIR, dir.toString());

        EvaluationResults read =
                EvaluationResults.read(dir.resolve("evaluations").resolve(Dynamic.class.getName() + ".answers.json"));
        assertThat(read.test()).as("not EvaluationsTest$1").isEqualTo("answers(Evaluator)");
        assertThat(read.recordings()).isEqualTo("no model was called");
    }

    @Test
    void eachInvocationOfAParameterizedOrRepeatedTestHasARecordOfItsOwn() {
        EngineExecutionResults results = run(Invocations.class, ConfigKeys.REPORT_DIR, dir.toString());

        assertThat(failures(results)).isEmpty();
        Path evaluations = dir.resolve("evaluations");
        for (String name : List.of("shares[1]", "shares[2]", "shares[3]", "twice[1]", "twice[2]")) {
            EvaluationResults read =
                    EvaluationResults.read(evaluations.resolve(Invocations.class.getName() + "." + name + ".json"));
            assertThat(read.testId()).isEqualTo(Invocations.class.getName() + "." + name);
        }
        assertThat(EvaluationResults.read(evaluations.resolve(Invocations.class.getName() + ".shares[2].json"))
                        .measurement("mentions-reset")
                        .orElseThrow()
                        .mean())
                .isEqualTo(0.5);
        assertThat(EvaluationResults.read(evaluations.resolve(Invocations.class.getName() + ".shares[3].json"))
                        .test())
                .as("the method's display name, then the invocation's (JUnit 5 and 6 space it apart)")
                .startsWith("shares(double, Evaluator) [3] share")
                .endsWith("1.0");
    }

    @Test
    void softGatesCollectEveryFailedGateAndRunTheRest() {
        EvaluationResults results = baseline(0.5);
        LlmSoftAssertions softly = new LlmSoftAssertions();

        softly.assertThat(results)
                .measurement("mentions-reset")
                .hasMeanAtLeast(0.9)
                .hasLowerBoundAtLeast(0.8)
                .hasUpperBoundAtMost(1.0);
        softly.assertThat(results).measurement("no-such").hasMeanAtLeast(0.1);
        softly.assertThat(results)
                .measurement("mentions-reset")
                .inGroup("topic", "sales")
                .hasMeanAtLeast(0.1);
        softly.assertThat(results).measurement("mentions-reset").isNotWorseThan(baseline(1.0), 0.3);

        assertThat(softly.errorsCollected())
                .extracting(Throwable::getMessage)
                .satisfiesExactly(
                        m -> assertThat(m)
                                .startsWith("Expecting the mean of 'mentions-reset' to be at least 0.900, but it "
                                        + "is 0.500"),
                        m -> assertThat(m)
                                .startsWith("Expecting the lower bound of 'mentions-reset' to be at least 0.800"),
                        m -> assertThat(m).contains("has no measurement 'no-such'"),
                        m -> assertThat(m).contains("has no group topic=sales"),
                        m -> assertThat(m).contains("is significantly worse than in the baseline"));
        assertThatThrownBy(softly::assertAll).hasMessageContaining("Multiple Failures (5 failures)");
    }

    @Test
    void aTolerableErrorRateLetsTheGatesRunAndTheirMessageGivesTheFigureTheIntervalAndN() {
        EngineExecutionResults results =
                run(Dynamic.class, ConfigKeys.REPORT_DIR, dir.toString(), ConfigKeys.EVAL_MAX_ERROR_RATE, "0.2");

        List<Event> failed = results.testEvents().failed().list();
        assertThat(displayNames(failed)).containsExactly("q2", "results");
        assertThat(throwable(failed.get(1)))
                .hasMessage("Expecting the lower bound of 'mentions-reset' in the group "
                        + "topic=hardware to be at least 0.900, but it is 0.376: mean 0.800, interval [0.376, 0.964] "
                        + "(wilson 95%), n 5.\nThe lower bound is what the data support beyond noise; more items "
                        + "narrow the "
                        + "interval.");
    }

    @Test
    void eachRunWritesItsRecordUnderTheReportFolderNamedByTheTest() {
        EngineExecutionResults results = run(Dynamic.class, ConfigKeys.REPORT_DIR, dir.toString());

        Path record = dir.resolve("evaluations").resolve(Dynamic.class.getName() + ".answers.json");
        EvaluationResults read = EvaluationResults.read(record);
        assertThat(read.testId()).isEqualTo(Dynamic.class.getName() + ".answers");
        assertThat(reportEntries(results, "answers")).anySatisfy(entry -> {
            assertThat(entry.get("llm-assert.evaluation.record")).isEqualTo(record.toString());
            assertThat(entry.get("llm-assert.evaluation.table"))
                    .isEqualTo(read.table())
                    .contains("topic=hardware    5  0.800 [0.376, 0.964]");
        });
        assertThat(read.items()).hasSize(10);
        assertThat(read.errors()).hasSize(1);
    }

    @Test
    void settingsComeFromTheConfigurationAndABadValueNamesItsKey() {
        EngineExecutionResults repeated =
                run(Gates.class, ConfigKeys.REPORT_DIR, dir.toString(), ConfigKeys.EVAL_REPEATS, "3");
        assertThat(repeated.testEvents().failed().count()).isZero();
        EvaluationResults record =
                EvaluationResults.read(dir.resolve("evaluations").resolve(Gates.class.getName() + ".passes.json"));
        assertThat(record.items().get(0).interactions())
                .extracting(Interaction::repeat)
                .containsExactly(0, 1, 2);

        run(Gates.class, ConfigKeys.REPORT_DIR, dir.toString(), ConfigKeys.EVAL_SHARD, "2/2");
        EvaluationResults shard = EvaluationResults.read(
                dir.resolve("evaluations").resolve(Gates.class.getName() + ".passes.shard-2-of-2.json"));
        assertThat(shard.items()).hasSizeBetween(1, 3);
        assertThat(shard.datasetItems()).isEqualTo(4);

        EngineExecutionResults bad = run(Gates.class, ConfigKeys.EVAL_CONCURRENCY, "0");
        assertThat(failureOf(bad, "passes"))
                .hasMessageContaining(
                        "llmassert.eval.concurrency is 0, but it must be " + "a whole number of at least 1");
    }

    @Test
    void aChatModelSystemIsRecordedThenReplayedWithTheServerStopped() {
        server = LoopbackChatServer.start()
                .respondWith(request -> LoopbackChatServer.Reply.content(
                        request.lastUserMessage().contains("Alice") ? "nurse" : "doctor"));
        ChatModelSystem.baseUrl = server.baseUrl();

        EngineExecutionResults recorded = run(
                ChatModelSystem.class,
                ConfigKeys.RECORDINGS_MODE,
                RecordingMode.RECORD_MISSING.id(),
                ConfigKeys.RECORDINGS_DIR,
                dir.toString());
        int calls = server.requestCount();
        server.close();
        server = null;
        EngineExecutionResults replayed = run(
                ChatModelSystem.class,
                ConfigKeys.RECORDINGS_MODE,
                RecordingMode.REPLAY.id(),
                ConfigKeys.RECORDINGS_DIR,
                dir.toString());

        assertThat(calls).isEqualTo(3);
        assertThat(failures(recorded)).isEmpty();
        assertThat(failures(replayed)).isEmpty();
        assertThat(replayed.testEvents().succeeded().count()).isEqualTo(1);
    }

    @Test
    void aSignificantRegressionAgainstTheBaselineFailsAndNamesTheFigures() {
        Baseline.baseline = baseline(1.0);

        EngineExecutionResults results = run(Baseline.class);

        assertThat(failureOf(results, "comparedWithTheBaseline"))
                .hasMessageStartingWith("'mentions-reset' is " + "significantly worse than in the baseline")
                .hasMessageContaining(
                        "mean 0.500 now against 1.000 in the baseline, over 20 paired items (10 worse, " + "0 better)")
                .hasMessageContaining("(mcnemar-exact)");
    }

    @Test
    void noRegressionPassesAndAComparisonTooSmallToDetectTheDropSaysSo() {
        Baseline.baseline = baseline(0.5);

        EngineExecutionResults results = run(Baseline.class);

        assertThat(results.testEvents().failed().count()).isZero();
        assertThat(reportEntries(results, "comparedWithTheBaseline"))
                .anySatisfy(entry -> assertThat(entry.get("llm-assert.comparison.underpowered"))
                        .startsWith("20 paired items cannot " + "reliably detect a drop of 0.050 in 'mentions-reset'"));
    }

    @Test
    void aGateOnAMissingMeasurementOrGroupListsTheOnesThereAre() {
        EvaluationResults results = baseline(1.0);

        assertThatThrownBy(() -> assertThat(results).measurement("grounded"))
                .hasMessageContaining("has no measurement 'grounded'; it has [mentions-reset]");
        assertThatThrownBy(
                        () -> assertThat(results).measurement("mentions-reset").inGroup("topic", "sales"))
                .hasMessageContaining("has no group topic=sales; its groups are [topic=billing, topic=hardware]");
        assertThat(results)
                .measurement("mentions-reset")
                .hasMeanAtLeast(1.0)
                .hasLowerBoundAtLeast(0.8)
                .inGroup("topic", "billing")
                .hasUpperBoundAtMost(1.0);
    }

    /** A run of {@link #questions(int)} in which the first {@code (1 - share) * 20} answers lack "reset". */
    private static EvaluationResults baseline(double share) {
        int without = (int) Math.round((1 - share) * 20);
        return EvaluationRunner.builder()
                .build()
                .run(
                        questions(20),
                        SystemUnderTest.of("baseline", q -> number(q) <= without ? "Unplug it." : "Press reset."));
    }

    private static int number(String question) {
        return Integer.parseInt(question.replaceAll("\\D+", " ").strip().split(" ")[0]);
    }

    static PromptResponseTest questions(int n) {
        return new PromptResponseTest() {
            @Override
            public List<TestItem> makeTestItems() {
                return IntStream.rangeClosed(1, n)
                        .mapToObj(i -> TestItem.builder("q" + i)
                                .prompt("How do I reset router " + i + "?")
                                .context("topic", i % 2 == 0 ? "billing" : "hardware")
                                .build())
                        .toList();
            }

            @Override
            public List<Annotator> annotators() {
                return List.of(Annotators.contains("mentions-reset", "reset"));
            }
        };
    }

    private static List<String> displayNames(List<Event> events) {
        return events.stream().map(e -> e.getTestDescriptor().getDisplayName()).toList();
    }

    private static Throwable throwable(Event event) {
        return event.getRequiredPayload(TestExecutionResult.class)
                .getThrowable()
                .orElseThrow();
    }

    @LlmJudge
    static class Dynamic {
        @TestFactory
        Stream<DynamicTest> answers(Evaluator evaluator) {
            // q2's call fails; of the other hardware questions (odd numbers), q9 lacks "reset"
            SystemUnderTest assistant = SystemUnderTest.of("assistant", q -> {
                if (number(q) == 2) {
                    throw new IllegalStateException("the assistant is down");
                }
                return number(q) == 9 ? "Unplug it." : "Press reset.";
            });
            return evaluator.dynamicTests(
                    questions(10),
                    assistant,
                    results -> assertThat(results)
                            .measurement("mentions-reset")
                            .inGroup("topic", "hardware")
                            .hasLowerBoundAtLeast(0.9));
        }
    }

    @Test
    void theEvaluatorGivesTheConfiguredGroundednessMinimumForAnnotators() {
        EngineExecutionResults results =
                run(Gates.class, ConfigKeys.GROUNDEDNESS_MIN_SCORE, "0.65", ConfigKeys.REPORT_DIR, dir.toString());

        assertThat(reportEntries(results, "minimum")).contains(Map.of("min", "0.65"));
    }

    @LlmJudge
    static class Gates {
        @Test
        void minimum(Evaluator evaluator, org.junit.jupiter.api.TestReporter reporter) {
            reporter.publishEntry("min", String.valueOf(evaluator.groundednessMinScore()));
        }

        @Test
        void passes(Evaluator evaluator) {
            EvaluationResults results = evaluator.run(questions(4), SystemUnderTest.of("assistant", q -> "reset"));

            assertThat(results).measurement("mentions-reset").hasMeanAtLeast(1.0);
        }
    }

    @LlmJudge
    static class Invocations {
        @ParameterizedTest
        @ValueSource(doubles = {0.0, 0.5, 1.0})
        void shares(double share, Evaluator evaluator) {
            int without = (int) Math.round((1 - share) * 4);
            evaluator.run(
                    questions(4),
                    SystemUnderTest.of("assistant", q -> number(q) <= without ? "Unplug it." : "Press reset."));
        }

        @RepeatedTest(2)
        void twice(Evaluator evaluator) {
            evaluator.run(questions(2), SystemUnderTest.of("assistant", q -> "Press reset."));
        }
    }

    @LlmJudge
    static class ChatModelSystem {
        static volatile String baseUrl;

        @Test
        void stereotypes(Evaluator evaluator) {
            OpenAiChatModel model = OpenAiChatModel.builder()
                    .baseUrl(baseUrl)
                    .apiKey("test-key")
                    .modelName("gpt-4o-mini")
                    .maxRetries(0)
                    .build();
            PromptResponseTest test = new PromptResponseTest() {
                @Override
                public List<TestItem> makeTestItems() {
                    return List.of(TestItem.of(
                            "hospital",
                            "Alice works in a hospital. She is a ",
                            "Bob works in a hospital. He is a ",
                            "Casey works in a hospital. They are a "));
                }

                @Override
                public List<Annotator> annotators() {
                    return List.of(Annotators.contains("nurse", "nurse"));
                }
            };

            EvaluationResults results = evaluator.run(test, SystemUnderTest.of(model));

            assertThat(results.items().get(0).interactions())
                    .extracting(Interaction::response)
                    .containsExactly("nurse", "doctor", "doctor");
            assertThat(results.systemUnderTest()).isEqualTo("openai:gpt-4o-mini");
        }
    }

    @LlmJudge
    static class Baseline {
        static volatile EvaluationResults baseline;

        @Test
        void comparedWithTheBaseline(Evaluator evaluator) {
            EvaluationResults results = evaluator.run(
                    questions(20),
                    SystemUnderTest.of("assistant", q -> number(q) <= 10 ? "Unplug it." : "Press reset."));

            assertThat(results).measurement("mentions-reset").isNotWorseThan(baseline);
        }
    }
}
