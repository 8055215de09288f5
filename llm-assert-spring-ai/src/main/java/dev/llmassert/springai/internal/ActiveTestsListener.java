package dev.llmassert.springai.internal;

import dev.llmassert.springai.ChatClientRecorder;
import org.apiguardian.api.API;
import org.springframework.context.ApplicationContext;
import org.springframework.core.Ordered;
import org.springframework.test.context.TestContext;
import org.springframework.test.context.TestExecutionListener;

import static org.apiguardian.api.API.Status.INTERNAL;

/**
 * Keeps the {@link ActiveTests} of an {@code @LlmJudge} test's application context, and clears its
 * {@link ChatClientRecorder} before each test method, so that a test sees its own calls only. Registered in
 * {@code META-INF/spring.factories}; a context without the wiring is left alone.
 */
@API(status = INTERNAL, since = "0.1")
public final class ActiveTestsListener implements TestExecutionListener, Ordered {

    @Override
    public void beforeTestMethod(TestContext testContext) {
        ApplicationContext application = wired(testContext);
        if (application != null) {
            application
                    .getBean(LlmJudgeContextCustomizer.RECORDER, ChatClientRecorder.class)
                    .clear();
        }
    }

    @Override
    public void beforeTestExecution(TestContext testContext) {
        ApplicationContext application = wired(testContext);
        if (application != null) {
            application
                    .getBean(LlmJudgeContextCustomizer.ACTIVE_TESTS, ActiveTests.class)
                    .started(testContext.getTestInstance());
        }
    }

    @Override
    public void afterTestExecution(TestContext testContext) {
        ApplicationContext application = wired(testContext);
        if (application != null) {
            application
                    .getBean(LlmJudgeContextCustomizer.ACTIVE_TESTS, ActiveTests.class)
                    .finished(testContext.getTestInstance());
        }
    }

    @Override
    public int getOrder() {
        return Ordered.LOWEST_PRECEDENCE;
    }

    private static ApplicationContext wired(TestContext testContext) {
        if (!LlmJudgeContextCustomizerFactory.judged(testContext.getTestClass())
                || !testContext.hasApplicationContext()) {
            return null;
        }
        ApplicationContext application = testContext.getApplicationContext();
        return application.containsBean(LlmJudgeContextCustomizer.ACTIVE_TESTS) ? application : null;
    }
}
