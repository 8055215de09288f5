package dev.llmassert.junit.internal;

import org.apiguardian.api.API;

import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;

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
 *
 * <p>An application may call its model on a thread of its own (a reactive stream's scheduler, a web server's
 * request thread), where no test is bound. For such calls the binding is also kept under the test's instance, for as
 * long as the method runs: a framework that knows which test instance runs (Spring's test context) finds the test
 * there ({@link #runningFor(Object)}).
 */
@API(status = INTERNAL, since = "0.1")
public final class CurrentTest {

    private static final ThreadLocal<TestScope> CURRENT = new ThreadLocal<>();
    /** The scopes running now, by the identity of their test instance: an entry lives as long as its binding. */
    private static final Map<Instance, List<TestScope>> RUNNING = new ConcurrentHashMap<>();

    private CurrentTest() {}

    /** The scope of the test method running on this thread, if it runs under the extension. */
    public static Optional<TestScope> scope() {
        return Optional.ofNullable(CURRENT.get());
    }

    /**
     * The scope of the test method that runs on {@code testInstance} now, on whatever thread; empty when none does,
     * or when several do at once (one instance of a {@code PER_CLASS} test class running methods in parallel), as the
     * call could belong to either.
     */
    public static Optional<TestScope> runningFor(Object testInstance) {
        List<TestScope> scopes = testInstance == null ? null : RUNNING.get(new Instance(testInstance));
        return scopes == null || scopes.size() != 1 ? Optional.empty() : Optional.of(scopes.get(0));
    }

    /** Binds {@code scope} to this thread until the returned binding is closed. */
    public static Binding bind(TestScope scope) {
        TestScope previous = CURRENT.get();
        CURRENT.set(scope);
        Instance instance = scope.testInstance().map(Instance::new).orElse(null);
        if (instance != null) {
            RUNNING.computeIfAbsent(instance, i -> new CopyOnWriteArrayList<>()).add(scope);
        }
        return () -> {
            if (instance != null) {
                RUNNING.computeIfPresent(instance, (i, scopes) -> {
                    scopes.remove(scope);
                    return scopes.isEmpty() ? null : scopes;
                });
            }
            if (previous == null) {
                CURRENT.remove();
            } else {
                CURRENT.set(previous);
            }
        };
    }

    /** A test instance compared by identity: a test class may override {@code equals}. */
    private record Instance(Object instance) {
        @Override
        public boolean equals(Object other) {
            return other instanceof Instance that && that.instance == instance;
        }

        @Override
        public int hashCode() {
            return System.identityHashCode(instance);
        }
    }

    /** Undoes a {@link #bind(TestScope)}. */
    @API(status = INTERNAL, since = "0.1")
    public interface Binding extends AutoCloseable {
        @Override
        void close();
    }
}
