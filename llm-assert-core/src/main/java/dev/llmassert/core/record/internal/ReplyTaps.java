package dev.llmassert.core.record.internal;

import org.apiguardian.api.API;

import java.util.Optional;

import static org.apiguardian.api.API.Status.INTERNAL;

/**
 * The {@link ReplyTap} of the test running on this thread. A thread-local for the same reason as the JUnit module's
 * current test: the application calls its model through a plain {@code ChatModel}, which cannot be handed the test.
 * The extension binds it for exactly as long as a test method runs, and an evaluation carries it to the threads that
 * call the system under test ({@link #propagating(Runnable)}); nothing outlives the test.
 */
@API(status = INTERNAL, since = "0.1")
public final class ReplyTaps {

    private static final ThreadLocal<ReplyTap> CURRENT = new ThreadLocal<>();

    private ReplyTaps() {}

    /** The tap bound to this thread, if any. */
    public static Optional<ReplyTap> current() {
        return Optional.ofNullable(CURRENT.get());
    }

    /** Binds {@code tap} to this thread until the returned binding is closed; the previous one is then restored. */
    public static Binding bind(ReplyTap tap) {
        ReplyTap previous = CURRENT.get();
        CURRENT.set(tap);
        return () -> {
            if (previous == null) {
                CURRENT.remove();
            } else {
                CURRENT.set(previous);
            }
        };
    }

    /** {@code task}, run with the tap of the thread that calls this method (none when it has none). */
    public static Runnable propagating(Runnable task) {
        ReplyTap tap = CURRENT.get();
        if (tap == null) {
            return task;
        }
        return () -> {
            try (Binding binding = bind(tap)) {
                task.run();
            }
        };
    }

    /** Undoes a {@link #bind(ReplyTap)}. */
    @API(status = INTERNAL, since = "0.1")
    public interface Binding extends AutoCloseable {
        @Override
        void close();
    }
}
