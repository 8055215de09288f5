package dev.llmassert.junit.internal.mutation;

import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.json.JsonMapper;
import dev.llmassert.junit.internal.mutation.MutationTap.Missed;
import dev.llmassert.junit.internal.mutation.MutationTap.Served;
import dev.llmassert.junit.internal.report.VerdictLine;
import org.junit.platform.engine.TestExecutionResult;
import org.junit.platform.engine.reporting.ReportEntry;
import org.junit.platform.engine.support.descriptor.MethodSource;
import org.junit.platform.launcher.TestExecutionListener;
import org.junit.platform.launcher.TestIdentifier;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * What one launch of the mutation check showed: each test's outcome, the answers it read (baseline), whether its
 * mutant's change was made, and its judged checks in the order they were made. Listens to one launch only.
 */
final class LaunchRecord implements TestExecutionListener {

    private static final ObjectMapper JSON = JsonMapper.builder().build();

    final Map<String, TestIdentifier> tests = new ConcurrentHashMap<>();
    final Map<String, TestExecutionResult> results = new ConcurrentHashMap<>();
    final Map<String, List<Served>> served = new ConcurrentHashMap<>();
    final Map<String, Boolean> applied = new ConcurrentHashMap<>();
    /** Model calls of a mutant's test that found no recording, in the order they missed. */
    final Map<String, List<Missed>> missed = new ConcurrentHashMap<>();
    /** Later calls of a mutant's test that held the change and were served their recorded reply. */
    final Map<String, Integer> followed = new ConcurrentHashMap<>();
    /** Every judged check, keyed by the unique id of the test or dynamic test that made it. */
    final Map<String, List<CheckSeen>> checks = new ConcurrentHashMap<>();

    @Override
    public void executionStarted(TestIdentifier testIdentifier) {
        tests.put(testIdentifier.getUniqueId(), testIdentifier);
    }

    @Override
    public void executionFinished(TestIdentifier testIdentifier, TestExecutionResult result) {
        tests.put(testIdentifier.getUniqueId(), testIdentifier);
        results.put(testIdentifier.getUniqueId(), result);
    }

    @Override
    public void reportingEntryPublished(TestIdentifier testIdentifier, ReportEntry entry) {
        Map<String, String> values = entry.getKeyValuePairs();
        // a run of a repeated test reads its answers for the repeated test, which the check runs whole
        String id = values.getOrDefault(MutationLaunch.TEST_ENTRY, testIdentifier.getUniqueId());
        if (values.containsKey(MutationLaunch.SERVED_ENTRY)) {
            served.merge(
                    id, read(values.get(MutationLaunch.SERVED_ENTRY), new TypeReference<List<Served>>() {}), (a, b) -> {
                        List<Served> both = new ArrayList<>(a);
                        both.addAll(b);
                        return both;
                    });
        }
        if (values.containsKey(MutationLaunch.APPLIED_ENTRY)) {
            applied.merge(id, Boolean.parseBoolean(values.get(MutationLaunch.APPLIED_ENTRY)), Boolean::logicalOr);
        }
        if (values.containsKey(MutationLaunch.MISSED_ENTRY)) {
            missed.merge(
                    id, read(values.get(MutationLaunch.MISSED_ENTRY), new TypeReference<List<Missed>>() {}), (a, b) -> {
                        List<Missed> both = new ArrayList<>(a);
                        both.addAll(b);
                        return both;
                    });
        }
        if (values.containsKey(MutationLaunch.FOLLOWED_ENTRY)) {
            followed.merge(id, Integer.parseInt(values.get(MutationLaunch.FOLLOWED_ENTRY)), Integer::sum);
        }
        if (values.containsKey("llmassert.check")) {
            CheckSeen check = new CheckSeen(
                    values.get("llmassert.check"),
                    Boolean.parseBoolean(values.get("llmassert.passed")),
                    values.getOrDefault("llmassert.judge", "no judge (a plain check)"),
                    // without its time, which differs from run to run
                    VerdictLine.of(values).replaceFirst(", \\d+ ms$", "")
                            + (values.containsKey("llmassert.at") ? " at " + at(values) : ""));
            synchronized (checks) {
                checks.computeIfAbsent(id, k -> new ArrayList<>()).add(check);
            }
        }
    }

    private static <T> T read(String json, TypeReference<T> type) {
        try {
            return JSON.readValue(json, type);
        } catch (IOException e) {
            throw new UncheckedIOException("What a test of the mutation check saw could not be read back", e);
        }
    }

    /** The checks made by {@code testId} and the dynamic tests under it, in the order they were made. */
    List<CheckSeen> checksOf(String testId) {
        List<CheckSeen> all = new ArrayList<>();
        synchronized (checks) {
            checks.entrySet().stream()
                    .filter(e -> within(e.getKey(), testId))
                    .sorted(Map.Entry.comparingByKey())
                    .forEach(e -> all.addAll(e.getValue()));
        }
        return all;
    }

    /** The failures of {@code testId} and of the tests under it. */
    List<Throwable> failuresOf(String testId) {
        return results.entrySet().stream()
                .filter(e -> within(e.getKey(), testId))
                .sorted(Map.Entry.comparingByKey())
                .map(Map.Entry::getValue)
                .filter(r -> r.getStatus() == TestExecutionResult.Status.FAILED)
                .map(r -> r.getThrowable().orElseGet(() -> new AssertionError("failed")))
                .toList();
    }

    /** Whether {@code testId} or a test under it failed, or it did not run. */
    boolean failedOrMissing(String testId) {
        return !results.containsKey(testId) || !failuresOf(testId).isEmpty();
    }

    /** The test's class: where its method is declared, or the class of the container nearest it. */
    String className(String testId) {
        TestIdentifier test = tests.get(testId);
        if (test != null && test.getSource().orElse(null) instanceof MethodSource method) {
            return method.getClassName();
        }
        return "";
    }

    /** The test's display name; an invocation of a parameterized or repeated test with its method's. */
    String displayName(String testId) {
        TestIdentifier test = tests.get(testId);
        if (test == null) {
            return testId;
        }
        TestIdentifier parent =
                test.getParentIdObject().map(id -> tests.get(id.toString())).orElse(null);
        return parent != null && test.isTest() && parent.getSource().orElse(null) instanceof MethodSource
                ? parent.getDisplayName() + " " + test.getDisplayName()
                : test.getDisplayName();
    }

    static boolean within(String id, String root) {
        return id.equals(root) || id.startsWith(root + "/");
    }

    /** {@code SupportAssistantTest.java:27} from the entry's stack line. */
    private static String at(Map<String, String> values) {
        String at = values.get("llmassert.at");
        int open = at.lastIndexOf('(');
        return open >= 0 && at.endsWith(")") ? at.substring(open + 1, at.length() - 1) : at;
    }

    /**
     * A judged check as its report entry told it.
     *
     * @param line its verdict line, with where it was made
     */
    record CheckSeen(String kind, boolean passed, String judge, String line) {}
}
