package dev.llmassert.junit.repeat;

import dev.llmassert.core.config.ConfigKeys;
import dev.llmassert.core.record.RecordingMode;
import dev.llmassert.core.testing.LoopbackChatServer;
import dev.llmassert.core.testing.LoopbackChatServer.Reply;
import dev.llmassert.junit.Evaluator;
import dev.llmassert.junit.LlmJudge;
import dev.llmassert.junit.testing.AppModels;
import dev.llmassert.junit.testing.AppModels.AppModel;
import dev.llmassert.junit.testing.Runs;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.junit.platform.engine.TestExecutionResult;
import org.junit.platform.testkit.engine.EngineExecutionResults;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

import static dev.llmassert.junit.LlmAssertions.assertThat;

/**
 * A repeated test whose application, langchain4j's real OpenAI client against the loopback server, answers ten
 * times: recorded in {@code record-missing}, then replayed with the server stopped, the same runs pass and fail and
 * the gate gives the same verdict.
 */
class RepeatedRunsTest {

    static final String MANUAL = "The Nimbus R2 has a two-year limited warranty from the date of purchase. It does "
            + "not cover damage from water or power surges.";
    static final String GOOD = "The Nimbus R2 has a two-year limited warranty from the date of purchase.";
    static final String BAD = "The Nimbus R2 has a five-year warranty that also covers water damage.";

    static final String APP_BASE_URL = AppModels.BASE_URL;

    @TempDir
    Path dir;

    @Test
    void sevenPassesOfTenFailAGateOf0_8WithTheRateAndItsIntervalThenReplayTheSameWithTheServerStopped()
            throws Exception {
        List<String> samples = samples(3, 5, 8); // runs 3, 5 and 8 get an invented warranty
        EngineExecutionResults recorded = recordThenStop(AtLeast80Percent.class, samples);

        assertSevenOfTen(recorded);
        assertThat(Files.readString(dir.resolve(AtLeast80Percent.class.getName() + ".json")))
                .as("the ten samples, in order, under one key")
                .contains("five-year warranty")
                .containsOnlyOnce("\"key\"");

        EngineExecutionResults replayed = run(AtLeast80Percent.class, RecordingMode.REPLAY, "http://127.0.0.1:9/v1");

        assertSevenOfTen(replayed);
    }

    @Test
    void tenPassesOfTenPassTheGate() throws Exception {
        EngineExecutionResults recorded = recordThenStop(AtLeast80Percent.class, samples());

        assertThat(recorded.testEvents().succeeded().count()).isEqualTo(11);
        assertThat(recorded.testEvents().failed().count()).isZero();
        assertThat(gateLine(recorded))
                .isEqualTo("pass rate PASSED 10 of 10 runs, rate 1.00 [0.72, 1.00] (wilson 95%),"
                        + " min 0.80 on the rate");

        EngineExecutionResults replayed = run(AtLeast80Percent.class, RecordingMode.REPLAY, "http://127.0.0.1:9/v1");
        assertThat(replayed.testEvents().succeeded().count()).isEqualTo(11);
        assertThat(replayed.testEvents().failed().count()).isZero();
    }

    @Test
    void onTheLowerBoundTenPassesOfTenAreNotEnoughFor0_8() throws Exception {
        EngineExecutionResults results = recordThenStop(LowerBoundAt80Percent.class, samples());

        assertThat(Runs.failures(results))
                .singleElement()
                .satisfies(failure -> assertThat(failure.getMessage())
                        .contains("to pass at a rate whose 95% lower bound is at least 0.80, but the lower bound was "
                                + "0.72: 10 of 10 runs passed, rate 1.00, 95% Wilson interval [0.72, 1.00].")
                        .contains("Fix: make the application pass more often, or run it more times"));
    }

    @Test
    void aSettingThatCannotBeUsedFailsNamingTheAttributeAndTheKey() {
        EngineExecutionResults results = Runs.run(
                AtLeast80Percent.class,
                ConfigKeys.RECORDINGS_MODE,
                "off",
                APP_BASE_URL,
                "http://127.0.0.1:9/v1",
                ConfigKeys.REPEAT_GATE,
                "lower");

        assertThat(results.containerEvents().failed().stream()
                        .map(e -> e.getRequiredPayload(TestExecutionResult.class)
                                .getThrowable()
                                .orElseThrow()
                                .getMessage())
                        .toList())
                .singleElement()
                .asString()
                .contains("'llmassert.repeat.gate': 'lower'")
                .contains("Allowed: rate, lower-bound.");
    }

    private void assertSevenOfTen(EngineExecutionResults results) {
        assertThat(results.testEvents().succeeded().count())
                .as("runs that passed")
                .isEqualTo(7);
        assertThat(results.testEvents().aborted().count())
                .as("runs that failed, left to the gate")
                .isEqualTo(3);
        assertThat(Runs.failures(results))
                .singleElement()
                .satisfies(failure -> assertThat(failure.getMessage())
                        .contains("Expecting the runs of \"answersFromTheManual(Evaluator, AppModel)\"")
                        .contains("to pass at a rate of at least 0.80, but 7 of 10 runs passed: rate 0.70, 95% Wilson"
                                + " interval [0.40, 0.89].")
                        .contains("Runs:  ✓ 1  ✓ 2  ✗ 3  ✓ 4  ✗ 5  ✓ 6  ✓ 7  ✗ 8  ✓ 9  ✓ 10")
                        .contains("run 3: Expecting response:"));
        assertThat(gateLine(results))
                .isEqualTo("pass rate FAILED 7 of 10 runs, rate 0.70 [0.40, 0.89] (wilson 95%), min 0.80 on the rate");
    }

    private static String gateLine(EngineExecutionResults results) {
        return Runs.reportEntries(results).stream()
                .filter(e -> e.containsKey("llm-assert.repeat"))
                .map(e -> e.get("llm-assert.repeat"))
                .findFirst()
                .orElseThrow();
    }

    /** Records the fixture's runs from the loopback server (which then stops), and gives the run's results. */
    private EngineExecutionResults recordThenStop(Class<?> fixture, List<String> answers) {
        try (LoopbackChatServer server = LoopbackChatServer.start()) {
            answers.forEach(answer -> server.enqueue(Reply.content(answer)));
            EngineExecutionResults results = run(fixture, RecordingMode.RECORD_MISSING, server.baseUrl());
            assertThat(server.requestCount()).as("one call per run").isEqualTo(answers.size());
            return results;
        }
    }

    private EngineExecutionResults run(Class<?> fixture, RecordingMode mode, String baseUrl) {
        return Runs.run(
                fixture,
                ConfigKeys.RECORDINGS_MODE,
                mode.id(),
                ConfigKeys.RECORDINGS_DIR,
                dir.toString(),
                APP_BASE_URL,
                baseUrl);
    }

    /** Ten answers, the good one except at the runs given (from 1). */
    private static List<String> samples(int... badRuns) {
        List<String> answers = new ArrayList<>();
        for (int run = 1; run <= 10; run++) {
            int r = run;
            answers.add(Arrays.stream(badRuns).anyMatch(b -> b == r) ? BAD : GOOD);
        }
        return answers;
    }

    @LlmJudge
    @ExtendWith(AppModels.class)
    static class AtLeast80Percent {

        @LlmJudge.Repeat(times = 10, minPassRate = 0.8)
        void answersFromTheManual(Evaluator evaluator, AppModel app) {
            String answer = evaluator.recorded(app.model()).chat("How long is the warranty of the Nimbus R2?");

            assertThat(answer).isGroundedIn(MANUAL).withMinScore(0.7);
        }
    }

    @LlmJudge
    @ExtendWith(AppModels.class)
    static class LowerBoundAt80Percent {

        @LlmJudge.Repeat(times = 10, minPassRate = 0.8, gate = LlmJudge.Repeat.Gate.LOWER_BOUND)
        void answersFromTheManual(Evaluator evaluator, AppModel app) {
            String answer = evaluator.recorded(app.model()).chat("How long is the warranty of the Nimbus R2?");

            assertThat(answer).isGroundedIn(MANUAL).withMinScore(0.7);
        }
    }
}
