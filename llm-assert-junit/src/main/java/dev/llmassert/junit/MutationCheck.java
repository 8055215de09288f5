package dev.llmassert.junit;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.json.JsonMapper;
import dev.llmassert.core.config.InvalidSettingException;
import dev.llmassert.core.record.internal.ReplyTaps;
import dev.llmassert.junit.internal.message.MutationCheckMessages;
import dev.llmassert.junit.internal.mutation.MutationConsole;
import dev.llmassert.junit.internal.mutation.MutationRunner;
import dev.llmassert.junit.internal.mutation.MutationSettings;
import dev.llmassert.junit.internal.report.MutationsEntry;
import dev.llmassert.junit.internal.report.MutationsEntry.TestOutcome;
import dev.llmassert.junit.internal.report.RunReport;
import org.apiguardian.api.API;
import org.junit.platform.launcher.core.LauncherDiscoveryRequestBuilder;
import org.opentest4j.TestAbortedException;

import java.io.IOException;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

/**
 * The mutation check of a test suite: would the tests notice if the application's answers went wrong in the ways an
 * LLM goes wrong? It runs the suite once through the JUnit Platform, noting which recorded answers (and agents' tool
 * results) each test read; then, for each answer, it makes mutants (a number changed, a condition dropped, a
 * sentence invented, ...) and re-runs the tests that read it with that one change, several mutants at once. A mutant
 * is killed when an assertion of a test fails (a check's, or the test's own), survives when they all pass; one whose
 * run ends any other way has no verdict and is counted apart. The tests themselves are not changed.
 *
 * <p>From Maven, on the test class path of the module whose tests to check:
 *
 * <pre>{@code
 * mvn test-compile exec:java -Dexec.classpathScope=test -Dexec.mainClass=dev.llmassert.junit.MutationCheck
 * }</pre>
 *
 * <p>Settings are the keys {@code llmassert.mutation.seed}, {@code .operators}, {@code .max-per-answer},
 * {@code .classes} and {@code .concurrency} ({@code -D}, {@code junit-platform.properties} or the environment). The
 * run without mutants goes by the recordings mode ({@code replay} or {@code record-missing}); a mutant's run always
 * replays, and never calls a model: a mutant whose judge reply is not recorded needs a judge. A later call of the
 * application's model or of a simulated user's whose request holds the changed answer (the next turn of a
 * conversation) gets the reply recorded for it without the change, so every later turn is judged too. The result goes
 * to the run report ({@code mutations}) and the console.
 */
@API(status = EXPERIMENTAL, since = "0.1")
public final class MutationCheck {

    private static final ObjectMapper JSON =
            JsonMapper.builder().enable(SerializationFeature.INDENT_OUTPUT).build();

    private final MutationsEntry entry;
    private final Path html;

    private MutationCheck(MutationsEntry entry, Path html) {
        this.entry = entry;
        this.html = html;
    }

    /**
     * Runs the check with the settings of the keys, prints its summary and writes the run report. Each argument is a
     * setting, {@code key=value} (one with a blank value is left out), before the system properties: for a build
     * that passes its properties on, e.g. {@code llmassert.mutation.classes=${llmassert.mutation.classes}}. It ends
     * with an exception, so a build fails, when the check could not run: a bad setting, no test, or no mutant to
     * run (it then says why: no test read a recorded answer, or those that did fail without mutants).
     *
     * @param args the settings, each {@code key=value}
     * @throws IllegalArgumentException for an argument that is no {@code key=value}
     * @throws IllegalStateException    when the check made no mutant, saying why
     */
    public static void main(String[] args) {
        Map<String, String> settings = new TreeMap<>();
        for (String arg : args) {
            int equals = arg.indexOf('=');
            if (equals < 1) {
                throw new IllegalArgumentException(MutationCheckMessages.mutationArgumentNotASetting(arg));
            }
            String value = arg.substring(equals + 1).strip();
            if (!value.isEmpty()) {
                settings.put(arg.substring(0, equals).strip(), value);
            }
        }
        MutationCheck check = run(settings);
        PrintStream out = System.out;
        out.println(check.summary());
        if (check.mutants() == 0) {
            throw new IllegalStateException(MutationCheckMessages.noMutant(check.entry.testsRun(), check.leftOut()));
        }
    }

    /**
     * Runs the check. {@code configuration} holds configuration parameters that go before the system properties
     * and {@code junit-platform.properties}, e.g. {@code llmassert.mutation.classes}, for this check and every
     * launch it makes.
     *
     * @param configuration the configuration parameters, by key
     * @return the check's outcome
     * @throws InvalidSettingException when a key's value cannot be used, naming it
     */
    public static MutationCheck run(Map<String, String> configuration) {
        if (ReplyTaps.current().isPresent()) {
            // a test that runs a mutation check, met in another check's launch: it would run the suite again
            throw new TestAbortedException(
                    "This test runs a mutation check, and is itself running in one: it is" + " skipped there.");
        }
        var parameters = LauncherDiscoveryRequestBuilder.request()
                .configurationParameters(configuration)
                .build()
                .getConfigurationParameters();
        MutationSettings settings = MutationSettings.from(parameters::get, System::getenv);
        MutationsEntry entry = new MutationRunner(settings, configuration).run();
        try {
            Path html = RunReport.writeMutations(settings.reportDir(), entry, Instant.now());
            return new MutationCheck(entry, html);
        } catch (IOException e) {
            throw new UncheckedIOException(
                    MutationCheckMessages.mutationReportNotWritten(settings.reportDir(), e.getMessage()), e);
        }
    }

    /**
     * {@code killed / (killed + survived)}; empty when no mutant has a verdict.
     *
     * @return the score, or empty
     */
    public Optional<Double> score() {
        return Optional.ofNullable(entry.score());
    }

    /** {@return how many mutants the check made} */
    public int mutants() {
        return entry.mutants();
    }

    /** {@return how many mutants a test noticed (it failed on them)} */
    public int killed() {
        return entry.killed();
    }

    /** {@return how many mutants no test noticed} */
    public int survived() {
        return entry.survived();
    }

    /**
     * Mutants whose judge reply is not recorded (in {@code replay}): no verdict.
     *
     * @return how many mutants need a judge
     */
    public int needsJudge() {
        return entry.needsJudge();
    }

    /**
     * Mutants whose run made a call of the application's model that is not recorded, and whose request does not
     * hold the change: no verdict.
     *
     * @return how many mutants need the application's model
     */
    public int needsApplication() {
        return entry.needsApplication();
    }

    /**
     * Mutants whose run made a later call of the application's model (or of a simulated user's) that holds the change
     * and is not recorded even with the answer put back: no verdict.
     *
     * @return how many mutants are not replayable
     */
    public int notReplayable() {
        return entry.notReplayable();
    }

    /** {@return how many mutants could not be run (an error other than a failed check)} */
    public int errored() {
        return entry.errored();
    }

    /**
     * The score of the mutants the tests of a class (by simple name) read.
     *
     * @param simpleName the test class's simple name
     * @return the score, or empty when no mutant of the class has a verdict
     */
    public Optional<Double> scoreOfClass(String simpleName) {
        return entry.byClass().stream()
                .filter(s -> s.name().equals(simpleName))
                .findFirst()
                .map(MutationsEntry.Score::score);
    }

    /**
     * The score of one operator's mutants, e.g. {@code condition}.
     *
     * @param operator the operator's name
     * @return the score, or empty when no mutant of the operator has a verdict
     */
    public Optional<Double> scoreOfOperator(String operator) {
        return entry.byOperator().stream()
                .filter(s -> s.name().equals(operator))
                .findFirst()
                .map(MutationsEntry.Score::score);
    }

    /**
     * The tests the check left out, as they fail without mutants: {@code Class.method(): <the failure's first lines>}.
     *
     * @return the tests left out, each with its reason
     */
    public List<String> leftOut() {
        return entry.leftOut().stream()
                .map(t -> t.className().substring(t.className().lastIndexOf('.') + 1) + "." + t.displayName() + ": "
                        + t.reason())
                .toList();
    }

    /**
     * The status of each mutant ({@code killed}, {@code survived}, {@code needs-judge}, {@code needs-application},
     * {@code not-replayable}, {@code errored}), by id.
     *
     * @return the statuses
     */
    public Map<String, String> statuses() {
        Map<String, String> statuses = new TreeMap<>();
        entry.results().forEach(r -> statuses.put(r.id(), r.status()));
        return statuses;
    }

    /**
     * The mutants no test noticed.
     *
     * @return the survivors
     */
    public List<Mutant> survivors() {
        return entry.results().stream()
                .filter(r -> r.status().equals("survived"))
                .map(Mutant::of)
                .toList();
    }

    /**
     * Every mutant.
     *
     * @return the mutants
     */
    public List<Mutant> results() {
        return entry.results().stream().map(Mutant::of).toList();
    }

    /**
     * The console summary.
     *
     * @return the summary
     */
    public String summary() {
        return MutationConsole.summary(entry, html);
    }

    /**
     * The check's section of the run report as JSON, without its timings: the same for the same seed and suite.
     *
     * @return the JSON
     */
    public String withoutTimings() {
        try {
            return JSON.writeValueAsString(entry.withoutTimings());
        } catch (JsonProcessingException e) {
            throw new IllegalStateException(e);
        }
    }

    /**
     * One mutant and its verdict.
     *
     * @param status       {@code killed}, {@code survived}, {@code needs-judge}, {@code needs-application},
     *                     {@code not-replayable} or {@code errored}
     * @param tests        the tests that read its answer, as {@code Class.method()}
     * @param diff         the change as a diff's two lines
     * @param passedChecks the judged checks that still passed on it
     * @param outcomes     what each test made of it: {@code Class.method(): killed: <its failure>}, {@code ...:
     *                     survived}, {@code ...: needs-judge: <the missing recording>}
     * @param followedCalls the later calls of its tests that held the change and were served the replies recorded
     *                      without it: the turns of a conversation after the changed one
     */
    @API(status = EXPERIMENTAL, since = "0.1")
    public record Mutant(
            String id,
            String operator,
            String status,
            String change,
            boolean possiblyEquivalent,
            List<String> tests,
            List<String> diff,
            List<String> passedChecks,
            List<String> outcomes,
            int followedCalls) {

        static Mutant of(MutationsEntry.Result r) {
            return new Mutant(
                    r.id(),
                    r.operator(),
                    r.status(),
                    r.change(),
                    r.possiblyEquivalent(),
                    r.tests().stream()
                            .map(t ->
                                    t.className().substring(t.className().lastIndexOf('.') + 1) + "." + t.displayName())
                            .toList(),
                    List.of(
                            "- " + r.diff().before() + r.diff().removed()
                                    + r.diff().after(),
                            "+ " + r.diff().before() + r.diff().added()
                                    + r.diff().after()),
                    r.tests().stream().flatMap(t -> t.passedChecks().stream()).toList(),
                    r.tests().stream()
                            .map(t -> t.className().substring(t.className().lastIndexOf('.') + 1) + "."
                                    + t.displayName() + ": " + t.outcome()
                                    + (t.detail() == null ? "" : ": " + t.detail()))
                            .toList(),
                    r.tests().stream().mapToInt(TestOutcome::followedCalls).sum());
        }
    }
}
