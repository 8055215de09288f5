package dev.llmassert.junit.internal.config;

import org.apiguardian.api.API;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.jupiter.api.extension.ExtensionContext.Namespace;
import org.junit.jupiter.api.extension.ExtensionContext.Store;

import java.util.function.Supplier;

import static org.apiguardian.api.API.Status.INTERNAL;

/**
 * The one namespace of the extension's state, and store access that compiles against JUnit 5.12 and 6.x alike.
 *
 * <p>The extension has no mutable fields: all its state is in these stores, each value in the store whose lifetime
 * matches it, and closed with it.
 * <ul>
 *   <li>Root: the judges built from the configuration whose calls are not recorded (the local judge among them),
 *       one per {@code JudgeSettings}; the run's {@code RecordingStore}, saved when the run ends.</li>
 *   <li>Top-level class: which recordings files its tests used and which test methods ran, for the
 *       unused-recordings report ({@code @Nested} classes record into their top-level class's file).</li>
 *   <li>Class: its resolved configuration (judge, default minimum and recordings, from one walk over its
 *       annotations); the recording session of judges used at class level ({@code @BeforeAll}, constructors).</li>
 *   <li>Method: its resolved configuration; the test's recording session and the judges on it, closed after the
 *       test.</li>
 *   <li>The class or method a judge or chat model was supplied for ({@code LlmAssertExtension.use...}): that
 *       judge, or the judges built on that model.</li>
 * </ul>
 */
@API(status = INTERNAL, since = "0.1")
public final class ExtensionState {

    /**
     * Every value the extension keeps lives in a store under this namespace: this class's, which only the extension
     * uses, so that the state knows nothing of the extension that keeps it.
     */
    public static final Namespace NAMESPACE = Namespace.create(ExtensionState.class);

    private ExtensionState() {}

    public static Store store(ExtensionContext context) {
        return context.getStore(NAMESPACE);
    }

    /**
     * The value under {@code key}, computed once per store even when tests run in parallel.
     *
     * <p>{@code getOrComputeIfAbsent} is deprecated in JUnit 6 in favour of {@code computeIfAbsent}, which
     * 5.12 does not have; the deprecated method works on both, so it is used here and only here.
     */
    @SuppressWarnings("deprecation")
    public static <V> V getOrCompute(Store store, Object key, Supplier<V> creator, Class<V> type) {
        return store.getOrComputeIfAbsent(key, k -> creator.get(), type);
    }
}
