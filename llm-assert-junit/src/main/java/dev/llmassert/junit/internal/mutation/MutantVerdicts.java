package dev.llmassert.junit.internal.mutation;

import dev.llmassert.core.mutation.Mutant;
import dev.llmassert.core.mutation.MutationOperator;
import dev.llmassert.junit.internal.mutation.LaunchRecord.CheckSeen;
import dev.llmassert.junit.internal.mutation.MutationRunner.MutantRun;
import dev.llmassert.junit.internal.mutation.MutationRunner.Plan;
import dev.llmassert.junit.internal.report.MutationsEntry;
import dev.llmassert.junit.internal.report.MutationsEntry.Diff;
import dev.llmassert.junit.internal.report.MutationsEntry.JudgeScore;
import dev.llmassert.junit.internal.report.MutationsEntry.Result;
import dev.llmassert.junit.internal.report.MutationsEntry.Score;
import dev.llmassert.junit.internal.report.MutationsEntry.Target;
import dev.llmassert.junit.internal.report.MutationsEntry.TestOutcome;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.function.Function;

/**
 * What each mutant's tests made of it, and the scores. A test kills its mutant when it fails; it needs a judge when
 * a model call it made on the changed answer is not recorded (replay mode); a mutant survives when every test that
 * read the changed answer passed; it erred when no test read it or its launch crashed.
 */
final class MutantVerdicts {

    static final String KILLED = "killed";
    static final String SURVIVED = "survived";
    static final String NEEDS_JUDGE = "needs-judge";
    static final String ERRORED = "errored";

    /** Best first: what a class or a mutant is, given what its tests are. */
    private static final List<String> RANK = List.of(KILLED, NEEDS_JUDGE, SURVIVED, ERRORED);

    private MutantVerdicts() {}

    static MutationsEntry summarise(
            MutationSettings settings, LaunchRecord baseline, Plan plan, List<MutantRun> runs, long wallMillis) {
        List<Result> results = new ArrayList<>();
        long runsMillis = 0;
        Map<String, Tally> byClass = new TreeMap<>();
        Map<String, Tally> byOperator = new TreeMap<>();
        Map<String, JudgeTally> byJudge = new TreeMap<>();
        for (MutantRun run : runs) {
            runsMillis += run.millis();
            Mutant mutant = run.mutant().mutant();
            List<TestOutcome> tests = new ArrayList<>();
            Set<String> judged = new TreeSet<>();
            Set<String> caught = new TreeSet<>();
            for (String testId : run.mutant().target().tests()) {
                TestOutcome outcome = outcome(run, testId, baseline);
                tests.add(outcome);
                compareJudges(baseline.checksOf(testId), run.record().checksOf(testId), judged, caught);
            }
            String status = run.crash() != null
                    ? ERRORED
                    : best(tests.stream().map(TestOutcome::outcome).toList());
            if (!status.equals(KILLED) && !status.equals(SURVIVED)) {
                judged.clear();
                caught.clear();
            }
            String operator = mutant.operator().id();
            byOperator.computeIfAbsent(operator, k -> new Tally()).add(status);
            Map<String, List<String>> perClass = new TreeMap<>();
            for (TestOutcome test : tests) {
                perClass.computeIfAbsent(test.className(), k -> new ArrayList<>())
                        .add(test.outcome());
            }
            perClass.forEach((className, outcomes) -> byClass.computeIfAbsent(className, k -> new Tally())
                    .add(run.crash() != null ? ERRORED : best(outcomes)));
            for (String judge : judged) {
                byJudge.computeIfAbsent(judge, k -> new JudgeTally()).add(operator, caught.contains(judge));
            }
            results.add(result(run, status, tests, caught));
        }
        Tally all = new Tally();
        results.forEach(r -> all.add(r.status()));
        int testsRun =
                (int) baseline.tests.values().stream().filter(t -> t.isTest()).count();
        int testsRead = (int) baseline.served.keySet().stream()
                .filter(id -> !plan.failingTests().contains(id))
                .count();
        return new MutationsEntry(
                settings.seed(),
                settings.operators().stream().map(MutationOperator::id).toList(),
                settings.maxPerAnswer(),
                settings.recordings().id(),
                testsRun,
                testsRead,
                plan.answers(),
                plan.toolResults(),
                results.size(),
                all.killed,
                all.survived,
                all.needsJudge,
                all.errored,
                all.score(),
                settings.concurrency(),
                wallMillis,
                runsMillis,
                scores(byClass, MutantVerdicts::simpleName),
                scores(byOperator, Function.identity()),
                byJudge.entrySet().stream()
                        .map(e -> e.getValue().score(e.getKey()))
                        .toList(),
                results);
    }

    /** What one test made of the mutant. */
    private static TestOutcome outcome(MutantRun run, String testId, LaunchRecord baseline) {
        LaunchRecord record = run.record();
        String className = baseline.className(testId);
        String name = baseline.displayName(testId);
        if (run.crash() != null) {
            return new TestOutcome(testId, className, name, ERRORED, "the launch failed: " + lines(run.crash()), null);
        }
        List<Throwable> failures = record.failuresOf(testId);
        for (Throwable failure : failures) {
            Throwable miss = miss(failure);
            if (miss != null) {
                return new TestOutcome(testId, className, name, NEEDS_JUDGE, lines(miss), null);
            }
        }
        int missed = record.missed.getOrDefault(testId, 0);
        if (missed > 0) {
            // an evaluation keeps a judge's miss as an item's error: what the test did next has no verdict
            return new TestOutcome(
                    testId,
                    className,
                    name,
                    NEEDS_JUDGE,
                    // not how many: a judge's calls in parallel stop at the first miss, sooner or later
                    "a model call on the changed answer found no recording"
                            + (failures.isEmpty() ? "" : "; the test then failed: " + lines(failures.get(0))),
                    null);
        }
        if (!failures.isEmpty()) {
            return new TestOutcome(testId, className, name, KILLED, lines(failures.get(0)), null);
        }
        if (!record.results.containsKey(testId)) {
            return new TestOutcome(testId, className, name, ERRORED, "the test did not run", null);
        }
        if (!Boolean.TRUE.equals(record.applied.get(testId))) {
            return new TestOutcome(
                    testId, className, name, ERRORED, "the test did not read the answer this time", null);
        }
        List<String> passed = record.checksOf(testId).stream()
                .filter(CheckSeen::passed)
                .map(CheckSeen::line)
                .toList();
        return new TestOutcome(testId, className, name, SURVIVED, null, passed);
    }

    /**
     * The judges whose checks judged the mutant, and those whose verdict differed from the baseline's: the checks
     * of one test are compared in the order they were made.
     */
    private static void compareJudges(
            List<CheckSeen> before, List<CheckSeen> after, Set<String> judged, Set<String> caught) {
        for (int i = 0; i < after.size(); i++) {
            CheckSeen check = after.get(i);
            judged.add(check.judge());
            if (i < before.size()
                    && before.get(i).kind().equals(check.kind())
                    && before.get(i).passed() != check.passed()) {
                caught.add(check.judge());
            }
        }
    }

    private static Result result(MutantRun run, String status, List<TestOutcome> tests, Set<String> caught) {
        Mutant mutant = run.mutant().mutant();
        MutationTap.Served served = run.mutant().target().served();
        Target target = served.tool() == null
                ? new Target("answer", MutationRunner.shown(served.file()), served.key(), served.position(), null)
                : new Target("tool-result", null, null, null, served.tool());
        Mutant.Diff diff = mutant.diff();
        return new Result(
                mutant.id(),
                mutant.operator().id(),
                status,
                target,
                mutant.change(),
                mutant.possiblyEquivalent(),
                new Diff(diff.before(), diff.removed(), diff.added(), diff.after()),
                tests,
                List.copyOf(caught));
    }

    /** The recording miss in a failure's causes or suppressed failures, if any. */
    private static Throwable miss(Throwable failure) {
        for (Throwable t = failure; t != null; t = t.getCause() == t ? null : t.getCause()) {
            if (t.getClass().getName().equals("dev.llmassert.core.record.RecordingMissException")) {
                return t;
            }
            for (Throwable suppressed : t.getSuppressed()) {
                Throwable inner = miss(suppressed);
                if (inner != null) {
                    return inner;
                }
            }
        }
        return null;
    }

    /** A failure's first three lines, on one. */
    static String lines(Throwable failure) {
        String message = failure.getMessage() == null ? failure.getClass().getName() : failure.getMessage();
        String start = String.join(
                " ",
                message.lines()
                        .map(String::strip)
                        .filter(l -> !l.isEmpty())
                        .limit(3)
                        .toList());
        return start.length() <= 400 ? start : start.substring(0, 397) + "...";
    }

    private static String best(List<String> outcomes) {
        return RANK.stream().filter(outcomes::contains).findFirst().orElse(ERRORED);
    }

    private static List<Score> scores(Map<String, Tally> tallies, Function<String, String> name) {
        return tallies.entrySet().stream()
                .map(e -> e.getValue().score(name.apply(e.getKey())))
                .toList();
    }

    private static String simpleName(String className) {
        return className.substring(className.lastIndexOf('.') + 1);
    }

    /** Counts of verdicts. */
    private static final class Tally {
        int killed;
        int survived;
        int needsJudge;
        int errored;

        void add(String status) {
            switch (status) {
                case KILLED -> killed++;
                case SURVIVED -> survived++;
                case NEEDS_JUDGE -> needsJudge++;
                default -> errored++;
            }
        }

        Double score() {
            return killed + survived == 0 ? null : killed / (double) (killed + survived);
        }

        Score score(String name) {
            return new Score(
                    name, killed + survived + needsJudge + errored, killed, survived, needsJudge, errored, score());
        }
    }

    /** What one judge judged and caught, in all and per operator. */
    private static final class JudgeTally {
        int judged;
        int caught;
        final Map<String, int[]> byOperator = new TreeMap<>();

        void add(String operator, boolean caughtIt) {
            judged++;
            caught += caughtIt ? 1 : 0;
            int[] counts = byOperator.computeIfAbsent(operator, k -> new int[2]);
            counts[0]++;
            counts[1] += caughtIt ? 1 : 0;
        }

        JudgeScore score(String judge) {
            return new JudgeScore(
                    judge,
                    judged,
                    caught,
                    judged == 0 ? null : caught / (double) judged,
                    byOperator.entrySet().stream()
                            .map(e -> new JudgeScore(
                                    e.getKey(),
                                    e.getValue()[0],
                                    e.getValue()[1],
                                    e.getValue()[1] / (double) e.getValue()[0],
                                    List.of()))
                            .toList());
        }
    }
}
