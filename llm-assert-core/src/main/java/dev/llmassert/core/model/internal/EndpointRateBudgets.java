package dev.llmassert.core.model.internal;

import dev.failsafe.RateLimiter;
import org.apiguardian.api.API;

import java.time.Duration;
import java.util.Locale;
import java.util.Objects;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentMap;
import java.util.function.IntFunction;

import static org.apiguardian.api.API.Status.INTERNAL;

/**
 * The rate budgets of the judge endpoints, one per endpoint (base URL) and model, for the whole JVM.
 *
 * <p>This is the one piece of static mutable state in the library, on purpose: a provider's limits apply to all the
 * calls a JVM makes with one key, whichever test class, judge or evaluation makes them, and judges are built per
 * settings, per test class and per recorded test, so no object short of the JVM sees them all. It is kept to this one
 * small map; everything else is per judge or per test.
 *
 * <p>Each budget is spent through Failsafe's smooth {@link RateLimiter}s: calls are spread evenly over the minute (120
 * a minute lets one through every 0.5 s, never a burst of 120), which also keeps under providers that enforce a
 * minute's limit over shorter windows. A call reserves its permits and then waits (through a {@link Sleeper}, so
 * tests can simulate time) until the reservation is due; Failsafe keeps the schedule, under its own lock.
 *
 * <p>If judges ask for different limits for the same endpoint and model, the lowest limit of each kind applies from
 * then on, to all of them.
 */
@API(status = INTERNAL, since = "0.1")
public final class EndpointRateBudgets {

    private static final ConcurrentMap<Endpoint, Budget> BUDGETS = new ConcurrentHashMap<>();

    private EndpointRateBudgets() {}

    /**
     * The budget of {@code baseUrl} and {@code model} for the JVM, with at most the given limits.
     *
     * @param requestsPerMinute the most calls a minute, or {@code null} for no limit
     * @param tokensPerMinute   the most tokens a minute, or {@code null} for no limit
     */
    public static Budget budget(String baseUrl, String model, Integer requestsPerMinute, Integer tokensPerMinute) {
        Endpoint endpoint = new Endpoint(normalise(baseUrl), model == null ? "" : model.strip());
        return BUDGETS.compute(
                endpoint,
                (key, current) -> current == null
                        ? Budget.of(requestsPerMinute, tokensPerMinute, EndpointRateBudgets::smooth)
                        : current.atMost(requestsPerMinute, tokensPerMinute));
    }

    /** Failsafe's smooth limiter of {@code perMinute} permits a minute, evenly spaced. */
    static RateLimiter<Object> smooth(int perMinute) {
        return RateLimiter.smoothBuilder(perMinute, Duration.ofMinutes(1)).build();
    }

    private static String normalise(String baseUrl) {
        String url = baseUrl == null ? "" : baseUrl.strip();
        while (url.endsWith("/")) {
            url = url.substring(0, url.length() - 1);
        }
        return url.toLowerCase(Locale.ROOT);
    }

    private record Endpoint(String baseUrl, String model) {}

    /**
     * What one endpoint and model may still take: a smooth limiter of calls and one of tokens, either absent when
     * unlimited. Thread-safe.
     */
    @API(status = INTERNAL, since = "0.1")
    public static final class Budget {

        private final Integer requestsPerMinute;
        private final Integer tokensPerMinute;
        private final IntFunction<RateLimiter<Object>> limiters;
        private final RateLimiter<Object> requests;
        private final RateLimiter<Object> tokens;

        private Budget(Integer requestsPerMinute, Integer tokensPerMinute, IntFunction<RateLimiter<Object>> limiters) {
            this.requestsPerMinute = requestsPerMinute;
            this.tokensPerMinute = tokensPerMinute;
            this.limiters = limiters;
            this.requests = requestsPerMinute == null ? null : limiters.apply(requestsPerMinute);
            this.tokens = tokensPerMinute == null ? null : limiters.apply(tokensPerMinute);
        }

        /**
         * A budget of its own, outside the JVM-wide registry: for tests, which give it limiters on a simulated clock.
         *
         * @param limiters makes the smooth limiter of n permits a minute
         */
        public static Budget of(
                Integer requestsPerMinute, Integer tokensPerMinute, IntFunction<RateLimiter<Object>> limiters) {
            return new Budget(requestsPerMinute, tokensPerMinute, Objects.requireNonNull(limiters, "limiters"));
        }

        /** This budget if it is already as strict, else a new one with the lower limit of each kind. */
        Budget atMost(Integer requestsPerMinute, Integer tokensPerMinute) {
            Integer lowerRequests = lower(this.requestsPerMinute, requestsPerMinute);
            Integer lowerTokens = lower(this.tokensPerMinute, tokensPerMinute);
            return Objects.equals(lowerRequests, this.requestsPerMinute)
                            && Objects.equals(lowerTokens, this.tokensPerMinute)
                    ? this
                    : new Budget(lowerRequests, lowerTokens, limiters);
        }

        public Integer requestsPerMinute() {
            return requestsPerMinute;
        }

        public Integer tokensPerMinute() {
            return tokensPerMinute;
        }

        public boolean isUnlimited() {
            return requests == null && tokens == null;
        }

        /**
         * Reserves one call of about {@code estimatedTokens} tokens and returns how long to wait before making it.
         * A call waits for the calls and tokens reserved before it; its own tokens delay the calls after it (as a
         * token bucket charges a request), so a first call never waits for its own size.
         */
        public Duration reserve(int estimatedTokens) {
            Duration wait = Duration.ZERO;
            if (requests != null) {
                wait = requests.reservePermit();
            }
            if (tokens != null && estimatedTokens > 0) {
                Duration forAll = tokens.reservePermits(estimatedTokens);
                // Failsafe's reservation is due when the last of its permits is; this call goes with the first.
                Duration own = interval(tokensPerMinute).multipliedBy(estimatedTokens - 1L);
                Duration forEarlier = forAll.minus(own);
                if (forEarlier.compareTo(wait) > 0) {
                    wait = forEarlier;
                }
            }
            return wait.isNegative() ? Duration.ZERO : wait;
        }

        /**
         * Charges tokens a call used beyond its estimate, once the endpoint reported them: the calls after it wait
         * for them. Nothing waits here.
         */
        public void charge(int extraTokens) {
            if (tokens != null && extraTokens > 0) {
                tokens.reservePermits(extraTokens);
            }
        }

        private static Duration interval(int perMinute) {
            return Duration.ofNanos(Duration.ofMinutes(1).toNanos() / perMinute);
        }

        private static Integer lower(Integer a, Integer b) {
            if (a == null) {
                return b;
            }
            return b == null ? a : Math.min(a, b);
        }

        @Override
        public String toString() {
            return "Budget[requestsPerMinute=" + (requestsPerMinute == null ? "unlimited" : requestsPerMinute)
                    + ", tokensPerMinute=" + (tokensPerMinute == null ? "unlimited" : tokensPerMinute) + "]";
        }
    }
}
