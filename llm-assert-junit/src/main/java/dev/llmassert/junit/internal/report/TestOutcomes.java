package dev.llmassert.junit.internal.report;

import dev.llmassert.core.record.RecordingMissException;
import dev.llmassert.junit.internal.message.Messages;

import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;

/**
 * How the tests of a run ended, counted as they finish: what a report with nothing judged in it says instead, such as
 * "no check reached a verdict, as 4 of 4 tests failed before one, 4 of them on a missing recording". Thread-safe.
 */
final class TestOutcomes {

    private final AtomicInteger tests = new AtomicInteger();
    private final AtomicInteger failed = new AtomicInteger();
    private final AtomicInteger misses = new AtomicInteger();
    /** The first failed test's name, its failure's class, and the first line of its message when it says something. */
    private final AtomicReference<String> firstFailure = new AtomicReference<>();

    /**
     * @param test       the test's name, for messages
     * @param testFailed whether it failed (an aborted or skipped test did not)
     */
    void add(String test, boolean testFailed, Throwable failure) {
        tests.incrementAndGet();
        if (!testFailed) {
            return;
        }
        failed.incrementAndGet();
        if (failure != null) {
            String line = firstLine(failure.getMessage());
            firstFailure.compareAndSet(
                    null, test + ", " + failure.getClass().getSimpleName() + (line == null ? "" : ": " + line));
            if (isRecordingMiss(failure)) {
                misses.incrementAndGet();
            }
        }
    }

    /** Why a run judged nothing, in a sentence without its final stop. */
    String whyNothingWasJudged() {
        return Messages.nothingJudged(tests.get(), failed.get(), misses.get(), firstFailure.get());
    }

    private static boolean isRecordingMiss(Throwable failure) {
        for (Throwable t = failure; t != null; t = t.getCause() == t ? null : t.getCause()) {
            if (t instanceof RecordingMissException) {
                return true;
            }
        }
        return false;
    }

    /** The message's first line, without its stop; none when it only leads to the lines below (AssertJ's). */
    private static String firstLine(String message) {
        if (message == null || message.isBlank()) {
            return null;
        }
        String line = message.strip().lines().findFirst().orElse("").strip();
        if (line.endsWith(":")) {
            return null;
        }
        return line.endsWith(".") ? line.substring(0, line.length() - 1) : line;
    }
}
