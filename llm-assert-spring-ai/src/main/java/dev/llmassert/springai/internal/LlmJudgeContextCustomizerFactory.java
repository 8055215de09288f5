package dev.llmassert.springai.internal;

import dev.llmassert.junit.LlmAssertExtension;
import dev.llmassert.junit.LlmJudge;
import org.apiguardian.api.API;
import org.junit.jupiter.api.extension.ExtendWith;
import org.springframework.core.annotation.MergedAnnotation;
import org.springframework.core.annotation.MergedAnnotations;
import org.springframework.test.context.ContextConfigurationAttributes;
import org.springframework.test.context.ContextCustomizer;
import org.springframework.test.context.ContextCustomizerFactory;

import java.util.Arrays;
import java.util.List;

import static org.apiguardian.api.API.Status.INTERNAL;

/**
 * The Spring Boot test wiring, registered in {@code META-INF/spring.factories} as Spring's own test slices register
 * theirs: for a test class that runs under {@link LlmJudge} (or {@code @ExtendWith(LlmAssertExtension.class)}), the
 * application context gets {@link LlmJudgeContextCustomizer}. Other test classes' contexts are left as they are.
 */
@API(status = INTERNAL, since = "0.1")
public final class LlmJudgeContextCustomizerFactory implements ContextCustomizerFactory {

    @Override
    public ContextCustomizer createContextCustomizer(
            Class<?> testClass, List<ContextConfigurationAttributes> configAttributes) {
        return judged(testClass) ? new LlmJudgeContextCustomizer() : null;
    }

    /** Whether the class, or one it is nested in, runs under llm-assert's extension. */
    static boolean judged(Class<?> testClass) {
        for (Class<?> type = testClass; type != null; type = type.getEnclosingClass()) {
            MergedAnnotations annotations =
                    MergedAnnotations.from(type, MergedAnnotations.SearchStrategy.TYPE_HIERARCHY);
            if (annotations.isPresent(LlmJudge.class)
                    || annotations.stream(ExtendWith.class)
                            .map(MergedAnnotation::synthesize)
                            .anyMatch(e -> Arrays.asList(e.value()).contains(LlmAssertExtension.class))) {
                return true;
            }
        }
        return false;
    }
}
