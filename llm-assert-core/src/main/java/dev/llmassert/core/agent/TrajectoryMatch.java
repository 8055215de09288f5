package dev.llmassert.core.agent;

import dev.llmassert.core.agent.internal.JsonValues;
import org.apiguardian.api.API;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

/**
 * How a trajectory's tool calls compare with the expected ones, as DeepEval's tool correctness and promptfoo's
 * {@code tool-call-f1} and {@code tool-sequence} measure them.
 *
 * <ul>
 *   <li>Precision: the share of the calls made that were expected; recall: the share of the expected calls that
 *       were made. Calls are counted by tool name, with repeats: two expected {@code lookupOrder} calls need two
 *       calls. With no call made, precision is 1 when none was expected, else 0; with none expected, recall is 1.</li>
 *   <li>F1: their harmonic mean (0 when both are 0).</li>
 *   <li>Exact sequence: 1 when the names of the calls made are the expected names, in order, and nothing else.</li>
 *   <li>Argument correctness: the share of the expected calls that give arguments for which a call of that tool
 *       was made with at least those arguments; 1 when no expected call gives arguments.</li>
 * </ul>
 *
 * @param precision           from 0 to 1
 * @param recall              from 0 to 1
 * @param f1                  from 0 to 1
 * @param exactSequence       whether the calls were exactly the expected ones, in order
 * @param argumentCorrectness from 0 to 1
 */
@API(status = EXPERIMENTAL, since = "0.1")
public record TrajectoryMatch(
        double precision, double recall, double f1, boolean exactSequence, double argumentCorrectness) {

    /**
     * Compares {@code trajectory} with {@code expected}.
     *
     * @param expected the calls expected, in order; may be empty
     * @param trajectory what the agent did
     * @return the figures of the comparison
     */
    public static TrajectoryMatch of(List<ExpectedCall> expected, Trajectory trajectory) {
        List<String> made = new ArrayList<>(trajectory.toolNames());
        int matched = 0;
        for (ExpectedCall call : expected) {
            if (made.remove(call.name())) {
                matched++;
            }
        }
        int calls = trajectory.toolCalls().size();
        double precision = calls == 0 ? (expected.isEmpty() ? 1.0 : 0.0) : (double) matched / calls;
        double recall = expected.isEmpty() ? 1.0 : (double) matched / expected.size();
        double f1 = precision + recall == 0 ? 0.0 : 2 * precision * recall / (precision + recall);
        boolean exact = trajectory
                .toolNames()
                .equals(expected.stream().map(ExpectedCall::name).toList());
        int withArguments = 0;
        int right = 0;
        for (ExpectedCall call : expected) {
            if (call.arguments() != null) {
                withArguments++;
                if (trajectory.callsOf(call.name()).stream()
                        .anyMatch(done -> JsonValues.contains(done.arguments(), call.arguments()))) {
                    right++;
                }
            }
        }
        return new TrajectoryMatch(
                precision, recall, f1, exact, withArguments == 0 ? 1.0 : (double) right / withArguments);
    }

    /**
     * The figures by name, for an annotation's details.
     *
     * @return the five figures, keyed by their component's name, in the record's order
     */
    public Map<String, Object> figures() {
        Map<String, Object> figures = new LinkedHashMap<>();
        figures.put("precision", precision);
        figures.put("recall", recall);
        figures.put("f1", f1);
        figures.put("exactSequence", exactSequence);
        figures.put("argumentCorrectness", argumentCorrectness);
        return figures;
    }
}
