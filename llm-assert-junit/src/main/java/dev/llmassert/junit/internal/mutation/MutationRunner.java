package dev.llmassert.junit.internal.mutation;

import dev.llmassert.core.config.ConfigKeys;
import dev.llmassert.core.mutation.Mutant;
import dev.llmassert.core.mutation.Mutator;
import dev.llmassert.core.run.internal.Outcome;
import dev.llmassert.core.run.internal.WorkerPool;
import dev.llmassert.junit.internal.message.MutationCheckMessages;
import dev.llmassert.junit.internal.mutation.MutationTap.Served;
import dev.llmassert.junit.internal.report.MutationsEntry;
import org.apiguardian.api.API;
import org.junit.platform.launcher.Launcher;
import org.junit.platform.launcher.LauncherDiscoveryRequest;
import org.junit.platform.launcher.LauncherSession;
import org.junit.platform.launcher.TestIdentifier;
import org.junit.platform.launcher.core.LauncherConfig;
import org.junit.platform.launcher.core.LauncherDiscoveryRequestBuilder;
import org.junit.platform.launcher.core.LauncherFactory;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.stream.Stream;

import static org.apiguardian.api.API.Status.INTERNAL;
import static org.junit.platform.engine.discovery.ClassNameFilter.includeClassNamePatterns;
import static org.junit.platform.engine.discovery.DiscoverySelectors.selectClasspathRoots;
import static org.junit.platform.engine.discovery.DiscoverySelectors.selectPackage;
import static org.junit.platform.engine.discovery.DiscoverySelectors.selectUniqueId;
import static org.junit.platform.launcher.EngineFilter.includeEngines;

/**
 * Runs a mutation check through the JUnit Platform: the suite once as it is (the baseline, which notes which
 * recorded answers and tool results each test read), then each mutant in a launch of its own that runs only the
 * tests that read its answer, with the change named in the launch's configuration parameters. Mutants run
 * {@code concurrency} at once on llm-assert's one worker pool, each launch on its own engine, so parallel launches
 * never share a test's state.
 */
@API(status = INTERNAL, since = "0.1")
public final class MutationRunner {

    private static final String JUPITER = "junit-jupiter";

    private final MutationSettings settings;
    private final Map<String, String> parameters;

    /**
     * @param parameters configuration parameters for every launch besides the implicit ones (system properties,
     *                   {@code junit-platform.properties})
     */
    public MutationRunner(MutationSettings settings, Map<String, String> parameters) {
        this.settings = settings;
        this.parameters = Map.copyOf(parameters);
    }

    /**
     * Runs the check; the baseline's own run report is written as any run's is. It returns once the threads of
     * llm-assert it started have ended.
     */
    public MutationsEntry run() {
        CheckThreads threads = CheckThreads.before();
        try {
            return runSuite();
        } finally {
            threads.awaitEnd();
        }
    }

    private MutationsEntry runSuite() {
        LaunchRecord baseline = baseline();
        if (baseline.tests.values().stream().noneMatch(TestIdentifier::isTest)) {
            throw new IllegalStateException(MutationCheckMessages.mutationFoundNoTest(
                    settings.classes().isEmpty()
                            ? "under " + Path.of("").toAbsolutePath()
                            : "in the classes " + String.join(", ", settings.classes()) + " ("
                                    + ConfigKeys.MUTATION_CLASSES + ")"));
        }
        Plan plan = plan(baseline);
        Path scratch = scratchDir();
        try {
            long start = System.nanoTime();
            List<MutantRun> runs = runAll(plan.mutants(), scratch);
            long wallMillis = (System.nanoTime() - start) / 1_000_000;
            return MutantVerdicts.summarise(settings, baseline, plan, runs, wallMillis);
        } finally {
            deleteQuietly(scratch);
        }
    }

    /** The suite as it is, in a session with the class path's listeners, so that it writes its run report. */
    private LaunchRecord baseline() {
        LaunchRecord record = new LaunchRecord();
        Map<String, String> discover = new HashMap<>(parameters);
        discover.put(MutationLaunch.DISCOVER, "true");
        try (LauncherSession session = LauncherFactory.openSession()) {
            session.getLauncher().execute(suite(discover), record);
        }
        return record;
    }

    /**
     * The tests of the project in the working directory: the class path's folders under it (Maven's
     * {@code target/test-classes}, Gradle's {@code build/classes/java/test}), not those of other modules or jars;
     * then the class patterns of {@code llmassert.mutation.classes}, if any.
     */
    private LauncherDiscoveryRequest suite(Map<String, String> configuration) {
        Set<Path> roots = ClassPathRoots.underWorkingDirectory();
        if (roots.isEmpty() && settings.classes().isEmpty()) {
            throw new IllegalStateException(
                    MutationCheckMessages.mutationFoundNoTestClasses(Path.of("").toAbsolutePath()));
        }
        LauncherDiscoveryRequestBuilder request = LauncherDiscoveryRequestBuilder.request()
                .selectors(roots.isEmpty() ? List.of(selectPackage("")) : selectClasspathRoots(roots))
                .filters(includeEngines(JUPITER))
                .configurationParameters(configuration);
        if (!settings.classes().isEmpty()) {
            request.filters(includeClassNamePatterns(settings.classPatterns().toArray(String[]::new)));
        }
        return request.build();
    }

    /** The answers and tool results the passing tests read, each with its mutants, in a stable order. */
    private Plan plan(LaunchRecord baseline) {
        Mutator mutator = Mutator.builder()
                .seed(settings.seed())
                .operators(settings.operators())
                .maxPerAnswer(settings.maxPerAnswer())
                .build();
        Map<String, Target> answers = new TreeMap<>();
        Set<String> failing = new TreeSet<>();
        // a test that fails without mutants has no verdict to give, whether or not it read an answer
        baseline.tests.values().stream()
                .filter(TestIdentifier::isTest)
                .map(TestIdentifier::getUniqueId)
                .filter(id -> baseline.served.keySet().stream().noneMatch(read -> LaunchRecord.within(id, read)))
                .filter(id -> !baseline.failuresOf(id).isEmpty())
                .forEach(failing::add);
        for (Map.Entry<String, List<Served>> test : new TreeMap<>(baseline.served).entrySet()) {
            if (baseline.failedOrMissing(test.getKey())) {
                failing.add(test.getKey());
                continue;
            }
            for (Served served : test.getValue()) {
                String id = served.tool() == null
                        ? shown(served.file()) + "#" + served.key() + "/" + served.position()
                        : "tool:" + served.tool() + ":" + served.text();
                answers.computeIfAbsent(id, k -> new Target(k, served, new TreeSet<>()))
                        .tests()
                        .add(test.getKey());
            }
        }
        List<PlannedMutant> mutants = new ArrayList<>();
        int toolResults = 0;
        for (Target target : answers.values()) {
            Served served = target.served();
            List<Mutant> made;
            if (served.tool() == null) {
                made = mutator.mutants(target.id(), served.text(), served.request());
            } else {
                toolResults++;
                made = mutator.toolResultMutants(target.id(), served.tool(), served.text(), served.request());
            }
            for (Mutant mutant : made) {
                MutantSpec spec = served.tool() == null
                        ? MutantSpec.answer(
                                Path.of(served.file()),
                                served.key(),
                                served.position(),
                                mutant.original(),
                                mutant.mutated(),
                                mutant.diff())
                        : MutantSpec.toolResult(served.tool(), mutant.original(), mutant.mutated());
                mutants.add(new PlannedMutant(mutant, target, spec));
            }
        }
        return new Plan(answers.size() - toolResults, toolResults, List.copyOf(mutants), List.copyOf(failing));
    }

    private List<MutantRun> runAll(List<PlannedMutant> mutants, Path scratch) {
        // one launcher per thread: a launcher runs one plan at a time
        ThreadLocal<Launcher> launchers = ThreadLocal.withInitial(() -> LauncherFactory.create(LauncherConfig.builder()
                .enableTestExecutionListenerAutoRegistration(false)
                .enableLauncherSessionListenerAutoRegistration(false)
                .enableLauncherDiscoveryListenerAutoRegistration(false)
                .enablePostDiscoveryFilterAutoRegistration(false)
                .build()));
        try (WorkerPool pool = WorkerPool.forRun("the mutation check", "mutant", settings.concurrency())) {
            List<Outcome<MutantRun>> outcomes = pool.each(mutants, mutant -> run(launchers.get(), mutant, scratch));
            List<MutantRun> runs = new ArrayList<>(outcomes.size());
            for (int i = 0; i < outcomes.size(); i++) {
                Outcome<MutantRun> outcome = outcomes.get(i);
                runs.add(
                        outcome.failed()
                                ? new MutantRun(mutants.get(i), new LaunchRecord(), outcome.error(), 0)
                                : outcome.value());
            }
            return runs;
        }
    }

    /** One mutant: the tests that read its answer, in a launch that makes its change. */
    private MutantRun run(Launcher launcher, PlannedMutant mutant, Path scratch) {
        Map<String, String> configuration = new LinkedHashMap<>(parameters);
        configuration.put(MutationLaunch.MUTANT, mutant.spec().toJson());
        // the mutant's evaluation records must not overwrite the baseline's
        configuration.put(ConfigKeys.REPORT_DIR, scratch.toString());
        // a mutant's verdicts are the check's to report: no verdict line on the console or at INFO in the log
        configuration.put(ConfigKeys.CONSOLE, "verdicts");
        LauncherDiscoveryRequest request = LauncherDiscoveryRequestBuilder.request()
                .selectors(mutant.target().tests().stream()
                        .map(id -> selectUniqueId(id))
                        .toList())
                .filters(includeEngines(JUPITER))
                .configurationParameters(configuration)
                .build();
        LaunchRecord record = new LaunchRecord();
        long start = System.nanoTime();
        Throwable crash = null;
        try {
            launcher.execute(request, record);
        } catch (RuntimeException | LinkageError e) {
            crash = e;
        }
        return new MutantRun(mutant, record, crash, (System.nanoTime() - start) / 1_000_000);
    }

    private static Path scratchDir() {
        try {
            return Files.createTempDirectory("llm-assert-mutants");
        } catch (IOException e) {
            throw new UncheckedIOException("No folder for the mutants' evaluation records could be made", e);
        }
    }

    private static void deleteQuietly(Path dir) {
        try (Stream<Path> paths = Files.walk(dir)) {
            paths.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
        } catch (IOException e) {
            // a temporary folder: the system removes it in time
        }
    }

    /** {@code path} relative to the working directory when it is under it, with forward slashes. */
    static String shown(String path) {
        Path here = Path.of("").toAbsolutePath();
        Path absolute = Path.of(path).toAbsolutePath().normalize();
        return (absolute.startsWith(here) ? here.relativize(absolute) : absolute)
                .toString()
                .replace('\\', '/');
    }

    /**
     * An answer or a tool result, and the tests that read it.
     *
     * @param id what identifies it: {@code <file>#<key>/<position>}, or {@code tool:<name>:<result>}
     */
    record Target(String id, Served served, TreeSet<String> tests) {}

    record PlannedMutant(Mutant mutant, Target target, MutantSpec spec) {}

    /** What the baseline gave: the answers and tool results, their mutants, and the tests that failed already. */
    record Plan(int answers, int toolResults, List<PlannedMutant> mutants, List<String> failingTests) {}

    /** One mutant's launch: its record, or what crashed the launch, and its time. */
    record MutantRun(PlannedMutant mutant, LaunchRecord record, Throwable crash, long millis) {}
}
