package dev.llmassert.junit.internal.resolver;

import dev.langchain4j.model.chat.ChatModel;
import dev.llmassert.junit.internal.JudgeSupply;
import dev.llmassert.junit.internal.message.Messages;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.jupiter.api.extension.ParameterContext;
import org.junit.jupiter.api.extension.ParameterResolutionException;
import org.junit.jupiter.api.extension.support.TypeBasedParameterResolver;

/** Resolves a {@link ChatModel} parameter to the judge's chat model; the local judge has none. */
final class JudgeChatModelParameterResolver extends TypeBasedParameterResolver<ChatModel> {

    @Override
    public ChatModel resolveParameter(ParameterContext parameterContext, ExtensionContext extensionContext) {
        return JudgeSupply.chatModel(extensionContext)
                .orElseThrow(() -> new ParameterResolutionException(Messages.noChatModelForLocalJudge(
                        parameterContext.getParameter().toString(), ParameterOwner.named(parameterContext))));
    }
}
