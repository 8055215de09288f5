package dev.llmassert.junit;

import dev.llmassert.core.criteria.Criteria;
import dev.llmassert.core.criteria.CriteriaCatalog;
import dev.llmassert.core.criteria.CriteriaLoader;
import dev.llmassert.core.criteria.MultiCriteria;
import dev.llmassert.junit.internal.message.Messages;
import dev.llmassert.junit.internal.resolver.ParameterOwner;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.jupiter.api.extension.ParameterContext;
import org.junit.jupiter.api.extension.ParameterResolutionException;
import org.junit.jupiter.api.extension.ParameterResolver;

/**
 * Resolves a {@link Criteria} or {@link MultiCriteria} parameter annotated {@link LlmJudge.Criteria}: a value ending
 * in {@code .json} is a classpath file, anything else a catalog name.
 */
final class CriteriaParameterResolver implements ParameterResolver {

    private static final String FILE_SUFFIX = ".json";

    @Override
    public boolean supportsParameter(ParameterContext parameterContext, ExtensionContext extensionContext) {
        Class<?> type = parameterContext.getParameter().getType();
        return (type == Criteria.class || type == MultiCriteria.class)
                && parameterContext.isAnnotated(LlmJudge.Criteria.class);
    }

    @Override
    public Object resolveParameter(ParameterContext parameterContext, ExtensionContext extensionContext) {
        String value = parameterContext
                .findAnnotation(LlmJudge.Criteria.class)
                .orElseThrow()
                .value();
        String reference = value == null ? "" : value.strip();
        boolean multi = parameterContext.getParameter().getType() == MultiCriteria.class;
        String parameter = parameterContext.getParameter().toString();
        String where = ParameterOwner.named(parameterContext);
        boolean file = reference.endsWith(FILE_SUFFIX);
        if (multi && !file) {
            throw new ParameterResolutionException(Messages.multiCriteriaNeedsFile(reference, parameter, where));
        }
        try {
            if (multi) {
                return CriteriaLoader.multiCriteriaFromClasspath(reference);
            }
            return file ? CriteriaLoader.fromClasspath(reference) : CriteriaCatalog.get(reference);
        } catch (IllegalArgumentException e) {
            throw new ParameterResolutionException(Messages.criteriaUnavailable(reference, parameter, where, e), e);
        }
    }
}
