package dev.llmassert.junit;

import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.jupiter.api.extension.ParameterContext;
import org.junit.jupiter.api.extension.support.TypeBasedParameterResolver;

/** Resolves an {@link Evaluator} parameter: the prompt-response test runner of the test. */
final class EvaluatorParameterResolver extends TypeBasedParameterResolver<Evaluator> {

    @Override
    public Evaluator resolveParameter(ParameterContext parameterContext, ExtensionContext extensionContext) {
        return new Evaluator(extensionContext);
    }
}
