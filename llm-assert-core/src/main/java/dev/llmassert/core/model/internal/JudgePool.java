package dev.llmassert.core.model.internal;

import org.apiguardian.api.API;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.CompletionService;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorCompletionService;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

import static org.apiguardian.api.API.Status.INTERNAL;

/**
 * The threads of one LLM judge: a fixed pool, created on first use, that bounds the judge's calls in flight across
 * every caller. Tasks must not submit further tasks to the same pool (they would wait for threads held by their
 * callers); judges flatten their work into one batch instead.
 *
 * <p>Thread-safe.
 */
@API(status = INTERNAL, since = "0.1")
public final class JudgePool implements AutoCloseable {

    private final String judgeName;
    private final int concurrency;
    private final Object lock = new Object();
    private ExecutorService pool;
    private boolean closed;

    public JudgePool(String judgeName, int concurrency) {
        this.judgeName = judgeName;
        this.concurrency = concurrency;
    }

    public int concurrency() {
        return concurrency;
    }

    /**
     * Runs the tasks, at most {@code concurrency} at once, and returns their results in the tasks' order. The first
     * failure cancels the tasks still running or waiting and is rethrown as it was thrown.
     *
     * @throws IllegalStateException if the pool is closed, or the caller was interrupted
     */
    public <T> List<T> runAll(List<? extends Callable<T>> tasks) {
        CompletionService<Indexed<T>> completion = new ExecutorCompletionService<>(executor());
        List<Future<Indexed<T>>> futures = new ArrayList<>(tasks.size());
        List<T> results = new ArrayList<>(tasks.size());
        for (int i = 0; i < tasks.size(); i++) {
            results.add(null);
        }
        try {
            for (int i = 0; i < tasks.size(); i++) {
                int index = i;
                Callable<T> task = tasks.get(i);
                futures.add(completion.submit(() -> new Indexed<>(index, task.call())));
            }
            for (int done = 0; done < tasks.size(); done++) {
                Indexed<T> result = next(completion).get();
                results.set(result.index(), result.value());
            }
            return results;
        } catch (RejectedExecutionException e) {
            // close() ran between executor() and a submit: the judge was closed while this judgement started.
            cancelAll(futures);
            throw closed(e);
        } catch (ExecutionException e) {
            cancelAll(futures);
            synchronized (lock) {
                if (closed) {
                    // the failure is the interruption that closing the pool sent to the running calls
                    throw closed(e.getCause());
                }
            }
            if (e.getCause() instanceof RuntimeException runtime) {
                throw runtime;
            }
            if (e.getCause() instanceof Error error) {
                throw error;
            }
            throw new IllegalStateException("The judge " + judgeName + " failed: " + e.getCause(), e.getCause());
        } catch (InterruptedException e) {
            cancelAll(futures);
            Thread.currentThread().interrupt();
            throw new IllegalStateException("Interrupted while the judge " + judgeName + " was judging.", e);
        }
    }

    /**
     * The next finished task. Tasks still queued when the pool is closed are dropped without ever finishing, so the
     * wait checks now and then whether the pool was closed instead of waiting forever.
     */
    private <T> Future<T> next(CompletionService<T> completion) throws InterruptedException {
        Future<T> next;
        while ((next = completion.poll(100, TimeUnit.MILLISECONDS)) == null) {
            synchronized (lock) {
                if (closed) {
                    throw closed(null);
                }
            }
        }
        return next;
    }

    /** Stops the threads. Later calls fail. */
    @Override
    public void close() {
        synchronized (lock) {
            closed = true;
            if (pool != null) {
                pool.shutdownNow();
                pool = null;
            }
        }
    }

    private ExecutorService executor() {
        synchronized (lock) {
            if (closed) {
                throw closed(null);
            }
            if (pool == null) {
                pool = Executors.newFixedThreadPool(concurrency, threadFactory());
            }
            return pool;
        }
    }

    private IllegalStateException closed(Throwable cause) {
        return new IllegalStateException(
                "The judge " + judgeName + " is closed.\n"
                        + "Fix: build a new judge, or close it only after the last judgement.",
                cause);
    }

    private ThreadFactory threadFactory() {
        String prefix = "llmassert-judge[" + judgeName + "]-";
        AtomicInteger threads = new AtomicInteger();
        return runnable -> {
            Thread thread = new Thread(runnable, prefix + threads.incrementAndGet());
            // A judge that is never closed must not keep the JVM alive after the tests.
            thread.setDaemon(true);
            return thread;
        };
    }

    private static void cancelAll(List<? extends Future<?>> futures) {
        for (Future<?> future : futures) {
            future.cancel(true);
        }
    }

    private record Indexed<T>(int index, T value) {}
}
