package dev.llmassert.junit.internal;

import org.apiguardian.api.API;

import java.util.Optional;

import static org.apiguardian.api.API.Status.INTERNAL;

/**
 * The test method running on this thread, for the static {@code LlmAssertions.assertThat(...)}.
 *
 * <p>Why a thread-local: AssertJ-style entry points are static, so they cannot be handed JUnit's
 * {@code ExtensionContext}, and JUnit offers no other way to reach it. JUnit runs each test method on one thread,
 * also in parallel mode, so the extension's invocation interceptor binds the test to that thread for exactly as
 * long as the method runs and restores the previous binding afterwards (a test may run a nested engine). Nothing
 * outlives the method and nothing is shared between tests: the state itself stays in the method's
 * {@code ExtensionContext.Store}.
 */
@API(status = INTERNAL, since = "0.1")
public final class CurrentTest {

    private static final ThreadLocal<TestScope> CURRENT = new ThreadLocal<>();

    private CurrentTest() {}

    /** The scope of the test method running on this thread, if it runs under the extension. */
    public static Optional<TestScope> scope() {
        return Optional.ofNullable(CURRENT.get());
    }

    /** Binds {@code scope} to this thread until the returned binding is closed. */
    public static Binding bind(TestScope scope) {
        TestScope previous = CURRENT.get();
        CURRENT.set(scope);
        return () -> {
            if (previous == null) {
                CURRENT.remove();
            } else {
                CURRENT.set(previous);
            }
        };
    }

    /** Undoes a {@link #bind(TestScope)}. */
    @API(status = INTERNAL, since = "0.1")
    public interface Binding extends AutoCloseable {
        @Override
        void close();
    }
}
