package dev.llmassert.examples;

import dev.langchain4j.model.chat.ChatModel;
import dev.langchain4j.service.Result;
import dev.llmassert.core.agent.Trajectory;
import dev.llmassert.core.dataset.Dataset;
import dev.llmassert.core.eval.Annotator;
import dev.llmassert.core.eval.Annotators;
import dev.llmassert.core.eval.EvaluationResults;
import dev.llmassert.core.eval.PromptResponseTest;
import dev.llmassert.core.eval.SystemUnderTest;
import dev.llmassert.core.eval.TestItem;
import dev.llmassert.junit.Evaluator;
import dev.llmassert.junit.LlmJudge;
import dev.llmassert.junit.Trajectories;
import dev.llmassert.junit.TrajectoryRecorder;
import org.junit.jupiter.api.Test;

import java.nio.file.Path;
import java.util.List;

import static dev.llmassert.junit.LlmAssertions.assertThat;
import static dev.llmassert.junit.LlmAssertions.assertThatThrownBy;
import static dev.llmassert.junit.LlmAssertions.within;

/**
 * The Nimbus support assistant as an agent ({@link NimbusAgent}, with the warranty and booking tools of
 * {@link NimbusTools}): what it called, with which arguments, and whether its answer says what the tools returned.
 *
 * <p>The agent's model replies replay from this class's recordings
 * ({@code src/test/resources/llm-recordings/dev.llmassert.examples.NimbusAgentTest.json}, through
 * {@link Evaluator#recorded}); the tools run for real. The replies were written by hand ({@link NimbusAgentScript};
 * each entry says {@code "model": "hand-written-example"}) and recorded with {@link RecordNimbusAgent}.
 */
@LlmJudge
class NimbusAgentTest {

    static final String WARRANTY_THEN_VISIT =
            "Is my router NR2-0042 still under warranty? If it is, please book a" + " technician for 2026-12-03.";
    static final String STILL_UNDER_WARRANTY = "Is my router NR2-0107 still under warranty?";
    static final String VISIT_WITHOUT_LOOKUP = "Please book a technician for my router NR2-0042 on 2026-12-05.";
    static final Path TASKS = Path.of("src/test/resources/eval/agent-tasks.jsonl");

    /** The failure of {@link #aBookingWithoutAWarrantyLookupFails}, quoted in the README (with %n for a line end). */
    static final String BOOKING_WITHOUT_LOOKUP = "%n"
            + "Expecting the agent's trajectory for \"Please book a technician for my router NR2-0042 on "
            + "2026-12-05.\"%n"
            + "to call [lookupWarranty, bookTechnician] in this order (other calls may come between), but"
            + " \"lookupWarranty\" was never called.%n"
            + "  #   expected           actual%n"
            + "  1   lookupWarranty   ✗ bookTechnician {\"serial\":\"NR2-0042\",\"date\":\"2026-12-05\"} ->"
            + " \"A technician visit for NR2-0042 is booked on 5 December 2026 between 8 am and noon. "
            + "The visit number is V-0042-1205. The repair is covered by the warranty.\"%n"
            + "  2   bookTechnician   ✗ (none)%n"
            + "Final answer: \"A technician visit is booked on 5 December 2026 between 8 am and noon; the "
            + "visit number is V-0042-1205.\"";

    @Test
    void looksTheWarrantyUpThenBooksTheVisit(Evaluator evaluator) {
        NimbusTools tools = NimbusTools.demo();
        NimbusAgent agent = NimbusAgent.create(model(evaluator), tools, List.of());

        // tag::agent[]
        Result<String> result = agent.chat(WARRANTY_THEN_VISIT);

        assertThat(result)
                .calledToolsInOrder("lookupWarranty", "bookTechnician")
                .neverCalled("cancelVisit")
                .hasAtMostToolCalls(3)
                .calledTool("bookTechnician")
                .withArgument("serial", "NR2-0042")
                .withArgument("date", "2026-12-03")
                .times(1)
                .finalAnswer()
                .contains("V-0042-1203")
                .isGroundedInToolResults()
                .withMinScore(0.7);
        // end::agent[]
        assertThat(tools.visits()).containsExactly("V-0042-1203");
    }

    @Test
    void aBookingWithoutAWarrantyLookupFails(Evaluator evaluator) {
        Result<String> result = NimbusAgent.create(model(evaluator), NimbusTools.demo(), List.of())
                .chat(VISIT_WITHOUT_LOOKUP);
        Trajectory trajectory = Trajectories.of(result, VISIT_WITHOUT_LOOKUP);

        assertThatThrownBy(() -> assertThat(trajectory).calledToolsInOrder("lookupWarranty", "bookTechnician"))
                .hasMessage(String.format(BOOKING_WITHOUT_LOOKUP));
    }

    @Test
    void anAnswerThatContradictsTheToolIsNotGroundedInItsResults(Evaluator evaluator, TrajectoryRecorder recorder) {
        NimbusAgent agent = NimbusAgent.create(model(evaluator), NimbusTools.demo(), recorder.listeners());

        agent.chat(STILL_UNDER_WARRANTY);

        Trajectory trajectory = recorder.lastTrajectory();
        assertThat(trajectory)
                .calledTool("lookupWarranty")
                .withArgument("serial", "NR2-0107")
                .times(1);
        assertThat(trajectory.toolResults())
                .containsExactly("The warranty of the Nimbus R2 with serial number NR2-0107 ended on 14 January 2025.");
        assertThatThrownBy(() -> assertThat(trajectory)
                        .finalAnswer()
                        .isGroundedInToolResults()
                        .withMinScore(0.7))
                .hasMessageContaining("✗ [0]")
                .hasMessageContaining("is under warranty until 14 January 2027");
    }

    @Test
    void agentTasksScoreToolCallF1(Evaluator evaluator) {
        NimbusAgent agent = NimbusAgent.create(model(evaluator), NimbusTools.demo(), List.of());
        SystemUnderTest sut =
                SystemUnderTest.ofAgent("nimbus-agent", request -> Trajectories.of(agent.chat(request), request));

        EvaluationResults results = evaluator.run(new AgentTasks(), sut);

        // Six tasks: four called exactly the expected tools; one booked without the lookup (recall 0.5, F1 0.67);
        // one looked the serial up twice (precision 0.5, F1 0.67). Mean F1 0.889, and with six tasks its 95 %
        // interval (Student's t) is [0.708, 1]: the bar of 0.7 holds today's level; more tasks narrow the interval.
        assertThat(results.measurement("tool-f1").orElseThrow().mean()).isCloseTo(8.0 / 9, within(0.001));
        assertThat(results).measurement("tool-f1").hasLowerBoundAtLeast(0.75);
        assertThat(results).measurement("tool-sequence").hasMeanAtLeast(0.6);
        assertThat(results).measurement("tool-arguments").hasMeanAtLeast(0.9);
    }

    private static ChatModel model(Evaluator evaluator) {
        return evaluator.recorded(NimbusAssistants.applicationModel());
    }

    /** The agent tasks of {@link #TASKS}: a request, its kind, and the tool calls it should make. */
    static final class AgentTasks implements PromptResponseTest {

        @Override
        public List<TestItem> makeTestItems() {
            return Dataset.fromFile(TASKS)
                    .id("id")
                    .prompts("request")
                    .context("kind")
                    .contextList("expected_tools")
                    .load();
        }

        @Override
        public List<Annotator> annotators() {
            return List.of(
                    Annotators.toolCallF1("tool-f1", "expected_tools"),
                    Annotators.toolSequence("tool-sequence", "expected_tools"),
                    Annotators.toolArguments("tool-arguments", "expected_tools"));
        }
    }
}
