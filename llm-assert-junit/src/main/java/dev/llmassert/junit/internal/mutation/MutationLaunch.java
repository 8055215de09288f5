package dev.llmassert.junit.internal.mutation;

import dev.llmassert.core.record.internal.ReplyTap;
import dev.llmassert.junit.internal.config.ExtensionState;
import org.apiguardian.api.API;
import org.junit.jupiter.api.extension.ExtensionContext;

import java.util.Optional;

import static org.apiguardian.api.API.Status.INTERNAL;

/**
 * What the mutation check asks of one launch of the JUnit Platform, through its configuration parameters: the
 * baseline run notes which recorded answers each test read ({@value #DISCOVER}), and a mutant's run changes one of
 * them ({@value #MUTANT}). The parameters belong to the launch, so that launches run in parallel in one JVM stay
 * apart; they are named outside {@code llmassert.}, as no user sets them.
 */
@API(status = INTERNAL, since = "0.1")
public final class MutationLaunch {

    /** {@value}: {@code true} in the mutation check's baseline run. */
    public static final String DISCOVER = "llm-assert.mutation.discover";

    /** {@value}: the change a mutant's run makes, as {@link MutantSpec} JSON. */
    public static final String MUTANT = "llm-assert.mutation.mutant";

    /** In each entry of a test: the unique id of the test the mutation check runs for it. */
    public static final String TEST_ENTRY = "llm-assert.mutation.test";

    /** The report entry of a baseline test: the answers and tool results it read, as JSON. */
    public static final String SERVED_ENTRY = "llm-assert.mutation.served";

    /** The report entry of a mutant's test: whether the change was made ({@code true}) or the answer never came. */
    public static final String APPLIED_ENTRY = "llm-assert.mutation.applied";

    /**
     * The report entry of a mutant's test: its model calls that found no recording, as JSON, each with whose model
     * it was and whether its request held the changed answer. An evaluation keeps such a failure as an item's error
     * rather than throwing it, so the test's outcome alone cannot tell.
     */
    public static final String MISSED_ENTRY = "llm-assert.mutation.missed";

    /**
     * The report entry of a mutant's test: how many later calls of the application's model or of a simulated user's
     * held the changed answer and were served the reply recorded for them without it.
     */
    public static final String FOLLOWED_ENTRY = "llm-assert.mutation.followed";

    private MutationLaunch() {}

    /** Whether the run of {@code context} is a launch of the mutation check. */
    public static boolean isMutationLaunch(ExtensionContext context) {
        return context.getConfigurationParameter(DISCOVER).isPresent()
                || context.getConfigurationParameter(MUTANT).isPresent();
    }

    /**
     * Before a test method of a mutation launch: its tap, kept in the method's store. Nothing outside the mutation
     * check's own launches.
     */
    public static void testStarting(ExtensionContext context) {
        Optional<String> mutant = context.getConfigurationParameter(MUTANT);
        if (mutant.isPresent()) {
            ExtensionState.store(context)
                    .put(MutationTap.class, MutationTap.applying(MutantSpec.fromJson(mutant.get())));
        } else if (context.getConfigurationParameter(DISCOVER)
                .map(Boolean::parseBoolean)
                .orElse(false)) {
            ExtensionState.store(context).put(MutationTap.class, MutationTap.discovering());
        }
    }

    /** The tap of the test of {@code context} (a dynamic test finds its factory's), if this is a mutation launch. */
    public static Optional<ReplyTap> tap(ExtensionContext context) {
        return Optional.ofNullable(ExtensionState.store(context).get(MutationTap.class, MutationTap.class));
    }

    /**
     * After a test method: what its tap saw, as a report entry the mutation check's listener reads.
     *
     * @param judgeMisses the calls of the test's judges that found no recording
     * @param testId      the test the mutation check runs for it: the test itself, or the repeated test a run is part
     *                    of
     */
    public static void testFinished(ExtensionContext context, int judgeMisses, String testId) {
        MutationTap tap = ExtensionState.store(context).remove(MutationTap.class, MutationTap.class);
        if (tap != null) {
            tap.publish(context, testId, judgeMisses);
        }
    }

    /** Whether {@code context} runs in a mutant's launch, whose calls replay whatever the recordings mode. */
    public static boolean isMutantLaunch(ExtensionContext context) {
        return context.getConfigurationParameter(MUTANT).isPresent();
    }
}
