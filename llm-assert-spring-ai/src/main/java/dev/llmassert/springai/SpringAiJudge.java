package dev.llmassert.springai;

import dev.llmassert.junit.LlmAssertExtension;
import dev.llmassert.junit.LlmJudge;
import dev.llmassert.springai.internal.SpringAiMessages;
import dev.llmassert.springai.internal.SpringTestContexts;
import org.apiguardian.api.API;
import org.junit.jupiter.api.extension.BeforeEachCallback;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.springframework.ai.chat.model.ChatModel;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

/**
 * Makes a Spring AI {@link ChatModel} the judge of an {@link LlmJudge} test: the groundedness judge (the TruLens
 * prompt, or claim-check as {@code llmassert.groundedness.method=claim-check} asks) and the criteria judges
 * ask it, and its calls are recorded and replayed through each test's recordings, as a judge built from the
 * configuration is, so the judged checks replay in CI with no key and no network.
 *
 * <pre>{@code
 * @SpringBootTest
 * @LlmJudge
 * @ExtendWith(SpringAiJudge.class)            // the application context's one ChatModel bean
 * class SupportJudgedTest { ... }
 *
 * @RegisterExtension
 * static SpringAiJudge judge = SpringAiJudge.bean("judgeModel");   // one bean among several
 * @RegisterExtension
 * static SpringAiJudge judge = SpringAiJudge.of(OpenAiChatModel.builder()...build());   // any model
 * }</pre>
 *
 * <p>Rules for the beans: with no name, the context must have exactly one {@code ChatModel} bean (none or several
 * fail, naming them); a named bean must exist; a bean the test replaced with {@code @MockitoBean} cannot judge. The
 * Spring Boot wiring's recording of the application's beans does not apply to the judge's calls: they are recorded
 * as the judge's, which a mutation check never changes.
 */
@API(status = EXPERIMENTAL, since = "0.1")
public final class SpringAiJudge implements BeforeEachCallback {

    private final ChatModel model;
    private final String bean;

    /** The judge is the test's application context's one {@code ChatModel} bean: for {@code @ExtendWith}. */
    public SpringAiJudge() {
        this(null, null);
    }

    private SpringAiJudge(ChatModel model, String bean) {
        this.model = model;
        this.bean = bean;
    }

    /**
     * {@code model} judges.
     *
     * @param model the judge's Spring AI model, not {@code null}
     * @return the extension
     * @throws IllegalArgumentException if {@code model} is {@code null}
     */
    public static SpringAiJudge of(ChatModel model) {
        if (model == null) {
            throw new IllegalArgumentException(SpringAiMessages.nullJudgeModel());
        }
        return new SpringAiJudge(model, null);
    }

    /**
     * The {@code ChatModel} bean named {@code name} of the test's application context judges.
     *
     * @param name the bean's name, not blank
     * @return the extension
     * @throws IllegalArgumentException if {@code name} is blank
     */
    public static SpringAiJudge bean(String name) {
        if (name == null || name.isBlank()) {
            throw new IllegalArgumentException(SpringAiMessages.blankJudgeBean());
        }
        return new SpringAiJudge(null, name);
    }

    /** Supplies the judge's model to the test, before it runs. */
    @Override
    public void beforeEach(ExtensionContext context) {
        ChatModel judge = model != null ? model : SpringTestContexts.judgeModel(context, bean);
        LlmAssertExtension.useRecordedChatModel(context, SpringAiChatModels.asLangchain4j(judge));
    }

    @Override
    public String toString() {
        return "SpringAiJudge[" + (model != null ? model.getClass().getName() : bean == null ? "the one bean" : bean)
                + "]";
    }
}
