package dev.llmassert.junit.internal;

import org.apiguardian.api.API;
import org.assertj.core.internal.Failures;

import java.util.Arrays;
import java.util.List;
import java.util.Set;

import static org.apiguardian.api.API.Status.INTERNAL;

/**
 * Where the user made an assertion: the first frame outside this library, AssertJ and the JDK; and a failure's
 * trace without this library's frames, as AssertJ removes its own.
 */
@API(status = INTERNAL, since = "0.1")
public final class CallSite {

    private static final List<String> LIBRARY_CLASSES = List.of(
            "dev.llmassert.junit.ResponseAssert",
            "dev.llmassert.junit.GroundednessAssert",
            "dev.llmassert.junit.EverySentenceAssert",
            "dev.llmassert.junit.LlmAssertions",
            "dev.llmassert.junit.LlmSoftAssertions",
            "dev.llmassert.junit.JudgedAssert",
            "dev.llmassert.junit.CriteriaAssert",
            "dev.llmassert.junit.PairwiseAssert",
            "dev.llmassert.junit.PreferredOver",
            "dev.llmassert.junit.MultiCriteriaAssert",
            "dev.llmassert.junit.CheckSteps",
            "dev.llmassert.junit.ConversationAssert",
            "dev.llmassert.junit.ConversationChecks",
            "dev.llmassert.junit.EveryTurnAssert",
            "dev.llmassert.junit.EveryTurnGroundednessAssert");
    private static final String INTERNAL_PACKAGE = "dev.llmassert.junit.internal.";
    private static final String CORE_PACKAGE = "dev.llmassert.core.";
    private static final List<String> LIBRARY_PACKAGES =
            List.of(INTERNAL_PACKAGE, "org.assertj.", "net.bytebuddy.", "java.", "jdk.", "sun.");

    /** AssertJ's methods that run code expecting it to throw; {@code assertThatCode} expects the opposite. */
    private static final Set<String> EXPECTING_A_FAILURE =
            Set.of("assertThatThrownBy", "isThrownBy", "catchThrowableOfType", "assertThatExceptionOfType");

    private CallSite() {}

    /** The caller's stack, starting at the line that made the assertion. */
    public static StackTraceElement[] capture() {
        StackTraceElement[] stack = new Throwable().getStackTrace();
        int first = 0;
        while (first < stack.length && isLibrary(stack[first].getClassName())) {
            first++;
        }
        return first == stack.length ? stack : Arrays.copyOfRange(stack, first, stack.length);
    }

    /**
     * Whether the caller runs inside a block that expects a failure: AssertJ's {@code assertThatThrownBy},
     * {@code assertThatExceptionOfType(...).isThrownBy}, {@code catchThrowableOfType}, or JUnit's
     * {@code assertThrows}. A check that passes there fails its test, as one that fails there passes it.
     */
    public static boolean insideAnExpectedFailure() {
        for (StackTraceElement frame : new Throwable().getStackTrace()) {
            String type = frame.getClassName();
            String method = frame.getMethodName();
            if (type.startsWith("org.assertj.core.api.") && EXPECTING_A_FAILURE.contains(method)) {
                return true;
            }
            if (type.startsWith("org.junit.jupiter.api.AssertThrows")) {
                return true;
            }
        }
        return false;
    }

    /**
     * {@code failure} without llm-assert's own frames, so that its trace starts at the line of the test that made
     * the assertion, as AssertJ removes its own frames from its failures. AssertJ's switch for that
     * ({@code Assertions.setRemoveAssertJRelatedElementsFromStackTrace(false)}) keeps ours too.
     */
    public static <T extends Throwable> T fromTheTest(T failure) {
        if (!Failures.instance().isRemoveAssertJRelatedElementsFromStackTrace()) {
            return failure;
        }
        StackTraceElement[] kept = Arrays.stream(failure.getStackTrace())
                .filter(frame -> !isOwn(frame.getClassName()))
                .toArray(StackTraceElement[]::new);
        if (kept.length > 0) {
            failure.setStackTrace(kept);
        }
        return failure;
    }

    /**
     * A recording miss as a check's failure reads: its trace without llm-assert's frames (the recordings, the judges,
     * the counting wrapper), so that it starts in the test or in the application it called. A miss raised on a
     * judge's own thread holds no frame of the test at all: its trace becomes the stack of the assertion that asked
     * the judge, {@code assertion}, when there is one.
     *
     * @param testClass the running test's class
     * @param assertion the stack at the test's last judged assertion, or {@code null}
     */
    public static <T extends Throwable> T missFromTheTest(T miss, String testClass, StackTraceElement[] assertion) {
        StackTraceElement[] kept = Arrays.stream(miss.getStackTrace())
                .filter(frame ->
                        !isOwn(frame.getClassName()) && !frame.getClassName().startsWith(CORE_PACKAGE))
                .toArray(StackTraceElement[]::new);
        boolean inTheTest =
                Arrays.stream(kept).anyMatch(frame -> frame.getClassName().equals(testClass));
        if (inTheTest) {
            miss.setStackTrace(kept);
        } else if (assertion != null && assertion.length > 0) {
            miss.setStackTrace(assertion.clone());
        }
        return miss;
    }

    /** A frame of llm-assert's assertions, or of a soft proxy of one. */
    private static boolean isOwn(String className) {
        for (String libraryClass : LIBRARY_CLASSES) {
            // soft proxies are subclasses named LibraryClass$ByteBuddy$...
            if (className.equals(libraryClass) || className.startsWith(libraryClass + "$")) {
                return true;
            }
        }
        return className.startsWith(INTERNAL_PACKAGE);
    }

    private static boolean isLibrary(String className) {
        if (isOwn(className)) {
            return true;
        }
        for (String libraryPackage : LIBRARY_PACKAGES) {
            if (className.startsWith(libraryPackage)) {
                return true;
            }
        }
        return false;
    }
}
