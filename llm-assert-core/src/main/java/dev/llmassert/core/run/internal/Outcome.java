package dev.llmassert.core.run.internal;

import org.apiguardian.api.API;

import static org.apiguardian.api.API.Status.INTERNAL;

/**
 * What one item's work gave: its value, or what it threw. An item that failed is kept with its error, never dropped.
 *
 * @param value what the work gave, or {@code null} when it failed
 * @param error what it threw, or {@code null}
 */
@API(status = INTERNAL, since = "0.1")
public record Outcome<T>(T value, Throwable error) {

    public static <T> Outcome<T> of(T value) {
        return new Outcome<>(value, null);
    }

    public static <T> Outcome<T> failed(Throwable error) {
        return new Outcome<>(null, error);
    }

    public boolean failed() {
        return error != null;
    }
}
