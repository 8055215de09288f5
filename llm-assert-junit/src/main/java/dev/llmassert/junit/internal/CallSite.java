package dev.llmassert.junit.internal;

import org.apiguardian.api.API;

import java.util.Arrays;
import java.util.List;

import static org.apiguardian.api.API.Status.INTERNAL;

/** Where the user made an assertion: the first frame outside this library, AssertJ and the JDK. */
@API(status = INTERNAL, since = "0.1")
public final class CallSite {

    private static final List<String> LIBRARY_CLASSES = List.of(
            "dev.llmassert.junit.ResponseAssert", "dev.llmassert.junit.GroundednessAssert",
            "dev.llmassert.junit.EverySentenceAssert", "dev.llmassert.junit.LlmAssertions",
            "dev.llmassert.junit.LlmSoftAssertions", "dev.llmassert.junit.JudgedAssert",
            "dev.llmassert.junit.CriteriaAssert", "dev.llmassert.junit.PairwiseAssert",
            "dev.llmassert.junit.PreferredOver", "dev.llmassert.junit.MultiCriteriaAssert",
            "dev.llmassert.junit.Judging");
    private static final List<String> LIBRARY_PACKAGES = List.of(
            "dev.llmassert.junit.internal.", "org.assertj.", "net.bytebuddy.", "java.", "jdk.", "sun.");

    private CallSite() {
    }

    /** The caller's stack, starting at the line that made the assertion. */
    public static StackTraceElement[] capture() {
        StackTraceElement[] stack = new Throwable().getStackTrace();
        int first = 0;
        while (first < stack.length && isLibrary(stack[first].getClassName())) {
            first++;
        }
        return first == stack.length ? stack : Arrays.copyOfRange(stack, first, stack.length);
    }

    private static boolean isLibrary(String className) {
        for (String libraryClass : LIBRARY_CLASSES) {
            // soft proxies are subclasses named LibraryClass$ByteBuddy$...
            if (className.equals(libraryClass) || className.startsWith(libraryClass + "$")) {
                return true;
            }
        }
        for (String libraryPackage : LIBRARY_PACKAGES) {
            if (className.startsWith(libraryPackage)) {
                return true;
            }
        }
        return false;
    }
}
