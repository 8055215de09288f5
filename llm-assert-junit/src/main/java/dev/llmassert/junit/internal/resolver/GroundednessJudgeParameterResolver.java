package dev.llmassert.junit.internal.resolver;

import dev.llmassert.core.groundedness.GroundednessJudge;
import dev.llmassert.junit.internal.JudgeSupply;
import org.apiguardian.api.API;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.jupiter.api.extension.ParameterContext;
import org.junit.jupiter.api.extension.ParameterResolver;

import static org.apiguardian.api.API.Status.INTERNAL;

/** Resolves a {@link GroundednessJudge} parameter to the judge of the test. */
@API(status = INTERNAL, since = "0.1")
public final class GroundednessJudgeParameterResolver implements ParameterResolver {

    @Override
    public boolean supportsParameter(ParameterContext parameterContext, ExtensionContext extensionContext) {
        return parameterContext.getParameter().getType() == GroundednessJudge.class;
    }

    @Override
    public Object resolveParameter(ParameterContext parameterContext, ExtensionContext extensionContext) {
        return JudgeSupply.groundednessJudge(extensionContext);
    }
}
