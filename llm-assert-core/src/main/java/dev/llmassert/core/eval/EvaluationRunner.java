package dev.llmassert.core.eval;

import dev.llmassert.core.agent.Trajectory;
import dev.llmassert.core.conversation.Conversation;
import dev.llmassert.core.record.internal.ReplyTaps;
import dev.llmassert.core.run.internal.RunRecords;
import dev.llmassert.core.run.internal.WorkerPool;
import dev.llmassert.core.stats.MeasurementKind;
import org.apiguardian.api.API;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Executor;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

/**
 * Runs a {@link PromptResponseTest} against a {@link SystemUnderTest}: every prompt of every item is sent to the
 * system (at most {@code concurrency} calls at once, {@code repeats} times each), each item's responses are annotated
 * as soon as they are all in (again {@code concurrency} items at once), then measured, and all items are aggregated.
 *
 * <pre>{@code
 * EvaluationResults results = EvaluationRunner.builder()
 *         .settings(EvaluationSettings.defaults().withRepeats(3))
 *         .recordTo(Path.of("target/llm-assert/evaluations/support.json"))
 *         .build()
 *         .run(new SupportQuestions(judge), SystemUnderTest.of("assistant", assistant::answer));
 * }</pre>
 *
 * <ul>
 *   <li>An item whose system call, annotator or measurement throws is kept, with its error and cause, and counted
 *       in {@link EvaluationResults#errorRate()}; it is never dropped silently.</li>
 *   <li>Calls that send the same prompt go one after another, in item then repeat order, so repeats of a prompt take
 *       a recording's replies in the order they were recorded. Different prompts run in parallel.</li>
 *   <li>{@code maxItems} keeps a deterministic sample (by a hash of the item id); {@code shard} keeps every n-th
 *       item in the order of that hash, so shards differ in size by at most one. Both are stable across runs and
 *       machines for a given dataset.</li>
 * </ul>
 *
 * <p>The runner holds no state between runs; one runner may run several evaluations, one after another or at once.
 */
@API(status = EXPERIMENTAL, since = "0.1")
public final class EvaluationRunner {

    private final EvaluationSettings settings;
    private final String testId;
    private final String testName;
    private final Path recordFile;
    private final String recordings;

    private EvaluationRunner(Builder builder) {
        this.recordings = builder.recordings;
        this.settings = builder.settings;
        this.testId = builder.testId;
        this.testName = builder.testName;
        this.recordFile = builder.recordFile;
    }

    /**
     * Starts a runner with the default settings and no record.
     *
     * @return a new builder
     */
    public static Builder builder() {
        return new Builder();
    }

    /**
     * How the runner runs: concurrency, repeats, sampling, sharding, confidence and the error rate allowed.
     *
     * @return the settings
     */
    public EvaluationSettings settings() {
        return settings;
    }

    /**
     * Runs the evaluation and, when a record file is set, writes its record.
     *
     * @param test the prompt-response test: its items, annotators and measurements
     * @param sut the system under test, not {@code null}
     * @return every item's result and the aggregate
     * @throws IllegalArgumentException when the test makes no items, repeats an item id or an annotator name
     * @throws IllegalArgumentException for a {@code null} system under test
     * @throws EvaluationException      when {@code makeTestItems} throws
     * @throws java.io.UncheckedIOException naming the file, when the record cannot be written
     * @throws NullPointerException     for a {@code null} test
     */
    public EvaluationResults run(PromptResponseTest test, SystemUnderTest sut) {
        Objects.requireNonNull(test, "test");
        if (sut == null) {
            throw new IllegalArgumentException(EvaluationMessages.nullSystemUnderTest());
        }
        Instant started = Instant.now();
        long startNanos = System.nanoTime();
        List<TestItem> all = items(test);
        List<Annotator> annotators = annotators(test);
        List<TestItem> selected = select(all, settings);

        List<Annotated> annotated = new Run(test, sut, annotators, selected).execute();
        Map<String, Integer> place = new HashMap<>();
        for (int i = 0; i < all.size(); i++) {
            place.put(all.get(i).id(), i);
        }
        List<ItemResult> results = annotated.stream()
                .map(Annotated::result)
                .map(result -> result.withIndex(place.get(result.id())))
                .toList();

        List<String> groupBy = test.groupBy(selected);
        Map<String, MeasurementKind> kinds = test.measurementKinds();
        AggregateResults aggregate = test.aggregate(
                results,
                new Aggregation(
                        settings.confidence(),
                        groupBy == null ? List.of() : groupBy,
                        kinds == null ? Map.of() : kinds));
        if (aggregate == null) {
            throw new IllegalStateException(EvaluationMessages.aggregateReturnedNull(test));
        }
        Map<String, String> judges = new TreeMap<>();
        annotators.forEach(a -> judges.put(a.name(), a.judge() == null ? "code" : a.judge()));
        Timings timings = new Timings(
                started,
                (System.nanoTime() - startNanos) / 1_000_000,
                annotated.stream().mapToLong(Annotated::systemNanos).sum() / 1_000_000,
                annotated.stream().mapToLong(Annotated::annotationNanos).sum() / 1_000_000);
        String name = testName == null ? test.name() : testName;
        EvaluationResults evaluation = new EvaluationResults(
                testId == null ? name : testId,
                name,
                sut.name(),
                judges,
                recordings,
                RunRecords.versions(),
                settings,
                groupBy == null ? List.of() : groupBy,
                timings,
                all.size(),
                results,
                aggregate);
        if (recordFile != null) {
            evaluation.write(recordFile);
        }
        return evaluation;
    }

    private static List<TestItem> items(PromptResponseTest test) {
        List<TestItem> items;
        try {
            items = test.makeTestItems();
        } catch (RuntimeException e) {
            throw e;
        } catch (Exception e) {
            throw new EvaluationException(EvaluationMessages.makeTestItemsThrew(test, e), e);
        }
        if (items == null || items.isEmpty()) {
            throw new IllegalArgumentException(EvaluationMessages.noItems(test));
        }
        Map<String, Integer> seen = new HashMap<>();
        for (int i = 0; i < items.size(); i++) {
            TestItem item = items.get(i);
            if (item == null) {
                throw new IllegalArgumentException("Item " + (i + 1) + " of " + test.name() + " is null.");
            }
            Integer first = seen.putIfAbsent(item.id(), i);
            if (first != null) {
                throw new IllegalArgumentException(EvaluationMessages.duplicateItemId(test, item, first, i));
            }
        }
        return List.copyOf(items);
    }

    private static List<Annotator> annotators(PromptResponseTest test) {
        List<Annotator> annotators = test.annotators();
        if (annotators == null) {
            throw new IllegalArgumentException(EvaluationMessages.annotatorsReturnedNull(test));
        }
        Map<String, Integer> seen = new HashMap<>();
        for (int i = 0; i < annotators.size(); i++) {
            Annotator annotator = annotators.get(i);
            if (annotator == null) {
                throw new IllegalArgumentException("Annotator " + (i + 1) + " of " + test.name() + " is null.");
            }
            Annotators.requireName(annotator.name());
            if (seen.putIfAbsent(annotator.name(), i) != null) {
                throw new IllegalArgumentException(EvaluationMessages.duplicateAnnotatorName(test, annotator));
            }
        }
        return List.copyOf(annotators);
    }

    /**
     * The shard's items, then a deterministic sample of {@code maxItems} of them, in the test's order. The items are
     * dealt to the shards in the order of a stable hash of their ids, one to each shard in turn, so the shards' sizes
     * differ by at most one and the same dataset always splits the same way (a hash alone splits 32 items 3, 11, 18).
     */
    static List<TestItem> select(List<TestItem> items, EvaluationSettings settings) {
        List<TestItem> selected = items;
        if (settings.shard() != null) {
            int count = settings.shard().count();
            int index = settings.shard().index() - 1;
            List<TestItem> dealt = items.stream()
                    .sorted(Comparator.comparingLong((TestItem item) -> hash("shard", item.id()))
                            .thenComparing(TestItem::id))
                    .toList();
            Set<TestItem> mine = new HashSet<>();
            for (int i = index; i < dealt.size(); i += count) {
                mine.add(dealt.get(i));
            }
            selected = items.stream().filter(mine::contains).toList();
        }
        if (settings.maxItems() > 0 && settings.maxItems() < selected.size()) {
            Map<TestItem, Integer> order = new HashMap<>();
            for (int i = 0; i < selected.size(); i++) {
                order.put(selected.get(i), i);
            }
            selected = selected.stream()
                    .sorted(Comparator.comparingLong((TestItem item) -> hash("sample", item.id()))
                            .thenComparing(TestItem::id))
                    .limit(settings.maxItems())
                    .sorted(Comparator.comparingInt(order::get))
                    .toList();
        }
        return selected;
    }

    /** The first 8 bytes of SHA-256 over {@code salt:id}: stable across JVMs, machines and Java versions. */
    static long hash(String salt, String id) {
        try {
            byte[] digest =
                    MessageDigest.getInstance("SHA-256").digest((salt + ":" + id).getBytes(StandardCharsets.UTF_8));
            long value = 0;
            for (int i = 0; i < 8; i++) {
                value = (value << 8) | (digest[i] & 0xff);
            }
            return value;
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 is missing from this JVM", e);
        }
    }

    /**
     * One evaluation. Each call of the system under test completes a future with its answer; the calls that send the
     * same prompt run one after another as one task of the system pool, the others in parallel. Each item's
     * annotation waits for the futures of its calls only, then runs on the annotation pool while other calls go on.
     */
    private final class Run {
        private final PromptResponseTest test;
        private final SystemUnderTest sut;
        private final List<Annotator> annotators;
        private final List<TestItem> items;

        Run(PromptResponseTest test, SystemUnderTest sut, List<Annotator> annotators, List<TestItem> items) {
            this.test = test;
            this.sut = sut;
            this.annotators = annotators;
            this.items = items;
        }

        /** Every item's result, in the test's order. */
        List<Annotated> execute() {
            String owner = "the evaluation of " + test.name();
            try (WorkerPool sutPool = WorkerPool.forRun(owner, "eval-sut", settings.concurrency());
                    WorkerPool annotationPool = WorkerPool.forRun(owner, "eval-annotate", settings.concurrency())) {
                // Calls with the same prompt text form one chain, run in item then repeat order.
                Map<String, List<Call>> chains = new LinkedHashMap<>();
                List<CompletableFuture<Annotated>> annotated = new ArrayList<>(items.size());
                for (int i = 0; i < items.size(); i++) {
                    int index = i;
                    TestItem item = items.get(index);
                    List<CompletableFuture<Answer>> answers = new ArrayList<>();
                    if (sut instanceof ConversingSystem conversing) {
                        // one conversation per repeat; items with the same script go one after another
                        for (int r = 0; r < settings.repeats(); r++) {
                            Call call = new Call(index, 0, r, new CompletableFuture<>());
                            chains.computeIfAbsent(conversing.scriptKey(item), k -> new ArrayList<>())
                                    .add(call);
                            answers.add(call.answer());
                        }
                        annotated.add(annotation(index, answers, annotationPool.executor()));
                        continue;
                    }
                    for (int p = 0; p < item.prompts().size(); p++) {
                        for (int r = 0; r < settings.repeats(); r++) {
                            Call call = new Call(index, p, r, new CompletableFuture<>());
                            chains.computeIfAbsent(item.prompts().get(p).text(), k -> new ArrayList<>())
                                    .add(call);
                            answers.add(call.answer());
                        }
                    }
                    annotated.add(annotation(index, answers, annotationPool.executor()));
                }
                Executor calls = sutPool.executor();
                for (List<Call> chain : chains.values()) {
                    // with the test's reply tap, so that a mutation check sees the answers of the system's own model
                    calls.execute(ReplyTaps.propagating(
                            () -> chain.forEach(call -> call.answer().complete(call(call)))));
                }
                CompletableFuture.allOf(annotated.toArray(CompletableFuture[]::new))
                        .get();
                return annotated.stream().map(CompletableFuture::join).toList();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new EvaluationException("The evaluation of " + test.name() + " was interrupted.", e);
            } catch (ExecutionException e) {
                throw new EvaluationException(EvaluationMessages.evaluationFailed(test, e.getCause()), e.getCause());
            }
        }

        /** The item's annotation on {@code pool}, once the answers of all its calls are in. */
        private CompletableFuture<Annotated> annotation(
                int index, List<CompletableFuture<Answer>> answers, Executor pool) {
            return CompletableFuture.allOf(answers.toArray(CompletableFuture[]::new))
                    .thenApplyAsync(
                            all -> annotate(
                                    index,
                                    answers.stream()
                                            .map(CompletableFuture::join)
                                            .toList()),
                            pool);
        }

        /** Sends one prompt; a failure is the answer's error, never thrown. */
        private Answer call(Call call) {
            Prompt prompt = items.get(call.item()).prompts().get(call.prompt());
            long start = System.nanoTime();
            try {
                Trajectory trajectory = sut instanceof AgentSystem agent ? agent.run(prompt) : null;
                Conversation conversation = sut instanceof ConversingSystem chat
                        ? chat.converse(items.get(call.item()), call.repeat())
                        : null;
                String response = trajectory != null
                        ? trajectory.finalAnswer()
                        : conversation != null
                                ? conversation.lastTurn().assistant()
                                : sut.respond(prompt, items.get(call.item()).id());
                long nanos = System.nanoTime() - start;
                return new Answer(
                        new Interaction(
                                call.prompt(),
                                call.repeat(),
                                prompt,
                                response,
                                nanos / 1_000_000,
                                trajectory,
                                conversation),
                        null,
                        nanos);
            } catch (Throwable e) {
                return new Answer(
                        null,
                        ItemError.of(ItemError.SYSTEM_UNDER_TEST, null, call.prompt(), call.repeat(), e),
                        System.nanoTime() - start);
            }
        }

        /** Annotates and measures one item once all its calls are answered, in prompt then repeat order. */
        private Annotated annotate(int index, List<Answer> answers) {
            long start = System.nanoTime();
            ItemResult result;
            try {
                ItemError error = answers.stream()
                        .map(Answer::error)
                        .filter(Objects::nonNull)
                        .findFirst()
                        .orElse(null);
                result = error != null ? failed(index, answers, error) : measured(index, answers);
            } catch (Throwable e) {
                result = failed(index, answers, ItemError.of(ItemError.MEASURE_QUALITY, null, -1, -1, e));
            }
            long called = answers.stream().mapToLong(Answer::nanos).sum();
            return new Annotated(result, called, System.nanoTime() - start);
        }

        private ItemResult measured(int index, List<Answer> answered) {
            TestItem item = items.get(index);
            List<Interaction> answers =
                    answered.stream().map(Answer::interaction).toList();
            Map<String, List<Annotation>> annotations = new LinkedHashMap<>();
            for (Annotator annotator : annotators) {
                List<Annotation> list;
                try {
                    list = annotator.annotate(item, answers);
                    // contains(null) throws on an immutable list, so nulls are looked for one by one
                    boolean hasNull = list != null && list.stream().anyMatch(Objects::isNull);
                    if (list == null || list.size() != answers.size() || hasNull) {
                        throw new IllegalStateException(
                                EvaluationMessages.annotationsDoNotMatch(annotator, list, hasNull, answers));
                    }
                } catch (Throwable e) {
                    return new ItemResult(
                            item,
                            answers,
                            annotations,
                            Map.of(),
                            ItemError.of(ItemError.ANNOTATOR, annotator.name(), -1, -1, e));
                }
                annotations.put(annotator.name(), list);
            }
            Map<String, Double> measurements;
            try {
                measurements = test.measureQuality(new AnnotatedItem(item, answers, annotations));
                check(measurements);
            } catch (Throwable e) {
                return new ItemResult(
                        item, answers, annotations, Map.of(), ItemError.of(ItemError.MEASURE_QUALITY, null, -1, -1, e));
            }
            return new ItemResult(item, answers, annotations, measurements, null);
        }

        private void check(Map<String, Double> measurements) {
            if (measurements == null) {
                throw new IllegalStateException(EvaluationMessages.measureQualityReturnedNull(test));
            }
            measurements.forEach((name, value) -> {
                if (name == null || name.isBlank()) {
                    throw new IllegalStateException(EvaluationMessages.blankMeasurementName(test));
                }
                if (value == null || !Double.isFinite(value)) {
                    throw new IllegalStateException(EvaluationMessages.measurementNotFinite(test, name, value));
                }
            });
        }

        /** The item with its error, and the answers it got. */
        private ItemResult failed(int index, List<Answer> answered, ItemError error) {
            List<Interaction> answers = answered.stream()
                    .map(Answer::interaction)
                    .filter(Objects::nonNull)
                    .toList();
            return new ItemResult(items.get(index), answers, Map.of(), Map.of(), error);
        }
    }

    /** One call of the system under test, and the future its answer completes. */
    private record Call(int item, int prompt, int repeat, CompletableFuture<Answer> answer) {}

    /** What one call got: an interaction, or the error of the system under test, and how long it took. */
    private record Answer(Interaction interaction, ItemError error, long nanos) {}

    /** An item's result, with the time its calls took and the time its annotation took. */
    private record Annotated(ItemResult result, long systemNanos, long annotationNanos) {}

    /** Builds an {@link EvaluationRunner}: the evaluation's settings, the test it belongs to and its record. */
    @API(status = EXPERIMENTAL, since = "0.1")
    public static final class Builder {
        private EvaluationSettings settings = EvaluationSettings.defaults();
        private String testId;
        private String testName;
        private Path recordFile;
        private String recordings = "none";

        private Builder() {}

        /**
         * How the system's and judges' model calls are recorded or replayed, for the record, e.g.
         * {@code replay from src/test/resources/llm-recordings/com.example.EvalTest.json}; default {@code none}.
         *
         * @param description how the calls went; {@code null} or blank for {@code none}
         * @return this builder
         */
        public Builder recordings(String description) {
            this.recordings = description == null || description.isBlank() ? "none" : description;
            return this;
        }

        /**
         * How to run; default {@link EvaluationSettings#defaults()}.
         *
         * @param settings the settings, not {@code null}
         * @return this builder
         * @throws NullPointerException for {@code null}
         */
        public Builder settings(EvaluationSettings settings) {
            this.settings = Objects.requireNonNull(settings, "settings");
            return this;
        }

        /**
         * The id the record carries; default the test's name.
         *
         * @param testId e.g. {@code com.example.SupportEvalTest.groundedAnswers}; {@code null} for the default
         * @return this builder
         */
        public Builder testId(String testId) {
            this.testId = testId;
            return this;
        }

        /**
         * The name the record gives the test instead of {@link PromptResponseTest#name()}, for a test that has none
         * of its own (an anonymous class): e.g. the JUnit test's display name. Default: the test's name.
         *
         * @param name the name; {@code null} or blank for the default
         * @return this builder
         */
        public Builder testName(String name) {
            this.testName = name == null || name.isBlank() ? null : name.strip();
            return this;
        }

        /**
         * Where to write the record; none is written when not set.
         *
         * @param file the record's file, e.g. under {@code target/llm-assert/evaluations/}; {@code null} for none
         * @return this builder
         */
        public Builder recordTo(Path file) {
            this.recordFile = file;
            return this;
        }

        /**
         * The runner with these settings.
         *
         * @return a new runner
         */
        public EvaluationRunner build() {
            return new EvaluationRunner(this);
        }
    }
}
