package dev.llmassert.junit.testing;

import org.junit.platform.engine.TestExecutionResult;
import org.junit.platform.engine.reporting.ReportEntry;
import org.junit.platform.engine.support.descriptor.MethodSource;
import org.junit.platform.testkit.engine.EngineExecutionResults;
import org.junit.platform.testkit.engine.EngineTestKit;
import org.junit.platform.testkit.engine.Event;

import java.util.List;
import java.util.Map;

import static org.junit.platform.engine.discovery.DiscoverySelectors.selectClass;

/** Runs fixture classes through the JUnit Platform and reads what happened. */
public final class Runs {

    private Runs() {}

    /** Runs {@code testClass} on the Jupiter engine with configuration parameters given as key, value, key, value... */
    public static EngineExecutionResults run(Class<?> testClass, String... parameters) {
        EngineTestKit.Builder builder = EngineTestKit.engine("junit-jupiter").selectors(selectClass(testClass));
        for (int i = 0; i < parameters.length; i += 2) {
            builder.configurationParameter(parameters[i], parameters[i + 1]);
        }
        return builder.execute();
    }

    /** The failure of the one test whose method is {@code methodName}. */
    public static Throwable failureOf(EngineExecutionResults results, String methodName) {
        List<Throwable> failures = results.testEvents().failed().stream()
                .filter(e -> methodName.equals(methodName(e)))
                .map(e -> e.getRequiredPayload(TestExecutionResult.class)
                        .getThrowable()
                        .orElseThrow())
                .toList();
        if (failures.size() != 1) {
            throw new AssertionError(
                    "expected one failure of " + methodName + " but got " + failures + "; all failures: "
                            + results.testEvents().failed().stream()
                                    .map(Runs::methodName)
                                    .toList());
        }
        return failures.get(0);
    }

    /** Every failure of the run's tests. */
    public static List<Throwable> failures(EngineExecutionResults results) {
        return results.testEvents().failed().stream()
                .map(e -> e.getRequiredPayload(TestExecutionResult.class)
                        .getThrowable()
                        .orElseThrow())
                .toList();
    }

    /** The report entries published while {@code methodName} ran. */
    public static List<Map<String, String>> reportEntries(EngineExecutionResults results, String methodName) {
        return results.allEvents().reportingEntryPublished().stream()
                .filter(e -> methodName.equals(methodName(e)))
                .map(e -> e.getRequiredPayload(ReportEntry.class).getKeyValuePairs())
                .toList();
    }

    /** All report entries of the run, from tests and containers. */
    public static List<Map<String, String>> reportEntries(EngineExecutionResults results) {
        return results.allEvents().reportingEntryPublished().stream()
                .map(e -> e.getRequiredPayload(ReportEntry.class).getKeyValuePairs())
                .toList();
    }

    private static String methodName(Event event) {
        return event.getTestDescriptor()
                .getSource()
                .filter(MethodSource.class::isInstance)
                .map(s -> ((MethodSource) s).getMethodName())
                .orElse(null);
    }
}
