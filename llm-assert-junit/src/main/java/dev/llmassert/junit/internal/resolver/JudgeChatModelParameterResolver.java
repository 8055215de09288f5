package dev.llmassert.junit.internal.resolver;

import dev.langchain4j.model.chat.ChatModel;
import dev.llmassert.junit.internal.JudgeSupply;
import dev.llmassert.junit.internal.Messages;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.jupiter.api.extension.ParameterContext;
import org.junit.jupiter.api.extension.ParameterResolutionException;
import org.junit.jupiter.api.extension.ParameterResolver;

/** Resolves a {@link ChatModel} parameter to the judge's chat model; the local judge has none. */
final class JudgeChatModelParameterResolver implements ParameterResolver {

    @Override
    public boolean supportsParameter(ParameterContext parameterContext, ExtensionContext extensionContext) {
        return parameterContext.getParameter().getType() == ChatModel.class;
    }

    @Override
    public Object resolveParameter(ParameterContext parameterContext, ExtensionContext extensionContext) {
        return JudgeSupply.chatModel(extensionContext).orElseThrow(() -> new ParameterResolutionException(
                Messages.noChatModelForLocalJudge(parameterContext.getParameter().toString(),
                        Where.of(parameterContext))));
    }
}
