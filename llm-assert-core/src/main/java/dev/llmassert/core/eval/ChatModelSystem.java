package dev.llmassert.core.eval;

import dev.langchain4j.model.chat.ChatModel;
import dev.llmassert.core.model.internal.JudgeChat;

import java.util.function.UnaryOperator;

/**
 * A chat model as a system under test: each prompt is one user message, after the conversation it carries, if any.
 */
record ChatModelSystem(ChatModel model) implements SystemUnderTest {

    @Override
    public String respond(Prompt prompt) {
        // a prompt on its own goes as it always did, so that recordings made before replay
        return prompt.hasHistory()
                ? model.chat(prompt.chatMessages()).aiMessage().text()
                : model.chat(prompt.text());
    }

    @Override
    public String name() {
        String provider = model.provider() == null ? "chat-model" : JudgeChat.providerId(model.provider());
        String modelName = model.defaultRequestParameters() == null
                ? null
                : model.defaultRequestParameters().modelName();
        return provider + ":" + (modelName == null ? model.getClass().getSimpleName() : modelName);
    }

    @Override
    public SystemUnderTest recordedBy(UnaryOperator<ChatModel> recorder) {
        return new ChatModelSystem(recorder.apply(model));
    }

    @Override
    public String toString() {
        // The model's class only: a model may print its configuration, key included.
        return "SystemUnderTest[" + name() + ", " + model.getClass().getName() + "]";
    }
}
