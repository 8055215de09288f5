package dev.llmassert.core.eval;

import dev.llmassert.core.agent.ToolCall;
import dev.llmassert.core.agent.Trajectory;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

/** An agent as the system under test: its trajectories reach the annotators and the evaluation record. */
class AgentEvaluationTest {

    @TempDir
    Path dir;

    @Test
    void toolCallScoresAreMeasuredGroupedAndTheTrajectoriesRecorded() throws Exception {
        List<TestItem> items = List.of(
                TestItem.builder("lookup")
                        .prompt("Where is order A-1?")
                        .context("kind", "orders")
                        .context("expected", List.of("lookupOrder {\"orderId\": \"A-1\"}"))
                        .build(),
                TestItem.builder("refund")
                        .prompt("Refund order A-2.")
                        .context("kind", "orders")
                        .context("expected", List.of("lookupOrder", "refundPayment {\"orderId\": \"A-2\"}"))
                        .build(),
                TestItem.builder("chat")
                        .prompt("Hello!")
                        .context("kind", "chat")
                        .context("expected", List.of())
                        .build());
        SystemUnderTest agent = SystemUnderTest.ofAgent("shop-agent", prompt -> switch (prompt) {
            case "Where is order A-1?" ->
                new Trajectory(
                        prompt,
                        List.of(ToolCall.of("lookupOrder", "{\"orderId\":\"A-1\"}", "Order A-1 is on its way.")),
                        "It is on its way.");
            // refunds without the lookup, and with the wrong order number
            case "Refund order A-2." ->
                new Trajectory(
                        prompt,
                        List.of(ToolCall.of("refundPayment", "{\"orderId\":\"A-3\"}", "Refunded.")),
                        "Refunded.");
            default -> new Trajectory(prompt, List.of(), "Hello! How can I help?");
        });
        Path file = dir.resolve("agent.json");

        EvaluationResults results = EvaluationRunner.builder()
                .testId("com.example.AgentTest.tasks")
                .recordTo(file)
                .build()
                .run(
                        EvaluationRunnerTest.test(
                                items,
                                List.of(
                                        Annotators.toolCallF1("f1", "expected"),
                                        Annotators.toolCallPrecision("precision", "expected"),
                                        Annotators.toolCallRecall("recall", "expected"),
                                        Annotators.toolSequence("sequence", "expected"),
                                        Annotators.toolArguments("arguments", "expected"))),
                        agent);

        assertThat(results.errors()).isEmpty();
        // lookup: all 1; refund: precision 1, recall 0.5, F1 2/3, not exact, arguments 0 of 1; chat: all 1
        assertThat(results.measurement("f1").orElseThrow().mean()).isCloseTo((1 + 2.0 / 3 + 1) / 3, within(1e-9));
        assertThat(results.measurement("recall").orElseThrow().mean()).isCloseTo(2.5 / 3, within(1e-9));
        assertThat(results.measurement("precision").orElseThrow().mean()).isEqualTo(1.0);
        assertThat(results.measurement("sequence").orElseThrow().mean()).isCloseTo(2.0 / 3, within(1e-9));
        assertThat(results.measurement("arguments").orElseThrow().mean()).isCloseTo(2.0 / 3, within(1e-9));
        assertThat(results.item("refund")
                        .orElseThrow()
                        .annotations()
                        .get("f1")
                        .get(0)
                        .details())
                .containsEntry("recall", 0.5)
                .containsEntry("exactSequence", false)
                .containsEntry("called", List.of("refundPayment {\"orderId\":\"A-3\"}"));

        EvaluationResults read = EvaluationResults.read(file);
        assertThat(read.item("refund").orElseThrow().interactions().get(0).trajectory())
                .isEqualTo(results.item("refund")
                        .orElseThrow()
                        .interactions()
                        .get(0)
                        .trajectory());
        assertThat(read.item("chat")
                        .orElseThrow()
                        .interactions()
                        .get(0)
                        .trajectory()
                        .toolCalls())
                .isEmpty();
        assertThat(Files.readString(file)).contains("\"toolCalls\"", "\"refundPayment\"");
    }

    @Test
    void aToolAnnotatorOnASystemThatIsNotAnAgentFailsTheItemSayingSo() {
        EvaluationResults results = EvaluationRunner.builder()
                .build()
                .run(
                        EvaluationRunnerTest.test(
                                List.of(TestItem.builder("a")
                                        .prompt("Hi")
                                        .context("expected", List.of("lookupOrder"))
                                        .build()),
                                List.of(Annotators.toolCallF1("f1", "expected"))),
                        SystemUnderTest.of("echo", q -> q));

        assertThat(results.errors()).hasSize(1);
        assertThat(results.errors().get(0).error().describe())
                .contains("needs the agent's trajectory")
                .contains("SystemUnderTest.ofAgent");
    }
}
