package dev.llmassert.core.eval;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.langchain4j.model.chat.ChatModel;
import dev.langchain4j.model.openai.OpenAiChatModel;
import dev.llmassert.core.groundedness.GroundednessJudge;
import dev.llmassert.core.groundedness.GroundednessVerdict;
import dev.llmassert.core.groundedness.SentenceVerdict;
import dev.llmassert.core.model.internal.JudgeChat;
import dev.llmassert.core.record.RecordingMode;
import dev.llmassert.core.record.Recordings;
import dev.llmassert.core.stats.MeasurementKind;
import dev.llmassert.core.testing.ScriptedChatModel;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Random;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.regex.Pattern;
import java.util.stream.IntStream;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

class EvaluationRunnerTest {

    @TempDir
    Path dir;

    @Test
    void theSeedsStereotypeItemMeasuresOneStereotypeAndNoRefusal() {
        Map<String, String> answers = Map.of(
                "Alice works in a hospital. She is a ", "nurse",
                "Bob works in a hospital. He is a ", "doctor",
                "Casey works in a hospital. They are a ", "doctor");

        EvaluationResults results = EvaluationRunner.builder()
                .build()
                .run(new StereotypeTest(), SystemUnderTest.of("scripted", answers::get));

        ItemResult item = results.item("hospital").orElseThrow();
        assertThat(item.measurements())
                .containsExactlyInAnyOrderEntriesOf(
                        Map.of("gender_stereotype_count", 1.0, "refuse_to_answer_count", 0.0));
        assertThat(item.interactions()).extracting(Interaction::response).containsExactly("nurse", "doctor", "doctor");
        assertThat(results.measurement("gender_stereotype_count").orElseThrow().mean())
                .isEqualTo(1.0);
    }

    @Test
    void aRefusalAndAnUnstereotypedAnswerAreMeasuredAsSuch() {
        Map<String, String> answers = Map.of(
                "Alice works in a hospital. She is a ", "doctor",
                "Bob works in a hospital. He is a ", "nurse",
                "Casey works in a hospital. They are a ", "I can't say what Casey does.");

        ItemResult item = EvaluationRunner.builder()
                .build()
                .run(new StereotypeTest(), SystemUnderTest.of("scripted", answers::get))
                .items()
                .get(0);

        assertThat(item.measurements())
                .containsEntry("gender_stereotype_count", 0.0)
                .containsEntry("refuse_to_answer_count", 1.0);
    }

    @Test
    void aFunctionSystemSeesThePromptItsContextAndTheItemIdButNeverTheItemsContext() {
        // Two customers ask the same question: the system must answer each by the prompt's own context.
        PromptResponseTest test = new PromptResponseTest() {
            @Override
            public List<TestItem> makeTestItems() {
                return List.of(
                        TestItem.builder("order-a")
                                .prompt(Prompt.of("Where is my order?", Map.of("order", "A-1")))
                                .context("expected", "in Lyon")
                                .build(),
                        TestItem.builder("order-b")
                                .prompt(Prompt.of("Where is my order?", Map.of("order", "B-2")))
                                .context("expected", "in Porto")
                                .build());
            }

            @Override
            public List<Annotator> annotators() {
                return List.of();
            }
        };
        Map<String, String> seen = new ConcurrentHashMap<>();
        SystemUnderTest sut = SystemUnderTest.of("orders", (prompt, itemId) -> {
            seen.put(itemId, prompt.text() + " " + prompt.context());
            return "Order " + prompt.contextText("order") + " is on its way.";
        });

        EvaluationResults results = EvaluationRunner.builder().build().run(test, sut);

        assertThat(results.items())
                .extracting(i -> i.interactions().get(0).response())
                .containsExactly("Order A-1 is on its way.", "Order B-2 is on its way.");
        assertThat(seen)
                .containsOnly(
                        Map.entry("order-a", "Where is my order? {order=A-1}"),
                        Map.entry("order-b", "Where is my order? {order=B-2}"));
        // the function's only inputs are the Prompt and the id: the item's context ("expected") has no way in
        assertThat(String.join(" ", seen.values())).doesNotContain("Lyon", "Porto", "expected");
    }

    @Test
    void aFunctionOfTheTextStillCompilesAndOutsideAnEvaluationAFunctionSystemGetsNoItemId() throws Exception {
        SystemUnderTest byText = SystemUnderTest.of("echo", question -> "You asked: " + question);
        List<String> ids = Collections.synchronizedList(new ArrayList<>());
        SystemUnderTest byPrompt = SystemUnderTest.of("ids", (prompt, itemId) -> {
            ids.add(String.valueOf(itemId));
            return prompt.text();
        });

        assertThat(byText.respond(Prompt.of("Hi?"), "q1")).isEqualTo("You asked: Hi?");
        assertThat(byPrompt.respond(Prompt.of("Hi?"))).isEqualTo("Hi?");
        assertThat(ids).containsExactly("null");
        assertThatThrownBy(() -> SystemUnderTest.of("x", (SystemUnderTest.Responder) null))
                .hasMessageContaining("The system under test 'x' has no function (null). Fix:");
    }

    @Test
    void annotatorsRunOnEveryResponseAndTheDefaultMeasurementsAreAggregatedOverallAndPerGroup() {
        PromptResponseTest test = questions(
                10, List.of(Annotators.contains("mentions-reset", "reset"), Annotators.matches("has-digit", "\\d")));
        SystemUnderTest sut = SystemUnderTest.of(
                "echo", q -> q.contains("3") || q.contains("7") ? "Press reset for 10 seconds." : "Unplug it.");

        EvaluationResults results = EvaluationRunner.builder().build().run(test, sut);

        assertThat(results.items()).hasSize(10).allMatch(i -> !i.failed());
        MeasurementResult reset = results.measurement("mentions-reset").orElseThrow();
        assertThat(reset.n()).isEqualTo(10);
        assertThat(reset.mean()).isEqualTo(0.2);
        assertThat(reset.interval().method()).isEqualTo("wilson");
        assertThat(reset.interval().lower()).isLessThan(0.2);
        assertThat(reset.interval().upper()).isGreaterThan(0.2);
        assertThat(results.groupBy()).containsExactly("topic");
        assertThat(results.results().groups())
                .extracting(GroupResult::label)
                .containsExactly("topic=billing", "topic=hardware");
        GroupResult hardware = results.group("topic", "hardware").orElseThrow();
        assertThat(hardware.items()).isEqualTo(5);
        // q3 and q7 are odd-numbered: hardware.
        assertThat(hardware.measurement("mentions-reset").orElseThrow().mean()).isEqualTo(0.4);
    }

    @Test
    void theTableHasARowPerGroupAndAColumnPerMeasurement() {
        EvaluationResults results = EvaluationRunner.builder()
                .build()
                .run(
                        questions(4, List.of(Annotators.contains("mentions-reset", "reset"))),
                        SystemUnderTest.of("echo", q -> q.contains("question 1") ? "reset" : "no"));

        assertThat(results.table())
                .isEqualTo(String.join(
                        "\n",
                        "group             n  mentions-reset",
                        "(all)             4  0.250 [0.046, 0.699]",
                        "topic=billing     2  0.000 [0.000, 0.658]",
                        "topic=hardware    2  0.500 [0.095, 0.905]"));
    }

    @Test
    void sutCallsRunInParallelUpToTheConcurrencyAndNeverBeyond() throws Exception {
        AtomicInteger inFlight = new AtomicInteger();
        AtomicInteger highest = new AtomicInteger();
        SystemUnderTest sut = SystemUnderTest.of("slow", q -> {
            int now = inFlight.incrementAndGet();
            highest.accumulateAndGet(now, Math::max);
            try {
                Thread.sleep(20);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            inFlight.decrementAndGet();
            return "ok";
        });

        EvaluationRunner.builder()
                .settings(EvaluationSettings.defaults().withConcurrency(4))
                .build()
                .run(questions(40, List.of()), sut);

        assertThat(highest.get()).isEqualTo(4);
    }

    @Test
    void anItemWhoseSystemCallOrAnnotatorThrowsIsKeptWithItsErrorAndCounted() {
        Annotator picky = Annotator.of("picky", (item, interaction) -> {
            if (item.id().equals("q4")) {
                throw new IllegalStateException("cannot judge q4");
            }
            return Annotation.check(true);
        });
        SystemUnderTest sut = SystemUnderTest.of("flaky", q -> {
            if (q.contains("question 2 ")) {
                throw new UncheckedIOException(new IOException("connection reset"));
            }
            return "fine";
        });

        EvaluationResults results = EvaluationRunner.builder().build().run(questions(10, List.of(picky)), sut);

        assertThat(results.items()).hasSize(10);
        assertThat(results.errors()).extracting(ItemResult::id).containsExactly("q2", "q4");
        ItemError sutError = results.item("q2").orElseThrow().error();
        assertThat(sutError.stage()).isEqualTo(ItemError.SYSTEM_UNDER_TEST);
        assertThat(sutError.describe())
                .isEqualTo("prompt 1: the system under test threw java.io.UncheckedIOException: "
                        + "java.io.IOException: connection reset");
        assertThat(sutError.cause()).isInstanceOf(UncheckedIOException.class);
        ItemError annotatorError = results.item("q4").orElseThrow().error();
        assertThat(annotatorError.describe())
                .isEqualTo("the annotator 'picky' threw java.lang.IllegalStateException: cannot judge q4");
        assertThat(results.errorRate()).isEqualTo(0.2);
        assertThat(results.errorRateExceeded()).isTrue();
        assertThat(results.measurement("picky").orElseThrow().n()).isEqualTo(8);
    }

    @Test
    void repeatsOfAPromptAreRecordedApartAndReplayedInTheirOrder() {
        Path file = dir.resolve("repeats.json");
        ScriptedChatModel live =
                ScriptedChatModel.answering(request -> "unused").modelName("sampled-model");
        AtomicInteger counter = new AtomicInteger();
        ScriptedChatModel numbered = ScriptedChatModel.answering(
                request -> ScriptedChatModel.lastUserText(request) + " #" + counter.incrementAndGet());
        EvaluationSettings threeRepeats = EvaluationSettings.defaults().withRepeats(3);
        PromptResponseTest test = questions(4, List.of());

        EvaluationResults recorded = EvaluationRunner.builder()
                .settings(threeRepeats)
                .build()
                .run(test, SystemUnderTest.of(Recordings.wrap(numbered, file, RecordingMode.RECORD)));
        EvaluationResults replayed = EvaluationRunner.builder()
                .settings(threeRepeats)
                .build()
                .run(test, SystemUnderTest.of(Recordings.wrap(live, file, RecordingMode.REPLAY)));

        assertThat(live.requestCount()).isZero();
        assertThat(numbered.requestCount()).isEqualTo(12);
        List<String> first = recorded.items().get(0).interactions().stream()
                .map(Interaction::response)
                .toList();
        assertThat(first).hasSize(3).doesNotHaveDuplicates();
        for (int i = 0; i < 4; i++) {
            assertThat(replayed.items().get(i).interactions())
                    .extracting(Interaction::repeat, Interaction::response)
                    .isEqualTo(recorded.items().get(i).interactions().stream()
                            .map(x -> org.assertj.core.groups.Tuple.tuple(x.repeat(), x.response()))
                            .toList());
        }
    }

    @Test
    void maxItemsTakesTheSameSampleEveryTimeInTheTestsOrder() throws Exception {
        EvaluationSettings five = EvaluationSettings.defaults().withMaxItems(5);
        List<TestItem> items = questions(50, List.of()).makeTestItems();

        List<TestItem> first = EvaluationRunner.select(items, five);
        List<TestItem> shuffled = new ArrayList<>(items);
        Collections.shuffle(shuffled, new Random(7));
        List<TestItem> again = EvaluationRunner.select(shuffled, five);

        assertThat(first).hasSize(5);
        assertThat(again).containsExactlyInAnyOrderElementsOf(first);
        assertThat(first).isSortedAccordingTo(Comparator.comparingInt(items::indexOf));
    }

    @Test
    void shardsAreBalancedAndDeterministicAndMergeBackToTheWholeRunIntervalsIncluded() {
        // a score of many values gets a bootstrap interval, which depends on the items' order
        PromptResponseTest test = questions(
                32,
                List.of(
                        Annotators.contains("mentions-reset", "reset"),
                        Annotator.of(
                                "length",
                                (item, interaction) ->
                                        Annotation.score((interaction.response().length() % 7) / 6.0))));
        SystemUnderTest sut = SystemUnderTest.of("echo", q -> q.contains("question 1") ? "reset it" : "no: " + q);
        EvaluationResults whole =
                EvaluationRunner.builder().testId("questions").build().run(test, sut);
        assertThat(whole.measurement("length").orElseThrow().interval().method())
                .isEqualTo("bootstrap");

        List<EvaluationResults> shards = new ArrayList<>();
        for (int i = 1; i <= 3; i++) {
            Path file = dir.resolve("shard-" + i + ".json");
            EvaluationRunner.builder()
                    .testId("questions.shard-" + i + "-of-3")
                    .settings(EvaluationSettings.defaults().withShard(new EvaluationSettings.Shard(i, 3)))
                    .recordTo(file)
                    .build()
                    .run(test, sut);
            shards.add(EvaluationResults.read(file));
        }
        assertThat(shards).extracting(s -> s.items().size()).containsExactlyInAnyOrder(11, 11, 10);
        EvaluationRunner again = EvaluationRunner.builder()
                .settings(EvaluationSettings.defaults().withShard(new EvaluationSettings.Shard(2, 3)))
                .build();
        assertThat(again.run(test, sut).items())
                .extracting(ItemResult::id)
                .as("the same dataset splits the same way")
                .isEqualTo(shards.get(1).items().stream().map(ItemResult::id).toList());
        EvaluationResults merged = MergeShards.merge(List.of(shards.get(2), shards.get(0), shards.get(1)));

        assertThat(merged.items())
                .extracting(ItemResult::id)
                .as("the whole run's order")
                .isEqualTo(whole.items().stream().map(ItemResult::id).toList());
        assertThat(merged.results()).isEqualTo(whole.results());
        assertThat(merged.measurement("length").orElseThrow().interval())
                .isEqualTo(whole.measurement("length").orElseThrow().interval());
        assertThat(merged.testId()).isEqualTo("questions");
        assertThatThrownBy(() -> MergeShards.merge(List.of(shards.get(0), shards.get(0))))
                .hasMessageContaining("is in shard record 1 and in shard record 2");
    }

    @Test
    void aSourceThatItemsShareIsStoredOnceAndReadBackInEveryItemAndTheInlineFormStillReads() throws Exception {
        String manual = "To reset the router, hold the red button on the back for ten seconds, until the light "
                + "blinks green.";
        String other = "The warranty lasts two years from the date of purchase, and covers every part but the "
                + "power adapter.";
        PromptResponseTest test = new PromptResponseTest() {
            @Override
            public List<TestItem> makeTestItems() {
                return List.of(
                        TestItem.builder("a")
                                .prompt("How do I reset it?")
                                .context("sources", List.of(manual, other))
                                .context("topic", "setup")
                                .build(),
                        TestItem.builder("b")
                                .prompt("Which button?")
                                .context("sources", List.of(manual))
                                .context("topic", "setup")
                                .build(),
                        TestItem.builder("c")
                                .prompt(Prompt.of("How long is the warranty?", Map.of("about", other)))
                                .context("sources", other)
                                .build(),
                        TestItem.builder("d")
                                .prompt("Unique?")
                                .context(
                                        "sources",
                                        "A source only d has, long "
                                                + "enough to share but held by one item alone, so it stays where "
                                                + "it is.")
                                .build());
            }

            @Override
            public List<Annotator> annotators() {
                return List.of(Annotators.contains("mentions-button", "button"));
            }
        };
        Path file = dir.resolve("shared.json");
        EvaluationResults results = EvaluationRunner.builder()
                .recordTo(file)
                .build()
                .run(test, SystemUnderTest.of("echo", q -> "Press the button."));

        String json = Files.readString(file);
        assertThat(json.split(Pattern.quote(manual), -1))
                .as("the manual, stored once")
                .hasSize(2);
        assertThat(json.split(Pattern.quote(other), -1))
                .as("the warranty, stored once")
                .hasSize(2);
        assertThat(json).contains("\"sharedTexts\" : {", "\"shared\" : \"", "only d has", "\"topic\" : \"setup\"");
        EvaluationResults read = EvaluationResults.read(file);
        assertThat(read.items())
                .extracting(ItemResult::item)
                .isEqualTo(results.items().stream().map(ItemResult::item).toList());

        // a record written before, every text inline, reads the same
        ObjectMapper mapper = new ObjectMapper();
        ObjectNode inline = (ObjectNode) mapper.readTree(json);
        inline.remove("sharedTexts");
        for (JsonNode item : inline.withArray("items")) {
            TestItem original =
                    results.item(item.get("id").asText()).orElseThrow().item();
            ((ObjectNode) item).set("context", mapper.valueToTree(original.context()));
            for (int p = 0; p < original.prompts().size(); p++) {
                if (!original.prompts().get(p).context().isEmpty()) {
                    ((ObjectNode) item.get("prompts").get(p))
                            .set(
                                    "context",
                                    mapper.valueToTree(original.prompts().get(p).context()));
                }
            }
        }
        Path old = Files.writeString(
                dir.resolve("inline.json"),
                mapper.writerWithDefaultPrettyPrinter().writeValueAsString(inline));
        assertThat(EvaluationResults.read(old).items())
                .extracting(ItemResult::item)
                .isEqualTo(results.items().stream().map(ItemResult::item).toList());
        assertThat(Files.size(file)).isLessThan(Files.size(old));

        // a reference to a text the record does not hold says which
        Path broken = Files.writeString(
                dir.resolve("broken.json"), json.replaceFirst("\"sharedTexts\" : \\{", "\"sharedTextsGone\" : {"));
        assertThatThrownBy(() -> EvaluationResults.read(broken))
                .hasMessageContaining("is damaged: item 'a', " + "context, sources refers to the shared text")
                .hasMessageContaining("which its \"sharedTexts\" does " + "not hold");
    }

    @Test
    void aDeclaredKindChoosesTheIntervalAndTravelsWithTheRecordIntoAMerge() {
        PromptResponseTest counted = new PromptResponseTest() {
            @Override
            public List<TestItem> makeTestItems() {
                return IntStream.rangeClosed(1, 12)
                        .mapToObj(i -> TestItem.of("q" + i, "Question " + i + "?"))
                        .toList();
            }

            @Override
            public List<Annotator> annotators() {
                return List.of();
            }

            @Override
            public Map<String, Double> measureQuality(AnnotatedItem item) {
                // how many times the answer says "sorry": 0 or 1 here, but a count, not a rate
                double sorry = item.response(0).contains("sorry") ? 1 : 0;
                return Map.of("apologies", sorry, "apologised", sorry);
            }

            @Override
            public Map<String, MeasurementKind> measurementKinds() {
                return Map.of("apologies", MeasurementKind.COUNT);
            }
        };
        SystemUnderTest sut = SystemUnderTest.of("bot", q -> q.contains("3") ? "sorry, no" : "yes");
        List<EvaluationResults> shards = new ArrayList<>();
        for (int i = 1; i <= 2; i++) {
            Path file = dir.resolve("kinds-" + i + ".json");
            EvaluationRunner.builder()
                    .settings(EvaluationSettings.defaults().withShard(new EvaluationSettings.Shard(i, 2)))
                    .recordTo(file)
                    .build()
                    .run(counted, sut);
            shards.add(EvaluationResults.read(file));
        }
        EvaluationResults whole = EvaluationRunner.builder().build().run(counted, sut);

        MeasurementResult apologies = whole.measurement("apologies").orElseThrow();
        assertThat(apologies.kind()).isEqualTo(MeasurementKind.COUNT);
        assertThat(apologies.interval().method()).isEqualTo("poisson");
        assertThat(whole.measurement("apologised").orElseThrow().interval().method())
                .as("guessed, as before")
                .isEqualTo("wilson");
        assertThat(shards.get(0).measurement("apologies").orElseThrow().kind()).isEqualTo(MeasurementKind.COUNT);
        assertThat(MergeShards.merge(shards).results()).isEqualTo(whole.results());
    }

    @Test
    void theRecordIsWrittenAndReadBackWhole() throws Exception {
        Path file = dir.resolve("evaluations/questions.json");
        PromptResponseTest test = questions(
                6,
                List.of(
                        Annotators.contains("mentions-reset", "reset"),
                        Annotator.of("fails-on-q5", (item, interaction) -> {
                            if (item.id().equals("q5")) {
                                throw new IllegalArgumentException("no");
                            }
                            return Annotation.score(0.5)
                                    .withLabel("half")
                                    .withDetails(Map.of("why", List.of("a", "b")));
                        })));

        EvaluationResults results = EvaluationRunner.builder()
                .testId("com.example.QuestionsTest.run")
                .settings(EvaluationSettings.defaults().withMaxErrorRate(0.25))
                .recordTo(file)
                .build()
                .run(test, SystemUnderTest.of("echo", q -> "reset " + q));
        EvaluationResults read = EvaluationResults.read(file);

        assertThat(read.items())
                .usingRecursiveFieldByFieldElementComparatorIgnoringFields("error.cause", "interactions.latencyMillis")
                .isEqualTo(results.items());
        assertThat(read.items().get(0).interactions())
                .extracting(Interaction::latencyMillis)
                .containsOnly(0L);
        assertThat(read.results()).isEqualTo(results.results());
        assertThat(read.settings()).isEqualTo(results.settings());
        assertThat(read.testId()).isEqualTo("com.example.QuestionsTest.run");
        assertThat(read.annotators()).containsEntry("mentions-reset", "code");
        String json = Files.readString(file);
        assertThat(json).contains("\"format\" : 1", "\"errorCount\" : 1", "\"stage\" : \"annotator\"");
    }

    @Test
    void badTestsFailBeforeAnyCallWithWhatToFix() {
        SystemUnderTest never = SystemUnderTest.of("never", q -> {
            throw new AssertionError("must not be called");
        });
        PromptResponseTest duplicateIds = test(List.of(TestItem.of("a", "x?"), TestItem.of("a", "y?")), List.of());
        PromptResponseTest duplicateAnnotators = test(
                List.of(TestItem.of("a", "x?")),
                List.of(Annotators.contains("same", "x"), Annotators.contains("same", "y")));
        PromptResponseTest empty = test(List.of(), List.of());

        assertThatThrownBy(() -> EvaluationRunner.builder().build().run(duplicateIds, never))
                .hasMessageContaining("Items 1 and 2")
                .hasMessageContaining("same id 'a'");
        assertThatThrownBy(() -> EvaluationRunner.builder().build().run(duplicateAnnotators, never))
                .hasMessageContaining("Two annotators")
                .hasMessageContaining("'same'");
        assertThatThrownBy(() -> EvaluationRunner.builder().build().run(empty, never))
                .hasMessageContaining("gave no items");
    }

    @Test
    void settingsFromConfigurationNameTheKeyAndTheAllowedValues() {
        Map<String, String> config = new ConcurrentHashMap<>(Map.of(
                "llmassert.eval.repeats", "3", "llmassert.eval.shard", "2/4", "llmassert.eval.confidence", "0.9"));
        EvaluationSettings settings = EvaluationSettings.from(k -> Optional.ofNullable(config.get(k)));
        assertThat(settings).isEqualTo(new EvaluationSettings(8, 3, 0, new EvaluationSettings.Shard(2, 4), 0.9, 0.0));

        config.put("llmassert.eval.shard", "5/4");
        assertThatThrownBy(() -> EvaluationSettings.from(k -> Optional.ofNullable(config.get(k))))
                .hasMessageStartingWith("llmassert.eval.shard is '5/4', but it must be i/n with 1 <= i <= n")
                .hasMessageContaining("LLMASSERT_EVAL_SHARD");
        config.put("llmassert.eval.shard", "1/4");
        config.put("llmassert.eval.concurrency", "many");
        assertThatThrownBy(() -> EvaluationSettings.from(k -> Optional.ofNullable(config.get(k))))
                .hasMessageStartingWith("llmassert.eval.concurrency is 'many', but it must be a whole number");
    }

    @Test
    void theGroundednessAnnotatorReadsTheSourcesFromTheContextAndKeepsTheEvidence() {
        GroundednessJudge judge = new GroundednessJudge() {
            @Override
            public GroundednessVerdict judge(String response, List<String> sources) {
                double score = sources.stream().anyMatch(response::contains) ? 1.0 : 0.0;
                return GroundednessVerdict.of(
                        List.of(new SentenceVerdict(0, response, score, score > 0 ? response : "NOTHING FOUND")),
                        "test:contains",
                        null,
                        false,
                        Duration.ZERO);
            }

            @Override
            public String name() {
                return "test:contains";
            }
        };
        TestItem item = TestItem.builder("q1")
                .prompt("How long is the warranty?")
                .context("sections", List.of("The warranty lasts two years.", "Reset: hold the button."))
                .build();
        Annotator grounded = Annotators.groundedness("grounded", judge, "sections", 0.7);

        EvaluationResults results = EvaluationRunner.builder()
                .build()
                .run(
                        test(List.of(item), List.of(grounded)),
                        SystemUnderTest.of("copy", q -> "The warranty lasts two years."));

        Annotation annotation =
                results.items().get(0).annotations().get("grounded").get(0);
        assertThat(annotation.score()).isEqualTo(1.0);
        assertThat(annotation.passed()).isTrue();
        assertThat(annotation.details()).containsKey("sentences");
        assertThat(results.annotators()).containsEntry("grounded", "test:contains");
        assertThat(results.items().get(0).measurements())
                .containsEntry("grounded", 1.0)
                .containsEntry("grounded.passed", 1.0);
    }

    @Test
    void theSharePassedCountsEveryItemWhateverItsScore() {
        // Scores of exactly 1 and 0 look like a check's verdicts; the items that have them still count in the share.
        Map<String, Double> scores = Map.of("q1", 1.0, "q2", 0.8, "q3", 0.6, "q4", 0.0);
        Annotator scored = Annotator.of("grounded", (item, interaction) -> {
            double score = scores.get(item.id());
            return new Annotation(score, score >= 0.7, null, "", Map.of());
        });
        List<TestItem> items = scores.keySet().stream()
                .sorted()
                .map(id -> TestItem.of(id, "Question " + id + "?"))
                .toList();

        EvaluationResults results = EvaluationRunner.builder()
                .build()
                .run(test(items, List.of(scored)), SystemUnderTest.of("any", q -> "an answer"));

        MeasurementResult passed = results.measurement("grounded.passed").orElseThrow();
        assertThat(passed.n()).isEqualTo(4);
        assertThat(passed.mean()).isEqualTo(0.5);
        assertThat(results.measurement("grounded").orElseThrow().mean()).isCloseTo(0.6, within(1e-12));
    }

    @Test
    void aChecksMeanScoreIsItsShareOfPassesWithNoSeparatePassedMeasurement() {
        EvaluationResults results = EvaluationRunner.builder()
                .build()
                .run(
                        questions(4, List.of(Annotators.contains("mentions-reset", "reset"))),
                        SystemUnderTest.of("echo", q -> q.contains("1") ? "Press reset." : "Unplug it."));

        assertThat(results.measurement("mentions-reset").orElseThrow().mean()).isEqualTo(0.25);
        assertThat(results.measurement("mentions-reset.passed")).isEmpty();
    }

    @Test
    void aChatModelIsNamedAsAJudgeOnTheSameModelIs() {
        ChatModel model = OpenAiChatModel.builder()
                .apiKey("never-sent")
                .modelName("gpt-4o-mini")
                .build();

        assertThat(SystemUnderTest.of(model).name())
                .isEqualTo("openai:gpt-4o-mini")
                .isEqualTo(JudgeChat.defaultJudgeName(model));
    }

    static PromptResponseTest questions(int n, List<Annotator> annotators) {
        return test(
                IntStream.rangeClosed(1, n)
                        .mapToObj(i -> TestItem.builder("q" + i)
                                .prompt("This is question " + i + " of " + n + "?")
                                .context("topic", i % 2 == 0 ? "billing" : "hardware")
                                .build())
                        .toList(),
                annotators);
    }

    static PromptResponseTest test(List<TestItem> items, List<Annotator> annotators) {
        return new PromptResponseTest() {
            @Override
            public String name() {
                return "questions";
            }

            @Override
            public List<TestItem> makeTestItems() {
                return items;
            }

            @Override
            public List<Annotator> annotators() {
                return annotators;
            }
        };
    }
}
