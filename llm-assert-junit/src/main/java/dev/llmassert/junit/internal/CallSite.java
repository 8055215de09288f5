package dev.llmassert.junit.internal;

import org.apiguardian.api.API;
import org.assertj.core.internal.Failures;

import java.util.Arrays;
import java.util.List;

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
            "dev.llmassert.junit.CheckSteps");
    private static final String INTERNAL_PACKAGE = "dev.llmassert.junit.internal.";
    private static final List<String> LIBRARY_PACKAGES =
            List.of(INTERNAL_PACKAGE, "org.assertj.", "net.bytebuddy.", "java.", "jdk.", "sun.");

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
