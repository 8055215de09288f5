package dev.llmassert.junit.mutation;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.llmassert.core.config.ConfigKeys;
import dev.llmassert.core.config.InvalidSettingException;
import dev.llmassert.junit.MutationCheck;
import dev.llmassert.junit.MutationCheck.Mutant;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import static dev.llmassert.junit.LlmAssertions.assertThat;
import static dev.llmassert.junit.LlmAssertions.assertThatThrownBy;

/**
 * The mutation check through the JUnit Platform on {@link MutationFixtures.Support}: which test read which recorded
 * answer, each mutant run on those tests only, what killed it, what still passed, and the run report's section.
 */
class MutationCheckTest {

    @TempDir
    Path dir;

    @Test
    void eachMutantRunsTheTestsThatReadItsAnswerAndTheReportShowsTheirVerdicts() throws Exception {
        Map<String, String> configuration =
                MutationFixtures.recorded(MutationFixtures.freshRecordings("support"), dir.resolve("report"));

        MutationCheck check = MutationCheck.run(configuration);

        assertThat(check.mutants())
                .isEqualTo(check.killed()
                        + check.survived()
                        + check.needsJudge()
                        + check.needsApplication()
                        + check.notReplayable()
                        + check.errored());
        assertThat(check.needsJudge()).as("the local judge needs no recording").isZero();
        assertThat(check.needsApplication() + check.notReplayable())
                .as("every answer of the application is recorded")
                .isZero();
        assertThat(check.score())
                .as("killed / (killed + survived): the errored mutant is counted apart")
                .hasValue(check.killed() / (double) (check.killed() + check.survived()));
        assertThat(check.results())
                .allSatisfy(m -> assertThat(m.tests()).doesNotContain("MutationFixtures$Support.readsNoAnswer()"));
        Mutant term = check.results().stream()
                .filter(m -> m.change().matches("'two-year' → '\\w+-year'"))
                .findFirst()
                .orElseThrow();
        assertThat(term.status()).isEqualTo("killed");
        assertThat(term.tests())
                .containsExactly(
                        "MutationFixtures$Support.theWarrantyAnswerIsGrounded(Evaluator, AppModel)",
                        "MutationFixtures$Support.theWarrantyAnswerNamesItsTerm(Evaluator, AppModel)");
        assertThat(term.outcomes())
                .anySatisfy(o -> assertThat(o)
                        .startsWith("MutationFixtures$Support.theWarrantyAnswerNamesItsTerm(Evaluator, AppModel):"
                                + " killed: Expecting actual:"));
        // the application's code reads the restart answer: a wrong wait fails the test's assertion, an answer it cannot
        // read throws, which is no assertion
        Mutant wait = mutant(check, "'10 seconds' → '20 seconds'");
        assertThat(wait.status()).isEqualTo("killed");
        assertThat(wait.outcomes())
                .containsExactly("MutationFixtures$Support.theRestartWaitsTenSeconds(Evaluator, AppModel): killed:"
                        + " expected: 10 but was: 20");
        assertThat(check.errored()).isEqualTo(1);
        Mutant unreadable = check.results().stream()
                .filter(m -> m.status().equals("errored"))
                .findFirst()
                .orElseThrow();
        assertThat(unreadable.operator()).isEqualTo("invented");
        assertThat(unreadable.outcomes())
                .singleElement()
                .asString()
                .startsWith("MutationFixtures$Support.theRestartWaitsTenSeconds(Evaluator, AppModel): errored: the test"
                        + " failed with java.lang.IllegalStateException, not an assertion: Not one restart step with a"
                        + " wait: Unplug the power adapter, wait 10 seconds, and plug it back in. For faster help");
        assertThat(check.survivors())
                .as("a reset answer that is grounded on average only")
                .anySatisfy(m -> {
                    assertThat(m.tests())
                            .containsExactly(
                                    "MutationFixtures$Support.theResetAnswerIsGroundedOnAverage(Evaluator, AppModel)");
                    assertThat(m.passedChecks()).singleElement().asString().startsWith("groundedness PASSED score");
                });

        JsonNode report =
                new ObjectMapper().readTree(dir.resolve("report/report.json").toFile());
        JsonNode mutations = report.path("mutations");
        assertThat(mutations.path("mutants").asInt()).isEqualTo(check.mutants());
        assertThat(mutations.path("testsRead").asInt()).isEqualTo(4);
        assertThat(mutations.path("answers").asInt()).isEqualTo(3);
        assertThat(mutations.path("errored").asInt()).isEqualTo(1);
        assertThat(mutations.path("notReplayable").asInt()).isZero();
        assertThat(mutations.path("needsApplication").asInt()).isZero();
        assertThat(mutations.path("byClass").get(0).path("name").asText()).isEqualTo("MutationFixtures$Support");
        assertThat(mutations.path("results").get(0).path("target").path("file").asText())
                .endsWith("MutationFixtures$Support.json");
        assertThat(report.path("checks")).as("the baseline's own checks").isNotEmpty();
        assertThat(Files.readString(dir.resolve("report/report.html"))).contains("\"mutations\":");
        assertThat(check.summary())
                .contains("llm-assert mutation check (seed 1, operators all, at most 5 per answer, mutants replayed):")
                .contains("read by 4 of 5 tests")
                .contains("Survived (" + check.survived() + "):")
                .contains("Errored (1):");
    }

    private static Mutant mutant(MutationCheck check, String change) {
        return check.results().stream()
                .filter(m -> m.change().equals(change))
                .findFirst()
                .orElseThrow(() -> new AssertionError("no mutant " + change + " in " + check.summary()));
    }

    @Test
    void aTestThatFailsWithoutMutantsIsLeftOutWithWhyAndACheckWithNoMutantFailsTheBuild() {
        Map<String, String> configuration =
                MutationFixtures.recorded(MutationFixtures.freshRecordings("fails"), dir.resolve("report"));
        configuration.put(ConfigKeys.MUTATION_CLASSES, MutationFixtures.FailsWithoutMutants.class.getName());

        MutationCheck check = MutationCheck.run(configuration);

        assertThat(check.mutants()).isZero();
        assertThat(check.leftOut())
                .singleElement()
                .asString()
                .startsWith("MutationFixtures$FailsWithoutMutants.promisesALifetimeWarranty(Evaluator, AppModel):"
                        + " AssertionError: ")
                .contains("to contain:");
        assertThat(check.summary())
                .contains("0 answers and 0 tool results read by 0 of 1 tests (1 left out: it fails without mutants)")
                .contains("Left out, as they fail without mutants (1):");

        // from a build: the check could not run, so it fails, and says why; a missing answer is named as such
        configuration.put(
                ConfigKeys.RECORDINGS_DIR, dir.resolve("nothing-recorded").toString());
        String[] arguments = configuration.entrySet().stream()
                .map(e -> e.getKey() + "=" + e.getValue())
                .toArray(String[]::new);
        assertThatThrownBy(() -> MutationCheck.main(arguments))
                .isInstanceOf(IllegalStateException.class)
                .hasMessage("The mutation check made no mutant: 1 test ran, 1 fails without mutants, so the check left"
                        + " it out (MutationFixtures$FailsWithoutMutants.promisesALifetimeWarranty(Evaluator,"
                        + " AppModel): needs the application's model: a call of the application's model has no"
                        + " recording. Fix: record the application's answers (run the tests once with"
                        + " llmassert.recordings.mode=record-missing and the key the application's model needs), then"
                        + " run the check again), and no other test read a recorded answer. Fix: make that test pass"
                        + " (run it with mvn test), then run the check again.");
    }

    /**
     * The check returns once the threads it started have ended: Maven's {@code exec:java} runs it in a thread group of
     * its own and then waits for the group's threads, and a thread that waits for work forever made it warn and fail to
     * end the group.
     */
    @Test
    void theCheckReturnsOnceTheThreadsItStartedHaveEnded() throws InterruptedException {
        Map<String, String> configuration =
                MutationFixtures.recorded(MutationFixtures.freshRecordings("threads"), dir.resolve("report"));
        configuration.put(ConfigKeys.MUTATION_OPERATORS, "number");
        ThreadGroup group = new ThreadGroup("a main run as exec:java runs it");
        List<MutationCheck> checks = new ArrayList<>();
        Thread main = new Thread(group, () -> checks.add(MutationCheck.run(configuration)), "the check's main");

        main.start();
        main.join();

        assertThat(checks)
                .singleElement()
                .satisfies(check -> assertThat(check.killed()).isPositive());
        Thread[] threads = new Thread[group.activeCount() + 16];
        int count = group.enumerate(threads, true);
        assertThat(Arrays.stream(threads, 0, count).filter(Thread::isAlive).map(Thread::getName))
                .as("threads of llm-assert still running in the check's group")
                .noneMatch(name -> name.startsWith("llm-assert-") || name.startsWith("llmassert-"));
    }

    @Test
    void aSettingThatCannotBeUsedFailsBeforeAnyTestRuns() {
        Map<String, String> configuration = new HashMap<>();
        configuration.put(ConfigKeys.MUTATION_MAX_PER_ANSWER, "0");

        assertThatThrownBy(() -> MutationCheck.run(configuration))
                .isInstanceOf(InvalidSettingException.class)
                .hasMessageContaining("'llmassert.mutation.max-per-answer': '0'")
                .hasMessageContaining("Allowed: a whole number from 1 to 1000.");

        configuration.clear();
        configuration.put(ConfigKeys.MUTATION_OPERATORS, "number,hallucination");
        assertThatThrownBy(() -> MutationCheck.run(configuration))
                .hasMessageContaining("'llmassert.mutation.operators': 'number,hallucination'")
                .hasMessageContaining("a comma list of number, swap, entity, negation, antonym, condition, invented,"
                        + " tool-result, or all");

        configuration.clear();
        configuration.put(ConfigKeys.RECORDINGS_MODE, "record");
        assertThatThrownBy(() -> MutationCheck.run(configuration))
                .hasMessageContaining("Allowed: replay or record-missing in a mutation check");
    }

    @Test
    void classesThatMatchNoTestFailNamingThePattern() {
        Map<String, String> configuration = new HashMap<>();
        configuration.put(ConfigKeys.MUTATION_CLASSES, "com.example.NoSuchTest");
        configuration.put(ConfigKeys.REPORT_DIR, dir.toString());

        assertThatThrownBy(() -> MutationCheck.run(configuration))
                .isInstanceOf(IllegalStateException.class)
                .hasMessageStartingWith("The mutation check found no test to run in the classes com.example.NoSuchTest"
                        + " (llmassert.mutation.classes). Fix: run it from the folder of the module");
    }

    @Test
    void mainTakesSettingsAsKeyValueAndSaysSoOtherwise() {
        assertThatThrownBy(() -> MutationCheck.main(new String[] {"--seed", "2"}))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("MutationCheck takes settings as key=value, e.g. llmassert.mutation.classes="
                        + "com.example.*Test, but got: '--seed'. Fix: write the argument as key=value, or set the key"
                        + " with -D.");
    }
}
