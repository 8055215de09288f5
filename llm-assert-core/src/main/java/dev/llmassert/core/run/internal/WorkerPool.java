package dev.llmassert.core.run.internal;

import org.apiguardian.api.API;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.CompletionService;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Executor;
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
 * The one thread pool of llm-assert: a fixed number of daemon threads, started on first use, that bounds the calls
 * in flight of whatever owns it. A judge owns one for its lifetime (every caller of the judge shares its bound); an
 * evaluation or a calibration owns one for a run. Tasks must not submit further tasks to the same pool (they would
 * wait for threads held by their callers): an owner flattens its work into one batch instead.
 *
 * <ul>
 *   <li>{@link #each}: every item's outcome, its error kept, never dropped: the rows of a calibration, and whatever
 *       else judges many items.</li>
 *   <li>{@link #all}: every task's result, the first failure cancelling the rest: the calls of one judgement.</li>
 *   <li>{@link #executor}: the threads themselves, for work that chains futures (an evaluation's calls and
 *       annotations).</li>
 * </ul>
 *
 * <p>Thread-safe. A pool that is never closed does not keep the JVM alive.
 */
@API(status = INTERNAL, since = "0.1")
public final class WorkerPool implements AutoCloseable {

    /** One item's work, which may throw. */
    @API(status = INTERNAL, since = "0.1")
    @FunctionalInterface
    public interface Work<I, T> {
        T apply(I item) throws Exception;
    }

    private final String owner;
    private final String threadPrefix;
    private final String closedFix;
    private final int size;
    private final Object lock = new Object();
    private ExecutorService pool;
    private boolean closed;

    private WorkerPool(String owner, String threadPrefix, String closedFix, int size) {
        if (size < 1) {
            throw new IllegalArgumentException(RunMessages.noThreads(owner, size));
        }
        this.owner = owner;
        this.threadPrefix = threadPrefix;
        this.closedFix = closedFix;
        this.size = size;
    }

    /** The pool of a judge, which bounds its calls across all callers; threads {@code llmassert-judge[name]-n}. */
    public static WorkerPool forJudge(String judgeName, int concurrency) {
        return new WorkerPool(
                "the judge " + judgeName,
                "llmassert-judge[" + judgeName + "]-",
                "build a new judge, or close it only after the last judgement",
                concurrency);
    }

    /**
     * The pool of one run, e.g. {@code forRun("the calibration", "calibrate", 8)}; its threads are
     * {@code llm-assert-<role>-n}.
     */
    public static WorkerPool forRun(String owner, String role, int concurrency) {
        return new WorkerPool(
                owner, "llm-assert-" + role + "-", "close the pool only after the run has finished", concurrency);
    }

    /** How many tasks run at once, at most. */
    public int size() {
        return size;
    }

    /**
     * Runs {@code work} on every item, at most {@link #size()} at once, and returns each item's outcome in the items'
     * order: what it gave, or what it threw. A failing item does not stop the others.
     *
     * @throws IllegalStateException if the pool is closed, or the caller was interrupted
     */
    public <I, T> List<Outcome<T>> each(List<I> items, Work<? super I, ? extends T> work) {
        List<Callable<Outcome<T>>> tasks = new ArrayList<>(items.size());
        for (I item : items) {
            tasks.add(() -> {
                try {
                    return Outcome.of(work.apply(item));
                } catch (Throwable e) {
                    return Outcome.failed(e);
                }
            });
        }
        return all(tasks);
    }

    /**
     * Runs the tasks, at most {@link #size()} at once, and returns their results in the tasks' order. The first
     * failure cancels the tasks still running or waiting and is rethrown as it was thrown.
     *
     * @throws IllegalStateException if the pool is closed, or the caller was interrupted
     */
    public <T> List<T> all(List<? extends Callable<T>> tasks) {
        CompletionService<Indexed<T>> completion = new ExecutorCompletionService<>(executorService());
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
            // close() ran between executorService() and a submit: the owner was closed while this batch started.
            cancelAll(futures);
            throw closed(e);
        } catch (ExecutionException e) {
            cancelAll(futures);
            synchronized (lock) {
                if (closed) {
                    // the failure is the interruption that closing the pool sent to the running tasks
                    throw closed(e.getCause());
                }
            }
            if (e.getCause() instanceof RuntimeException runtime) {
                throw runtime;
            }
            if (e.getCause() instanceof Error error) {
                throw error;
            }
            throw new IllegalStateException(capitalized(owner) + " failed: " + e.getCause(), e.getCause());
        } catch (InterruptedException e) {
            cancelAll(futures);
            Thread.currentThread().interrupt();
            throw new IllegalStateException("Interrupted while " + owner + " was running.", e);
        }
    }

    /** The threads, for work that chains futures; a task given after {@link #close()} is rejected. */
    public Executor executor() {
        return command -> {
            try {
                executorService().execute(command);
            } catch (RejectedExecutionException e) {
                throw closed(e);
            }
        };
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

    private ExecutorService executorService() {
        synchronized (lock) {
            if (closed) {
                throw closed(null);
            }
            if (pool == null) {
                pool = Executors.newFixedThreadPool(size, threadFactory());
            }
            return pool;
        }
    }

    private IllegalStateException closed(Throwable cause) {
        return new IllegalStateException(RunMessages.closed(capitalized(owner), closedFix), cause);
    }

    private ThreadFactory threadFactory() {
        AtomicInteger threads = new AtomicInteger();
        return runnable -> {
            Thread thread = new Thread(runnable, threadPrefix + threads.incrementAndGet());
            // An owner that is never closed must not keep the JVM alive after the tests.
            thread.setDaemon(true);
            return thread;
        };
    }

    private static String capitalized(String text) {
        return text.isEmpty() ? text : Character.toUpperCase(text.charAt(0)) + text.substring(1);
    }

    private static void cancelAll(List<? extends Future<?>> futures) {
        for (Future<?> future : futures) {
            future.cancel(true);
        }
    }

    private record Indexed<T>(int index, T value) {}
}
