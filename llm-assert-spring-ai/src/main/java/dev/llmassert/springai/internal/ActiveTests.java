package dev.llmassert.springai.internal;

import org.apiguardian.api.API;

import java.util.ArrayList;
import java.util.List;

import static org.apiguardian.api.API.Status.INTERNAL;

/**
 * The test instances whose test methods run now on one application context, kept by {@link ActiveTestsListener}: a
 * model call made on a thread of the application's own (a {@code ChatClient}'s stream runs on a scheduler's threads)
 * finds its test through them.
 */
@API(status = INTERNAL, since = "0.1")
public final class ActiveTests {

    private final List<Object> instances = new ArrayList<>();

    /** A test method starts on {@code instance}. */
    public synchronized void started(Object instance) {
        instances.add(instance);
    }

    /** A test method on {@code instance} ended. */
    public synchronized void finished(Object instance) {
        for (int i = instances.size() - 1; i >= 0; i--) {
            if (instances.get(i) == instance) {
                instances.remove(i);
                return;
            }
        }
    }

    /** The instances running now, each once. */
    public synchronized List<Object> instances() {
        List<Object> distinct = new ArrayList<>();
        for (Object instance : instances) {
            if (distinct.stream().noneMatch(known -> known == instance)) {
                distinct.add(instance);
            }
        }
        return distinct;
    }
}
