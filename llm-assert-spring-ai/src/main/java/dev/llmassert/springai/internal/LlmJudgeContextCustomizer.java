package dev.llmassert.springai.internal;

import dev.llmassert.springai.ChatClientRecorder;
import org.apiguardian.api.API;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.ai.chat.client.ChatClientBuilderCustomizer;
import org.springframework.ai.chat.model.ChatModel;
import org.springframework.beans.factory.config.BeanPostProcessor;
import org.springframework.beans.factory.config.ConfigurableListableBeanFactory;
import org.springframework.context.ApplicationListener;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.context.event.ContextRefreshedEvent;
import org.springframework.test.context.ContextCustomizer;
import org.springframework.test.context.MergedContextConfiguration;

import static org.apiguardian.api.API.Status.INTERNAL;

/**
 * What an {@code @LlmJudge} test's application context gets:
 * <ul>
 *   <li>each Spring AI {@link ChatModel} bean is wrapped, once it is made, in a {@link RecordingSpringAiChatModel}
 *       whose calls go through the recordings of the test method running when they are made (a bean replaced with
 *       {@code @MockitoBean} is the test's own stand-in and left as it is);</li>
 *   <li>a {@link ChatClientRecorder} bean, whose advisors every {@code ChatClient.Builder} of Spring AI's
 *       auto-configuration gets (a {@link ChatClientBuilderCustomizer}), cleared before each test;</li>
 *   <li>the {@link ActiveTests} of the context, which {@link ActiveTestsListener} keeps, so that a call made on a
 *       thread of the application's own finds its test.</li>
 * </ul>
 * Every instance is equal, so that the contexts of {@code @LlmJudge} test classes are cached and shared as Spring
 * shares any other.
 */
@API(status = INTERNAL, since = "0.1")
public final class LlmJudgeContextCustomizer implements ContextCustomizer {

    /** The bean name of the context's {@link ActiveTests}. */
    public static final String ACTIVE_TESTS = "llmAssertActiveTests";
    /** The bean name of the context's {@link ChatClientRecorder}. */
    public static final String RECORDER = "llmAssertChatClientRecorder";

    private static final Logger LOG = LoggerFactory.getLogger("dev.llmassert.springai");

    @Override
    public void customizeContext(ConfigurableApplicationContext context, MergedContextConfiguration configuration) {
        ConfigurableListableBeanFactory beans = context.getBeanFactory();
        ActiveTests activeTests = new ActiveTests();
        ChatClientRecorder recorder = new ChatClientRecorder();
        beans.registerSingleton(ACTIVE_TESTS, activeTests);
        beans.registerSingleton(RECORDER, recorder);
        beans.registerSingleton("llmAssertChatClientCustomizer", (ChatClientBuilderCustomizer)
                builder -> builder.defaultAdvisors(recorder.advisors()));
        beans.addBeanPostProcessor(new RecordingBeans(activeTests));
        String testClass = configuration.getTestClass().getName();
        context.addApplicationListener((ApplicationListener<ContextRefreshedEvent>) event -> {
            if (event.getApplicationContext() == context && context.getBeanNamesForType(ChatModel.class).length == 0) {
                LOG.warn(SpringAiMessages.noChatModelBean(testClass));
            }
        });
    }

    @Override
    public boolean equals(Object other) {
        return other != null && other.getClass() == getClass();
    }

    @Override
    public int hashCode() {
        return getClass().hashCode();
    }

    /** Wraps each {@code ChatModel} bean, once it is made, in the recordings of the running test. */
    private static final class RecordingBeans implements BeanPostProcessor {

        private final ActiveTests activeTests;

        RecordingBeans(ActiveTests activeTests) {
            this.activeTests = activeTests;
        }

        @Override
        public Object postProcessAfterInitialization(Object bean, String beanName) {
            if (!(bean instanceof ChatModel model) || bean instanceof RecordingSpringAiChatModel) {
                return bean;
            }
            if (Mocks.isMock(bean)) {
                LOG.debug(SpringAiMessages.mockNotRecorded(beanName));
                return bean;
            }
            return new RecordingSpringAiChatModel(model, Routes.runningTest(activeTests::instances), beanName);
        }
    }
}
