package dev.llmassert.junit;

import dev.llmassert.core.agent.Trajectory;
import dev.llmassert.core.testing.LoopbackChatServer;
import dev.llmassert.junit.agents.ShopAgent;
import dev.llmassert.junit.agents.ShopScript;
import dev.llmassert.junit.agents.ShopTools;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.platform.testkit.engine.EngineExecutionResults;

import java.util.List;
import java.util.Map;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.TimeUnit;
import java.util.regex.Pattern;
import java.util.stream.IntStream;

import static dev.llmassert.junit.LlmAssertions.assertThat;
import static dev.llmassert.junit.testing.Runs.failures;
import static dev.llmassert.junit.testing.Runs.reportEntries;
import static dev.llmassert.junit.testing.Runs.run;

/**
 * Sixteen agent tests at once, each with the {@link TrajectoryRecorder} injected into it: each sees only its own
 * agent's calls, while all sixteen agents are calling the model and their tools at the same time.
 */
class ParallelAgentsTest {

    static final int TESTS = 16;
    static final Pattern ORDER = Pattern.compile("A-\\d+");

    @Test
    void sixteenAgentTestsInParallelKeepTheirTrajectoriesApart() {
        EngineExecutionResults results = run(
                SixteenAgents.class,
                "junit.jupiter.execution.parallel.enabled",
                "true",
                "junit.jupiter.execution.parallel.mode.default",
                "concurrent",
                "junit.jupiter.execution.parallel.config.strategy",
                "fixed",
                // more workers than tests: the engine, the class and the parameterized test's container hold workers
                // while their children run, and all sixteen tests must be running at once to pass the barrier
                "junit.jupiter.execution.parallel.config.fixed.parallelism",
                String.valueOf(TESTS + 8),
                "junit.jupiter.execution.parallel.config.fixed.max-pool-size",
                String.valueOf(4 * TESTS));

        assertThat(failures(results)).isEmpty();
        results.testEvents().assertStatistics(s -> s.started(TESTS).succeeded(TESTS));
        // each test's report entries hold its own two trajectories, and no other test's order
        List<Map<String, String>> trajectories = reportEntries(results).stream()
                .filter(entry -> entry.containsKey("llmassert.trajectory"))
                .toList();
        assertThat(trajectories).hasSize(2 * TESTS);
        for (int n = 1; n <= TESTS; n++) {
            String order = "A-" + (2000 + n);
            assertThat(trajectories)
                    .filteredOn(entry -> entry.get("llmassert.trajectory").contains(order))
                    .as("the trajectories of %s", order)
                    .hasSize(2)
                    .allSatisfy(entry -> assertThat(ORDER.matcher(entry.get("llmassert.trajectory"))
                                    .results()
                                    .map(m -> m.group())
                                    .distinct())
                            .containsExactly(order));
        }
    }

    @LlmJudge
    static class SixteenAgents {

        /** All sixteen tests wait here after their first call, so their second calls overlap. */
        static final CyclicBarrier TOGETHER = new CyclicBarrier(TESTS);

        static LoopbackChatServer server;

        @BeforeAll
        static void startServer() {
            server = LoopbackChatServer.start().respondWith(ShopScript::reply);
        }

        @AfterAll
        static void stopServer() {
            server.close();
        }

        static IntStream numbers() {
            return IntStream.rangeClosed(1, TESTS);
        }

        @ParameterizedTest
        @MethodSource("numbers")
        void eachAgentSeesOnlyItsOwnCalls(int n, TrajectoryRecorder recorder) throws Exception {
            String order = "A-" + (2000 + n);
            ShopTools tools = new ShopTools(Map.of(order, 100 + n));
            ShopAgent agent =
                    ShopAgent.create(AgentRecordReplayTest.openAi(server.baseUrl()), tools, recorder.listeners());

            agent.chat("Where is order " + order + "?");
            TOGETHER.await(60, TimeUnit.SECONDS);
            agent.chat("Please refund order " + order + ".");

            List<Trajectory> trajectories = recorder.trajectories();
            assertThat(trajectories).hasSize(2);
            assertThat(trajectories.get(0))
                    .calledToolsExactly("lookupOrder")
                    .calledTool("lookupOrder")
                    .withArgument("orderId", order);
            assertThat(trajectories.get(1))
                    .calledToolsExactly("lookupOrder", "refundPayment")
                    .calledTool("refundPayment")
                    .withArguments(Map.of("orderId", order, "amount", 100 + n));
            assertThat(recorder.lastTrajectory().request()).isEqualTo("Please refund order " + order + ".");
            assertThat(recorder.lastTrajectory().finalAnswer()).contains("A refund of " + (100 + n) + " dollars");
            assertThat(tools.refunds()).containsExactly(order);
        }
    }
}
