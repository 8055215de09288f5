package dev.llmassert.junit.internal;

import dev.llmassert.junit.LlmAssertExtension;
import org.apiguardian.api.API;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.jupiter.api.extension.ExtensionContext.Namespace;
import org.junit.jupiter.api.extension.ExtensionContext.Store;

import java.util.function.Supplier;

import static org.apiguardian.api.API.Status.INTERNAL;

/** The one namespace of the extension's state, and store access that compiles against JUnit 5.12 and 6.x alike. */
@API(status = INTERNAL, since = "0.1")
public final class ExtensionState {

    /** Every value the extension keeps lives in a store under this namespace. */
    public static final Namespace NAMESPACE = Namespace.create(LlmAssertExtension.class);

    private ExtensionState() {
    }

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
