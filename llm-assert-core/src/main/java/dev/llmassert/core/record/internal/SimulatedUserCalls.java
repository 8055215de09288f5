package dev.llmassert.core.record.internal;

import org.apiguardian.api.API;

import java.util.function.Supplier;

import static org.apiguardian.api.API.Status.INTERNAL;

/**
 * Marks the model calls of a simulated user, whatever wrapper its model has ({@code Recordings.wrap} and
 * {@code evaluator.recorded} wrap it as the application's): its replies are the user's messages, so a mutation check
 * never changes them, and a miss names the simulated user's model. A thread-local, as {@link ReplyTaps}: the
 * simulator calls its model on its own thread, through a plain {@code ChatModel}.
 */
@API(status = INTERNAL, since = "0.1")
public final class SimulatedUserCalls {

    private static final ThreadLocal<Boolean> ACTIVE = new ThreadLocal<>();

    private SimulatedUserCalls() {}

    /** {@code call}, made as the simulated user's. */
    public static <T> T call(Supplier<T> call) {
        Boolean previous = ACTIVE.get();
        ACTIVE.set(Boolean.TRUE);
        try {
            return call.get();
        } finally {
            if (previous == null) {
                ACTIVE.remove();
            } else {
                ACTIVE.set(previous);
            }
        }
    }

    /** Whether the call on this thread is a simulated user's. */
    public static boolean active() {
        return Boolean.TRUE.equals(ACTIVE.get());
    }
}
