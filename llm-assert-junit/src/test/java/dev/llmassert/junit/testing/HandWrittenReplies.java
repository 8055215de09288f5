package dev.llmassert.junit.testing;

import dev.langchain4j.data.message.AiMessage;
import dev.langchain4j.data.message.SystemMessage;
import dev.langchain4j.data.message.UserMessage;
import dev.langchain4j.model.chat.ChatModel;
import dev.langchain4j.model.chat.request.ChatRequest;
import dev.langchain4j.model.chat.request.ChatRequestParameters;
import dev.langchain4j.model.chat.response.ChatResponse;
import dev.langchain4j.model.output.FinishReason;
import dev.llmassert.core.criteria.CriteriaCatalog;
import dev.llmassert.core.criteria.DirectJudge;
import dev.llmassert.core.eval.Annotator;
import dev.llmassert.core.eval.Annotators;
import dev.llmassert.core.eval.PromptResponseTest;
import dev.llmassert.core.eval.SystemUnderTest;
import dev.llmassert.core.eval.TestItem;
import dev.llmassert.core.record.RecordingMode;
import dev.llmassert.core.record.Recordings;
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

import java.nio.file.Path;
import java.util.List;
import java.util.function.Function;
import java.util.stream.Stream;

import static dev.llmassert.junit.LlmAssertions.assertThat;
import static dev.llmassert.junit.LlmAssertions.assertThatThrownBy;

/**
 * A fixture run for the run report: a class configured for gpt-4o-mini whose judge replies, and whose system's
 * answers, are replayed from committed recordings that a person wrote ({@code "model": "hand-written-example"} in
 * {@code src/test/resources/llm-recordings/}). The report, the verdict line and the report entry must name the
 * writer, not gpt-4o-mini. Its evaluation has a gate that passes and one that fails.
 *
 * <p>The recordings are made by this class's own replies, through the project's recorder: run it once with
 * {@code -Dllmassert.fixtures.record=true -Dllmassert.recordings.mode=record} (from {@code llm-assert-junit}) and
 * commit the two files.
 */
@LlmJudge(provider = "openai", model = "gpt-4o-mini")
@ExtendWith(HandWrittenReplies.HandWrittenJudge.class)
public class HandWrittenReplies {

    public static final String MANUAL = "To reset the router, hold the red button for ten seconds. "
            + "The lights blink green when the reset is done.";

    /** The judge's hand-written replies, recorded for gpt-4o-mini. */
    static final Path JUDGE_REPLIES = Path.of("src/test/resources/llm-recordings/hand-written-judge.json");

    private static final boolean RECORD = Boolean.getBoolean("llmassert.fixtures.record");

    @Test
    void groundedByHand() {
        assertThat("Hold the red button for ten seconds.").isGroundedIn(MANUAL).withMinScore(0.7);
    }

    @Test
    void inventedByHand() {
        assertThatThrownBy(() -> assertThat("Hold the red button for ten seconds. Then call 1-800-555-0199.")
                        .isGroundedIn(MANUAL)
                        .withMinScore(0.7))
                .hasMessageContaining("Judge: hand-written-example (replayed from a recording; configured judge "
                        + "openai:gpt-4o-mini)");
    }

    @Test
    void conciseByHand() {
        assertThat("Hold the red button.").meets(CriteriaCatalog.CONCISENESS).withOption("Concise");
    }

    @TestFactory
    Stream<DynamicTest> supportAnswers(Evaluator evaluator, DirectJudge relevance) {
        PromptResponseTest questions = new PromptResponseTest() {
            @Override
            public List<TestItem> makeTestItems() {
                return List.of(
                        TestItem.of("reset", "How do I reset the router?"),
                        TestItem.of("lights", "What do the lights do after a reset?"));
            }

            @Override
            public List<Annotator> annotators() {
                return List.of(Annotators.criteria("relevant", relevance, CriteriaCatalog.ANSWER_RELEVANCE));
            }
        };
        SystemUnderTest assistant = SystemUnderTest.of(new FixtureModel("gpt-4o-mini", request -> {
            String question = ScriptedChatModel.lastUserText(request);
            return question.contains("lights")
                    ? "They blink green when the reset is done."
                    : "Hold the red button for ten seconds.";
        }));
        return evaluator.dynamicTests(questions, assistant, results -> {
            assertThat(results).measurement("relevant").hasMeanAtLeast(0.5);
            // two answers cannot show a relevance of 0.9 beyond noise: a gate that fails, for the report
            assertThat(results).measurement("relevant").hasLowerBoundAtLeast(0.9);
        });
    }

    /** Replays the judge's hand-written replies; records them instead with {@code llmassert.fixtures.record}. */
    public static class HandWrittenJudge implements BeforeAllCallback {
        @Override
        public void beforeAll(ExtensionContext context) {
            FixtureModel judge = new FixtureModel("gpt-4o-mini", HandWrittenJudge::reply);
            LlmAssertExtension.useChatModel(
                    context,
                    Recordings.wrap(judge, JUDGE_REPLIES, RECORD ? RecordingMode.RECORD : RecordingMode.REPLAY));
        }

        private static String reply(ChatRequest request) {
            String all = String.join(
                    "\n",
                    request.messages().stream()
                            .map(m -> m instanceof SystemMessage system
                                    ? system.text()
                                    : m instanceof UserMessage user ? user.singleText() : "")
                            .toList());
            if (all.contains("supported by source text")) {
                // the model declares no JSON schema support, so the judge asks for its text template
                return ScriptedChatModel.lastUserText(request).contains("1-800-555-0199")
                        ? "Supporting Evidence: NOTHING FOUND\nScore: 0"
                        : "Supporting Evidence: To reset the router, hold the red button for ten seconds.\nScore: 10";
            }
            if (all.contains("Partially relevant")) {
                return "{\"explanation\": \"It answers the question asked, and only that.\", "
                        + "\"selectedOption\": \"Relevant\", \"feedback\": \"\"}";
            }
            return "{\"explanation\": \"One short sentence that says what to do.\", \"selectedOption\": "
                    + "\"Concise\", \"feedback\": \"\"}";
        }
    }

    /**
     * A model named {@code gpt-4o-mini} whose replies are written here: when recording, each reply is saved as the
     * work of {@code hand-written-example}; when replaying, it is never called.
     */
    static final class FixtureModel implements ChatModel {
        private final String name;
        private final Function<ChatRequest, String> replies;

        FixtureModel(String name, Function<ChatRequest, String> replies) {
            this.name = name;
            this.replies = replies;
        }

        @Override
        public ChatResponse doChat(ChatRequest request) {
            if (!RECORD) {
                throw new IllegalStateException("HandWrittenReplies replays its committed recordings; this request "
                        + "is not among them. Fix: record them again with -Dllmassert.fixtures.record=true "
                        + "-Dllmassert.recordings.mode=record.");
            }
            return ChatResponse.builder()
                    .aiMessage(AiMessage.from(replies.apply(request)))
                    .modelName("hand-written-example")
                    .finishReason(FinishReason.STOP)
                    .build();
        }

        @Override
        public ChatRequestParameters defaultRequestParameters() {
            return ChatRequestParameters.builder()
                    .modelName(name)
                    .temperature(0.0)
                    .build();
        }
    }
}
