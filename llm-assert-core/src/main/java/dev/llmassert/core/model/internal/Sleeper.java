package dev.llmassert.core.model.internal;

import org.apiguardian.api.API;

import java.time.Duration;
import java.util.concurrent.TimeUnit;

import static org.apiguardian.api.API.Status.INTERNAL;

/**
 * Waits: before a retry, and for a rate limit. Every wait of the judges goes through one of these, so that tests
 * can replace time with a simulated clock and assert on the waits instead of sleeping.
 */
@API(status = INTERNAL, since = "0.1")
@FunctionalInterface
public interface Sleeper {

    /** Sleeps on the calling thread; an interruption ends the wait at once. */
    Sleeper THREAD = duration -> {
        if (duration != null && !duration.isNegative() && !duration.isZero()) {
            TimeUnit.NANOSECONDS.sleep(duration.toNanos());
        }
    };

    /**
     * Waits for {@code duration}; zero or negative means no wait.
     *
     * @throws InterruptedException if the thread was interrupted while waiting
     */
    void sleep(Duration duration) throws InterruptedException;
}
