package dev.llmassert.junit.internal.resolver;

import dev.llmassert.core.groundedness.GroundednessJudge;
import dev.llmassert.junit.internal.JudgeSupply;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.jupiter.api.extension.ParameterContext;
import org.junit.jupiter.api.extension.support.TypeBasedParameterResolver;

/** Resolves a {@link GroundednessJudge} parameter to the judge of the test. */
final class GroundednessJudgeParameterResolver extends TypeBasedParameterResolver<GroundednessJudge> {

    @Override
    public GroundednessJudge resolveParameter(ParameterContext parameterContext, ExtensionContext extensionContext) {
        return JudgeSupply.groundednessJudge(extensionContext);
    }
}
