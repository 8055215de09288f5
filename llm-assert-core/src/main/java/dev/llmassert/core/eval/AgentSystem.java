package dev.llmassert.core.eval;

import dev.llmassert.core.agent.Trajectory;

import java.util.function.Function;

/** An agent as a system under test: its answer is its trajectory's final answer; the runner keeps the trajectory. */
record AgentSystem(String name, Function<String, Trajectory> agent) implements SystemUnderTest {

    @Override
    public String respond(Prompt prompt) {
        return run(prompt).finalAnswer();
    }

    Trajectory run(Prompt prompt) {
        Trajectory trajectory = agent.apply(prompt.text());
        if (trajectory == null) {
            throw new IllegalStateException(EvaluationMessages.agentReturnedNoTrajectory(name, prompt));
        }
        return trajectory;
    }

    @Override
    public String toString() {
        return "SystemUnderTest[" + name + ", agent]";
    }
}
