package dev.llmassert.core.eval;

import dev.langchain4j.model.chat.ChatModel;
import dev.llmassert.core.agent.Trajectory;
import org.apiguardian.api.API;

import java.util.function.Function;
import java.util.function.UnaryOperator;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

/**
 * Anything that answers a prompt: the application's assistant, a chain, or a bare {@link ChatModel}.
 *
 * <pre>{@code
 * SystemUnderTest assistant = SystemUnderTest.of("nimbus-assistant", question -> bot.ask(question).text());
 * SystemUnderTest perCustomer = SystemUnderTest.of("nimbus-assistant",
 *         (prompt, itemId) -> bot.ask(prompt.text(), prompt.contextText("customer")).text());
 * SystemUnderTest model = SystemUnderTest.of(chatModel);
 * }</pre>
 *
 * <p>The system sees each prompt whole (its text and its own context, e.g. the customer or locale it is asked for)
 * and the id of the item it belongs to; the item's context (the expected answer, the sources a judge checks against)
 * is never handed to it, as in ModelGauge.
 *
 * <p>The runner calls it from several threads at once ({@code llmassert.eval.concurrency}), so it must be
 * thread-safe. Identical prompts are sent one after another, so that repeats of a prompt take a recording's replies
 * in order.
 */
@API(status = EXPERIMENTAL, since = "0.1")
public interface SystemUnderTest {

    /**
     * The answer to {@code prompt}.
     *
     * @param prompt the prompt: its text and its own context
     * @return the system's answer, not {@code null}
     * @throws Exception anything; the runner records it as the item's error
     */
    String respond(Prompt prompt) throws Exception;

    /**
     * The answer to {@code prompt} of the item {@code itemId}: the call the runner makes. By default
     * {@link #respond(Prompt)}, for systems that need only the prompt.
     *
     * @param prompt the prompt: its text and its own context
     * @param itemId the id of the item the prompt belongs to
     * @return the system's answer, not {@code null}
     * @throws Exception anything; the runner records it as the item's error
     */
    default String respond(Prompt prompt, String itemId) throws Exception {
        return respond(prompt);
    }

    /**
     * The name written to the evaluation record, e.g. {@code nimbus-assistant} or {@code openai:gpt-4o-mini}.
     *
     * @return the system's name
     */
    String name();

    /**
     * This system with its chat model recorded and replayed by {@code recorder}, when it is built on one with
     * {@link #of(ChatModel)}; a system that wraps its own model returns itself, unchanged.
     *
     * @param recorder wraps a chat model in the recordings
     * @return the system with its model recorded, or this system
     */
    default SystemUnderTest recordedBy(UnaryOperator<ChatModel> recorder) {
        return this;
    }

    /**
     * A Java function of the prompt's text.
     *
     * @param name the name written to the evaluation record, not blank
     * @param answer the answer to a prompt's text, not {@code null}
     * @return the system
     * @throws IllegalArgumentException for a blank name or a {@code null} function
     */
    static SystemUnderTest of(String name, Function<String, String> answer) {
        FunctionSystem.check(name, answer);
        return new FunctionSystem(name, (prompt, itemId) -> answer.apply(prompt.text()));
    }

    /**
     * A Java function of the prompt (its text and its own context) and the id of its item, for a system whose answer
     * depends on more than the text: {@code (prompt, itemId) -> bot.ask(prompt.text(), prompt.contextText("locale"))}.
     *
     * @param name the name written to the evaluation record, not blank
     * @param answer the answer to a prompt of an item, not {@code null}
     * @return the system
     * @throws IllegalArgumentException for a blank name or a {@code null} function
     */
    static SystemUnderTest of(String name, Responder answer) {
        FunctionSystem.check(name, answer);
        return new FunctionSystem(name, answer);
    }

    /**
     * An agent: a function of the prompt's text that gives the trajectory of the agent's answer (its tool calls, then
     * its final answer). The final answer is the response; annotators also see the trajectory
     * ({@link Interaction#trajectory()}), e.g. {@link Annotators#toolCallF1}.
     *
     * <pre>{@code
     * SystemUnderTest.ofAgent("nimbus-agent", question -> Trajectories.of(agent.chat(question), question));
     * }</pre>
     *
     * @param name the name written to the evaluation record, not blank
     * @param agent the trajectory of the agent's answer to a prompt's text, not {@code null}
     * @return the system
     * @throws IllegalArgumentException for a blank name or a {@code null} function
     */
    static SystemUnderTest ofAgent(String name, Function<String, Trajectory> agent) {
        if (name == null || name.isBlank()) {
            throw new IllegalArgumentException("The agent under test needs a name for the evaluation record, "
                    + "e.g. SystemUnderTest.ofAgent(\"support-agent\", question -> "
                    + "Trajectories.of(agent.chat(question), question)).");
        }
        if (agent == null) {
            throw new IllegalArgumentException("The agent under test '" + name + "' has no function (null).");
        }
        return new AgentSystem(name, agent);
    }

    /**
     * A chat model: each prompt is sent as one user message, after the conversation it carries, if any
     * ({@link Prompt#inConversation}); the name is {@code provider:model}.
     *
     * @param model the chat model, not {@code null}; the runner may wrap it in the recordings
     * @return the system
     * @throws IllegalArgumentException for a {@code null} model
     */
    static SystemUnderTest of(ChatModel model) {
        if (model == null) {
            throw new IllegalArgumentException(EvaluationMessages.nullChatModel());
        }
        return new ChatModelSystem(model);
    }

    /** What a function system does with one prompt. */
    @FunctionalInterface
    @API(status = EXPERIMENTAL, since = "0.1")
    interface Responder {

        /**
         * The answer to {@code prompt}.
         *
         * @param prompt the prompt: its text and its own context, which the system may see
         * @param itemId the id of the item the prompt belongs to; {@code null} when called outside an evaluation
         * @return the system's answer, not {@code null}
         * @throws Exception anything; the runner records it as the item's error
         */
        String respond(Prompt prompt, String itemId) throws Exception;
    }
}
