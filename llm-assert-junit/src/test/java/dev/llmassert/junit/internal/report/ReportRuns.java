package dev.llmassert.junit.internal.report;

import org.junit.platform.launcher.LauncherSession;
import org.junit.platform.launcher.TestExecutionListener;
import org.junit.platform.launcher.core.LauncherConfig;
import org.junit.platform.launcher.core.LauncherDiscoveryRequestBuilder;
import org.junit.platform.launcher.core.LauncherFactory;
import org.junit.platform.launcher.listeners.SummaryGeneratingListener;
import org.junit.platform.launcher.listeners.TestExecutionSummary;

import java.io.PrintStream;
import java.util.Map;
import java.util.stream.Stream;

import static org.junit.platform.engine.discovery.DiscoverySelectors.selectClass;

/** Runs fixture classes in a launcher session of their own, with the report listener as the only session listener. */
public final class ReportRuns {

    private ReportRuns() {}

    public static TestExecutionSummary run(Map<String, String> parameters, PrintStream console, Class<?>... classes) {
        return run(parameters, console, new TestExecutionListener() {}, classes);
    }

    /** As {@link #run(Map, PrintStream, Class[])}, telling {@code listener} too (e.g. the report entries published). */
    public static TestExecutionSummary run(
            Map<String, String> parameters, PrintStream console, TestExecutionListener listener, Class<?>... classes) {
        SummaryGeneratingListener results = new SummaryGeneratingListener();
        LauncherConfig config = LauncherConfig.builder()
                .enableLauncherSessionListenerAutoRegistration(false)
                .addLauncherSessionListeners(new LlmAssertReportListener(console))
                .build();
        try (LauncherSession session = LauncherFactory.openSession(config)) {
            session.getLauncher()
                    .execute(
                            LauncherDiscoveryRequestBuilder.request()
                                    .selectors(Stream.of(classes)
                                            .map(c -> selectClass(c))
                                            .toList())
                                    .configurationParameters(parameters)
                                    .build(),
                            results,
                            listener);
        }
        return results.getSummary();
    }
}
