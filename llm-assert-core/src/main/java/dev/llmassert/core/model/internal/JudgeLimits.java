package dev.llmassert.core.model.internal;

import dev.llmassert.core.ConfigKeys;
import org.apiguardian.api.API;

import java.time.Duration;

import static org.apiguardian.api.API.Status.INTERNAL;

/**
 * The bounds of the settings every LLM judge builder takes, checked in one place so that a builder and the
 * configuration keys cannot disagree about what is allowed.
 */
@API(status = INTERNAL, since = "0.1")
public final class JudgeLimits {

    public static final int MAX_CONCURRENCY = 256;
    public static final int MAX_RETRIES = 20;

    private JudgeLimits() {
    }

    /** {@code concurrency}, if it is from 1 to {@value #MAX_CONCURRENCY}. */
    public static int concurrency(int concurrency) {
        if (concurrency < 1 || concurrency > MAX_CONCURRENCY) {
            throw new IllegalArgumentException("concurrency must be between 1 and " + MAX_CONCURRENCY + ", but is: "
                    + concurrency + " (" + ConfigKeys.JUDGE_CONCURRENCY + ")");
        }
        return concurrency;
    }

    /** {@code maxRetries}, if it is from 0 to {@value #MAX_RETRIES}. */
    public static int maxRetries(int maxRetries) {
        if (maxRetries < 0 || maxRetries > MAX_RETRIES) {
            throw new IllegalArgumentException("maxRetries must be between 0 and " + MAX_RETRIES + ", but is: "
                    + maxRetries + " (" + ConfigKeys.JUDGE_MAX_RETRIES + ")");
        }
        return maxRetries;
    }

    /** {@code retryBackoff}, if it is not negative; {@code null} means "not set". */
    public static Duration retryBackoff(Duration retryBackoff) {
        if (retryBackoff != null && retryBackoff.isNegative()) {
            throw new IllegalArgumentException("retryBackoff must not be negative, but is: " + retryBackoff);
        }
        return retryBackoff;
    }
}
