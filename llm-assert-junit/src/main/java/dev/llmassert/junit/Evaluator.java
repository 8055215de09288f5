package dev.llmassert.junit;

import dev.langchain4j.model.chat.ChatModel;
import dev.llmassert.core.calibration.Calibration;
import dev.llmassert.core.calibration.Calibrator;
import dev.llmassert.core.config.ConfigKeys;
import dev.llmassert.core.criteria.Criteria;
import dev.llmassert.core.criteria.DirectJudge;
import dev.llmassert.core.dataset.LabelledDataset;
import dev.llmassert.core.dataset.LabelledItem;
import dev.llmassert.core.eval.EvaluationResults;
import dev.llmassert.core.eval.EvaluationRunner;
import dev.llmassert.core.eval.EvaluationSettings;
import dev.llmassert.core.eval.ItemResult;
import dev.llmassert.core.eval.PromptResponseTest;
import dev.llmassert.core.eval.SystemUnderTest;
import dev.llmassert.core.groundedness.GroundednessJudge;
import dev.llmassert.core.record.RecordingSession;
import dev.llmassert.junit.internal.EvaluationText;
import dev.llmassert.junit.internal.RecordingSupply;
import dev.llmassert.junit.internal.SystemModelCalls;
import dev.llmassert.junit.internal.config.ConfigurationResolver;
import dev.llmassert.junit.internal.message.Messages;
import dev.llmassert.junit.internal.report.ReportChannel;
import dev.llmassert.junit.internal.report.ReportFormat.ModelUse;
import org.apiguardian.api.API;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.extension.ExtensionConfigurationException;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.opentest4j.AssertionFailedError;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.io.UncheckedIOException;
import java.net.URI;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.function.Consumer;
import java.util.stream.Stream;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

/**
 * Runs prompt-response tests, and calibrations of a judge on labelled rows
 * ({@link #calibrate(GroundednessJudge, LabelledDataset)}), inside a JUnit test; injected as a parameter by
 * {@link LlmJudge} (or {@link LlmAssertExtension}). Settings come from {@code llmassert.eval.*} (annotation,
 * configuration parameter, environment); the system's chat model and every judge go through the test's recordings,
 * so the whole evaluation replays offline; each run writes its record to
 * {@code target/llm-assert/evaluations/<test id>.json}.
 *
 * <pre>{@code
 * @TestFactory
 * Stream<DynamicTest> supportAnswers(Evaluator evaluator, GroundednessJudge judge) {
 *     return evaluator.dynamicTests(new SupportQuestions(judge), assistant, results ->
 *             assertThat(results).measurement("grounded.passed").hasLowerBoundAtLeast(0.8));
 * }
 * }</pre>
 */
@API(status = EXPERIMENTAL, since = "0.1")
public final class Evaluator {

    /** The default of {@value ConfigKeys#REPORT_DIR}. */
    public static final String DEFAULT_REPORT_DIR = "target/llm-assert";

    private static final Logger LOG = LoggerFactory.getLogger("dev.llmassert.junit.evaluations");
    private static final Logger CALIBRATIONS = LoggerFactory.getLogger("dev.llmassert.junit.calibrations");

    private final ExtensionContext context;
    private final EvaluationSettings settings;
    private final Path reportDir;
    private final SystemModelCalls systemCalls;

    Evaluator(ExtensionContext context) {
        this.context = context;
        this.systemCalls = new SystemModelCalls(call -> ReportChannel.systemCall(context, call));
        var config = ConfigurationResolver.lookup(context);
        try {
            this.settings = EvaluationSettings.from(config);
        } catch (IllegalArgumentException e) {
            throw new ExtensionConfigurationException(e.getMessage(), e);
        }
        this.reportDir = Path.of(config.apply(ConfigKeys.REPORT_DIR).orElse(DEFAULT_REPORT_DIR));
    }

    /**
     * The configured {@code llmassert.groundedness.min-score} (default {@value LlmJudge#DEFAULT_MIN_SCORE}), for a
     * groundedness annotator that should use the same bar as {@code isGroundedIn}:
     * {@code Annotators.groundedness("grounded", judge, "sources", evaluator.groundednessMinScore())}.
     *
     * @return the minimum
     */
    public double groundednessMinScore() {
        return ConfigurationResolver.defaultMinScore(context, null);
    }

    /**
     * The settings this test's evaluations run with.
     *
     * @return the settings
     */
    public EvaluationSettings settings() {
        return settings;
    }

    /**
     * {@code model} recorded and replayed through this test's recordings: for a system under test that calls its
     * own model, e.g. {@code new SupportAssistant(evaluator.recorded(liveModel), manual)}. Not recorded when the
     * recordings mode is {@code off}. Either way its calls and tokens count as the application's in the run report,
     * apart from the judges': in an evaluation as its system's, and in a test that calls it itself (an agent's) as the
     * run's.
     *
     * @param model the system's own chat model
     * @return the model, recorded and replayed
     */
    public ChatModel recorded(ChatModel model) {
        if (model == null) {
            throw new IllegalArgumentException(Messages.nullModelToRecord());
        }
        Optional<RecordingSession> session = RecordingSupply.applicationSession(context);
        return systemCalls.counting(
                session.<ChatModel>map(s -> s.wrapApplication(model)).orElse(model));
    }

    /**
     * Runs {@code test} against {@code sut} and writes its record. A system built on a chat model
     * ({@link SystemUnderTest#of(ChatModel)}) is recorded and replayed through the test's recordings.
     *
     * @param test the prompt-response test
     * @param sut the system under test
     * @return the results
     */
    public EvaluationResults run(PromptResponseTest test, SystemUnderTest sut) {
        if (sut == null) {
            throw new IllegalArgumentException(Messages.nullSystemUnderTest());
        }
        if (test == null) {
            throw new IllegalArgumentException(Messages.nullPromptResponseTest());
        }
        Optional<RecordingSession> session = RecordingSupply.session(context);
        Optional<RecordingSession> systemSession = RecordingSupply.applicationSession(context);
        SystemUnderTest recorded = sut.recordedBy(model -> systemCalls.counting(
                systemSession.<ChatModel>map(s -> s.wrapApplication(model)).orElse(model)));
        // a repeated test's runs share the system's session: its calls are counted there, the judges' in the test's
        List<RecordingSession> sessions = Stream.concat(session.stream(), systemSession.stream())
                .distinct()
                .toList();
        String testId = testId();
        if (settings.shard() != null) {
            RecordingSupply.shardRan(
                    context, settings.shard().index() + "/" + settings.shard().count());
        }
        int mark = systemCalls.mark();
        int replayedBefore =
                sessions.stream().mapToInt(RecordingSession::replayedCalls).sum();
        int recordedBefore =
                sessions.stream().mapToInt(RecordingSession::recordedCalls).sum();
        EvaluationRunner.Builder runner =
                EvaluationRunner.builder().settings(settings).testId(testId);
        if (!EvaluationText.hasOwnName(test)) {
            runner.testName(EvaluationText.displayTitle(context));
        }
        EvaluationResults ran;
        systemCalls.runStarted();
        try {
            ran = runner.build().run(test, recorded);
        } finally {
            systemCalls.runFinished();
        }
        ModelUse system = systemCalls.since(mark);
        EvaluationResults results = ran.withRecordings(
                session.isPresent()
                        ? EvaluationText.modelCalls(
                                session.get().mode().id() + " "
                                        + shown(session.get().file().path()),
                                sessions.stream()
                                                .mapToInt(RecordingSession::replayedCalls)
                                                .sum()
                                        - replayedBefore,
                                sessions.stream()
                                                .mapToInt(RecordingSession::recordedCalls)
                                                .sum()
                                        - recordedBefore)
                        : EvaluationText.liveModelCalls(system.count(), EvaluationText.liveJudgements(ran)));
        Path record = recordFile(testId);
        try {
            results.write(record);
        } catch (UncheckedIOException e) {
            // the record is output, like the run report: a folder that cannot be written does not fail the test
            LOG.warn("{} The evaluation's results are not affected.", e.getMessage());
        }
        String table = results.table();
        context.publishReportEntry(Map.of(
                "llm-assert.evaluation",
                EvaluationText.headline(results),
                "llm-assert.evaluation.table",
                table,
                "llm-assert.evaluation.record",
                record.toString()));
        if (ConfigurationResolver.of(context).console().printsEvaluations()) {
            // the run report's listener prints the table from the entry; a console appender need not show it twice
            LOG.debug(
                    "{} ({} items, {} errors, record {}):\n{}",
                    testId,
                    results.items().size(),
                    results.errors().size(),
                    record,
                    table);
        } else {
            LOG.info(
                    "{} ({} items, {} errors, record {}):\n{}",
                    testId,
                    results.items().size(),
                    results.errors().size(),
                    record,
                    table);
        }
        ReportChannel.evaluation(context, results, record, system);
        return results;
    }

    /**
     * Runs the evaluation and gives one dynamic test per item, named by its id, then one named {@code results}
     * that runs {@code gates} on the results. Their source is the evaluation's record, so that reports which name a
     * dynamic test by its index otherwise ({@code [31]}) name them so too. An item's test fails when the item has an
     * error; its message shows the prompts, responses, annotations and the error.
     *
     * @param test the prompt-response test
     * @param sut the system under test
     * @param gates the gates on the results
     * @return the dynamic tests
     */
    public Stream<DynamicTest> dynamicTests(
            PromptResponseTest test, SystemUnderTest sut, Consumer<EvaluationResults> gates) {
        return dynamicTests(test, sut, item -> {}, gates);
    }

    /**
     * As {@link #dynamicTests(PromptResponseTest, SystemUnderTest, Consumer)}, with a check of each item of your own,
     * e.g. {@code item -> assertThat(item.measurement("grounded")).isGreaterThan(0.5)}. A failed check's message is
     * followed by the item's prompts, responses, annotations and measurements.
     *
     * @param test the prompt-response test
     * @param sut the system under test
     * @param eachItem the check of each item
     * @param gates the gates on the results
     * @return the dynamic tests
     */
    public Stream<DynamicTest> dynamicTests(
            PromptResponseTest test,
            SystemUnderTest sut,
            Consumer<ItemResult> eachItem,
            Consumer<EvaluationResults> gates) {
        if (eachItem == null || gates == null) {
            throw new IllegalArgumentException(Messages.nullItemCheckOrGates(gates));
        }
        EvaluationResults results = run(test, sut);
        // The record is the dynamic tests' source: tools that name a test by its method and index (Surefire's XML
        // and console, Gradle's reports) then name it by its display name, "results" or the item's id, not "[31]".
        URI record = recordFile(results.testId()).toAbsolutePath().toUri();
        List<DynamicTest> tests = new ArrayList<>();
        for (ItemResult item : results.items()) {
            tests.add(DynamicTest.dynamicTest(item.id(), record, () -> checkItem(item, eachItem)));
        }
        tests.add(DynamicTest.dynamicTest("results", record, () -> {
            LlmAssertions.assertThat(results).hasErrorRateWithinLimit();
            gates.accept(results);
        }));
        return tests.stream();
    }

    private static void checkItem(ItemResult item, Consumer<ItemResult> eachItem) {
        if (item.failed()) {
            AssertionFailedError failure = new AssertionFailedError(EvaluationText.itemError(item));
            if (item.error().cause() != null) {
                failure.initCause(item.error().cause());
            }
            throw failure;
        }
        try {
            eachItem.accept(item);
        } catch (AssertionError e) {
            AssertionFailedError failure =
                    new AssertionFailedError(e.getMessage() + "\n\n" + EvaluationText.item(item), e);
            throw failure;
        }
    }

    /**
     * Calibrates a groundedness judge on rows a person has labelled ({@code yes}/{@code no}) and writes the record
     * {@code target/llm-assert/calibrations/<test id>.json}: the agreement held out at the bar fitted by k-fold
     * cross-validation, with intervals at {@code llmassert.eval.confidence}, the agreement at the bar in use now, the
     * curve and the misjudged rows. The judge's calls run {@code llmassert.eval.concurrency} at once, through its own
     * limits, retries and this test's recordings, so an LLM judge's calibration replays offline. The log and the
     * report entry give the configuration line that applies the fitted bar.
     *
     * <pre>{@code
     * Calibration calibration = evaluator.calibrate(judge, Dataset.fromClasspath("calibration/answers.jsonl")
     *         .labelled().response("answer").label("grounded").contextList("sources"));
     * assertThat(calibration).balancedAccuracy().hasLowerBoundAtLeast(0.75);
     * }</pre>
     *
     * @param judge the groundedness judge
     * @param rows the labelled rows
     * @return the calibration
     */
    public Calibration calibrate(GroundednessJudge judge, LabelledDataset rows) {
        return calibrate(judge, requireRows(rows).load());
    }

    /**
     * As {@link #calibrate(GroundednessJudge, LabelledDataset)}, on labelled rows made in code.
     *
     * @param judge the groundedness judge
     * @param rows the labelled rows
     * @return the calibration
     */
    public Calibration calibrate(GroundednessJudge judge, List<LabelledItem> rows) {
        String testId = testId();
        Path record = reportDir.resolve("calibrations").resolve(testId + ".json");
        Calibration calibration = calibrator(testId)
                .currentMinScore(groundednessMinScore())
                .build()
                .calibrate(judge, rows);
        return published(calibration, record);
    }

    /**
     * Calibrates a direct criteria judge on rows labelled with the option each should get, their context holding the
     * criteria's context fields: the agreement per option and in all, with intervals, the confusion between options
     * and the misjudged rows; written to {@code target/llm-assert/calibrations/<test id>.json}.
     *
     * @param judge the direct criteria judge
     * @param criteria the criteria the rows are labelled on
     * @param rows the labelled rows
     * @return the calibration
     */
    public Calibration calibrate(DirectJudge judge, Criteria criteria, LabelledDataset rows) {
        return calibrate(judge, criteria, requireRows(rows).load());
    }

    /**
     * As {@link #calibrate(DirectJudge, Criteria, LabelledDataset)}, on labelled rows made in code.
     *
     * @param judge the direct criteria judge
     * @param criteria the criteria the rows are labelled on
     * @param rows the labelled rows
     * @return the calibration
     */
    public Calibration calibrate(DirectJudge judge, Criteria criteria, List<LabelledItem> rows) {
        String testId = testId();
        Path record = reportDir.resolve("calibrations").resolve(testId + ".json");
        return published(calibrator(testId).build().calibrate(judge, criteria, rows), record);
    }

    private static LabelledDataset requireRows(LabelledDataset rows) {
        if (rows == null) {
            throw new IllegalArgumentException(Messages.nullLabelledRows());
        }
        return rows;
    }

    private Calibrator.Builder calibrator(String testId) {
        Optional<RecordingSession> session = RecordingSupply.session(context);
        return Calibrator.builder()
                .settings(settings)
                .testId(testId)
                .recordings(
                        session.map(s -> s.mode().id() + " " + shown(s.file().path()))
                                .orElse("off"));
    }

    private Calibration published(Calibration calibration, Path record) {
        try {
            calibration.write(record);
        } catch (UncheckedIOException e) {
            LOG.warn("{} The calibration's figures are not affected.", e.getMessage());
        }
        String apply = calibration
                .fitted()
                .map(bar -> calibration
                        .warning()
                        .map(warning -> Messages.noBarToApply(calibration.judge(), warning))
                        .orElseGet(
                                () -> Messages.applyFittedBar(bar.minScoreText(), calibration.judge(), shown(record))))
                .orElse("");
        Map<String, String> entry = new TreeMap<>();
        entry.put("llm-assert.calibration", calibration.headline());
        entry.put("llm-assert.calibration.record", record.toString());
        if (!apply.isEmpty()) {
            entry.put("llm-assert.calibration.apply", apply);
        }
        context.publishReportEntry(entry);
        // the run report's listener prints the entry; a console appender need not show it twice
        if (ConfigurationResolver.of(context).console().printsEvaluations()) {
            CALIBRATIONS.debug("{}: {} (record {})", calibration.testId(), calibration.headline(), record);
            if (!apply.isEmpty()) {
                CALIBRATIONS.debug("{}", apply);
            }
        } else {
            CALIBRATIONS.info("{}: {} (record {})", calibration.testId(), calibration.headline(), record);
            if (!apply.isEmpty()) {
                CALIBRATIONS.info("{}", apply);
            }
        }
        ReportChannel.calibration(context, calibration, record);
        return calibration;
    }

    /** {@code path} relative to the working directory when it is under it, so that a record reads the same anywhere. */
    private static String shown(Path path) {
        Path here = Path.of("").toAbsolutePath();
        Path absolute = path.toAbsolutePath().normalize();
        return (absolute.startsWith(here) ? here.relativize(absolute) : absolute)
                .toString()
                .replace('\\', '/');
    }

    /**
     * {@code com.example.SupportEvalTest.groundedAnswers}, then each invocation of a parameterized or repeated test
     * (or class) by its index from the unique id, {@code [2]}, so that every invocation has a record of its own;
     * plus the shard when sharded.
     */
    private String testId() {
        ExtensionContext scope = RecordingSupply.scope(context);
        String method = scope.getTestMethod().map(m -> "." + m.getName()).orElse("");
        String id = scope.getRequiredTestClass().getName() + method + EvaluationText.invocations(context);
        if (settings.shard() != null) {
            id += ".shard-" + settings.shard().index() + "-of-"
                    + settings.shard().count();
        }
        return id;
    }

    private Path recordFile(String testId) {
        return reportDir.resolve("evaluations").resolve(testId + ".json");
    }

    @Override
    public String toString() {
        return "Evaluator[" + context.getDisplayName() + ", " + settings + "]";
    }
}
