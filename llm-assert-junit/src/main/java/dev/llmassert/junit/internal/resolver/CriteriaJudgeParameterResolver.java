package dev.llmassert.junit.internal.resolver;

import dev.llmassert.core.criteria.DirectJudge;
import dev.llmassert.core.criteria.PairwiseJudge;
import dev.llmassert.junit.internal.JudgeSupply;
import dev.llmassert.junit.internal.message.Messages;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.jupiter.api.extension.ParameterContext;
import org.junit.jupiter.api.extension.ParameterResolutionException;
import org.junit.jupiter.api.extension.ParameterResolver;

import java.util.Optional;

/**
 * Resolves a {@link DirectJudge} or {@link PairwiseJudge} parameter to the criteria judge of the test, built on the
 * judge chat model; the local judge has none, so these need a model provider.
 */
final class CriteriaJudgeParameterResolver implements ParameterResolver {

    @Override
    public boolean supportsParameter(ParameterContext parameterContext, ExtensionContext extensionContext) {
        Class<?> type = parameterContext.getParameter().getType();
        return type == DirectJudge.class || type == PairwiseJudge.class;
    }

    @Override
    public Object resolveParameter(ParameterContext parameterContext, ExtensionContext extensionContext) {
        Class<?> type = parameterContext.getParameter().getType();
        Optional<?> judge = type == DirectJudge.class
                ? JudgeSupply.directJudge(extensionContext, 1)
                : JudgeSupply.pairwiseJudge(extensionContext, 1);
        return judge.orElseThrow(() -> new ParameterResolutionException(Messages.noCriteriaJudgeForLocalJudge(
                type.getSimpleName(),
                parameterContext.getParameter().toString(),
                ParameterOwner.named(parameterContext))));
    }
}
