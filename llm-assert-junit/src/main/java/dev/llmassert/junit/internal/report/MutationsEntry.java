package dev.llmassert.junit.internal.report;

import com.fasterxml.jackson.annotation.JsonInclude;
import org.apiguardian.api.API;

import java.util.List;

import static org.apiguardian.api.API.Status.INTERNAL;

/**
 * The run report's {@code mutations} section: a mutation check of the suite, as PIT reports one. The score is
 * {@code killed / (killed + survived)}: a mutant that needs a judge reply or an answer of the application's model no
 * one recorded, whose later calls could not be replayed, or whose run erred, has no verdict and is counted apart.
 *
 * @param recordings  the recordings mode the mutants ran in
 * @param testsRun    the tests of the baseline run
 * @param testsRead   the tests among them that read a recorded answer or a tool result, and passed
 * @param answers     the recorded answers those tests read
 * @param toolResults the tool results they read
 * @param threads     mutants run at once
 * @param wallMillis  the mutants' wall time
 * @param runsMillis  the sum of the mutants' own run times: over {@code wallMillis}, how parallel the check ran
 * @param byJudge     per judge: of the mutants a check of that judge judged, those whose verdict it changed
 * @param results     every mutant, in a stable order
 * @param leftOut     the tests that read an answer but fail without mutants, with why: the check leaves them out
 */
@API(status = INTERNAL, since = "0.1")
public record MutationsEntry(
        long seed,
        List<String> operators,
        int maxPerAnswer,
        String recordings,
        int testsRun,
        int testsRead,
        int answers,
        int toolResults,
        int mutants,
        int killed,
        int survived,
        int needsJudge,
        int needsApplication,
        int notReplayable,
        int errored,
        Double score,
        int threads,
        long wallMillis,
        long runsMillis,
        List<Score> byClass,
        List<Score> byOperator,
        List<JudgeScore> byJudge,
        List<Result> results,
        List<LeftOut> leftOut) {

    public MutationsEntry {
        operators = List.copyOf(operators);
        byClass = List.copyOf(byClass);
        byOperator = List.copyOf(byOperator);
        byJudge = List.copyOf(byJudge);
        results = List.copyOf(results);
        leftOut = leftOut == null ? List.of() : List.copyOf(leftOut);
    }

    /**
     * This section with the threads and the timings set to 0: what two runs with the same seed have alike, however
     * many mutants ran at once.
     */
    public MutationsEntry withoutTimings() {
        return new MutationsEntry(
                seed,
                operators,
                maxPerAnswer,
                recordings,
                testsRun,
                testsRead,
                answers,
                toolResults,
                mutants,
                killed,
                survived,
                needsJudge,
                needsApplication,
                notReplayable,
                errored,
                score,
                0,
                0,
                0,
                byClass,
                byOperator,
                byJudge,
                results,
                leftOut);
    }

    /**
     * The mutants of one test class or one operator.
     *
     * @param score {@code killed / (killed + survived)}, {@code null} when none has a verdict
     */
    @API(status = INTERNAL, since = "0.1")
    public record Score(
            String name,
            int mutants,
            int killed,
            int survived,
            int needsJudge,
            int needsApplication,
            int notReplayable,
            int errored,
            Double score) {}

    /**
     * What one judge caught: of the mutants a check of this judge judged, those whose verdict differed from the
     * baseline's; per operator too.
     */
    @API(status = INTERNAL, since = "0.1")
    public record JudgeScore(String judge, int judged, int caught, Double score, List<JudgeScore> byOperator) {

        public JudgeScore {
            byOperator = byOperator == null ? List.of() : List.copyOf(byOperator);
        }
    }

    /**
     * One mutant and what its tests made of it.
     *
     * @param status   {@code killed}, {@code survived}, {@code needs-judge}, {@code needs-application},
     *                 {@code not-replayable} or {@code errored}
     * @param caughtBy the judges whose verdict changed on it
     */
    @API(status = INTERNAL, since = "0.1")
    public record Result(
            String id,
            String operator,
            String status,
            Target target,
            String change,
            boolean possiblyEquivalent,
            Diff diff,
            List<TestOutcome> tests,
            List<String> caughtBy) {

        public Result {
            tests = List.copyOf(tests);
            caughtBy = List.copyOf(caughtBy);
        }
    }

    /**
     * What was changed: a recorded answer (its file, key and position) or a tool's result.
     *
     * @param kind {@code answer} or {@code tool-result}
     */
    @API(status = INTERNAL, since = "0.1")
    public record Target(
            String kind,
            @JsonInclude(JsonInclude.Include.NON_NULL) String file,
            @JsonInclude(JsonInclude.Include.NON_NULL) String key,
            @JsonInclude(JsonInclude.Include.NON_NULL) Integer position,
            @JsonInclude(JsonInclude.Include.NON_NULL) String tool) {}

    /** The changed stretch, within its sentence. */
    @API(status = INTERNAL, since = "0.1")
    public record Diff(String before, String removed, String added, String after) {}

    /**
     * One test run on a mutant.
     *
     * @param outcome       {@code killed}, {@code survived}, {@code needs-judge}, {@code needs-application},
     *                      {@code not-replayable} or {@code errored}
     * @param detail        what failed (the failure's first lines), or why it has no verdict
     * @param passedChecks  the judged checks that still passed on the mutant, as their verdict lines
     * @param followedCalls the later calls of the application's model or of a simulated user's whose request held
     *                      the changed answer, served the reply recorded without it: the turns after a changed one
     */
    @API(status = INTERNAL, since = "0.1")
    public record TestOutcome(
            String testId,
            String className,
            String displayName,
            String outcome,
            @JsonInclude(JsonInclude.Include.NON_NULL) String detail,
            List<String> passedChecks,
            int followedCalls) {

        public TestOutcome {
            passedChecks = passedChecks == null ? List.of() : List.copyOf(passedChecks);
        }
    }

    /**
     * A test the check leaves out: it read a recorded answer, and fails without mutants.
     *
     * @param reason the first lines of its failure, or that it did not run
     */
    @API(status = INTERNAL, since = "0.1")
    public record LeftOut(String testId, String className, String displayName, String reason) {}
}
