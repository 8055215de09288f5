package dev.llmassert.junit.internal;

import org.apiguardian.api.API;
import org.assertj.core.api.AssertionErrorCollector;

import static org.apiguardian.api.API.Status.INTERNAL;

/**
 * Where a failed check goes: thrown at once for a plain assertion, collected for a soft one.
 *
 * <p>Soft proxies only catch failures thrown by the proxied assert itself; the asserts a soft
 * {@code isGroundedIn(...)} returns are not proxies, so they hand their failures to the soft assertions here.
 */
@FunctionalInterface
@API(status = INTERNAL, since = "0.1")
public interface FailureSink {

    FailureSink THROWING = error -> {
        throw error;
    };

    void fail(AssertionError error);

    static FailureSink collectingIn(AssertionErrorCollector collector) {
        return collector::collectAssertionError;
    }
}
