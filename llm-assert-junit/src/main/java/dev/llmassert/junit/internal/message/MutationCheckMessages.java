package dev.llmassert.junit.internal.message;

import dev.llmassert.core.config.ConfigKeys;
import org.apiguardian.api.API;

import java.nio.file.Path;

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
}
