package dev.llmassert.junit.internal.repeat;

import dev.llmassert.core.stats.Interval;
import dev.llmassert.core.stats.Statistics;
import dev.llmassert.junit.internal.config.ExtensionState;
import dev.llmassert.junit.internal.message.ShouldHavePassRate;
import dev.llmassert.junit.internal.message.ShouldHavePassRate.RunLine;
import dev.llmassert.junit.internal.report.RepeatEntry;
import dev.llmassert.junit.internal.report.ReportChannel;
import org.apiguardian.api.API;
import org.assertj.core.api.WritableAssertionInfo;
import org.assertj.core.internal.Failures;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.jupiter.api.extension.TestTemplateInvocationContext;
import org.junit.platform.engine.UniqueId;
import org.opentest4j.TestAbortedException;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

import static org.apiguardian.api.API.Status.INTERNAL;

/**
 * The runs of an {@code @LlmJudge.Repeat} test and the gate on their pass rate. The verdicts are kept in the store
 * of the test's template, where every invocation finds them; the runs of one test run one after another
 * ({@code @Execution(SAME_THREAD)} on the annotation), so the gate, the last invocation, sees them all.
 */
@API(status = INTERNAL, since = "0.1")
public final class RepeatedRuns {

    /** The report entry of the gate: one line with the rate, its interval and the verdict. */
    public static final String ENTRY = "llm-assert.repeat";

    private RepeatedRuns() {}

    /**
     * The invocations of the repeated test of {@code context}, whose annotation sets {@code declared}: its runs, then
     * the gate.
     */
    public static List<TestTemplateInvocationContext> invocations(
            ExtensionContext context, RepeatSettings.Declared declared) {
        RepeatSettings settings = RepeatSettings.of(context, declared);
        ExtensionState.store(context).put(Runs.class, new Runs(settings));
        List<TestTemplateInvocationContext> invocations = new ArrayList<>();
        for (int i = 1; i <= settings.times(); i++) {
            String name = "run " + i + " of " + settings.times();
            invocations.add(new Named(name));
        }
        invocations.add(new Named(String.format(
                Locale.ROOT,
                "pass rate of %d runs at least %.2f%s",
                settings.times(),
                settings.minPassRate(),
                settings.gate() == RepeatSettings.Gate.LOWER_BOUND ? " (lower bound)" : "")));
        return invocations;
    }

    /** Whether {@code context} is one run of a repeated test. */
    public static boolean isRun(ExtensionContext context) {
        return index(context).filter(i -> i <= runs(context).settings().times()).isPresent();
    }

    /** Whether {@code context} is the gate of a repeated test: the invocation after its runs. */
    public static boolean isGate(ExtensionContext context) {
        return index(context).filter(i -> i > runs(context).settings().times()).isPresent();
    }

    /**
     * Notes the outcome of a run ({@code null} when it passed) and gives what the run throws: a failed run is an
     * aborted one, with its failure as the cause, since the pass rate decides; any other error is kept.
     */
    public static Throwable settle(ExtensionContext context, Throwable outcome) {
        Runs runs = runs(context);
        int index = index(context).orElseThrow();
        if (outcome == null) {
            runs.add(new RepeatEntry.Run(index, context.getUniqueId(), "passed", null));
            return null;
        }
        if (outcome instanceof TestAbortedException) {
            runs.add(new RepeatEntry.Run(index, context.getUniqueId(), "skipped", firstLine(outcome)));
            return outcome;
        }
        runs.add(new RepeatEntry.Run(index, context.getUniqueId(), "failed", firstLine(outcome)));
        if (!(outcome instanceof AssertionError)) {
            return outcome;
        }
        return new TestAbortedException(
                "Run " + index + " of " + runs.settings().times() + " failed, and the pass rate decides (the run's "
                        + "failure is this abort's cause): " + firstLine(outcome),
                outcome);
    }

    /**
     * The gate: the runs' pass rate with its Wilson interval against the minimum. Published as a report entry and to
     * the run report; a rate below the minimum fails with both in the message.
     */
    public static void gate(ExtensionContext context) {
        Runs runs = runs(context);
        RepeatSettings settings = runs.settings();
        List<RepeatEntry.Run> verdicts = runs.verdicts();
        int passed = (int)
                verdicts.stream().filter(r -> r.outcome().equals("passed")).count();
        int failed = (int)
                verdicts.stream().filter(r -> r.outcome().equals("failed")).count();
        int skipped = verdicts.size() - passed - failed;
        int counted = passed + failed;
        ExtensionContext template = context.getParent().orElse(context);
        if (counted == 0) {
            throw new TestAbortedException("No run of " + template.getDisplayName() + " passed or failed (" + skipped
                    + " skipped), so there is no pass rate to gate on.");
        }
        double rate = passed / (double) counted;
        Interval interval = Statistics.wilson(passed, counted, settings.confidence());
        boolean onLowerBound = settings.gate() == RepeatSettings.Gate.LOWER_BOUND;
        double figure = onLowerBound ? interval.lower() : rate;
        boolean ok = figure >= settings.minPassRate() - 1e-9;
        RepeatEntry entry = new RepeatEntry(
                template.getUniqueId(),
                template.getTestClass().map(Class::getName).orElse(""),
                template.getDisplayName(),
                settings.times(),
                passed,
                failed,
                skipped,
                rate,
                interval.lower(),
                interval.upper(),
                interval.level(),
                interval.method(),
                settings.minPassRate(),
                RepeatSettings.id(settings.gate()),
                ok,
                verdicts);
        template.publishReportEntry(ENTRY, line(entry));
        ReportChannel.repeat(template, entry);
        if (!ok) {
            List<RunLine> lines = verdicts.stream()
                    .map(r -> new RunLine(
                            r.index(),
                            switch (r.outcome()) {
                                case "passed" -> "✓";
                                case "failed" -> "✗";
                                default -> "-";
                            },
                            r.outcome().equals("failed") ? r.message() : null))
                    .toList();
            throw Failures.instance()
                    .failure(
                            new WritableAssertionInfo(),
                            ShouldHavePassRate.shouldHavePassRate(
                                    template.getDisplayName(),
                                    passed,
                                    counted,
                                    rate,
                                    interval.lower(),
                                    interval.upper(),
                                    interval.level(),
                                    settings.minPassRate(),
                                    onLowerBound,
                                    lines));
        }
    }

    /**
     * The gate's line: {@code pass rate FAILED 7 of 10 runs, rate 0.70 [0.40, 0.89] (wilson 95%), min 0.80 on the
     * rate}.
     */
    public static String line(RepeatEntry entry) {
        return String.format(
                Locale.ROOT,
                "pass rate %s %d of %d runs, rate %.2f [%.2f, %.2f] (%s %.0f%%), min %.2f on the %s%s",
                entry.passedGate() ? "PASSED" : "FAILED",
                entry.passed(),
                entry.passed() + entry.failed(),
                entry.rate(),
                entry.lower(),
                entry.upper(),
                entry.method(),
                entry.level() * 100,
                entry.minPassRate(),
                entry.gate().equals("rate") ? "rate" : "interval's lower bound",
                entry.skipped() > 0 ? ", " + entry.skipped() + " skipped" : "");
    }

    /** The run's number (the gate's after the runs), for an invocation of a repeated test; else empty. */
    private static Optional<Integer> index(ExtensionContext context) {
        if (context.getTestMethod().isEmpty() || ExtensionState.store(context).get(Runs.class, Runs.class) == null) {
            return Optional.empty();
        }
        UniqueId.Segment last = UniqueId.parse(context.getUniqueId()).getLastSegment();
        if (!last.getType().equals("test-template-invocation")
                || !last.getValue().startsWith("#")) {
            return Optional.empty();
        }
        return Optional.of(Integer.parseInt(last.getValue().substring(1)));
    }

    private static Runs runs(ExtensionContext context) {
        Runs runs = ExtensionState.store(context).get(Runs.class, Runs.class);
        if (runs == null) {
            throw new IllegalStateException("The runs of " + context.getUniqueId() + " were never planned");
        }
        return runs;
    }

    /** The start of a failure's message: its first three lines on one, at most 300 characters. */
    private static String firstLine(Throwable failure) {
        String message = failure.getMessage() == null ? failure.getClass().getSimpleName() : failure.getMessage();
        String start = String.join(
                " ",
                message.lines()
                        .map(String::strip)
                        .filter(line -> !line.isEmpty())
                        .limit(3)
                        .toList());
        start = start.isEmpty() ? failure.getClass().getSimpleName() : start;
        return start.length() <= 300 ? start : start.substring(0, 297) + "...";
    }

    /** The planned runs of one repeated test and the verdicts so far. */
    private record Runs(RepeatSettings settings, List<RepeatEntry.Run> verdicts) {
        Runs(RepeatSettings settings) {
            this(settings, new ArrayList<>());
        }

        synchronized void add(RepeatEntry.Run run) {
            verdicts.add(run);
        }

        @Override
        public synchronized List<RepeatEntry.Run> verdicts() {
            return List.copyOf(verdicts);
        }
    }

    /** An invocation with its display name and nothing else. */
    private record Named(String name) implements TestTemplateInvocationContext {
        @Override
        public String getDisplayName(int invocationIndex) {
            return name;
        }
    }
}
