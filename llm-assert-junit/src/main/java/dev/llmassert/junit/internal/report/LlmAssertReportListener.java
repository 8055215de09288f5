package dev.llmassert.junit.internal.report;

import dev.llmassert.core.config.ConfigKeys;
import dev.llmassert.junit.Evaluator;
import org.apiguardian.api.API;
import org.junit.platform.engine.ConfigurationParameters;
import org.junit.platform.engine.TestExecutionResult;
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
import java.util.Optional;

import static org.apiguardian.api.API.Status.INTERNAL;

/**
 * Writes the run report: registered through the JUnit Platform's {@code ServiceLoader} file
 * ({@code META-INF/services/org.junit.platform.launcher.LauncherSessionListener}), so it runs under Maven, Gradle and
 * the IDEs with no setup. When a launcher session opens, it puts a {@link ReportCollector} into the session's store,
 * where the extension finds it ({@link ReportChannel}), and listens to the session's test plans. When a test plan
 * that judged anything finishes, it writes {@code report.json} and {@code report.html} to {@code llmassert.report.dir}
 * (default {@code target/llm-assert}) and prints one summary block.
 *
 * <p>Writing the report never fails the build or hides a test failure: any error is one warning.
 * {@code llmassert.report.enabled=false} turns report and summary off.
 */
@API(status = INTERNAL, since = "0.1")
public final class LlmAssertReportListener implements LauncherSessionListener {

    private static final Logger LOG = LoggerFactory.getLogger("dev.llmassert.junit.report");

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
        try {
            ReportCollector collector = new ReportCollector();
            session.getStore().put(Namespace.create((Object[]) ReportChannel.NAMESPACE), ReportChannel.KEY,
                    collector);
            session.getLauncher().registerTestExecutionListeners(new PlanListener(collector, console));
        } catch (NoSuchMethodError | NoClassDefFoundError e) {
            // JUnit Platform before 1.13 has no session store: no report
            LOG.debug("No run report: this JUnit Platform has no launcher session store ({})", e.toString());
        }
    }

    /** Writes the report when a test plan finishes. */
    static final class PlanListener implements TestExecutionListener {
        private final ReportCollector collector;
        private final PrintStream console;
        private volatile long startNanos;
        private volatile Path dir = Path.of(Evaluator.DEFAULT_REPORT_DIR);
        private volatile String prices;

        PlanListener(ReportCollector collector, PrintStream console) {
            this.collector = collector;
            this.console = console;
        }

        @Override
        public void testPlanExecutionStarted(TestPlan testPlan) {
            startNanos = System.nanoTime();
            ConfigurationParameters config = testPlan.getConfigurationParameters();
            if (!setting(config, ConfigKeys.REPORT_ENABLED).map(v -> !v.strip().equalsIgnoreCase("false"))
                    .orElse(true)) {
                collector.disable();
            }
            setting(config, ConfigKeys.REPORT_DIR).ifPresent(d -> dir = Path.of(d.strip()));
            prices = setting(config, ConfigKeys.REPORT_PRICES).orElse(null);
        }

        /** Which tests passed: a check that failed in a test that passed was expected to fail. */
        @Override
        public void executionFinished(TestIdentifier testIdentifier, TestExecutionResult testExecutionResult) {
            collector.testFinished(testIdentifier.getUniqueId(),
                    testExecutionResult.getStatus() == TestExecutionResult.Status.SUCCESSFUL);
        }

        @Override
        public void testPlanExecutionFinished(TestPlan testPlan) {
            if (!collector.enabled()) {
                return;
            }
            try {
                var checks = collector.checks();
                var evaluations = collector.evaluations();
                if (checks.isEmpty() && evaluations.isEmpty()) {
                    return;
                }
                RunReport report = RunReport.of(checks, evaluations, collector.passedTests(), Prices.load(prices),
                        (System.nanoTime() - startNanos) / 1_000_000, Instant.now());
                report.write(dir);
                console.println(report.summary(dir.resolve("report.html")));
            } catch (Exception | LinkageError e) {
                LOG.warn("llm-assert could not write its run report to {}: {}. The tests' results are not "
                        + "affected. Fix: make the folder writable, or move it with {} (turn the report off with "
                        + "{}=false).", dir.toAbsolutePath(), e.getMessage(), ConfigKeys.REPORT_DIR,
                        ConfigKeys.REPORT_ENABLED);
            }
        }

        private static Optional<String> setting(ConfigurationParameters config, String key) {
            Optional<String> value = config.get(key).filter(v -> !v.isBlank());
            if (value.isPresent()) {
                return value;
            }
            return Optional.ofNullable(System.getenv(ConfigKeys.environmentVariable(key))).filter(v -> !v.isBlank());
        }
    }
}
