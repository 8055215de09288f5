package dev.llmassert.junit.testing;

import dev.langchain4j.model.chat.ChatModel;
import dev.llmassert.core.criteria.CriteriaCatalog;
import dev.llmassert.core.criteria.DirectJudge;
import dev.llmassert.core.eval.Annotator;
import dev.llmassert.core.eval.Annotators;
import dev.llmassert.core.eval.PromptResponseTest;
import dev.llmassert.core.eval.SystemUnderTest;
import dev.llmassert.core.eval.TestItem;
import dev.llmassert.core.testing.ScriptedChatModel;
import dev.llmassert.junit.Evaluator;
import dev.llmassert.junit.JudgeRecordings;
import dev.llmassert.junit.LlmJudge;
import org.junit.jupiter.api.RepeatedTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

import java.util.List;

/**
 * A fixture run for the run report's costs: three questions answered by a scripted application model named
 * gpt-4o-mini (10 tokens in, 5 out per call), each answer judged by the scripted gpt-4o-mini judge of
 * {@link ReportedChecks} (10 in, 5 out), with the recordings off, so every call is live; and an evaluation repeated
 * twice, each invocation with a record of its own.
 */
@LlmJudge
@JudgeRecordings(mode = "off")
@ExtendWith(ReportedChecks.ScriptedJudge.class)
public class EvaluationCosts {

    @Test
    void answers(Evaluator evaluator, DirectJudge conciseness) {
        ChatModel application =
                ReportedChecks.named("gpt-4o-mini", ScriptedChatModel.answering(request -> "Hold the red button."));
        evaluator.run(
                questions(List.of(Annotators.criteria("concise", conciseness, CriteriaCatalog.CONCISENESS))),
                SystemUnderTest.of(application));
    }

    @RepeatedTest(2)
    void repeated(Evaluator evaluator) {
        evaluator.run(
                questions(List.of(Annotators.contains("mentions-button", "button"))),
                SystemUnderTest.of("echo", question -> "Press the button."));
    }

    private static PromptResponseTest questions(List<Annotator> annotators) {
        return new PromptResponseTest() {
            @Override
            public List<TestItem> makeTestItems() {
                return List.of(
                        TestItem.of("a", "How do I reset it?"),
                        TestItem.of("b", "Which button?"),
                        TestItem.of("c", "For how long?"));
            }

            @Override
            public List<Annotator> annotators() {
                return annotators;
            }
        };
    }
}
