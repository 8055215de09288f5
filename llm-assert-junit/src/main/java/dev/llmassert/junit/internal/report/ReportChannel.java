package dev.llmassert.junit.internal.report;

import dev.llmassert.core.calibration.Calibration;
import dev.llmassert.core.eval.EvaluationResults;
import dev.llmassert.junit.internal.report.ReportFormat.ModelUse;
import dev.llmassert.junit.internal.report.ReportFormat.Part;
import org.apiguardian.api.API;
import org.junit.jupiter.api.extension.ExtensionContext;

import java.nio.file.Path;
import java.util.Optional;
import java.util.Set;

import static org.apiguardian.api.API.Status.INTERNAL;

/**
 * The one channel from the extension to the run report: the {@link ReportCollector} that
 * {@link LlmAssertReportListener} puts into the launcher session's store, found through JUnit's
 * {@code StoreScope.LAUNCHER_SESSION}. No static state: a run without the listener (a nested engine run by
 * {@code EngineTestKit}, or Jupiter before 5.13, which has no session store) simply reports nothing.
 */
@API(status = INTERNAL, since = "0.1")
public final class ReportChannel {

    /** The namespace of the session store entry, as the listener and the extension both name it. */
    static final String[] NAMESPACE = {"dev.llmassert", "report"};

    static final String KEY = "collector";
    /** The keys of the launcher's configuration parameters, which only a launcher listener can list. */
    static final String LAUNCHER_KEYS = "launcherKeys";

    private ReportChannel() {}

    /** Hands one judged check to the report. */
    public static void check(ExtensionContext context, Check check) {
        collector(context)
                .ifPresent(collector -> collector.addCheck(check.inTest(
                        context.getUniqueId(),
                        context.getTestClass().map(Class::getName).orElse(""),
                        displayName(context))));
    }

    /**
     * Hands one evaluation to the report.
     *
     * @param systemCalls the system under test's model calls that went through the recordings
     */
    public static void evaluation(
            ExtensionContext context, EvaluationResults results, Path record, ModelUse systemCalls) {
        collector(context)
                .ifPresent(collector -> collector.addEvaluation(
                        context.getUniqueId(),
                        context.getTestClass().map(Class::getName).orElse(""),
                        displayName(context),
                        results,
                        record,
                        systemCalls));
    }

    /** Hands one gate, run in the test of {@code context} on {@code results}, to the report. */
    public static void gate(ExtensionContext context, EvaluationResults results, Gate gate) {
        collector(context)
                .ifPresent(collector -> collector.addGate(
                        context.getTestClass().map(Class::getName).orElse(""),
                        results,
                        gate.inTest(context.getUniqueId(), displayName(context))));
    }

    /** Hands one call of the application's model, made outside an evaluation, to the report. */
    public static void systemCall(ExtensionContext context, Part call) {
        collector(context).ifPresent(collector -> collector.addSystemCall(call));
    }

    /**
     * Hands the pass rate of one repeated test to the report; a passed gate makes its failed runs failures the test
     * allowed.
     */
    public static void repeat(ExtensionContext template, RepeatEntry entry) {
        collector(template).ifPresent(collector -> collector.addRepeat(entry));
    }

    /** Hands one calibration to the report. */
    public static void calibration(ExtensionContext context, Calibration calibration, Path record) {
        collector(context)
                .ifPresent(collector -> collector.addCalibration(
                        context.getUniqueId(),
                        context.getTestClass().map(Class::getName).orElse(""),
                        displayName(context),
                        calibration,
                        record));
    }

    /**
     * The keys of the run's configuration parameters as the launcher has them (explicit ones, system properties and
     * {@code junit-platform.properties}), for the check of unknown keys; empty when no listener could list them.
     */
    @SuppressWarnings("unchecked")
    public static Set<String> launcherKeys(ExtensionContext context) {
        return sessionValue(context, LAUNCHER_KEYS, Set.class)
                .map(keys -> (Set<String>) keys)
                .orElse(Set.of());
    }

    /**
     * The test's display name as the report shows it: an invocation of a parameterized or repeated test with its
     * method's, e.g. {@code grounded(String) [3] answer=...}, where JUnit names the invocation alone.
     */
    public static String displayName(ExtensionContext context) {
        Optional<ExtensionContext> parent = context.getParent();
        if (context.getTestMethod().isPresent()
                && parent.isPresent()
                && parent.get().getTestMethod().isPresent()) {
            return parent.get().getDisplayName() + " " + context.getDisplayName();
        }
        return context.getDisplayName();
    }

    static Optional<ReportCollector> collector(ExtensionContext context) {
        return sessionValue(context, KEY, ReportCollector.class);
    }

    private static <T> Optional<T> sessionValue(ExtensionContext context, String key, Class<T> type) {
        try {
            ExtensionContext.Store store = context.getStore(
                    ExtensionContext.StoreScope.LAUNCHER_SESSION,
                    ExtensionContext.Namespace.create((Object[]) NAMESPACE));
            return Optional.ofNullable(store.get(key, type));
        } catch (NoSuchMethodError | NoClassDefFoundError | UnsupportedOperationException e) {
            // Jupiter before 5.13, or an engine run with no launcher session: no report
            return Optional.empty();
        }
    }
}
