package dev.llmassert.examples;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.llmassert.core.criteria.CriteriaCatalog;
import dev.llmassert.core.criteria.DirectJudge;
import dev.llmassert.core.eval.Annotator;
import dev.llmassert.core.eval.Annotators;
import dev.llmassert.core.eval.EvaluationResults;
import dev.llmassert.core.eval.GroupResult;
import dev.llmassert.core.eval.Interval;
import dev.llmassert.core.eval.ItemResult;
import dev.llmassert.core.eval.MeasurementResult;
import dev.llmassert.core.eval.PromptResponseTest;
import dev.llmassert.core.eval.SystemUnderTest;
import dev.llmassert.core.eval.TestItem;
import dev.llmassert.core.groundedness.GroundednessJudge;
import dev.llmassert.core.groundedness.LocalGroundednessJudge;
import dev.llmassert.junit.Evaluator;
import dev.llmassert.junit.LlmJudge;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.TestReporter;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.stream.Stream;

import static dev.llmassert.junit.LlmAssertions.assertThat;

/**
 * A RAG evaluation of the support assistant: 32 customer questions about the Nimbus R2
 * ({@code src/test/resources/eval/support-questions.jsonl}, each with a topic and the manual sections its answer
 * should rely on), each answered by the assistant and judged twice:
 * <ul>
 *   <li>{@code grounded}: is the answer supported by those sections? The local judge (no model, deterministic), at
 *       the project's default minimum, {@value LlmJudge#DEFAULT_MIN_SCORE}; it also gives {@code grounded.passed},
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
 * mvn -B -o -pl llm-assert-core,llm-assert-junit,llm-assert-examples test -Dskip.library.tests=true \
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
     * {@code cp target/llm-assert/evaluations/dev.llmassert.examples.SupportAssistantEvaluationTest.supportQuestions.json
     * src/test/resources/eval/baselines/}.
     */
    static final Path BASELINE = Path.of("src/test/resources/eval/baselines/"
            + "dev.llmassert.examples.SupportAssistantEvaluationTest.supportQuestions.json");

    private static final Logger LOG = LoggerFactory.getLogger(SupportAssistantEvaluationTest.class);

    /**
     * The groundedness judge. The class's {@code @LlmJudge} names gpt-4o-mini for the relevance judge, so an injected
     * {@code GroundednessJudge} would be the LLM one; this is the local judge, built directly:
     * {@code LocalGroundednessJudge.create()} is what {@code provider = "local"} gives, in stable API, and needs no
     * recordings.
     */
    private static final GroundednessJudge LOCAL_JUDGE = LocalGroundednessJudge.create();

    @TestFactory
    Stream<DynamicTest> supportQuestions(Evaluator evaluator, DirectJudge relevanceJudge, TestReporter reporter) {
        return evaluator.dynamicTests(new SupportQuestions(relevanceJudge), assistant(evaluator), results -> {
            String table = topicTable(results);
            reporter.publishEntry("llm-assert.evaluation.topics", table);
            LOG.info("{}, per topic:\n{}", results.testId(), table);

            // The share of grounded answers, beyond noise. The recorded answers give 12 of 32, interval [0.229,
            // 0.547]: this bar only holds that level. It is far below what a support team would require (a lower
            // bound of 0.8, say), and the recorded assistant does not meet such a bar, for two reasons. Five answers
            // do not give the manual's answer: two invent (a phone number, a 30-day limit), two say they don't know
            // because the retriever gave the model the wrong sections, one says the manual does not cover the
            // question. And the local judge scores close paraphrases below 0.7: "A solid amber light means the router
            // is restoring its factory settings." scores 0.44 against "Solid amber means it is restoring factory
            // settings.", so 15 of the 26 answers written to follow the manual fall below it, most for their wording
            // alone. Raise the bar as those are fixed; never lower it to pass.
            assertThat(results).measurement("grounded.passed").hasLowerBoundAtLeast(0.2);

            // In every topic, a mean relevance of at least 0.5. Most topics are at 0.8 to 1; parental-controls is at
            // 0.5, on the bar: the retriever gives "How does the bedtime setting work?" the wrong sections, and one
            // answer answers another question, so two of its four answers are irrelevant.
            for (GroupResult topic : results.results().groups()) {
                assertThat(results).measurement("relevant").inGroup("topic", topic.value()).hasMeanAtLeast(0.5);
            }

            // Item by item against the committed baseline: no significant drop in the groundedness scores. 32
            // questions can detect a drop of about 0.13 in the mean score, not less, so that is the drop asked for;
            // with the default, 0.05, the comparison would warn that it needs about 220 questions.
            assertThat(results).measurement("grounded").isNotWorseThan(EvaluationResults.read(BASELINE), 0.15);
        });
    }

    @Test
    void eachJudgeCatchesWhatTheOtherMisses(Evaluator evaluator, DirectJudge relevanceJudge) {
        EvaluationResults results = evaluator.run(new SupportQuestions(relevanceJudge), assistant(evaluator));

        // An invented phone number, an invented 30-day limit: on topic, but not grounded.
        assertThat(verdicts(results, "warranty-contact")).containsExactly("not grounded", "Relevant");
        assertThat(verdicts(results, "firmware-turn-off")).containsExactly("not grounded", "Relevant");
        // How to set a bedtime, asked when it ends: grounded, but an answer to another question.
        assertThat(verdicts(results, "parental-after-bedtime")).containsExactly("grounded", "Irrelevant");
        // The retriever gave the model the wrong sections and it said it did not know: both judges object.
        assertThat(verdicts(results, "parental-bedtime")).containsExactly("not grounded", "Irrelevant");
    }

    /** The labels the two judges gave the answer to the question {@code id}. */
    private static List<String> verdicts(EvaluationResults results, String id) {
        ItemResult item = results.item(id).orElseThrow();
        return List.of(item.annotations().get("grounded").get(0).label(),
                item.annotations().get("relevant").get(0).label());
    }

    /** The assistant over its own model, recorded and replayed through this class's recordings. */
    static SystemUnderTest assistant(Evaluator evaluator) {
        SupportAssistant assistant = new SupportAssistant(evaluator.recorded(NimbusAssistants.applicationModel()),
                ProductManual.nimbusR2());
        return SystemUnderTest.of("nimbus-support-assistant", question -> assistant.ask(question).text());
    }

    /**
     * One row per topic, and one for all questions: the share of grounded answers with its interval, and the mean
     * groundedness and relevance scores.
     */
    static String topicTable(EvaluationResults results) {
        StringBuilder table = new StringBuilder(String.format(Locale.ROOT, "%-18s %3s %15s  %-26s %9s %9s%n",
                "topic", "n", "grounded.passed", "interval", "grounded", "relevant"));
        table.append(row("(all)", results.results().measurements()));
        for (GroupResult group : results.results().groups()) {
            table.append(row(group.value(), group.measurements()));
        }
        return table.toString().stripTrailing();
    }

    private static String row(String topic, Map<String, MeasurementResult> measurements) {
        MeasurementResult passed = measurements.get("grounded.passed");
        Interval interval = passed.interval();
        return String.format(Locale.ROOT, "%-18s %3d %15.3f  %-26s %9.3f %9.3f%n", topic, passed.n(), passed.mean(),
                String.format(Locale.ROOT, "[%.3f, %.3f] %s %.0f%%", interval.lower(), interval.upper(),
                        interval.method(), interval.level() * 100),
                measurements.get("grounded").mean(), measurements.get("relevant").mean());
    }

    /**
     * The customer questions of {@code support-questions.jsonl}, each answer judged against the manual sections the
     * dataset names for it.
     */
    static final class SupportQuestions implements PromptResponseTest {

        private final DirectJudge relevanceJudge;

        SupportQuestions(DirectJudge relevanceJudge) {
            this.relevanceJudge = relevanceJudge;
        }

        /** The questions, with the texts of their sections as {@code sources}. */
        @Override
        public List<TestItem> makeTestItems() throws IOException {
            ProductManual manual = ProductManual.nimbusR2();
            List<TestItem> items = new ArrayList<>();
            for (TestItem question : loadQuestions()) {
                TestItem.Builder item = TestItem.builder(question.id());
                question.prompts().forEach(item::prompt);
                question.context().forEach(item::context);
                item.context("sources", question.contextList("sections").stream()
                        .map(title -> manual.section(title).text()).toList());
                items.add(item.build());
            }
            return items;
        }

        @Override
        public List<String> groupBy(List<TestItem> items) {
            return List.of("topic");
        }

        @Override
        public List<Annotator> annotators() {
            return List.of(
                    Annotators.groundedness("grounded", LOCAL_JUDGE, "sources", LlmJudge.DEFAULT_MIN_SCORE),
                    Annotators.criteria("relevant", relevanceJudge, CriteriaCatalog.ANSWER_RELEVANCE));
        }
    }

    /**
     * One item per line of {@link #QUESTIONS}: id {@code id}, prompt {@code question}, context {@code topic} and
     * {@code sections}.
     */
    // TODO(dataset): Dataset.fromFile(QUESTIONS).id("id").prompts("question").context("topic", "sections").load()
    static List<TestItem> loadQuestions() throws IOException {
        ObjectMapper json = new ObjectMapper();
        List<TestItem> items = new ArrayList<>();
        for (String line : Files.readAllLines(QUESTIONS, StandardCharsets.UTF_8)) {
            if (line.isBlank()) {
                continue;
            }
            JsonNode row = json.readTree(line);
            List<String> sections = new ArrayList<>();
            row.path("sections").forEach(section -> sections.add(section.asText()));
            items.add(TestItem.builder(row.path("id").asText())
                    .prompt(row.path("question").asText())
                    .context("topic", row.path("topic").asText())
                    .context("sections", sections)
                    .build());
        }
        return items;
    }
}
