package dev.llmassert.springai.internal;

import org.apiguardian.api.API;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.extension.ExtensionConfigurationException;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.springframework.ai.chat.model.ChatModel;
import org.springframework.context.ApplicationContext;
import org.springframework.core.annotation.MergedAnnotation;
import org.springframework.core.annotation.MergedAnnotations;
import org.springframework.test.context.junit.jupiter.SpringExtension;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

import static org.apiguardian.api.API.Status.INTERNAL;

/**
 * The Spring test context of a JUnit test, for the judge taken from its beans. Only this class needs
 * {@code spring-test}, which a test that runs in a Spring context has.
 */
@API(status = INTERNAL, since = "0.1")
public final class SpringTestContexts {

    private SpringTestContexts() {}

    /**
     * The judge's model among the {@code ChatModel} beans of the test's application context: the bean named
     * {@code bean}, else the only one.
     *
     * @throws ExtensionConfigurationException when the test has no Spring context, the bean is missing or a mock, or
     *                                         there are none or several to choose from
     */
    public static ChatModel judgeModel(ExtensionContext context, String bean) {
        Class<?> testClass = context.getRequiredTestClass();
        if (!runsInSpring(testClass)) {
            throw new ExtensionConfigurationException(SpringAiMessages.noApplicationContext(testClass.getName()));
        }
        ApplicationContext application = SpringExtension.getApplicationContext(context);
        Map<String, ChatModel> beans = new TreeMap<>(application.getBeansOfType(ChatModel.class));
        List<String> names = new ArrayList<>(beans.keySet());
        String chosen = bean;
        if (chosen == null) {
            if (beans.isEmpty()) {
                throw new ExtensionConfigurationException(SpringAiMessages.noJudgeBean());
            }
            if (beans.size() > 1) {
                throw new ExtensionConfigurationException(SpringAiMessages.severalJudgeBeans(names));
            }
            chosen = names.get(0);
        } else if (!beans.containsKey(chosen)) {
            throw new ExtensionConfigurationException(SpringAiMessages.judgeBeanNotFound(chosen, names));
        }
        ChatModel model = beans.get(chosen);
        if (Mocks.isMock(model)) {
            throw new ExtensionConfigurationException(SpringAiMessages.judgeIsMock(chosen));
        }
        return model;
    }

    /** Whether the class (or one it is nested in) runs with Spring's extension, as {@code @SpringBootTest} makes it. */
    static boolean runsInSpring(Class<?> testClass) {
        for (Class<?> type = testClass; type != null; type = type.getEnclosingClass()) {
            boolean spring = MergedAnnotations.from(type, MergedAnnotations.SearchStrategy.TYPE_HIERARCHY).stream(
                            ExtendWith.class)
                    .map(MergedAnnotation::synthesize)
                    .anyMatch(extendWith -> Arrays.asList(extendWith.value()).contains(SpringExtension.class));
            if (spring) {
                return true;
            }
        }
        return false;
    }
}
