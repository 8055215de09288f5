package dev.llmassert.junit.testing;

import dev.langchain4j.model.chat.ChatModel;
import dev.langchain4j.model.chat.request.ChatRequest;
import dev.langchain4j.model.chat.request.ChatRequestParameters;
import dev.langchain4j.model.chat.response.ChatResponse;
import dev.llmassert.core.criteria.CriteriaCatalog;
import dev.llmassert.core.eval.Annotator;
import dev.llmassert.core.eval.Annotators;
import dev.llmassert.core.eval.PromptResponseTest;
import dev.llmassert.core.eval.SystemUnderTest;
import dev.llmassert.core.eval.TestItem;
import dev.llmassert.core.testing.ScriptedChatModel;
import dev.llmassert.junit.Evaluator;
import dev.llmassert.junit.LlmAssertExtension;
import dev.llmassert.junit.LlmJudge;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.extension.ExtensionContext;

import java.util.List;
import java.util.stream.Stream;

import static dev.llmassert.junit.LlmAssertions.assertThat;
import static dev.llmassert.junit.LlmAssertions.assertThatThrownBy;

/**
 * A fixture run for the run report: four criteria checks on a scripted gpt-4o-mini judge (10 tokens in, 5 out per
 * call; one fails, two judge answers that are markup), one passing and one failing groundedness check on the
 * word-overlap judge, which no price table knows, and an evaluation of three items. Outside
 * {@code dev.llmassert.junit.internal}, so that its checks' call sites are its own lines.
 */
@LlmJudge
@ExtendWith({ReportedChecks.ScriptedJudge.class, WordOverlapJudgeExtension.class})
public class ReportedChecks {

    public static final String MANUAL = "To reset the router, hold the red button for ten seconds. "
            + "The lights blink green when the reset is done.";

    /** An answer that is markup: the report must show it as text and run nothing. */
    public static final String SCRIPT_ANSWER = "</script><script>alert(1)</script>";

    /** An answer with an HTML element, a comment opener and a line separator. */
    public static final String IMAGE_ANSWER = "Sure! <img src=x onerror=\"window.__xss=1\"> <!-- and & and \u2028 end";

    @Test
    void concise() {
        assertThat("Hold the red button.").meets(CriteriaCatalog.CONCISENESS).withOption("Concise");
    }

    @Test
    void notVerbose() {
        assertThatThrownBy(() -> assertThat("Hold the red button.")
                        .meets(CriteriaCatalog.CONCISENESS)
                        .withOption("Verbose"))
                .isInstanceOf(AssertionError.class);
    }

    @Test
    void scriptAnswer() {
        assertThat(SCRIPT_ANSWER).meets(CriteriaCatalog.CONCISENESS).withOption("Concise");
    }

    @Test
    void imageAnswer() {
        assertThat(IMAGE_ANSWER).meets(CriteriaCatalog.CONCISENESS).withOption("Concise");
    }

    @Test
    void grounded() {
        assertThat("Hold the red button for ten seconds.").isGroundedIn(MANUAL).withMinScore(0.5);
    }

    @Test
    void invented() {
        assertThat("Routers brew espresso every morning.").isGroundedIn(MANUAL).withMinScore(0.5);
    }

    @TestFactory
    Stream<DynamicTest> evaluation(Evaluator evaluator) {
        PromptResponseTest test = new PromptResponseTest() {
            @Override
            public List<TestItem> makeTestItems() {
                return List.of(
                        TestItem.of("a", "How do I reset it?"),
                        TestItem.of("b", "Reset how?"),
                        TestItem.of("c", "Warranty?"));
            }

            @Override
            public List<Annotator> annotators() {
                return List.of(Annotators.contains("mentions-reset", "reset"));
            }
        };
        return evaluator.dynamicTests(
                test,
                SystemUnderTest.of("echo", q -> q),
                results -> assertThat(results).measurement("mentions-reset").hasMeanAtLeast(0.5));
    }

    /** A judge model named gpt-4o-mini that finds every text concise, for 10 tokens in and 5 out per call. */
    public static class ScriptedJudge implements BeforeAllCallback {
        @Override
        public void beforeAll(ExtensionContext context) {
            ScriptedChatModel scripted = ScriptedChatModel.answering(request ->
                    "{\"explanation\": \"Short and complete.\", \"selectedOption\": \"Concise\", \"feedback\": \"\"}");
            LlmAssertExtension.useChatModel(context, named("gpt-4o-mini", scripted));
        }
    }

    /** {@code scripted}, saying its model is {@code name}, as a real client does, so its tokens have a price. */
    public static ChatModel named(String name, ScriptedChatModel scripted) {
        return new ChatModel() {
            @Override
            public ChatResponse doChat(ChatRequest request) {
                return scripted.doChat(request);
            }

            @Override
            public ChatRequestParameters defaultRequestParameters() {
                return ChatRequestParameters.builder().modelName(name).build();
            }
        };
    }
}
