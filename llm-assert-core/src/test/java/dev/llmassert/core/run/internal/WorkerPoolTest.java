package dev.llmassert.core.run.internal;

import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.IntStream;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class WorkerPoolTest {

    @Test
    void eachItemKeepsItsOutcomeInTheItemsOrderAndAFailureStopsNoOther() {
        List<Integer> items = IntStream.range(0, 20).boxed().toList();
        List<Outcome<String>> outcomes;
        try (WorkerPool pool = WorkerPool.forRun("the test run", "test", 4)) {
            outcomes = pool.each(items, item -> {
                if (item % 7 == 3) {
                    throw new IllegalStateException("item " + item + " failed");
                }
                return "judged " + item;
            });
        }

        assertThat(outcomes).hasSize(20);
        for (int i = 0; i < 20; i++) {
            Outcome<String> outcome = outcomes.get(i);
            if (i % 7 == 3) {
                assertThat(outcome.failed()).isTrue();
                assertThat(outcome.value()).isNull();
                assertThat(outcome.error()).hasMessage("item " + i + " failed");
            } else {
                assertThat(outcome.failed()).isFalse();
                assertThat(outcome.value()).isEqualTo("judged " + i);
            }
        }
    }

    @Test
    void eachRunsAtMostTheSizeAtOnceOnNamedDaemonThreads() {
        AtomicInteger running = new AtomicInteger();
        AtomicInteger most = new AtomicInteger();
        List<Outcome<String>> outcomes;
        try (WorkerPool pool = WorkerPool.forRun("the test run", "test", 3)) {
            outcomes = pool.each(IntStream.range(0, 12).boxed().toList(), item -> {
                most.accumulateAndGet(running.incrementAndGet(), Math::max);
                Thread.sleep(20);
                running.decrementAndGet();
                return Thread.currentThread().getName()
                        + (Thread.currentThread().isDaemon() ? " daemon" : "");
            });
        }

        assertThat(most.get()).isBetween(1, 3);
        assertThat(outcomes).allSatisfy(outcome -> assertThat(outcome.value()).matches("llm-assert-test-[123] daemon"));
    }

    @Test
    void allRethrowsTheFirstFailureAsItWasThrown() {
        try (WorkerPool pool = WorkerPool.forJudge("test:judge", 2)) {
            List<Callable<Integer>> tasks = List.of(() -> 1, () -> {
                throw new IllegalArgumentException("the reply was not JSON");
            });

            assertThatThrownBy(() -> pool.all(tasks))
                    .isInstanceOf(IllegalArgumentException.class)
                    .hasMessage("the reply was not JSON");
        }
    }

    @Test
    void aClosedPoolRefusesWorkAndSaysWhoseItIs() {
        WorkerPool pool = WorkerPool.forRun("the calibration", "calibrate", 2);
        pool.close();

        assertThatThrownBy(() -> pool.each(List.of(1), item -> item))
                .isInstanceOf(IllegalStateException.class)
                .hasMessageStartingWith("The calibration is closed.")
                .hasMessageContaining("Fix: ");
        assertThatThrownBy(() -> pool.executor().execute(() -> {}))
                .isInstanceOf(IllegalStateException.class)
                .hasMessageStartingWith("The calibration is closed.");
    }

    @Test
    void aPoolWithoutThreadsIsRefused() {
        assertThatThrownBy(() -> WorkerPool.forRun("the evaluation of Support", "eval-sut", 0))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("the evaluation of Support asked for 0")
                .hasMessageContaining("Fix: ");
    }

    @Test
    void closingThePoolWakesACallerWhoseTasksWereStillQueued() throws Exception {
        WorkerPool pool = WorkerPool.forJudge("test:judge", 1);
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
                pool.all(tasks);
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
