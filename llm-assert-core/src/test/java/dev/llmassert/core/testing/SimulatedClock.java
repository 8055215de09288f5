package dev.llmassert.core.testing;

import dev.failsafe.RateLimiter;
import dev.failsafe.internal.SimulatedRateLimiters;
import dev.llmassert.core.model.internal.Sleeper;

import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Simulated time for the judges' waits: a {@link Sleeper} that never sleeps but moves this clock forward by each
 * wait and keeps every wait, and Failsafe rate limiters that read this clock. Tests assert on the waits and on the
 * simulated time, never on the wall clock. The clock is shared: give it to calls made one after another.
 */
public final class SimulatedClock implements Sleeper {

    private final AtomicLong nanos = new AtomicLong();
    private final List<Duration> sleeps = new CopyOnWriteArrayList<>();

    @Override
    public void sleep(Duration duration) {
        sleeps.add(duration);
        if (duration != null && !duration.isNegative()) {
            nanos.addAndGet(duration.toNanos());
        }
    }

    /** The simulated time since this clock was made. */
    public Duration elapsed() {
        return Duration.ofNanos(nanos.get());
    }

    /** Moves the clock forward, as time passing between calls would. */
    public void advance(Duration duration) {
        nanos.addAndGet(duration.toNanos());
    }

    /** Every wait asked of this sleeper, in order, the zero ones included. */
    public List<Duration> sleeps() {
        return List.copyOf(sleeps);
    }

    /** The waits longer than zero. */
    public List<Duration> waits() {
        return sleeps.stream()
                .filter(d -> d != null && !d.isZero() && !d.isNegative())
                .toList();
    }

    /** Failsafe's smooth limiter of {@code perMinute} a minute, on this clock. */
    public RateLimiter<Object> smoothLimiter(int perMinute) {
        return SimulatedRateLimiters.smooth(perMinute, nanos::get);
    }
}
