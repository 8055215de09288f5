package dev.llmassert.core.model.internal;

import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.stream.IntStream;

import static org.assertj.core.api.Assertions.assertThat;

class JudgePoolTest {

    @Test
    void closingThePoolWakesACallerWhoseTasksWereStillQueued() throws Exception {
        JudgePool pool = new JudgePool("test:judge", 1);
        CountDownLatch running = new CountDownLatch(1);
        CountDownLatch release = new CountDownLatch(1);
        // one thread: the first task blocks it, so the other nine wait in the queue
        List<Callable<Integer>> tasks = IntStream.range(0, 10)
                .<Callable<Integer>>mapToObj(i -> () -> {
                    running.countDown();
                    release.await();
                    return i;
                })
                .toList();
        CompletableFuture<Throwable> outcome = CompletableFuture.supplyAsync(() -> {
            try {
                pool.runAll(tasks);
                return null;
            } catch (RuntimeException e) {
                return e;
            }
        });
        assertThat(running.await(30, TimeUnit.SECONDS)).isTrue();

        pool.close();
        release.countDown();

        Throwable failure = outcome.get(30, TimeUnit.SECONDS);
        assertThat(failure).isInstanceOf(IllegalStateException.class).hasMessageContaining("test:judge is closed");
    }
}
