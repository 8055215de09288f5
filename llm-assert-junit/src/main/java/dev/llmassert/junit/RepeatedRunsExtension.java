package dev.llmassert.junit;

import dev.llmassert.junit.internal.repeat.RepeatSettings;
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
        LlmAssertExtension.enter(context);
        LlmJudge.Repeat repeat = context.getTestMethod()
                .flatMap(method -> AnnotationSupport.findAnnotation(method, LlmJudge.Repeat.class))
                .orElseThrow();
        return RepeatedRuns.invocations(context, declared(repeat)).stream();
    }

    /** What {@code repeat} sets, for the settings that read the keys for the rest. */
    static RepeatSettings.Declared declared(LlmJudge.Repeat repeat) {
        return new RepeatSettings.Declared(
                repeat.times() == LlmJudge.UNSET ? null : repeat.times(),
                repeat.minPassRate() == LlmJudge.UNSET ? null : repeat.minPassRate(),
                switch (repeat.gate()) {
                    case DEFAULT -> null;
                    case RATE -> RepeatSettings.Gate.RATE;
                    case LOWER_BOUND -> RepeatSettings.Gate.LOWER_BOUND;
                },
                "@LlmJudge.Repeat",
                LlmJudge.Repeat.DEFAULT_TIMES,
                LlmJudge.Repeat.DEFAULT_MIN_PASS_RATE);
    }
}
