package dev.llmassert.junit;

import dev.llmassert.core.groundedness.GroundednessJudge;
import dev.llmassert.junit.internal.JudgeSupply;
import dev.llmassert.junit.internal.message.Messages;
import dev.llmassert.junit.internal.resolver.ParameterOwner;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.jupiter.api.extension.ParameterContext;
import org.junit.jupiter.api.extension.ParameterResolutionException;
import org.junit.jupiter.api.extension.ParameterResolver;

/**
 * Resolves a parameter annotated {@link LlmJudge.Local} to the local groundedness judge, whatever provider the test
 * is configured for. Asked before the type-based resolvers, so that it also claims, and rejects with the fix, an
 * annotated parameter of another type.
 */
final class LocalJudgeParameterResolver implements ParameterResolver {

    @Override
    public boolean supportsParameter(ParameterContext parameterContext, ExtensionContext extensionContext) {
        return parameterContext.isAnnotated(LlmJudge.Local.class);
    }

    @Override
    public GroundednessJudge resolveParameter(ParameterContext parameterContext, ExtensionContext extensionContext) {
        Class<?> type = parameterContext.getParameter().getType();
        if (type != GroundednessJudge.class) {
            throw new ParameterResolutionException(Messages.localJudgeOnAnotherType(
                    type.getSimpleName(),
                    parameterContext.getParameter().toString(),
                    ParameterOwner.named(parameterContext)));
        }
        return JudgeSupply.localGroundednessJudge(extensionContext);
    }
}
