package dev.llmassert.junit;

import dev.llmassert.junit.internal.repeat.RepeatedRuns;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.jupiter.api.extension.TestTemplateInvocationContext;
import org.junit.jupiter.api.extension.TestTemplateInvocationContextProvider;
import org.junit.platform.commons.support.AnnotationSupport;

import java.util.stream.Stream;

/**
 * The invocations of an {@link LlmJudge.Repeat} test: its runs, then the gate on their pass rate. The runs' outcomes
 * and the gate are settled by {@link LlmAssertExtension}, which runs each invocation.
 */
class RepeatedRunsExtension implements TestTemplateInvocationContextProvider {

    @Override
    public boolean supportsTestTemplate(ExtensionContext context) {
        return context.getTestMethod()
                .map(method -> AnnotationSupport.isAnnotated(method, LlmJudge.Repeat.class))
                .orElse(false);
    }

    @Override
    public Stream<TestTemplateInvocationContext> provideTestTemplateInvocationContexts(ExtensionContext context) {
        return RepeatedRuns.invocations(context).stream();
    }
}
