package dev.llmassert.junit.internal.mutation;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.time.Duration;
import java.util.List;
import java.util.Set;

/**
 * The threads of llm-assert that a mutation check started (its mutants' pool, the judges' pools of its launches, the
 * entailment model's), so that the check returns only when they have ended: a tool that runs the check in its own
 * JVM and then waits for the threads it started, as Maven's {@code exec:java} does, finds none left.
 */
final class CheckThreads {

    private static final Logger LOG = LoggerFactory.getLogger("dev.llmassert.junit.mutation");

    /** The longest the check waits for its threads: a closed pool's threads end at once, an idle one's in seconds. */
    static final Duration GRACE = Duration.ofSeconds(20);

    private final Set<Thread> before;

    private CheckThreads(Set<Thread> before) {
        this.before = before;
    }

    /** The threads alive now, before the check starts. */
    static CheckThreads before() {
        return new CheckThreads(Set.copyOf(Thread.getAllStackTraces().keySet()));
    }

    /** Waits until the llm-assert threads started since {@link #before()} have ended, at most {@link #GRACE}. */
    void awaitEnd() {
        long deadline = System.nanoTime() + GRACE.toNanos();
        List<Thread> running = started();
        while (!running.isEmpty() && System.nanoTime() < deadline) {
            try {
                running.get(0).join(50);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return;
            }
            running = started();
        }
        if (!running.isEmpty()) {
            LOG.warn(
                    "{} thread(s) of llm-assert that the mutation check started still run after {} s: {}",
                    running.size(),
                    GRACE.toSeconds(),
                    running.stream().map(Thread::getName).toList());
        }
    }

    /** The live threads of llm-assert not alive before the check. */
    List<Thread> started() {
        return Thread.getAllStackTraces().keySet().stream()
                .filter(t -> t.isAlive() && !before.contains(t) && isOwn(t.getName()))
                .toList();
    }

    /** {@code llm-assert-<role>-n} (a run's pool, the entailment model) or {@code llmassert-judge[...]-n}. */
    static boolean isOwn(String name) {
        return name.startsWith("llm-assert-") || name.startsWith("llmassert-");
    }
}
