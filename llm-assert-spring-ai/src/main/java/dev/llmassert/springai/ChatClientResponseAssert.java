package dev.llmassert.springai;

import dev.llmassert.core.agent.Trajectory;
import dev.llmassert.junit.GroundednessAssert;
import dev.llmassert.junit.ResponseAssert;
import dev.llmassert.junit.ToolCallAssert;
import dev.llmassert.junit.TrajectoryAssert;
import dev.llmassert.springai.internal.RetrievedDocuments;
import dev.llmassert.springai.internal.ShouldShowChatClientCall;
import org.apiguardian.api.API;
import org.assertj.core.api.Assertions;
import org.assertj.core.api.ListAssert;
import org.springframework.ai.chat.client.ChatClientResponse;
import org.springframework.ai.chat.model.ChatResponse;
import org.springframework.ai.chat.model.Generation;

import java.util.List;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

/**
 * Assertions on what a Spring AI {@code ChatClient} call did, made by
 * {@link SpringAiAssertions#assertThat(ChatClientResponse)}: a {@link ResponseAssert} on its answer (AssertJ's string
 * checks and every judged check), whose sources are the documents the call's retrieval advisors gave the model and
 * whose trajectory is the tools the model called, with their results.
 *
 * <pre>{@code
 * assertThat(response).calledTool("orderStatus").withArgument("orderNumber", "NR-20417");
 * assertThat(response).isGroundedInToolResults().withMinScore(0.7);
 * assertThat(response).isGroundedInItsSources().withMinScore(0.7);
 * }</pre>
 *
 * <p>The documents come from the response's context ({@code QuestionAnswerAdvisor}'s and
 * {@code RetrievalAugmentationAdvisor}'s); the user's message and the tools come from the
 * {@link ChatClientExchange} that a {@link ChatClientRecorder}'s advisors put there.
 */
@API(status = EXPERIMENTAL, since = "0.1")
public class ChatClientResponseAssert extends ResponseAssert {

    private final ChatClientResponse response;
    private final ChatClientExchange exchange;
    private final List<String> sources;

    /**
     * Assertions on {@code response}'s answer, with its documents and, when recorded, its tools.
     *
     * @param response the {@code ChatClient}'s response, or {@code null} (every assertion then fails)
     */
    public ChatClientResponseAssert(ChatClientResponse response) {
        super(answerText(response));
        this.response = response;
        this.exchange = response == null ? null : exchangeOf(response);
        this.sources = exchange != null
                ? exchange.sources()
                : response == null ? List.of() : RetrievedDocuments.texts(response.context());
        if (exchange != null) {
            answerOf(exchange.trajectory());
        }
    }

    /**
     * Judges the answer against the documents the call's retrieval advisors gave the model, as
     * {@link #isGroundedIn(List)} does, with the user's message as the question (facts the user gave are not
     * invented ones). Finish with {@link GroundednessAssert#withMinScore(double) withMinScore(...)}.
     *
     * @throws AssertionError at once, when the call retrieved no document
     */
    @Override
    public GroundednessAssert isGroundedInItsSources() {
        isNotNull();
        if (sources.isEmpty()) {
            throwAssertionError(ShouldShowChatClientCall.shouldHaveSources(actual));
        }
        if (exchange != null && !exchange.user().isBlank()) {
            forQuestion(exchange.user());
        }
        return isGroundedIn(sources);
    }

    /**
     * Assertions on the texts of the documents the call's retrieval advisors gave the model, in order.
     *
     * @return an AssertJ list assert of the documents' texts
     */
    public ListAssert<String> sources() {
        isNotNull();
        return Assertions.assertThat(sources).as("the documents retrieved for %s", actual);
    }

    /**
     * Assertions on the tools the model called in this call, and its final answer, as for an agent's trajectory.
     *
     * @return the trajectory's assert
     * @throws AssertionError at once, when the call's {@code ChatClient} has no recorder's advisors
     */
    public TrajectoryAssert trajectory() {
        isNotNull();
        return new TrajectoryAssert(requireTrajectory());
    }

    /**
     * Verifies that the model called {@code tool} at least once; narrow the calls with the returned assert.
     *
     * @param tool the tool's name
     * @return an assert of the calls of {@code tool}
     */
    public ToolCallAssert calledTool(String tool) {
        return trajectory().calledTool(tool);
    }

    /**
     * Verifies that the model called these tools in this order; other calls may come before, between and after.
     *
     * @param tools the tools' names, in order
     * @return this assert
     */
    public ChatClientResponseAssert calledToolsInOrder(String... tools) {
        trajectory().calledToolsInOrder(tools);
        return this;
    }

    /**
     * Verifies that the model called exactly these tools, in this order, and no other.
     *
     * @param tools the tools' names, in order
     * @return this assert
     */
    public ChatClientResponseAssert calledToolsExactly(String... tools) {
        trajectory().calledToolsExactly(tools);
        return this;
    }

    /**
     * Verifies that the model never called any of these tools.
     *
     * @param tools the tools' names
     * @return this assert
     */
    public ChatClientResponseAssert neverCalled(String... tools) {
        trajectory().neverCalled(tools);
        return this;
    }

    /**
     * Verifies that the model called no tool.
     *
     * @return this assert
     */
    public ChatClientResponseAssert calledNoTool() {
        trajectory().calledNoTool();
        return this;
    }

    /**
     * The call as the recorder saw it, or {@code null} when its {@code ChatClient} has no recorder's advisors.
     *
     * @return the exchange, or {@code null}
     */
    public ChatClientExchange exchange() {
        return exchange;
    }

    private Trajectory requireTrajectory() {
        if (exchange == null) {
            throwAssertionError(ShouldShowChatClientCall.shouldShowTools(actual));
        }
        return exchange.trajectory();
    }

    private static ChatClientExchange exchangeOf(ChatClientResponse response) {
        return response.context().get(ChatClientRecorder.EXCHANGE) instanceof ChatClientExchange exchange
                ? exchange
                : null;
    }

    private static String answerText(ChatClientResponse response) {
        if (response == null) {
            return null;
        }
        ChatResponse chatResponse = response.chatResponse();
        Generation generation = chatResponse == null ? null : chatResponse.getResult();
        String text = generation == null ? null : generation.getOutput().getText();
        return text == null ? "" : text;
    }

    @Override
    public String toString() {
        return "ChatClientResponseAssert[" + (response == null ? "null" : actual) + "]";
    }
}
