package dev.failsafe.internal;

import dev.failsafe.RateLimiter;
import dev.failsafe.RateLimiterConfig;

import java.time.Duration;
import java.util.function.LongSupplier;

/**
 * Failsafe's smooth rate limiter on a simulated clock, for tests.
 *
 * <p>Failsafe's limiter reads {@code System.nanoTime()} through a package-private stopwatch and takes no clock from
 * outside, so tests of rate limits would have to sleep for real. This fixture lives in Failsafe's own package (test
 * code only, never shipped) to build the same limiter, with the same configuration, on a stopwatch that reads a
 * simulated clock. Written against Failsafe 3.3.2; a change there breaks the test build, loudly.
 */
public final class SimulatedRateLimiters {

    private SimulatedRateLimiters() {}

    /** {@code RateLimiter.smoothBuilder(perMinute, 1 minute)}, timed by {@code nanos}. */
    public static RateLimiter<Object> smooth(int perMinute, LongSupplier nanos) {
        RateLimiterConfig<Object> config = RateLimiter.smoothBuilder(perMinute, Duration.ofMinutes(1))
                .build()
                .getConfig();
        return new RateLimiterImpl<>(config, new SimulatedStopwatch(nanos));
    }

    private static final class SimulatedStopwatch extends RateLimiterStats.Stopwatch {

        private final LongSupplier nanos;
        private long start;

        SimulatedStopwatch(LongSupplier nanos) {
            this.nanos = nanos;
            this.start = nanos.getAsLong();
        }

        @Override
        long elapsedNanos() {
            return nanos.getAsLong() - start;
        }

        @Override
        void reset() {
            start = nanos.getAsLong();
        }
    }
}
