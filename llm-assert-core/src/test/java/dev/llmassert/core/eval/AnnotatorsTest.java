package dev.llmassert.core.eval;

import dev.langchain4j.model.chat.request.ChatRequest;
import dev.llmassert.core.criteria.CriteriaCatalog;
import dev.llmassert.core.criteria.DirectJudge;
import dev.llmassert.core.criteria.PairwiseJudge;
import dev.llmassert.core.testing.PromptData;
import dev.llmassert.core.testing.ScriptedChatModel;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** The built-in judge and code annotators, run through the evaluation runner. */
class AnnotatorsTest {

    @TempDir
    Path dir;

    @Test
    void theCriteriaAnnotatorShowsTheJudgeTheQuestionAndScoresTheChosenOption() {
        ScriptedChatModel model = ScriptedChatModel.answering(request -> {
                    String user = ScriptedChatModel.lastUserText(request);
                    String option = user.contains("weather") ? "Irrelevant" : "Relevant";
                    return "{\"explanation\": \"It " + (option.equals("Relevant") ? "answers" : "does not answer")
                            + " the question.\", \"selectedOption\": \"" + option + "\", \"feedback\": \"\"}";
                })
                .modelName("scripted-judge");
        try (DirectJudge judge = DirectJudge.builder().chatModel(model).build()) {
            PromptResponseTest test = EvaluationRunnerTest.test(
                    List.of(
                            TestItem.of("on-topic", "How do I reset the router?"),
                            TestItem.of("off-topic", "How long is the warranty?")),
                    List.of(Annotators.criteria("relevant", judge, CriteriaCatalog.ANSWER_RELEVANCE)));

            EvaluationResults results = EvaluationRunner.builder()
                    .build()
                    .run(
                            test,
                            SystemUnderTest.of(
                                    "bot",
                                    q -> q.contains("reset")
                                            ? "Hold the button for ten seconds."
                                            : "The weather is fine."));

            Annotation onTopic = results.item("on-topic")
                    .orElseThrow()
                    .annotations()
                    .get("relevant")
                    .get(0);
            assertThat(onTopic.label()).isEqualTo("Relevant");
            assertThat(onTopic.score()).isEqualTo(1.0);
            assertThat(onTopic.explanation()).isEqualTo("It answers the question.");
            assertThat(results.item("off-topic").orElseThrow().measurements()).containsEntry("relevant", 0.0);
            assertThat(model.requests())
                    .anySatisfy(request -> assertThat(ScriptedChatModel.lastUserText(request))
                            .contains("How do I reset the router?")
                            .contains("Hold the button for ten seconds."));
            assertThat(results.annotators()).containsEntry("relevant", judge.name());
        }
    }

    @Test
    void aCriteriaFieldTheItemLacksFailsTheItemWithTheFix() {
        ScriptedChatModel model = ScriptedChatModel.replying("unused");
        try (DirectJudge judge = DirectJudge.builder().chatModel(model).build()) {
            PromptResponseTest test = EvaluationRunnerTest.test(
                    List.of(TestItem.of("q1", "Reset?")),
                    List.of(Annotators.criteria(
                            "relevant", judge, CriteriaCatalog.ANSWER_RELEVANCE.withContextFields("manual"))));

            ItemResult item = EvaluationRunner.builder()
                    .build()
                    .run(test, SystemUnderTest.of("bot", q -> "Yes."))
                    .items()
                    .get(0);

            assertThat(item.error().describe())
                    .contains("the annotator 'relevant' threw")
                    .contains("needs the context field 'manual'")
                    .contains("Fix: add 'manual' to the items' context");
            assertThat(model.requestCount()).isZero();
        }
    }

    @Test
    void thePairwiseAnnotatorComparesTheAnswersToAnItemsPromptsAndScoresEachByItsWinrate() {
        // The shorter answer wins each pair, as the judge numbers them (from 1).
        ScriptedChatModel model =
                ScriptedChatModel.answering(AnnotatorsTest::shorterWins).modelName("scripted");
        try (PairwiseJudge judge = PairwiseJudge.builder().chatModel(model).build()) {
            TestItem item = TestItem.of(
                    "styles",
                    "Explain the reset at length.",
                    "Explain the reset briefly.",
                    "Explain the reset in one word.");
            Map<String, String> answers = Map.of(
                    "Explain the reset at length.", "Locate the small reset button on the back and hold it.",
                    "Explain the reset briefly.", "Hold reset ten seconds.",
                    "Explain the reset in one word.", "Reset.");

            EvaluationResults results = EvaluationRunner.builder()
                    .build()
                    .run(
                            EvaluationRunnerTest.test(
                                    List.of(item),
                                    List.of(Annotators.pairwise("concise", judge, CriteriaCatalog.CONCISENESS))),
                            SystemUnderTest.of("bot", answers::get));

            assertThat(results.errors()).extracting(i -> i.error().describe()).isEmpty();
            List<Annotation> ranks = results.items().get(0).annotations().get("concise");
            assertThat(ranks).extracting(Annotation::label).containsExactly("rank 3", "rank 2", "rank 1");
            assertThat(ranks).extracting(Annotation::score).containsExactly(0.0, 0.5, 1.0);
            assertThat(model.requestCount()).isEqualTo(1);
        }
    }

    @Test
    void thePairwiseAnnotatorNeedsTwoPrompts() {
        try (PairwiseJudge judge = PairwiseJudge.builder()
                .chatModel(ScriptedChatModel.replying("unused"))
                .build()) {
            ItemResult item = EvaluationRunner.builder()
                    .build()
                    .run(
                            EvaluationRunnerTest.test(
                                    List.of(TestItem.of("one", "Reset?")),
                                    List.of(Annotators.pairwise("concise", judge, CriteriaCatalog.CONCISENESS))),
                            SystemUnderTest.of("bot", q -> "Yes."))
                    .items()
                    .get(0);

            assertThat(item.error().message())
                    .contains("the item 'one' has one prompt")
                    .contains("Fix: give the item two or more prompts");
        }
    }

    @Test
    void anAnnotatorThatGivesTooFewOrNullAnnotationsFailsTheItemWithTheFix() {
        Annotator tooFew = new Annotator() {
            @Override
            public String name() {
                return "too-few";
            }

            @Override
            public List<Annotation> annotate(TestItem item, List<Interaction> interactions) {
                return List.of(Annotation.check(true));
            }
        };
        Annotator withNull = new Annotator() {
            @Override
            public String name() {
                return "with-null";
            }

            @Override
            public List<Annotation> annotate(TestItem item, List<Interaction> interactions) {
                return Arrays.asList(Annotation.check(true), null);
            }
        };

        EvaluationResults results = EvaluationRunner.builder()
                .build()
                .run(
                        EvaluationRunnerTest.test(List.of(TestItem.of("q1", "a?", "b?")), List.of(tooFew)),
                        SystemUnderTest.of("bot", q -> "x"));
        EvaluationResults nulls = EvaluationRunner.builder()
                .build()
                .run(
                        EvaluationRunnerTest.test(List.of(TestItem.of("q1", "a?", "b?")), List.of(withNull)),
                        SystemUnderTest.of("bot", q -> "x"));

        assertThat(results.items().get(0).error().message())
                .isEqualTo("The annotator 'too-few' gave 1 annotations "
                        + "for 2 responses. Fix: return one annotation per interaction, in their order.");
        assertThat(nulls.items().get(0).error().message()).contains("gave 2 annotations with a null among them");
    }

    @Test
    void codeAnnotatorsCheckTextPatternsAndJson() {
        PromptResponseTest test = EvaluationRunnerTest.test(
                List.of(TestItem.of("q1", "a?", "b?", "c?")),
                List.of(
                        Annotators.contains("says-reset", "RESET"),
                        Annotators.matches("has-number", "\\b\\d+\\b"),
                        Annotators.parsesAsJson("json"),
                        Annotators.test("short", answer -> answer.length() < 20)));
        Map<String, String> answers =
                Map.of("a?", "{\"reset\": 10}", "b?", "Reset takes 10 seconds, roughly.", "c?", "{not json");

        ItemResult item = EvaluationRunner.builder()
                .build()
                .run(test, SystemUnderTest.of("bot", answers::get))
                .items()
                .get(0);

        assertThat(item.annotations().get("says-reset"))
                .extracting(Annotation::label)
                .containsExactly("pass", "pass", "fail");
        assertThat(item.annotations().get("has-number"))
                .extracting(Annotation::score)
                .containsExactly(1.0, 1.0, 0.0);
        assertThat(item.annotations().get("json"))
                .extracting(Annotation::label)
                .containsExactly("pass", "fail", "fail");
        assertThat(item.annotations().get("json").get(2).explanation()).startsWith("Not JSON: ");
        assertThat(item.annotations().get("short"))
                .extracting(Annotation::label)
                .containsExactly("pass", "fail", "pass");
        assertThat(item.measurements()).doesNotContainKeys("says-reset.passed", "json.passed");
        assertThat(item.measurements()).containsEntry("json", 1.0 / 3).containsEntry("says-reset", 2.0 / 3);
        assertThatThrownBy(() -> Annotators.matches("broken", "(unclosed"))
                .hasMessageStartingWith("The regular expression of the annotator 'broken' is invalid");
    }

    @Test
    void aTestMayOverrideTheAggregation() {
        PromptResponseTest base = EvaluationRunnerTest.questions(6, List.of(Annotators.contains("reset", "reset")));
        PromptResponseTest worstCase = new PromptResponseTest() {
            @Override
            public List<TestItem> makeTestItems() throws Exception {
                return base.makeTestItems();
            }

            @Override
            public List<Annotator> annotators() {
                return base.annotators();
            }

            @Override
            public AggregateResults aggregate(List<ItemResult> items, Aggregation aggregation) {
                double worst = items.stream()
                        .mapToDouble(i -> i.measurement("reset"))
                        .min()
                        .orElseThrow();
                return new AggregateResults(
                        Map.of("worst-reset", aggregation.measure("worst-reset", new double[] {worst})), List.of());
            }
        };

        EvaluationResults results = EvaluationRunner.builder()
                .build()
                .run(worstCase, SystemUnderTest.of("bot", q -> q.contains("question 3") ? "no" : "reset"));

        assertThat(results.results().measurements()).containsOnlyKeys("worst-reset");
        assertThat(results.measurement("worst-reset").orElseThrow().mean()).isEqualTo(0.0);
    }

    @Test
    void theMergeCommandWritesOneRecordFromTheShards() throws Exception {
        PromptResponseTest test = EvaluationRunnerTest.questions(12, List.of(Annotators.contains("reset", "reset")));
        for (int i = 1; i <= 2; i++) {
            EvaluationRunner.builder()
                    .testId("questions")
                    .settings(EvaluationSettings.defaults().withShard(new EvaluationSettings.Shard(i, 2)))
                    .recordTo(dir.resolve("shard-" + i + ".json"))
                    .build()
                    .run(test, SystemUnderTest.of("bot", q -> "reset"));
        }

        MergeShards.main(new String[] {
            dir.resolve("merged.json").toString(),
            dir.resolve("shard-1.json").toString(),
            dir.resolve("shard-2.json").toString()
        });

        EvaluationResults merged = EvaluationResults.read(dir.resolve("merged.json"));
        assertThat(merged.items()).hasSize(12);
        assertThat(merged.settings().shard()).isNull();
        assertThat(merged.measurement("reset").orElseThrow().n()).isEqualTo(12);
        assertThat(Files.readString(dir.resolve("merged.json"))).contains("\"shard\" : null");
    }

    private static String shorterWins(ChatRequest request) {
        String text = ScriptedChatModel.lastUserText(request);
        List<String> shown = new ArrayList<>();
        for (int r = 1; text.contains("## Response " + r + "\n\n"); r++) {
            shown.add(PromptData.after(text, "## Response " + r + "\n\n"));
        }
        StringBuilder json = new StringBuilder("{\"comparisons\": [");
        for (int a = 1; a <= shown.size(); a++) {
            for (int b = a + 1; b <= shown.size(); b++) {
                int winner = shown.get(a - 1).length() <= shown.get(b - 1).length() ? a : b;
                json.append(json.charAt(json.length() - 1) == '[' ? "" : ", ")
                        .append("{\"first\": ")
                        .append(a)
                        .append(", \"second\": ")
                        .append(b)
                        .append(", \"explanation\": \"shorter\", \"winner\": ")
                        .append(winner)
                        .append('}');
            }
        }
        return json.append("]}").toString();
    }
}
