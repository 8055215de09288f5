package dev.llmassert.junit.internal.report;

import dev.llmassert.core.config.ConfigKeys;
import dev.llmassert.junit.Evaluator;
import org.apiguardian.api.API;
import org.junit.platform.engine.ConfigurationParameters;
import org.junit.platform.engine.TestExecutionResult;
import org.junit.platform.engine.TestSource;
import org.junit.platform.engine.reporting.ReportEntry;
import org.junit.platform.engine.support.descriptor.ClassSource;
import org.junit.platform.engine.support.descriptor.MethodSource;
import org.junit.platform.engine.support.store.Namespace;
import org.junit.platform.launcher.LauncherSession;
import org.junit.platform.launcher.LauncherSessionListener;
import org.junit.platform.launcher.TestExecutionListener;
import org.junit.platform.launcher.TestIdentifier;
import org.junit.platform.launcher.TestPlan;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.io.PrintStream;
import java.nio.file.Path;
import java.time.Instant;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Consumer;
import java.util.stream.Collectors;

import static org.apiguardian.api.API.Status.INTERNAL;

/**
 * The run's console output and report: registered through the JUnit Platform's {@code ServiceLoader} file
 * ({@code META-INF/services/org.junit.platform.launcher.LauncherSessionListener}), so it runs under Maven, Gradle and
 * the IDEs with no setup.
 * <ul>
 *   <li>It prints each check's verdict line, each evaluation's table and each calibration's headline, from the
 *       report entries the extension publishes, as they are made ({@code llmassert.console}: {@code verdicts},
 *       {@code failures}, {@code summary} or {@code off}), whatever the logging setup.</li>
 *   <li>When a launcher session opens, it puts a {@link ReportCollector} into the session's store, where the
 *       extension finds it ({@link ReportChannel}). When a test plan finishes, it writes
 *       {@code report.json} and {@code report.html} to {@code llmassert.report.dir} (default
 *       {@code target/llm-assert}) and prints one summary block. JUnit before 5.13 has no session store: then it
 *       prints one warning that names the versions found and needed.</li>
 *   <li>It hands the keys of the launcher's configuration parameters to the extension, which fails the run on an
 *       unknown one.</li>
 * </ul>
 *
 * <p>Writing the report never fails the build or hides a test failure: any error is one warning.
 * {@code llmassert.report.enabled=false} turns report and summary off.
 */
@API(status = INTERNAL, since = "0.1")
public final class LlmAssertReportListener implements LauncherSessionListener {

    private static final Logger LOG = LoggerFactory.getLogger("dev.llmassert.junit.report");

    /** A repeated test's gate, as {@code RepeatedRuns} publishes it. */
    static final String REPEAT_ENTRY = "llm-assert.repeat";

    private final PrintStream console;

    /** Instantiated by the JUnit Platform's {@code ServiceLoader}. */
    public LlmAssertReportListener() {
        this(System.out);
    }

    LlmAssertReportListener(PrintStream console) {
        this.console = console;
    }

    @Override
    public void launcherSessionOpened(LauncherSession session) {
        ReportCollector collector = new ReportCollector();
        Consumer<Set<String>> launcherKeys = keys -> {};
        boolean sessionStore = false;
        try {
            var store = session.getStore();
            Namespace namespace = Namespace.create((Object[]) ReportChannel.NAMESPACE);
            store.put(namespace, ReportChannel.KEY, collector);
            launcherKeys = keys -> store.put(namespace, ReportChannel.LAUNCHER_KEYS, keys);
            sessionStore = true;
        } catch (NoSuchMethodError | NoClassDefFoundError e) {
            // JUnit Platform before 1.13 has no session store: no report, and the plan listener says so
            LOG.debug("No run report: this JUnit Platform has no launcher session store ({})", e.toString());
        }
        session.getLauncher()
                .registerTestExecutionListeners(new PlanListener(collector, console, launcherKeys, sessionStore));
    }

    /** Prints the verdicts as they are made, and writes the report when a test plan finishes. */
    static final class PlanListener implements TestExecutionListener {
        private final ReportCollector collector;
        private final PrintStream console;
        private final Consumer<Set<String>> launcherKeys;
        private final AtomicInteger published = new AtomicInteger();
        private volatile long startNanos;
        private volatile Path dir = Path.of(Evaluator.DEFAULT_REPORT_DIR);
        private volatile String prices;
        private volatile ConsoleMode mode = ConsoleMode.VERDICTS;
        private volatile TestPlan plan;
        /** Whether the extension can reach the collector: JUnit Platform 1.13 or later. */
        private final boolean sessionStore;

        PlanListener(
                ReportCollector collector,
                PrintStream console,
                Consumer<Set<String>> launcherKeys,
                boolean sessionStore) {
            this.collector = collector;
            this.console = console;
            this.launcherKeys = launcherKeys;
            this.sessionStore = sessionStore;
        }

        @Override
        public void testPlanExecutionStarted(TestPlan testPlan) {
            startNanos = System.nanoTime();
            plan = testPlan;
            published.set(0);
            ConfigurationParameters config = testPlan.getConfigurationParameters();
            if (!setting(config, ConfigKeys.REPORT_ENABLED)
                    .map(v -> !v.strip().equalsIgnoreCase("false"))
                    .orElse(true)) {
                collector.disable();
            }
            setting(config, ConfigKeys.REPORT_DIR).ifPresent(d -> dir = Path.of(d.strip()));
            prices = setting(config, ConfigKeys.REPORT_PRICES).orElse(null);
            try {
                mode = ConsoleMode.parse(setting(config, ConfigKeys.CONSOLE).orElse(null));
            } catch (IllegalArgumentException e) {
                // the extension fails the run on it, naming the key and the allowed values
                mode = ConsoleMode.VERDICTS;
            }
            try {
                launcherKeys.accept(Set.copyOf(config.keySet()));
            } catch (UnsupportedOperationException | NoSuchMethodError e) {
                // configuration parameters that cannot list their keys: the extension checks what it can see
            }
        }

        @Override
        public void reportingEntryPublished(TestIdentifier testIdentifier, ReportEntry entry) {
            Map<String, String> values = entry.getKeyValuePairs();
            if (values.containsKey("llmassert.check")) {
                published.incrementAndGet();
                if (mode.printsCheck(Boolean.parseBoolean(values.get("llmassert.passed")))) {
                    console.println(testName(testIdentifier) + ": " + VerdictLine.of(values));
                }
            } else if (values.containsKey(REPEAT_ENTRY)) {
                published.incrementAndGet();
                if (mode.printsCheck(values.get(REPEAT_ENTRY).startsWith("pass rate PASSED"))) {
                    console.println(testName(testIdentifier) + ": " + values.get(REPEAT_ENTRY));
                }
            } else if (values.containsKey("llm-assert.evaluation")) {
                published.incrementAndGet();
                if (mode.printsEvaluations()) {
                    console.println(testName(testIdentifier) + ": " + values.get("llm-assert.evaluation")
                            + System.lineSeparator() + values.get("llm-assert.evaluation.table"));
                }
            } else if (values.containsKey("llm-assert.calibration")) {
                published.incrementAndGet();
                if (mode.printsEvaluations()) {
                    String apply = values.get("llm-assert.calibration.apply");
                    console.println(testName(testIdentifier) + ": " + values.get("llm-assert.calibration")
                            + (apply == null ? "" : System.lineSeparator() + apply));
                }
            }
        }

        /** Which tests passed: a check that failed in a test that passed was expected to fail. */
        @Override
        public void executionFinished(TestIdentifier testIdentifier, TestExecutionResult testExecutionResult) {
            collector.testFinished(
                    testIdentifier.getUniqueId(),
                    testName(testIdentifier),
                    testIdentifier.isTest(),
                    testExecutionResult.getStatus(),
                    testExecutionResult.getThrowable().orElse(null));
        }

        @Override
        public void testPlanExecutionFinished(TestPlan testPlan) {
            if (!collector.enabled()) {
                return;
            }
            if (!sessionStore) {
                if (published.get() > 0) {
                    noReport();
                }
                return;
            }
            try {
                var checks = collector.checks();
                var evaluations = collector.evaluations();
                var calibrations = collector.calibrations();
                var repeats = collector.repeats();
                // a run always replaces the report, so that the last run's report is never taken for this one's
                boolean nothing =
                        checks.isEmpty() && evaluations.isEmpty() && calibrations.isEmpty() && repeats.isEmpty();
                RunReport report = RunReport.of(
                                checks,
                                evaluations,
                                calibrations,
                                collector.systemCalls(),
                                collector.passedTests(),
                                repeats.stream()
                                        .flatMap(r -> r.runs().stream())
                                        .map(RepeatEntry.Run::testId)
                                        .collect(Collectors.toSet()),
                                Prices.load(prices),
                                (System.nanoTime() - startNanos) / 1_000_000,
                                Instant.now(),
                                nothing ? collector.outcomes().whyNothingWasJudged() : null)
                        .withRepeats(repeats);
                report.write(dir);
                if (mode.printsSummary()) {
                    console.println(report.summary(dir.resolve("report.html")));
                }
            } catch (Exception | LinkageError e) {
                LOG.warn(
                        "llm-assert could not write its run report to {}: {}. The tests' results are not "
                                + "affected. Fix: make the folder writable, or move it with {} (turn the report "
                                + "off with "
                                + "{}=false).",
                        dir.toAbsolutePath(),
                        e.getMessage(),
                        ConfigKeys.REPORT_DIR,
                        ConfigKeys.REPORT_ENABLED);
            }
        }

        /** Checks were made but none reached the report: JUnit before 5.13 has no launcher session store. */
        private void noReport() {
            String warning = noReportWarning(
                    version("org.junit.jupiter.api.extension.Extension"),
                    version("org.junit.platform.launcher.Launcher"));
            if (mode.printsSummary()) {
                console.println(warning);
            } else {
                LOG.warn(warning);
            }
        }

        static String noReportWarning(String jupiter, String platform) {
            return "llm-assert: WARNING: no run report. The report needs JUnit 5.13 or later (JUnit Platform 1.13),"
                    + " and this run has JUnit Jupiter " + jupiter + " on JUnit Platform " + platform + "."
                    + System.lineSeparator() + "Fix: import org.junit:junit-bom 5.13.0 or later, as the README's"
                    + " quick start shows, or set " + ConfigKeys.REPORT_ENABLED + "=false to go without the report.";
        }

        /**
         * {@code SupportAssistantTest.answersFromTheManual()}: the test's class, simple name, and display name; an
         * invocation of a parameterized or repeated test with its method's, {@code grounded(String) [3] answer=...}.
         */
        private String testName(TestIdentifier test) {
            TestPlan testPlan = plan;
            String name = test.getDisplayName();
            Optional<TestIdentifier> parent = testPlan == null ? Optional.empty() : testPlan.getParent(test);
            if (parent.isPresent() && parent.get().getSource().orElse(null) instanceof MethodSource) {
                name = parent.get().getDisplayName() + " " + name;
            }
            for (TestIdentifier t = test;
                    t != null;
                    t = testPlan == null ? null : testPlan.getParent(t).orElse(null)) {
                Optional<String> className = t.getSource().flatMap(PlanListener::className);
                if (className.isPresent()) {
                    String type = className.get();
                    return type.substring(Math.max(type.lastIndexOf('.'), type.lastIndexOf('$')) + 1) + "." + name;
                }
            }
            return name;
        }

        private static Optional<String> className(TestSource source) {
            if (source instanceof MethodSource method) {
                return Optional.of(method.getClassName());
            }
            if (source instanceof ClassSource type) {
                return Optional.of(type.getClassName());
            }
            return Optional.empty();
        }

        /** The version in the manifest of the jar that holds {@code className}, or "an unknown version". */
        private static String version(String className) {
            try {
                String version = Class.forName(className, false, PlanListener.class.getClassLoader())
                        .getPackage()
                        .getImplementationVersion();
                return version == null ? "an unknown version" : version;
            } catch (ClassNotFoundException | LinkageError e) {
                return "none";
            }
        }

        private static Optional<String> setting(ConfigurationParameters config, String key) {
            Optional<String> value = config.get(key).filter(v -> !v.isBlank());
            if (value.isPresent()) {
                return value;
            }
            return Optional.ofNullable(System.getenv(ConfigKeys.environmentVariable(key)))
                    .filter(v -> !v.isBlank());
        }
    }
}
