package dev.llmassert.core.record.internal;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

import static org.assertj.core.api.Assertions.assertThat;

/** The JVM-wide lock table serialises each file and keeps nothing once no one holds or waits for a lock. */
@SuppressWarnings("try") // each lock is held for its block, never read
class PathLocksTest {

    @TempDir
    Path dir;

    @Test
    void oneHolderPerFileAtATimeAndTheTableEmptiesAfterwards() throws Exception {
        int files = 5;
        int threads = 16;
        AtomicInteger[] holders = new AtomicInteger[files];
        AtomicInteger[] mostAtOnce = new AtomicInteger[files];
        for (int f = 0; f < files; f++) {
            holders[f] = new AtomicInteger();
            mostAtOnce[f] = new AtomicInteger();
        }
        ExecutorService pool = Executors.newFixedThreadPool(threads);
        CountDownLatch start = new CountDownLatch(1);
        List<Future<?>> futures = new ArrayList<>();
        try {
            for (int t = 0; t < threads; t++) {
                int thread = t;
                futures.add(pool.submit(() -> {
                    start.await();
                    for (int round = 0; round < 50; round++) {
                        int f = (thread + round) % files;
                        try (PathLocks.Held ignored = PathLocks.lock(dir.resolve("file" + f + ".json"))) {
                            int now = holders[f].incrementAndGet();
                            mostAtOnce[f].accumulateAndGet(now, Math::max);
                            Thread.yield();
                            holders[f].decrementAndGet();
                        }
                    }
                    return null;
                }));
            }
            start.countDown();
            for (Future<?> future : futures) {
                future.get(60, TimeUnit.SECONDS);
            }
        } finally {
            pool.shutdownNow();
        }
        for (int f = 0; f < files; f++) {
            assertThat(mostAtOnce[f].get()).as("holders of file %d at once", f).isEqualTo(1);
        }
        assertThat(PathLocks.tableSize()).as("locks left in the table").isZero();
    }

    @Test
    void aLockCanBeTakenAgainAfterItsEntryWasRemoved() {
        Path file = dir.resolve("again.json");
        for (int i = 0; i < 3; i++) {
            try (PathLocks.Held ignored = PathLocks.lock(file)) {
                assertThat(PathLocks.tableSize()).isPositive();
            }
        }
        assertThat(PathLocks.tableSize()).isZero();
    }
}
