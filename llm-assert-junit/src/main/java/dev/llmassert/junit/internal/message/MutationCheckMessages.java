package dev.llmassert.junit.internal.message;

import dev.llmassert.core.config.ConfigKeys;
import org.apiguardian.api.API;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import static org.apiguardian.api.API.Status.INTERNAL;

/**
 * The user-facing errors of the whole suite's mutation check ({@code MutationCheck}): no test found, a bad argument,
 * a report that could not be written. Each says what happened, where, and how to fix it. The mutants' own wording
 * (operators, diffs) is core's {@code MutationMessages}.
 */
@API(status = INTERNAL, since = "0.1")
public final class MutationCheckMessages {

    private MutationCheckMessages() {}

    /** A mutation check whose baseline ran no test: in {@code where}, e.g. "under /home/me/bot". */
    public static String mutationFoundNoTest(String where) {
        return "The mutation check found no test to run " + where + ". Fix: run it from the folder of the module whose"
                + " tests to check, after compiling them (mvn test-compile), and name classes that exist with "
                + ConfigKeys.MUTATION_CLASSES + ", e.g. com.example.*Test.";
    }

    /** A mutation check run where no compiled classes lie under the working directory. */
    public static String mutationFoundNoTestClasses(Path workingDirectory) {
        return "The mutation check found no test classes under the working directory " + workingDirectory + ". Fix:"
                + " run it from the folder of the module whose tests to check (Maven's exec plugin and Surefire do),"
                + " or name the classes with " + ConfigKeys.MUTATION_CLASSES + ".";
    }

    /** An argument of the mutation check's main that is no {@code key=value}. */
    public static String mutationArgumentNotASetting(String argument) {
        return "MutationCheck takes settings as key=value, e.g. " + ConfigKeys.MUTATION_CLASSES
                + "=com.example.*Test, but got: '" + argument + "'. Fix: write the argument as key=value, or set the"
                + " key with -D.";
    }

    /** The mutation check's report could not be written. */
    public static String mutationReportNotWritten(Path dir, String error) {
        return "The mutation check's report could not be written to " + dir.toAbsolutePath() + ": " + error
                + ". Fix: make the folder writable, or move it with " + ConfigKeys.REPORT_DIR + ".";
    }

    /**
     * A mutation check that made no mutant: of {@code testsRun} tests, none read a recorded answer and passed; those
     * in {@code leftOut} ({@code Class.method(): <why>}) fail without mutants.
     */
    public static String noMutant(int testsRun, List<String> leftOut) {
        if (leftOut.isEmpty()) {
            return "The mutation check made no mutant: no test of the " + Messages.count(testsRun, "test") + " that"
                    + " ran read a recorded answer of the application's model or a tool result. Fix: wrap the"
                    + " application's model in the test's recordings (evaluator.recorded(model), or Recordings.wrap),"
                    + " record its answers, and run the check again.";
        }
        boolean one = leftOut.size() == 1;
        return "The mutation check made no mutant: " + Messages.count(testsRun, "test") + " ran, " + leftOut.size()
                + (one ? " fails" : " fail") + " without mutants, so the check left " + (one ? "it" : "them")
                + " out (" + String.join("; ", leftOut) + "), and no other test read a recorded answer. Fix: make "
                + (one ? "that test" : "those tests") + " pass (run " + (one ? "it" : "them") + " with mvn test),"
                + " then run the check again.";
    }

    /** A mutant's run in which a judge's call on the changed answer found no recording. */
    public static String judgeNotRecorded(String who) {
        return "a call of " + who + " on the changed answer has no recording, and a mutant's run calls no model. Fix:"
                + " to give such mutants a verdict, judge them with a judge that needs no recording (the local judge, "
                + ConfigKeys.JUDGE_PROVIDER + "=local)";
    }

    /** A test left out of the check: a judge's call of it has no recording even without mutants. */
    public static String judgeNotRecordedWithoutMutants(String who) {
        return "a call of " + who + " has no recording. Fix: record the judge's replies (run the tests once with "
                + ConfigKeys.RECORDINGS_MODE + "=record-missing and the judge's key), then run the check again";
    }

    /** A test left out of the check: a call of the application's model has no recording even without mutants. */
    public static String applicationNotRecordedWithoutMutants(String who) {
        return "a call of " + who + " has no recording. Fix: record the application's answers (run the tests once"
                + " with " + ConfigKeys.RECORDINGS_MODE + "=record-missing and the key the application's model needs),"
                + " then run the check again";
    }

    /**
     * A mutant's run in which a call of the application's model (or of a simulated user's) found no recording, and
     * its request does not hold the changed answer.
     */
    public static String applicationNotRecorded(String who) {
        return "a call of " + who + " has no recording, and its request does not hold the changed answer. Fix: record"
                + " the application's answers (run the tests once with " + ConfigKeys.RECORDINGS_MODE
                + "=record-missing and the key the application's model needs), then run the check again";
    }

    /**
     * A mutant's run in which a later call of the application's model (or of a simulated user's) holds the changed
     * answer, and the request with the answer put back has no recording either.
     */
    public static String notReplayable(String who) {
        return "a later call of " + who + " holds the changed answer, and its request with the answer put back is not"
                + " recorded either, so the test cannot go on without a model; the mutant has no verdict and is"
                + " counted apart";
    }

    /** The request and its difference from the nearest recorded one, from a recording miss's message, on one line. */
    public static String missedRequest(String miss) {
        List<String> parts = new ArrayList<>();
        for (String line : miss.lines().toList()) {
            String stripped = line.strip();
            if (stripped.startsWith("request:")) {
                parts.add("request " + stripped.substring("request:".length()).strip());
            } else if (line.startsWith("  - ")) {
                parts.add(stripped.substring(2));
            }
        }
        return parts.isEmpty() ? miss.lines().findFirst().orElse("") : String.join("; ", parts);
    }
}
