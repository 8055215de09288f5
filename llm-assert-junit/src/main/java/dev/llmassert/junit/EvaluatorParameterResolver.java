package dev.llmassert.junit;

import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.jupiter.api.extension.ParameterContext;
import org.junit.jupiter.api.extension.ParameterResolver;

/** Resolves an {@link Evaluator} parameter: the prompt-response test runner of the test. */
final class EvaluatorParameterResolver implements ParameterResolver {

    @Override
    public boolean supportsParameter(ParameterContext parameterContext, ExtensionContext extensionContext) {
        return parameterContext.getParameter().getType() == Evaluator.class;
    }

    @Override
    public Evaluator resolveParameter(ParameterContext parameterContext, ExtensionContext extensionContext) {
        return new Evaluator(extensionContext);
    }
}
