package dev.llmassert.junit.internal.mutation;

import dev.llmassert.core.mutation.Mutant;
import dev.llmassert.core.mutation.MutationOperator;
import dev.llmassert.core.record.RecordedModel;
import dev.llmassert.core.record.RecordingMissException;
import dev.llmassert.core.record.RecordingMode;
import dev.llmassert.junit.internal.mutation.MutationRunner.MutantRun;
import dev.llmassert.junit.internal.mutation.MutationRunner.Plan;
import dev.llmassert.junit.internal.mutation.MutationRunner.PlannedMutant;
import dev.llmassert.junit.internal.mutation.MutationRunner.Target;
import dev.llmassert.junit.internal.mutation.MutationTap.Missed;
import dev.llmassert.junit.internal.mutation.MutationTap.Served;
import dev.llmassert.junit.internal.report.MutationsEntry;
import dev.llmassert.junit.internal.report.MutationsEntry.Result;
import org.junit.jupiter.api.Test;
import org.junit.platform.engine.TestDescriptor;
import org.junit.platform.engine.TestExecutionResult;
import org.junit.platform.engine.UniqueId;
import org.junit.platform.engine.support.descriptor.AbstractTestDescriptor;
import org.junit.platform.engine.support.descriptor.MethodSource;
import org.junit.platform.launcher.TestIdentifier;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.TreeSet;
import java.util.function.Consumer;

import static dev.llmassert.junit.LlmAssertions.assertThat;

/**
 * What a mutant's run comes to, for each way it can end: only a failed assertion kills; a model call with no recording
 * is named by whose it was and whether its request held the change; anything else is an error with its cause.
 */
class MutantVerdictsTest {

    private static final String ANSWER = "Hold the reset button for 15 seconds, until the light turns amber.";
    private static final String DIFFERENCE = "No recording for this request of the application's model (mode replay,"
            + " so the model was not called).\n  test:    BotTest.chats()\n  file:    bot.json\n  key:     abc\n"
            + "  request: user (40 chars) 'Hold the reset button for 30 seconds...'\nNearest recorded request (key"
            + " def):\n  - the user message differs at line 3: recorded 'Thanks' vs now 'Thanks!'\nTo record it: ...";

    private final LaunchRecord baseline = new LaunchRecord();
    private final List<MutantRun> runs = new ArrayList<>();

    @Test
    void onlyAFailedAssertionKillsAndEveryOtherEndIsNamedWithItsCause() {
        run("killed", r -> r.results.put(id("killed"), TestExecutionResult.failed(new AssertionError("expected 15"))));
        run("survived", r -> r.results.put(id("survived"), TestExecutionResult.successful()));
        run(
                "thrown",
                r -> r.results.put(
                        id("thrown"), TestExecutionResult.failed(new IllegalStateException("Not one restart step"))));
        run("judge", r -> {
            // an evaluation keeps the judge's miss as an item's error, then its gate fails: no kill
            r.missed.put(id("judge"), List.of(new Missed(Missed.JUDGE, "the judge", false, DIFFERENCE)));
            r.results.put(id("judge"), TestExecutionResult.failed(new AssertionError("gate failed")));
        });
        run("later", r -> {
            r.missed.put(
                    id("later"), List.of(new Missed(Missed.APPLICATION, "the application's model", true, DIFFERENCE)));
            r.results.put(
                    id("later"),
                    TestExecutionResult.failed(new RecordingMissException(
                            DIFFERENCE, "abc", "BotTest.chats()", Path.of("bot.json"), RecordedModel.application())));
        });
        run("unrelated", r -> {
            r.missed.put(
                    id("unrelated"),
                    List.of(new Missed(Missed.APPLICATION, "the application's model", false, DIFFERENCE)));
            r.results.put(id("unrelated"), TestExecutionResult.failed(new IllegalStateException("miss")));
        });
        run(
                "judgeThread",
                r -> r.results.put(
                        id("judgeThread"),
                        TestExecutionResult.failed(new AssertionError(
                                "check failed",
                                new RecordingMissException(
                                        "No recording for this request of the judge",
                                        "k",
                                        "t",
                                        Path.of("f"),
                                        RecordedModel.judge("KEY"))))));
        run("unread", r -> r.results.put(id("unread"), TestExecutionResult.failed(new AssertionError("no answer"))));

        MutationsEntry entry = MutantVerdicts.summarise(settings(), baseline, plan(), runs, 10);

        assertThat(status("killed", entry)).isEqualTo("killed");
        assertThat(detail("killed", entry)).isEqualTo("expected 15");
        assertThat(status("survived", entry)).isEqualTo("survived");
        assertThat(status("thrown", entry)).isEqualTo("errored");
        assertThat(detail("thrown", entry))
                .isEqualTo("the test failed with java.lang.IllegalStateException, not an assertion: Not one restart"
                        + " step");
        assertThat(status("judge", entry)).isEqualTo("needs-judge");
        assertThat(detail("judge", entry))
                .startsWith("a call of the judge on the changed answer has no recording, and a mutant's run calls no"
                        + " model. Fix: ")
                .endsWith(": request user (40 chars) 'Hold the reset button for 30 seconds...'; the user message"
                        + " differs at line 3: recorded 'Thanks' vs now 'Thanks!'");
        assertThat(status("later", entry)).isEqualTo("not-replayable");
        assertThat(detail("later", entry))
                .startsWith("a later call of the application's model holds the changed answer");
        assertThat(status("unrelated", entry)).isEqualTo("needs-application");
        assertThat(detail("unrelated", entry))
                .startsWith("a call of the application's model has no recording, and its request does not hold the"
                        + " changed answer. Fix: record the application's answers");
        assertThat(status("judgeThread", entry))
                .as("a judge's miss on the judge's own thread, found in the failure's causes")
                .isEqualTo("needs-judge");
        assertThat(status("unread", entry)).isEqualTo("errored");
        assertThat(detail("unread", entry))
                .isEqualTo("the test did not read the answer this time, and failed: no answer");

        assertThat(entry.killed()).isEqualTo(1);
        assertThat(entry.survived()).isEqualTo(1);
        assertThat(entry.needsJudge()).isEqualTo(2);
        assertThat(entry.needsApplication()).isEqualTo(1);
        assertThat(entry.notReplayable()).isEqualTo(1);
        assertThat(entry.errored()).isEqualTo(2);
        assertThat(entry.score()).as("killed / (killed + survived)").isEqualTo(0.5);
    }

    /** A mutant read by one test, {@code name}, whose launch {@code outcome} describes. */
    private void run(String name, Consumer<LaunchRecord> outcome) {
        String id = id(name);
        baseline.tests.put(id, test(name));
        baseline.results.put(id, TestExecutionResult.successful());
        Served served = new Served("bot.json", name, 0, null, ANSWER, "How do I reset it?");
        baseline.served.put(id, List.of(served));
        Mutant mutant = new Mutant(
                name,
                MutationOperator.NUMBER,
                ANSWER,
                ANSWER.replace("15", "30"),
                "'15 seconds' → '30 seconds'",
                false);
        TreeSet<String> tests = new TreeSet<>(List.of(id));
        PlannedMutant planned = new PlannedMutant(
                mutant, new Target(name, served, tests), MutantSpec.toolResult("none", ANSWER, mutant.mutated()));
        LaunchRecord record = new LaunchRecord();
        if (!name.equals("unread")) {
            record.applied.put(id, true);
        }
        outcome.accept(record);
        runs.add(new MutantRun(planned, record, null, 1));
    }

    private Plan plan() {
        return new Plan(runs.size(), 0, runs.stream().map(MutantRun::mutant).toList(), List.of());
    }

    private static MutationSettings settings() {
        return new MutationSettings(
                1, EnumSet.allOf(MutationOperator.class), 5, List.of(), 1, RecordingMode.REPLAY, Path.of("report"));
    }

    private static String id(String name) {
        return "[engine:junit-jupiter]/[class:BotTest]/[method:" + name + "()]";
    }

    private static TestIdentifier test(String name) {
        TestDescriptor descriptor =
                new AbstractTestDescriptor(UniqueId.parse(id(name)), name + "()", MethodSource.from("BotTest", name)) {
                    @Override
                    public Type getType() {
                        return Type.TEST;
                    }
                };
        return TestIdentifier.from(descriptor);
    }

    private static String status(String mutant, MutationsEntry entry) {
        return result(mutant, entry).status();
    }

    private static String detail(String mutant, MutationsEntry entry) {
        return result(mutant, entry).tests().get(0).detail();
    }

    private static Result result(String mutant, MutationsEntry entry) {
        return entry.results().stream()
                .filter(r -> r.id().equals(mutant))
                .findFirst()
                .orElseThrow(() -> new AssertionError("no mutant " + mutant));
    }
}
