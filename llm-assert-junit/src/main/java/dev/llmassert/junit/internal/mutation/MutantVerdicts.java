package dev.llmassert.junit.internal.mutation;

import dev.llmassert.core.mutation.Mutant;
import dev.llmassert.core.mutation.MutationOperator;
import dev.llmassert.core.record.RecordedModel;
import dev.llmassert.core.record.RecordingMissException;
import dev.llmassert.core.record.RecordingMode;
import dev.llmassert.junit.internal.message.MutationCheckMessages;
import dev.llmassert.junit.internal.mutation.LaunchRecord.CheckSeen;
import dev.llmassert.junit.internal.mutation.MutationRunner.MutantRun;
import dev.llmassert.junit.internal.mutation.MutationRunner.Plan;
import dev.llmassert.junit.internal.mutation.MutationTap.Missed;
import dev.llmassert.junit.internal.report.MutationsEntry;
import dev.llmassert.junit.internal.report.MutationsEntry.Diff;
import dev.llmassert.junit.internal.report.MutationsEntry.JudgeScore;
import dev.llmassert.junit.internal.report.MutationsEntry.LeftOut;
import dev.llmassert.junit.internal.report.MutationsEntry.Result;
import dev.llmassert.junit.internal.report.MutationsEntry.Score;
import dev.llmassert.junit.internal.report.MutationsEntry.Target;
import dev.llmassert.junit.internal.report.MutationsEntry.TestOutcome;
import org.opentest4j.MultipleFailuresError;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.function.Function;

/**
 * What each mutant's tests made of it, and the scores. A test kills its mutant when an assertion of it failed (a
 * check's, or the test's own); it needs a judge when a judge's call on the changed answer has no recording; it needs
 * the application's model when a call of the application's model has none and its request does not hold the change;
 * it is not replayable when a later request holds the change in a way the recordings cannot follow; it erred when
 * it ended any other way (an exception of the application, no read of the answer, a launch that failed), with its
 * cause. A mutant survives when every test that read the changed answer passed. Only killed and survived make the
 * score.
 */
final class MutantVerdicts {

    static final String KILLED = "killed";
    static final String SURVIVED = "survived";
    static final String NEEDS_JUDGE = "needs-judge";
    static final String NEEDS_APPLICATION = "needs-application";
    static final String NOT_REPLAYABLE = "not-replayable";
    static final String ERRORED = "errored";

    /** Best first: what a class or a mutant is, given what its tests are; survived only when every test passed. */
    private static final List<String> RANK =
            List.of(KILLED, NEEDS_JUDGE, NEEDS_APPLICATION, NOT_REPLAYABLE, ERRORED, SURVIVED);

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
                // a mutant's run replays whatever the mode of the run without mutants
                RecordingMode.REPLAY.id(),
                testsRun,
                testsRead,
                plan.answers(),
                plan.toolResults(),
                results.size(),
                all.killed,
                all.survived,
                all.needsJudge,
                all.needsApplication,
                all.notReplayable,
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
                results,
                leftOut(baseline, plan));
    }

    /** The tests that read an answer and fail without mutants, with why. */
    private static List<LeftOut> leftOut(LaunchRecord baseline, Plan plan) {
        return plan.failingTests().stream()
                .map(testId -> new LeftOut(
                        testId,
                        baseline.className(testId),
                        baseline.displayName(testId),
                        baseline.failuresOf(testId).stream()
                                .findFirst()
                                .map(MutantVerdicts::whyLeftOut)
                                .orElse("it did not run")))
                .toList();
    }

    /** What one test made of the mutant. */
    private static TestOutcome outcome(MutantRun run, String testId, LaunchRecord baseline) {
        LaunchRecord record = run.record();
        String className = baseline.className(testId);
        String name = baseline.displayName(testId);
        int followed = record.followed.getOrDefault(testId, 0);
        if (run.crash() != null) {
            return new TestOutcome(
                    testId, className, name, ERRORED, "the launch failed: " + lines(run.crash()), null, followed);
        }
        if (!record.results.containsKey(testId)) {
            return new TestOutcome(testId, className, name, ERRORED, "the test did not run", null, followed);
        }
        List<Throwable> failures = record.failuresOf(testId);
        Optional<Missed> miss = record.missed.getOrDefault(testId, List.of()).stream()
                .findFirst()
                .or(() -> failures.stream()
                        .map(MutantVerdicts::miss)
                        .flatMap(Optional::stream)
                        .findFirst());
        if (miss.isPresent()) {
            String status = missStatus(miss.get());
            return new TestOutcome(testId, className, name, status, missDetail(status, miss.get()), null, followed);
        }
        if (!Boolean.TRUE.equals(record.applied.get(testId))) {
            return new TestOutcome(
                    testId,
                    className,
                    name,
                    ERRORED,
                    "the test did not read the answer this time"
                            + (failures.isEmpty() ? "" : ", and failed: " + lines(failures.get(0))),
                    null,
                    followed);
        }
        Optional<Throwable> assertion =
                failures.stream().filter(f -> f instanceof AssertionError).findFirst();
        if (assertion.isPresent()) {
            return new TestOutcome(
                    testId, className, name, KILLED, lines(assertion.get()), passedChecks(record, testId), followed);
        }
        if (!failures.isEmpty()) {
            Throwable failure = failures.get(0);
            return new TestOutcome(
                    testId,
                    className,
                    name,
                    ERRORED,
                    "the test failed with " + failure.getClass().getName() + ", not an assertion: " + lines(failure),
                    null,
                    followed);
        }
        return new TestOutcome(testId, className, name, SURVIVED, null, passedChecks(record, testId), followed);
    }

    /**
     * Why a test fails without mutants: a model call with no recording in the words of the mutants' outcomes, with
     * the fix; else the failure's type and first lines.
     */
    private static String whyLeftOut(Throwable failure) {
        Optional<Missed> miss = miss(failure);
        if (miss.isEmpty()) {
            return failure.getClass().getSimpleName() + ": " + lines(failure);
        }
        return miss.get().kind().equals(Missed.JUDGE)
                ? "needs a judge: "
                        + MutationCheckMessages.judgeNotRecordedWithoutMutants(
                                miss.get().who())
                : "needs the application's model: "
                        + MutationCheckMessages.applicationNotRecordedWithoutMutants(
                                miss.get().who());
    }

    /** The judged checks of the test that passed on the mutant: those after a failed one show it was judged on. */
    private static List<String> passedChecks(LaunchRecord record, String testId) {
        return record.checksOf(testId).stream()
                .filter(CheckSeen::passed)
                .map(CheckSeen::line)
                .toList();
    }

    /**
     * A judge's miss needs a judge; the application's needs its model, or cannot be replayed when its request holds
     * the change.
     */
    private static String missStatus(Missed miss) {
        if (miss.kind().equals(Missed.JUDGE)) {
            return NEEDS_JUDGE;
        }
        return miss.heldTheChange() ? NOT_REPLAYABLE : NEEDS_APPLICATION;
    }

    private static String missDetail(String status, Missed miss) {
        String request = miss.miss() == null ? "" : ": " + MutationCheckMessages.missedRequest(miss.miss());
        return switch (status) {
            case NEEDS_JUDGE -> MutationCheckMessages.judgeNotRecorded(miss.who()) + request;
            case NOT_REPLAYABLE -> MutationCheckMessages.notReplayable(miss.who()) + request;
            default -> MutationCheckMessages.applicationNotRecorded(miss.who()) + request;
        };
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

    /**
     * The recording miss in a failure's causes or suppressed failures, if any: a miss on a thread the test's tap does
     * not see (a judge's own, or the application's in a pool of its own), classified by whose model missed.
     */
    private static Optional<Missed> miss(Throwable failure) {
        for (Throwable t = failure; t != null; t = t.getCause() == t ? null : t.getCause()) {
            if (t instanceof RecordingMissException miss) {
                RecordedModel whose = miss.whose();
                boolean application = RecordedModel.application().equals(whose)
                        || RecordedModel.simulatedUser().equals(whose);
                return Optional.of(new Missed(
                        application ? Missed.APPLICATION : Missed.JUDGE,
                        whose == null ? "a judge" : whose.who(),
                        // in a mutant's run the baseline's calls replay: an application's miss follows from the change
                        application,
                        miss.getMessage()));
            }
            for (Throwable suppressed : t.getSuppressed()) {
                Optional<Missed> inner = miss(suppressed);
                if (inner.isPresent()) {
                    return inner;
                }
            }
        }
        return Optional.empty();
    }

    /** A failure's first three lines, on one; of several failures at once (soft assertions), the first one's. */
    static String lines(Throwable failure) {
        if (failure instanceof MultipleFailuresError multiple
                && !multiple.getFailures().isEmpty()) {
            int count = multiple.getFailures().size();
            return (count == 1 ? "" : "1 of " + count + " failures: ")
                    + lines(multiple.getFailures().get(0));
        }
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
        int needsApplication;
        int notReplayable;
        int errored;

        void add(String status) {
            switch (status) {
                case KILLED -> killed++;
                case SURVIVED -> survived++;
                case NEEDS_JUDGE -> needsJudge++;
                case NEEDS_APPLICATION -> needsApplication++;
                case NOT_REPLAYABLE -> notReplayable++;
                default -> errored++;
            }
        }

        Double score() {
            return killed + survived == 0 ? null : killed / (double) (killed + survived);
        }

        Score score(String name) {
            return new Score(
                    name,
                    killed + survived + needsJudge + needsApplication + notReplayable + errored,
                    killed,
                    survived,
                    needsJudge,
                    needsApplication,
                    notReplayable,
                    errored,
                    score());
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
