package dev.llmassert.junit.internal;

import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * A criteria judge the extension built, held in the root store so it is closed with it, once, at the end of the run.
 * Both interfaces for the reason given on {@link ClosingJudge}.
 *
 * @param <T> the judge
 */
@SuppressWarnings("deprecation")
final class ClosingResource<T extends AutoCloseable> implements ExtensionContext.Store.CloseableResource,
        AutoCloseable {

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
