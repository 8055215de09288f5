package dev.llmassert.junit;

import dev.langchain4j.data.message.UserMessage;
import dev.langchain4j.observability.api.event.AiServiceCompletedEvent;
import dev.langchain4j.observability.api.event.AiServiceErrorEvent;
import dev.langchain4j.observability.api.event.AiServiceStartedEvent;
import dev.langchain4j.observability.api.event.ToolExecutedEvent;
import dev.langchain4j.observability.api.listener.AiServiceCompletedListener;
import dev.langchain4j.observability.api.listener.AiServiceErrorListener;
import dev.langchain4j.observability.api.listener.AiServiceListener;
import dev.langchain4j.observability.api.listener.AiServiceStartedListener;
import dev.langchain4j.observability.api.listener.ToolExecutedEventListener;
import dev.langchain4j.service.Result;
import dev.llmassert.core.agent.ToolCall;
import dev.llmassert.core.agent.Trajectory;
import dev.llmassert.junit.internal.message.Messages;
import dev.llmassert.junit.internal.mutation.ToolResults;
import org.apiguardian.api.API;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

/**
 * Records the trajectory of every call of a langchain4j AI service it is attached to, through the service's
 * listeners:
 *
 * <pre>{@code
 * @Test
 * void booksAVisit(TrajectoryRecorder recorder) {
 *     Assistant assistant = AiServices.builder(Assistant.class).chatModel(model).tools(tools)
 *             .registerListeners(recorder.listeners()).build();
 *     assistant.chat("Book a technician for NR2-0042");
 *     assertThat(recorder.lastTrajectory()).calledTool("bookTechnician");
 * }
 * }</pre>
 *
 * <p>Under {@link LlmJudge} a {@code TrajectoryRecorder} parameter is a new recorder for each test, so tests that
 * run in parallel keep their trajectories apart; outside it, create one with {@code new TrajectoryRecorder()}. One
 * recorder is thread-safe: concurrent calls of the service are told apart by their invocation id.
 */
@API(status = EXPERIMENTAL, since = "0.1")
public final class TrajectoryRecorder {

    private final Map<UUID, InFlight> inFlight = new ConcurrentHashMap<>();
    private final List<Trajectory> finished = new ArrayList<>();

    /** A recorder with nothing recorded; attach it to a service with {@link #listeners()}. */
    public TrajectoryRecorder() {}

    /**
     * The listeners to give the service's builder: {@code AiServices.builder(...).registerListeners(...)}.
     *
     * @return the listeners
     */
    public List<AiServiceListener<?>> listeners() {
        return List.of(
                (AiServiceStartedListener) this::started,
                (ToolExecutedEventListener) this::toolExecuted,
                (AiServiceCompletedListener) this::completed,
                (AiServiceErrorListener) this::failed);
    }

    /**
     * The trajectories of the service's calls that have finished, in the order they finished.
     *
     * @return the trajectories
     */
    public synchronized List<Trajectory> trajectories() {
        return List.copyOf(finished);
    }

    /**
     * The trajectory of the call that finished last.
     *
     * @return the trajectory
     * @throws IllegalStateException when no call has finished
     */
    public synchronized Trajectory lastTrajectory() {
        if (finished.isEmpty()) {
            throw new IllegalStateException(Messages.noTrajectory(inFlight.size()));
        }
        return finished.get(finished.size() - 1);
    }

    private void started(AiServiceStartedEvent event) {
        UserMessage user = event.userMessage();
        String request = user == null ? "" : user.hasSingleText() ? user.singleText() : String.valueOf(user);
        inFlight.put(event.invocationContext().invocationId(), new InFlight(request));
    }

    private void toolExecuted(ToolExecutedEvent event) {
        InFlight call = inFlight.computeIfAbsent(event.invocationContext().invocationId(), id -> new InFlight(""));
        synchronized (call) {
            call.calls.add(ToolCall.of(event.request().name(), event.request().arguments(), event.resultText()));
        }
    }

    private void completed(AiServiceCompletedEvent event) {
        Object result = event.result().orElse(null);
        Object answer = result instanceof Result<?> r ? r.content() : result;
        finish(event.invocationContext().invocationId(), answer == null ? "" : String.valueOf(answer));
    }

    private void failed(AiServiceErrorEvent event) {
        finish(event.invocationContext().invocationId(), "");
    }

    private void finish(UUID id, String answer) {
        InFlight call = inFlight.remove(id);
        if (call == null) {
            call = new InFlight("");
        }
        Trajectory trajectory;
        synchronized (call) {
            trajectory = ToolResults.tapped(new Trajectory(call.request, call.calls, answer));
        }
        synchronized (this) {
            finished.add(trajectory);
        }
    }

    /** A call of the service that has not finished yet. */
    private static final class InFlight {
        private final String request;
        private final List<ToolCall> calls = new ArrayList<>();

        InFlight(String request) {
            this.request = request;
        }
    }
}
