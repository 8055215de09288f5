package dev.llmassert.core.calibration;

import dev.llmassert.core.dataset.LabelledItem;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Judges every row of a calibration on a pool of {@code concurrency} threads, as an evaluation annotates its items:
 * the judge's own limits, retries and recordings apply to each call. A row whose judging throws keeps its error; it
 * is never dropped silently.
 */
final class Judging {

    /** Judges one row. */
    @FunctionalInterface
    interface Judge<T> {
        T judge(LabelledItem item) throws Exception;
    }

    /**
     * One row's outcome.
     *
     * @param verdict what the judge gave, or {@code null} when it failed
     * @param error   what it threw, or {@code null}
     */
    record Outcome<T>(T verdict, Throwable error) {}

    private Judging() {}

    /** Every row's outcome, in the rows' order. */
    static <T> List<Outcome<T>> run(List<LabelledItem> items, Judge<T> judge, int concurrency) {
        ExecutorService pool =
                Executors.newFixedThreadPool(Math.min(concurrency, Math.max(1, items.size())), threads());
        try {
            List<CompletableFuture<Outcome<T>>> outcomes = new ArrayList<>(items.size());
            for (LabelledItem item : items) {
                outcomes.add(CompletableFuture.supplyAsync(
                        () -> {
                            try {
                                return new Outcome<>(judge.judge(item), null);
                            } catch (Throwable e) {
                                return new Outcome<>(null, e);
                            }
                        },
                        pool));
            }
            CompletableFuture.allOf(outcomes.toArray(CompletableFuture[]::new)).get();
            return outcomes.stream().map(CompletableFuture::join).toList();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("The calibration was interrupted while its rows were judged.", e);
        } catch (ExecutionException e) {
            throw new IllegalStateException(
                    "The calibration failed while its rows were judged: " + e.getCause(), e.getCause());
        } finally {
            pool.shutdownNow();
        }
    }

    /** The error as a record shows it: the exception's class and message, then its causes' messages. */
    static String describe(Throwable error) {
        StringBuilder text = new StringBuilder(error.getClass().getSimpleName());
        if (error.getMessage() != null) {
            text.append(": ").append(error.getMessage());
        }
        for (Throwable cause = error.getCause(); cause != null && cause != error; cause = cause.getCause()) {
            if (cause.getMessage() != null && !text.toString().contains(cause.getMessage())) {
                text.append(" (caused by ")
                        .append(cause.getClass().getSimpleName())
                        .append(": ")
                        .append(cause.getMessage())
                        .append(')');
            }
            if (cause.getCause() == cause) {
                break;
            }
        }
        return text.toString();
    }

    private static ThreadFactory threads() {
        AtomicInteger count = new AtomicInteger();
        return runnable -> {
            Thread thread = new Thread(runnable, "llm-assert-calibrate-" + count.incrementAndGet());
            thread.setDaemon(true);
            return thread;
        };
    }
}
