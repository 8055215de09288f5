package dev.llmassert.junit.internal.resolver;

import org.apiguardian.api.API;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.jupiter.api.extension.ParameterContext;
import org.junit.jupiter.api.extension.ParameterResolver;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

import static org.apiguardian.api.API.Status.INTERNAL;

/** Asks small single-purpose resolvers in turn, so a new injectable type is one new resolver. */
@API(status = INTERNAL, since = "0.1")
public final class CompositeParameterResolver implements ParameterResolver {

    private final List<ParameterResolver> resolvers;

    private CompositeParameterResolver(ParameterResolver... resolvers) {
        this.resolvers = List.of(resolvers);
    }

    /**
     * Every parameter the extension injects: {@code first} (the resolvers of the extension's own package: an
     * annotation's, such as {@code @LlmJudge.Local}, is asked before the types'), the judges and the judge chat model,
     * then {@code more} (the resolvers of types whose constructors only their own package sees).
     */
    public static ParameterResolver forTheExtension(List<ParameterResolver> first, List<ParameterResolver> more) {
        List<ParameterResolver> all = new ArrayList<>(first);
        all.addAll(List.of(
                new GroundednessJudgeParameterResolver(),
                new JudgeChatModelParameterResolver(),
                new CriteriaJudgeParameterResolver()));
        all.addAll(more);
        return new CompositeParameterResolver(all.toArray(ParameterResolver[]::new));
    }

    @Override
    public boolean supportsParameter(ParameterContext parameterContext, ExtensionContext extensionContext) {
        return resolverFor(parameterContext, extensionContext).isPresent();
    }

    @Override
    public Object resolveParameter(ParameterContext parameterContext, ExtensionContext extensionContext) {
        return resolverFor(parameterContext, extensionContext)
                .orElseThrow(() -> new IllegalStateException("no resolver for " + parameterContext.getParameter()))
                .resolveParameter(parameterContext, extensionContext);
    }

    private Optional<ParameterResolver> resolverFor(
            ParameterContext parameterContext, ExtensionContext extensionContext) {
        return resolvers.stream()
                .filter(r -> r.supportsParameter(parameterContext, extensionContext))
                .findFirst();
    }
}
