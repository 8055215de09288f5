package dev.llmassert.examples;

import dev.llmassert.core.criteria.CriteriaCatalog;
import dev.llmassert.core.criteria.DirectJudge;
import dev.llmassert.core.dataset.Dataset;
import dev.llmassert.core.eval.Annotator;
import dev.llmassert.core.eval.Annotators;
import dev.llmassert.core.eval.EvaluationResults;
import dev.llmassert.core.eval.GroupResult;
import dev.llmassert.core.eval.ItemResult;
import dev.llmassert.core.eval.PromptResponseTest;
import dev.llmassert.core.eval.SystemUnderTest;
import dev.llmassert.core.eval.TestItem;
import dev.llmassert.core.groundedness.GroundednessJudge;
import dev.llmassert.junit.Evaluator;
import dev.llmassert.junit.LlmJudge;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

import static dev.llmassert.junit.LlmAssertions.assertThat;
import static dev.llmassert.junit.LlmAssertions.tuple;

/**
 * A RAG evaluation of the support assistant: 32 customer questions about the Nimbus R2
 * ({@code src/test/resources/eval/support-questions.jsonl}, each with a topic and the manual sections its answer
 * should rely on), each answered by the assistant and judged twice:
 * <ul>
 *   <li>{@code grounded}: is the answer supported by those sections? The local judge (no model, deterministic), at
 *       the configured {@code llmassert.groundedness.min-score} (default {@value LlmJudge#DEFAULT_MIN_SCORE}), the
 *       same bar as {@code isGroundedIn}; it also gives {@code grounded.passed},
 *       the share of answers at or above it.</li>
 *   <li>{@code relevant}: does it answer the question? gpt-4o-mini on the catalog's answer-relevance criteria
 *       (Relevant 1, Partially relevant 0.5, Irrelevant 0).</li>
 * </ul>
 * One dynamic test per question fails if the question could not be evaluated; the {@code results} test runs the
 * gates, overall, per topic and against a committed baseline.
 *
 * <p>The assistant's answers and the relevance judge's replies replay from this class's recordings,
 * {@code src/test/resources/llm-recordings/dev.llmassert.examples.SupportAssistantEvaluationTest.json}. They are
 * hand-written, not model output: every entry says {@code "model": "hand-written-example"}. Their texts are in
 * {@code src/test/resources/eval/support-replies.hand-written.jsonl}; most answers follow the manual, and six do
 * not, each with a {@code note} saying how. After editing that file, re-record (from the repository root) with
 * <pre>
 * mvn -B -pl llm-assert-core,llm-assert-junit,llm-assert-examples test -Dskip.library.tests=true \
 *     -Dtest=RecordSupportEvaluation -Dsurefire.failIfNoSpecifiedTests=false -Dllmassert.recordings.mode=record
 * </pre>
 * To record a real assistant and judge instead, set {@code OPENAI_API_KEY} and run this class with
 * {@code -Dtest=SupportAssistantEvaluationTest -Dllmassert.recordings.mode=record}.
 */
@LlmJudge(provider = "openai", model = "gpt-4o-mini")
class SupportAssistantEvaluationTest {

    static final Path QUESTIONS = Path.of("src/test/resources/eval/support-questions.jsonl");

    /**
     * The record of a run of {@link #supportQuestions}, committed. To refresh it after an intended change, run this
     * class, read the new results, then copy the record over it:
     * <pre>
     * cp target/llm-assert/evaluations/dev.llmassert.examples.SupportAssistantEvaluationTest.supportQuestions.json \
     *     src/test/resources/eval/baselines/
     * </pre>
     */
    static final Path BASELINE = Path.of("src/test/resources/eval/baselines/"
            + "dev.llmassert.examples.SupportAssistantEvaluationTest.supportQuestions.json");

    /**
     * The class's {@code @LlmJudge} names gpt-4o-mini for the relevance judge, so a plain {@code GroundednessJudge}
     * parameter would be the LLM one; {@code @LlmJudge.Local} injects the local judge instead, which needs no
     * recordings.
     */
    // tag::evaluation[]
    @TestFactory
    Stream<DynamicTest> supportQuestions(
            Evaluator evaluator, DirectJudge relevanceJudge, @LlmJudge.Local GroundednessJudge localJudge) {
        SupportQuestions questions = new SupportQuestions(relevanceJudge, localJudge, evaluator.groundednessMinScore());
        return evaluator.dynamicTests(questions, assistant(evaluator), results -> {
            // The evaluator logs results.table() and publishes it as a report entry: every measurement per topic.

            // The share of grounded answers, beyond noise. The recorded answers give 25 of 32, interval [0.612,
            // 0.890]: this bar holds that level. 25 of the 26 answers written to follow the manual pass; the one that
            // fails, "You don't need to choose." (which band to pick), has no source sentence to confirm it on its
            // own. The six that do not give the manual's answer fail: two invent (a phone number, a 30-day limit),
            // three say they don't know because the retriever gave the model the wrong sections, and the sixth
            // answers another question in the manual's words, with a reordered sentence the judge cannot confirm
            // (the relevance judge catches it too). A support team would want a lower bound of 0.8; raise the bar as
            // the assistant improves, never lower it to pass.
            assertThat(results).measurement("grounded.passed").hasLowerBoundAtLeast(0.6);

            // In every topic, a mean relevance of at least 0.5. Most topics are at 0.8 to 1; parental-controls is at
            // 0.5, on the bar: the retriever gives "How does the bedtime setting work?" the wrong sections, and one
            // answer answers another question, so two of its four answers are irrelevant.
            for (GroupResult topic : results.results().groups()) {
                assertThat(results)
                        .measurement("relevant")
                        .inGroup("topic", topic.value())
                        .hasMeanAtLeast(0.5);
            }

            // Item by item against the committed baseline: no significant drop in the groundedness scores. 32
            // questions can detect a drop of about 0.13 in the mean score, not less, so that is the drop asked for;
            // with the default, 0.05, the comparison would warn that it needs about 220 questions.
            assertThat(results).measurement("grounded").isNotWorseThan(EvaluationResults.read(BASELINE), 0.15);
        });
    }
    // end::evaluation[]

    @Test
    void eachJudgeCatchesWhatTheOtherMisses(
            Evaluator evaluator, DirectJudge relevanceJudge, @LlmJudge.Local GroundednessJudge localJudge) {
        EvaluationResults results = evaluator.run(
                new SupportQuestions(relevanceJudge, localJudge, evaluator.groundednessMinScore()),
                assistant(evaluator));

        // An invented phone number, an invented 30-day limit: on topic, but not grounded.
        assertThat(verdicts(results, "warranty-contact")).containsExactly("not grounded", "Relevant");
        assertThat(verdicts(results, "firmware-turn-off")).containsExactly("not grounded", "Relevant");
        // How to set a bedtime, asked when it ends: an answer to another question, which the relevance judge
        // catches. Its how-to is the manual's; its last sentence reorders the manual's words ("set a bedtime for
        // each profile" from "for a profile or set a bedtime"), which the local judge's entailment model, reading
        // the question first, does not confirm: that sentence fails and says so, and takes the answer's mean under
        // the bar with it.
        assertThat(verdicts(results, "parental-after-bedtime")).containsExactly("not grounded", "Irrelevant");
        assertThat(sentences(results, "parental-after-bedtime"))
                .extracting(s -> s.get("score"), s -> s.get("reason"))
                .containsExactly(
                        tuple(0.8454, null),
                        tuple(
                                0.4775,
                                "the sources say otherwise: \"You can pause the internet for a profile or set a "
                                        + "bedtime, after which the profile's devices are ...\""));
        // The retriever gave the model the wrong sections and it said it did not know: both judges object.
        assertThat(verdicts(results, "parental-bedtime")).containsExactly("not grounded", "Irrelevant");
    }

    /** The sentences of the groundedness annotation of the answer to the question {@code id}. */
    @SuppressWarnings("unchecked")
    private static List<Map<String, Object>> sentences(EvaluationResults results, String id) {
        ItemResult item = results.item(id).orElseThrow();
        return (List<Map<String, Object>>)
                item.annotations().get("grounded").get(0).details().get("sentences");
    }

    /** The labels the two judges gave the answer to the question {@code id}. */
    private static List<String> verdicts(EvaluationResults results, String id) {
        ItemResult item = results.item(id).orElseThrow();
        return List.of(
                item.annotations().get("grounded").get(0).label(),
                item.annotations().get("relevant").get(0).label());
    }

    /** The questions: one per line of {@link #QUESTIONS}, its topic and the titles of the sections it needs. */
    // tag::evaluation-parts[]
    static Dataset questions() {
        return Dataset.fromFile(QUESTIONS)
                .id("id")
                .prompts("question")
                .context("topic")
                .contextList("sections");
    }
    // end::evaluation-parts[]

    /** The assistant over its own model, recorded and replayed through this class's recordings. */
    // tag::evaluation-parts[]
    static SystemUnderTest assistant(Evaluator evaluator) {
        SupportAssistant assistant =
                new SupportAssistant(evaluator.recorded(NimbusAssistants.applicationModel()), ProductManual.nimbusR2());
        return SystemUnderTest.of(
                "nimbus-support-assistant", question -> assistant.ask(question).text());
    }
    // end::evaluation-parts[]

    /**
     * The customer questions of {@code support-questions.jsonl}, each answer judged against the manual sections the
     * dataset names for it.
     */
    // tag::evaluation-parts[]
    static final class SupportQuestions implements PromptResponseTest {

        private final DirectJudge relevanceJudge;
        private final GroundednessJudge localJudge;
        private final double minScore;

        SupportQuestions(DirectJudge relevanceJudge, GroundednessJudge localJudge, double minScore) {
            this.relevanceJudge = relevanceJudge;
            this.localJudge = localJudge;
            this.minScore = minScore;
        }

        /** The questions, with the texts of their sections as {@code sources}. */
        @Override
        public List<TestItem> makeTestItems() {
            ProductManual manual = ProductManual.nimbusR2();
            return questions().stream()
                    .map(item -> item.withContext(
                            "sources",
                            item.contextList("sections").stream()
                                    .map(title -> manual.section(title).text())
                                    .toList()))
                    .toList();
        }

        @Override
        public List<String> groupBy(List<TestItem> items) {
            return List.of("topic");
        }

        @Override
        public List<Annotator> annotators() {
            return List.of(
                    Annotators.groundedness("grounded", localJudge, "sources", minScore),
                    Annotators.criteria("relevant", relevanceJudge, CriteriaCatalog.ANSWER_RELEVANCE));
        }
    }
    // end::evaluation-parts[]
}
