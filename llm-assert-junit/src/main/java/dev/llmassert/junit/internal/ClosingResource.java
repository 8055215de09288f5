package dev.llmassert.junit.internal;

import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * A judge the extension built, held in a store so that it is closed with it, once.
 *
 * <p>Both interfaces are implemented on purpose: JUnit 5.12 closes only {@code CloseableResource} values, and
 * 5.13+ and 6.x close {@code AutoCloseable} values (and, when a value is both, close it once as an
 * {@code AutoCloseable}). {@code CloseableResource} is deprecated since 5.13 but still present in 6.x.
 *
 * @param <T> the judge
 */
// "try": close() passes on what the judge's own close() throws, InterruptedException included, as JUnit expects
@SuppressWarnings({"deprecation", "try"})
final class ClosingResource<T extends AutoCloseable>
        implements ExtensionContext.Store.CloseableResource, AutoCloseable {

    private final T resource;

    ClosingResource(T resource) {
        this.resource = resource;
    }

    T resource() {
        return resource;
    }

    @Override
    public void close() throws Exception {
        resource.close();
    }
}
