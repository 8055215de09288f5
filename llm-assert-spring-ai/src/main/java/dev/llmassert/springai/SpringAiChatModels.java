package dev.llmassert.springai;

import dev.langchain4j.model.chat.ChatModel;
import dev.llmassert.springai.internal.RecordingSpringAiChatModel;
import dev.llmassert.springai.internal.SpringAiBackedChatModel;
import dev.llmassert.springai.internal.SpringAiMessages;
import org.apiguardian.api.API;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

/**
 * A Spring AI {@link org.springframework.ai.chat.model.ChatModel} as langchain4j's {@link ChatModel}, the interface
 * llm-assert's judges, its user simulator and its recordings are built on: so that any configured Spring AI model can
 * judge
 * ({@code Judges.groundedness(settings, chatModel)}, {@code DirectJudge.builder().chatModel(...)}), play the user of a
 * {@code UserSimulator}, or be recorded with {@code evaluator.recorded(...)}.
 *
 * <pre>{@code
 * ChatModel judgeModel = SpringAiChatModels.asLangchain4j(openAiChatModel);   // langchain4j's ChatModel
 * UserSimulator customer = UserSimulator.builder().persona(...).goal(...)
 *         .model(evaluator.recorded(judgeModel)).build();
 * }</pre>
 *
 * <p>In an {@code @LlmJudge} test, {@link SpringAiJudge} makes a Spring AI model the test's judge, recorded and
 * replayed like a langchain4j one.
 */
@API(status = EXPERIMENTAL, since = "0.1")
public final class SpringAiChatModels {

    private SpringAiChatModels() {}

    /**
     * {@code model} behind langchain4j's interface: a request's messages and parameters are sent as Spring AI's,
     * set over the model's own options; its name and temperature are the adapter's defaults, so they are part of
     * each recorded request's key. A model the Spring Boot wiring records is asked through its own model: a judge's
     * calls are recorded as the judge's, not the application's.
     *
     * @param model the Spring AI model, not {@code null}
     * @return the model as a langchain4j {@code ChatModel}
     * @throws IllegalArgumentException if {@code model} is {@code null}
     */
    public static ChatModel asLangchain4j(org.springframework.ai.chat.model.ChatModel model) {
        if (model == null) {
            throw new IllegalArgumentException(SpringAiMessages.nullModel());
        }
        return new SpringAiBackedChatModel(
                model instanceof RecordingSpringAiChatModel recording ? recording.delegate() : model);
    }
}
