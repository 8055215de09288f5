package dev.llmassert.junit.testing;

import org.junit.platform.launcher.LauncherSession;
import org.junit.platform.launcher.core.LauncherDiscoveryRequestBuilder;
import org.junit.platform.launcher.core.LauncherFactory;
import org.junit.platform.launcher.listeners.SummaryGeneratingListener;
import org.junit.platform.launcher.listeners.TestExecutionSummary;

import java.util.stream.Stream;

import static org.junit.platform.engine.discovery.DiscoverySelectors.selectClass;

/**
 * A child JVM's main that runs test classes as a build tool does: through the JUnit Platform's own launcher, with
 * the session listeners of the class path (the run report's among them) and the implicit configuration (system
 * properties, {@code junit-platform.properties}). It prints each failure as {@code FAILED <test>: <message>}, then
 * {@code SUCCEEDED <n>}, and exits with 0 either way: the parent test reads the output.
 */
public final class LaunchClasses {

    private LaunchClasses() {}

    public static void main(String[] classNames) {
        SummaryGeneratingListener listener = new SummaryGeneratingListener();
        try (LauncherSession session = LauncherFactory.openSession()) {
            session.getLauncher()
                    .execute(
                            LauncherDiscoveryRequestBuilder.request()
                                    .selectors(Stream.of(classNames)
                                            .map(name -> selectClass(name))
                                            .toList())
                                    .build(),
                            listener);
        }
        TestExecutionSummary summary = listener.getSummary();
        summary.getFailures()
                .forEach(failure -> System.out.println(
                        "FAILED " + failure.getTestIdentifier().getDisplayName() + ": "
                                + failure.getException().getMessage()));
        System.out.println("SUCCEEDED " + summary.getTestsSucceededCount());
        System.out.flush();
    }
}
