package dev.llmassert.springai;

import dev.llmassert.core.criteria.CriteriaCatalog;
import dev.llmassert.core.criteria.DirectJudge;
import dev.llmassert.core.groundedness.LocalGroundednessJudge;
import dev.llmassert.core.testing.LoopbackChatServer;
import dev.llmassert.core.testing.LoopbackChatServer.Reply;
import dev.llmassert.springai.testing.SpringAiLoopback;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.springframework.ai.document.Document;
import org.springframework.ai.evaluation.EvaluationRequest;
import org.springframework.ai.evaluation.EvaluationResponse;
import org.springframework.ai.evaluation.Evaluator;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * llm-assert's verdicts through Spring AI's {@link Evaluator} interface: the groundedness judge's score, its sentences
 * with evidence and why in the feedback and the metadata; a catalog criteria judged by a Spring AI model (its real
 * OpenAI client against the loopback server), with the judge's option and explanation.
 */
class SpringAiEvaluatorsTest {

    static final String MANUAL = "To restore the factory settings, hold the recessed reset button on the back for 15"
            + " seconds with a paperclip, until the status light turns amber.";

    private static LocalGroundednessJudge local;
    private final LoopbackChatServer server = LoopbackChatServer.start();

    @BeforeAll
    static void judge() {
        local = LocalGroundednessJudge.create();
    }

    @AfterAll
    static void closeJudge() {
        local.close();
    }

    @AfterEach
    void stop() {
        server.close();
    }

    @Test
    void groundednessGivesTheVerdictWithEachSentencesEvidence() throws IOException {
        // tag::groundedness[]
        Evaluator evaluator = new GroundednessEvaluator(local, 0.7);
        EvaluationRequest request = new EvaluationRequest(
                "How do I reset the router?",
                List.of(new Document(MANUAL)),
                "Hold the reset button on the back for 15 seconds with a paperclip. Then call support at"
                        + " 1-800-555-0199 to activate the router again.");

        EvaluationResponse response = evaluator.evaluate(request);
        // end::groundedness[]

        assertThat(response.isPass()).isFalse();
        assertThat(response.getScore()).isLessThan(0.7f);
        assertThat(Files.readString(Path.of("..", "docs", "guide", "spring-ai.adoc")))
                .as("the guide shows this feedback as it is")
                .contains("....\n" + response.getFeedback() + "\n....");
        assertThat(response.getFeedback())
                .startsWith("Not grounded: score ")
                .contains("Judge: local:")
                .contains("✗ [1]")
                .contains("1-800-555-0199")
                .contains("evidence: ")
                .contains("why: ");
        assertThat(response.getMetadata())
                .containsEntry(GroundednessEvaluator.MIN_SCORE, 0.7)
                .containsKeys(
                        GroundednessEvaluator.SCORE, GroundednessEvaluator.JUDGE, GroundednessEvaluator.SENTENCES);
        @SuppressWarnings("unchecked")
        List<Map<String, Object>> sentences =
                (List<Map<String, Object>>) response.getMetadata().get(GroundednessEvaluator.SENTENCES);
        assertThat(sentences).hasSize(2);
        assertThat(sentences.get(1).get("reason").toString()).contains("1-800-555-0199");

        EvaluationResponse grounded = evaluator.evaluate(new EvaluationRequest(
                "How do I reset the router?",
                List.of(new Document(MANUAL)),
                "Hold the recessed reset button on the back for 15 seconds with a paperclip."));
        assertThat(grounded.isPass()).as(grounded.getFeedback()).isTrue();
        assertThat(grounded.getFeedback()).startsWith("Grounded: score 0.97 reaches the minimum 0.70.");
    }

    @Test
    void aCatalogCriteriaJudgedByASpringAiModel() {
        server.respondWith(request -> Reply.content("{\"explanation\": \"The answer tells how to reset the router,"
                + " which is what was asked.\", \"selectedOption\": \"Relevant\", \"feedback\": \"\"}"));
        DirectJudge judge = DirectJudge.builder()
                .chatModel(SpringAiChatModels.asLangchain4j(SpringAiLoopback.chatModel(server.baseUrl())))
                .build();
        // tag::criteria[]
        CriteriaEvaluator relevance = new CriteriaEvaluator(judge, CriteriaCatalog.ANSWER_RELEVANCE);

        EvaluationResponse response = relevance.evaluate(new EvaluationRequest(
                "How do I reset the router?", List.of(), "Hold the reset button for 15 seconds."));

        assertThat(response.isPass()).as(response.getFeedback()).isTrue();
        // end::criteria[]
        assertThat(response.getFeedback())
                .contains("answer_relevance: option 'Relevant'")
                .contains("Judge: openai:gpt-4o-mini (live)")
                .contains("Explanation: The answer tells how to reset the router");
        assertThat(response.getMetadata())
                .containsEntry(CriteriaEvaluator.OPTION, "Relevant")
                .containsEntry(CriteriaEvaluator.CRITERIA, "answer_relevance");
        assertThat(server.requests().get(0).lastUserMessage()).contains("How do I reset the router?");

        EvaluationResponse expectingAnother = relevance
                .withOption("Irrelevant")
                .evaluate(new EvaluationRequest(
                        "How do I reset the router?", List.of(), "Hold the reset button for 15 seconds."));
        assertThat(expectingAnother.isPass()).isFalse();
        assertThat(expectingAnother.getFeedback()).contains("but expected option 'Irrelevant'");
        judge.close();
    }

    @Test
    void aRequestTheJudgeCannotUseSaysWhatToPass() {
        assertThatThrownBy(() -> new GroundednessEvaluator(local)
                        .evaluate(new EvaluationRequest("How?", List.of(), "Hold the button.")))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("no document that has text")
                .hasMessageContaining("new EvaluationRequest(question, documents, answer)");
        DirectJudge judge = DirectJudge.builder()
                .chatModel(SpringAiChatModels.asLangchain4j(SpringAiLoopback.chatModel(SpringAiLoopback.CLOSED)))
                .build();
        assertThatThrownBy(() -> new CriteriaEvaluator(judge, CriteriaCatalog.ANSWER_RELEVANCE)
                        .evaluate(new EvaluationRequest(List.of(), "Hold the button.")))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("'question'")
                .hasMessageContaining("user's question as its user text");
        judge.close();
    }
}
