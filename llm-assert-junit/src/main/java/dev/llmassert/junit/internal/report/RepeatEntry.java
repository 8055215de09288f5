package dev.llmassert.junit.internal.report;

import com.fasterxml.jackson.annotation.JsonInclude;
import org.apiguardian.api.API;

import java.util.List;

import static org.apiguardian.api.API.Status.INTERNAL;

/**
 * The run report's {@code repeats[]} entry: one {@code @LlmJudge.Repeat} test, its pass rate with its interval, the
 * gate and each run's verdict.
 *
 * @param testId      the JUnit unique id of the repeated test (its template)
 * @param times       the runs asked for
 * @param passed      runs that passed
 * @param failed      runs that failed
 * @param skipped     runs an assumption aborted: not counted in the rate
 * @param rate        {@code passed / (passed + failed)}
 * @param lower       the rate's interval, lower bound
 * @param upper       the rate's interval, upper bound
 * @param level       the interval's confidence level
 * @param method      the interval's method ({@code wilson})
 * @param minPassRate the gate's minimum
 * @param gate        {@code rate} or {@code lower-bound}: what the minimum is held to
 * @param passedGate  whether the gate passed
 * @param runs        each run, in order
 */
@API(status = INTERNAL, since = "0.1")
public record RepeatEntry(
        String testId,
        String className,
        String displayName,
        int times,
        int passed,
        int failed,
        int skipped,
        double rate,
        double lower,
        double upper,
        double level,
        String method,
        double minPassRate,
        String gate,
        boolean passedGate,
        List<Run> runs) {

    public RepeatEntry {
        runs = runs == null ? List.of() : List.copyOf(runs);
    }

    /**
     * One run.
     *
     * @param index    from 1
     * @param testId   the run's JUnit unique id
     * @param outcome  {@code passed}, {@code failed} or {@code skipped}
     * @param message  the first line of a failed run's failure
     */
    @API(status = INTERNAL, since = "0.1")
    public record Run(
            int index,
            String testId,
            String outcome,
            @JsonInclude(JsonInclude.Include.NON_NULL) String message) {}
}
