package dev.llmassert.junit.internal.resolver;

import dev.llmassert.core.groundedness.GroundednessJudge;
import dev.llmassert.junit.internal.JudgeSupply;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.jupiter.api.extension.ParameterContext;
import org.junit.jupiter.api.extension.ParameterResolver;

/** Resolves a {@link GroundednessJudge} parameter to the judge of the test. */
final class GroundednessJudgeParameterResolver implements ParameterResolver {

    @Override
    public boolean supportsParameter(ParameterContext parameterContext, ExtensionContext extensionContext) {
        return parameterContext.getParameter().getType() == GroundednessJudge.class;
    }

    @Override
    public Object resolveParameter(ParameterContext parameterContext, ExtensionContext extensionContext) {
        return JudgeSupply.groundednessJudge(extensionContext);
    }
}
