package dev.llmassert.junit;

import dev.llmassert.core.agent.Trajectory;
import dev.llmassert.junit.internal.config.ExtensionState;
import org.junit.jupiter.api.extension.ExtensionContext;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * The trajectory recorders injected into a test, kept in the store of the context they were resolved for (the test
 * method's, for a test's parameter), so that each test sees only its own and the run report can show them.
 */
final class AgentTrajectories {

    private AgentTrajectories() {}

    /** A new recorder, remembered in {@code context}'s store. */
    static TrajectoryRecorder newRecorder(ExtensionContext context) {
        TrajectoryRecorder recorder = new TrajectoryRecorder();
        recorders(context).list.add(recorder);
        return recorder;
    }

    /** The trajectories recorded by the recorders injected for {@code context}, in the recorders' order. */
    static List<Trajectory> recorded(ExtensionContext context) {
        return recorders(context).list.stream()
                .flatMap(r -> r.trajectories().stream())
                .toList();
    }

    /**
     * Publishes each trajectory the test's recorders hold as a JUnit report entry: {@code llmassert.trajectory} (the
     * request, the numbered calls with arguments and results, the answer) and {@code llmassert.toolCalls}.
     */
    static void publish(ExtensionContext context) {
        for (Trajectory trajectory : recorded(context)) {
            List<String> lines = new ArrayList<>();
            if (!trajectory.request().isBlank()) {
                lines.add("request: \"" + trajectory.request() + "\"");
            }
            lines.addAll(trajectory.lines());
            context.publishReportEntry(Map.of(
                    "llmassert.trajectory",
                    String.join("\n", lines),
                    "llmassert.toolCalls",
                    String.valueOf(trajectory.toolCalls().size())));
        }
    }

    private static Recorders recorders(ExtensionContext context) {
        return ExtensionState.getOrCompute(
                ExtensionState.store(context), Recorders.class, Recorders::new, Recorders.class);
    }

    /** The recorders of one context. */
    private static final class Recorders {
        private final List<TrajectoryRecorder> list = new CopyOnWriteArrayList<>();
    }
}
