package dev.llmassert.core.calibration;

import dev.llmassert.core.criteria.Criteria;
import dev.llmassert.core.criteria.DirectJudge;
import dev.llmassert.core.criteria.DirectResult;
import dev.llmassert.core.criteria.Instance;
import dev.llmassert.core.dataset.LabelledDataset;
import dev.llmassert.core.dataset.LabelledItem;
import dev.llmassert.core.eval.EvaluationSettings;
import dev.llmassert.core.groundedness.GroundednessJudge;
import dev.llmassert.core.groundedness.GroundednessVerdict;
import dev.llmassert.core.groundedness.LocalGroundednessJudge;
import dev.llmassert.core.run.internal.ErrorChain;
import dev.llmassert.core.run.internal.Outcome;
import dev.llmassert.core.run.internal.RunRecords;
import dev.llmassert.core.run.internal.WorkerPool;
import dev.llmassert.core.stats.AgreementStatistics;
import dev.llmassert.core.stats.Estimate;
import org.apiguardian.api.API;

import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

/**
 * Calibrates a judge on rows a person has labelled: judges every row (in parallel, as an evaluation does, through the
 * judge's own limits, retries and recordings), then measures how far the judge agrees with the labels, with
 * intervals, and for a groundedness judge fits the bar by k-fold cross-validation.
 *
 * <pre>{@code
 * Calibration calibration = Calibrator.builder()
 *         .currentMinScore(0.7)
 *         .recordTo(Path.of("target/llm-assert/calibrations/support.json"))
 *         .build()
 *         .calibrate(judge, Dataset.fromClasspath("calibration/support.jsonl").labelled().contextList("sources"));
 * }</pre>
 *
 * <ul>
 *   <li>A groundedness row's label is {@code yes}/{@code no} ({@code true}/{@code false}, {@code 1}/{@code 0}) and
 *       its sources are its context value {@value #SOURCES}. A criteria row's label is the option it should get,
 *       and its context holds the criteria's context fields.</li>
 *   <li>Every label and every row's context is checked before any row is judged, so a typo costs no judge call.</li>
 *   <li>The calibrator holds no state between calibrations.</li>
 * </ul>
 */
@API(status = EXPERIMENTAL, since = "0.1")
public final class Calibrator {

    /** The context value that holds a groundedness row's sources. */
    public static final String SOURCES = "sources";
    /** The folds of the cross-validation that fits the bar. */
    public static final int DEFAULT_FOLDS = 5;
    /** The seed of the folds when none is given. */
    public static final long DEFAULT_SEED = 1L;
    /** The resamples of each bootstrap interval (kappa, AUC) unless {@link Builder#bootstrapResamples} says. */
    public static final int DEFAULT_RESAMPLES = AgreementStatistics.RESAMPLES;
    /** The fewest resamples a bootstrap may take. */
    public static final int MIN_RESAMPLES = 100;
    /**
     * The current minimum score unless {@link Builder#currentMinScore} says: the default of
     * {@code llmassert.groundedness.min-score}, {@value}.
     */
    public static final double DEFAULT_MIN_SCORE = LocalGroundednessJudge.DEFAULT_THRESHOLD;
    /** The fewest rows of each label a bar can be fitted and cross-validated on. */
    public static final int MIN_ROWS_PER_LABEL = 2;

    private final EvaluationSettings settings;
    private final int folds;
    private final long seed;
    private final int resamples;
    private final double currentMinScore;
    private final String testId;
    private final String recordings;
    private final Path recordFile;

    private Calibrator(Builder builder) {
        this.settings = builder.settings;
        this.folds = builder.folds;
        this.seed = builder.seed;
        this.resamples = builder.resamples;
        this.currentMinScore = builder.currentMinScore;
        this.testId = builder.testId;
        this.recordings = builder.recordings;
        this.recordFile = builder.recordFile;
    }

    /**
     * Starts a calibrator with the default folds, seed, resamples and current minimum score, and no record.
     *
     * @return a new builder
     */
    public static Builder builder() {
        return new Builder();
    }

    /**
     * {@link #calibrate(GroundednessJudge, List)} on the rows of {@code dataset}.
     *
     * @param judge the groundedness judge to calibrate
     * @param dataset the labelled rows, each with its sources in the context value {@value #SOURCES}
     * @return the calibration, also written to the record file when one was set
     * @throws dev.llmassert.core.dataset.DatasetException when the dataset cannot be read, as
     *                                                     {@link LabelledDataset#load()} says
     * @throws NullPointerException for a {@code null} dataset
     */
    public Calibration calibrate(GroundednessJudge judge, LabelledDataset dataset) {
        return calibrate(judge, Objects.requireNonNull(dataset, "dataset").load());
    }

    /**
     * Calibrates a groundedness judge: each row's response judged against its sources, the bar fitted, and the
     * agreement measured held out at it.
     *
     * @param judge the groundedness judge to calibrate, not {@code null}
     * @param items the labelled rows, each with its sources in the context value {@value #SOURCES}, ids unique
     * @return the calibration, also written to the record file when one was set
     * @throws dev.llmassert.core.dataset.DatasetException naming the row, for a label that is not yes or no
     * @throws IllegalArgumentException                  for no rows, two rows with one id, a row without sources,
     *                                                   or fewer than {@value #MIN_ROWS_PER_LABEL} rows of a label
     * @throws IllegalStateException                     when so many rows failed to be judged that fewer than
     *                                                   {@value #MIN_ROWS_PER_LABEL} of a label are left
     */
    public Calibration calibrate(GroundednessJudge judge, List<LabelledItem> items) {
        requireJudge(judge);
        requireItems(items);
        boolean[] labels = new boolean[items.size()];
        for (int i = 0; i < items.size(); i++) {
            labels[i] = items.get(i).binaryLabel();
            requireContext(items.get(i), SOURCES, "its sources");
        }
        requireBothLabels(labels, "labelled", null);
        Instant started = Instant.now();
        long startNanos = System.nanoTime();
        List<Outcome<GroundednessVerdict>> outcomes =
                judgeRows(items, item -> judge.judge(item.response(), item.contextList(SOURCES)));

        List<Integer> judged = new ArrayList<>();
        List<RowError> errors = errors(items, outcomes, judged);
        boolean[] yes = new boolean[judged.size()];
        double[] scores = new double[judged.size()];
        List<JudgedRow> rows = new ArrayList<>(judged.size());
        for (int j = 0; j < judged.size(); j++) {
            int i = judged.get(j);
            yes[j] = labels[i];
            scores[j] = outcomes.get(i).value().score();
        }
        requireBothLabels(yes, "judged", errors);

        double level = settings.confidence();
        int k = Math.min(folds, Math.min(AgreementFigures.count(yes, true), AgreementFigures.count(yes, false)));
        int[] fold = MinScoreFitting.folds(yes, k, seed);
        for (int j = 0; j < judged.size(); j++) {
            rows.add(new JudgedRow(items.get(judged.get(j)).id(), label(yes[j]), scores[j], null, fold[j]));
        }
        double[] foldMinScores = new double[k];
        boolean[] heldOut = MinScoreFitting.heldOut(scores, yes, fold, k, currentMinScore, foldMinScores);
        Agreement agreement =
                AgreementFigures.heldOut(scores, yes, heldOut, folds, currentMinScore, level, seed, resamples);
        Estimate auc = AgreementFigures.auc(scores, yes, level, seed, resamples);
        boolean separates = auc.interval().lower() > Calibration.CHANCE
                && agreement.balancedAccuracy().interval().lower() > Calibration.CHANCE;
        FittedMinScore fitted = FittedMinScore.chosen(
                MinScoreFitting.fit(scores, yes, currentMinScore),
                currentMinScore,
                separates ? null : CalibrationMessages.cannotSeparate(auc, agreement.balancedAccuracy()),
                seed,
                foldMinScores);
        double minScore = fitted.minScore();

        List<MisjudgedRow> misjudged = new ArrayList<>();
        for (int j = 0; j < judged.size(); j++) {
            boolean passed = MinScoreFitting.passes(scores[j], minScore);
            if (passed != yes[j]) {
                LabelledItem item = items.get(judged.get(j));
                GroundednessVerdict verdict = outcomes.get(judged.get(j)).value();
                misjudged.add(new MisjudgedRow(
                        item.id(),
                        item.where(),
                        label(yes[j]),
                        label(passed),
                        scores[j],
                        minScore,
                        item.response(),
                        verdict.sentences(),
                        ""));
            }
        }
        misjudged.sort(Comparator.comparingDouble((MisjudgedRow row) -> -Math.abs(row.score() - minScore)));

        Calibration calibration = new Calibration(
                Calibration.FORMAT,
                id(),
                Calibration.GROUNDEDNESS,
                judge.name(),
                judge.method(),
                null,
                AgreementFigures.BINARY,
                level,
                settings.maxErrorRate(),
                recordings,
                RunRecords.versions(),
                started.toString(),
                millisSince(startNanos),
                items.size(),
                errors,
                separates,
                currentMinScore,
                AgreementFigures.inSample(rows, currentMinScore, level, seed, resamples),
                fitted,
                agreement,
                auc,
                AgreementFigures.curve(scores, yes),
                misjudged,
                rows);
        return recorded(calibration);
    }

    /**
     * {@link #calibrate(DirectJudge, Criteria, List)} on the rows of {@code dataset}.
     *
     * @param judge the direct criteria judge to calibrate
     * @param criteria the criteria it judges on; each row's label is one of its options
     * @param dataset the labelled rows, each with the criteria's context fields in its context
     * @return the calibration, also written to the record file when one was set
     * @throws dev.llmassert.core.dataset.DatasetException when the dataset cannot be read, as
     *                                                     {@link LabelledDataset#load()} says
     * @throws NullPointerException for a {@code null} dataset
     */
    public Calibration calibrate(DirectJudge judge, Criteria criteria, LabelledDataset dataset) {
        return calibrate(
                judge, criteria, Objects.requireNonNull(dataset, "dataset").load());
    }

    /**
     * Calibrates a direct criteria judge: each row's response judged on {@code criteria}, with the criteria's
     * context fields from the row's context, and the options it chose compared with the labels, per option and in
     * all. A criteria judge chooses an option, so no bar is fitted.
     *
     * @param judge the direct criteria judge to calibrate, not {@code null}
     * @param criteria the criteria it judges on, not {@code null}; each row's label is one of its options
     * @param items the labelled rows, each with the criteria's context fields in its context, ids unique
     * @return the calibration, also written to the record file when one was set
     * @throws dev.llmassert.core.dataset.DatasetException naming the row, for a label that is none of the options
     * @throws IllegalArgumentException                  for no rows, two rows with one id, or a row without one of
     *                                                   the criteria's context fields
     * @throws IllegalStateException                     when every row failed to be judged
     */
    public Calibration calibrate(DirectJudge judge, Criteria criteria, List<LabelledItem> items) {
        requireJudge(judge);
        if (criteria == null) {
            throw new IllegalArgumentException(CalibrationMessages.nullCriteria());
        }
        requireItems(items);
        List<String> options = criteria.optionNames();
        int[] labels = new int[items.size()];
        for (int i = 0; i < items.size(); i++) {
            labels[i] = options.indexOf(items.get(i).optionLabel(options));
            for (String field : criteria.contextFields()) {
                requireContext(
                        items.get(i),
                        field,
                        "the context field '" + field + "' of the criteria '" + criteria.name() + "'");
            }
        }
        Instant started = Instant.now();
        long startNanos = System.nanoTime();
        List<Outcome<DirectResult>> outcomes = judgeRows(items, item -> {
            Instance instance = Instance.of(criteria.toEvaluateField(), item.response());
            for (String field : criteria.contextFields()) {
                instance = instance.with(field, String.join("\n\n", item.contextList(field)));
            }
            return judge.evaluate(instance, criteria);
        });

        List<Integer> judged = new ArrayList<>();
        List<RowError> errors = errors(items, outcomes, judged);
        if (judged.isEmpty()) {
            throw new IllegalStateException(CalibrationMessages.nothingJudged(errors));
        }
        int[] label = new int[judged.size()];
        int[] chosen = new int[judged.size()];
        List<JudgedRow> rows = new ArrayList<>(judged.size());
        List<MisjudgedRow> misjudged = new ArrayList<>();
        Map<String, Double> distance = new HashMap<>();
        for (int j = 0; j < judged.size(); j++) {
            LabelledItem item = items.get(judged.get(j));
            DirectResult result = outcomes.get(judged.get(j)).value();
            label[j] = labels[judged.get(j)];
            chosen[j] = options.indexOf(result.option());
            String expected = options.get(label[j]);
            rows.add(new JudgedRow(item.id(), expected, result.score(), result.option(), null));
            if (label[j] != chosen[j]) {
                misjudged.add(new MisjudgedRow(
                        item.id(),
                        item.where(),
                        expected,
                        result.option(),
                        result.score(),
                        null,
                        item.response(),
                        List.of(),
                        result.explanation()));
                Double expectedScore = criteria.requireOption(expected).score();
                distance.put(
                        item.id(),
                        result.score() == null || expectedScore == null
                                ? 0.0
                                : Math.abs(result.score() - expectedScore));
            }
        }
        misjudged.sort(Comparator.comparingDouble((MisjudgedRow row) -> -distance.get(row.id())));
        double level = settings.confidence();
        Calibration calibration = new Calibration(
                Calibration.FORMAT,
                id(),
                Calibration.CRITERIA,
                judge.name(),
                null,
                criteria.name(),
                options,
                level,
                settings.maxErrorRate(),
                recordings,
                RunRecords.versions(),
                started.toString(),
                millisSince(startNanos),
                items.size(),
                errors,
                null,
                null,
                null,
                null,
                AgreementFigures.agreement(Agreement.OPTIONS, null, options, label, chosen, level, seed, resamples),
                null,
                List.of(),
                misjudged,
                rows);
        return recorded(calibration);
    }

    /**
     * Every row judged on a pool of {@code concurrency} threads, through the judge's own limits, retries and
     * recordings; a row whose judging throws keeps its error.
     */
    private <T> List<Outcome<T>> judgeRows(List<LabelledItem> items, WorkerPool.Work<LabelledItem, T> work) {
        try (WorkerPool pool = WorkerPool.forRun("the calibration", "calibrate", settings.concurrency())) {
            return pool.each(items, work);
        }
    }

    private Calibration recorded(Calibration calibration) {
        if (recordFile != null) {
            calibration.write(recordFile);
        }
        return calibration;
    }

    /** The errors of the rows that failed; the indices of the others go to {@code judged}. */
    private static <T> List<RowError> errors(
            List<LabelledItem> items, List<Outcome<T>> outcomes, List<Integer> judged) {
        List<RowError> errors = new ArrayList<>();
        for (int i = 0; i < items.size(); i++) {
            Throwable error = outcomes.get(i).error();
            if (error == null) {
                judged.add(i);
            } else {
                errors.add(new RowError(items.get(i).id(), items.get(i).where(), ErrorChain.describe(error)));
            }
        }
        return errors;
    }

    private static String label(boolean yes) {
        return yes ? Calibration.YES : Calibration.NO;
    }

    private String id() {
        return testId == null ? "calibration" : testId;
    }

    private static long millisSince(long startNanos) {
        return (System.nanoTime() - startNanos) / 1_000_000;
    }

    private static void requireJudge(Object judge) {
        if (judge == null) {
            throw new IllegalArgumentException(CalibrationMessages.nullJudge());
        }
    }

    private static void requireItems(List<LabelledItem> items) {
        if (items == null || items.isEmpty()) {
            throw new IllegalArgumentException(CalibrationMessages.noRows(items == null));
        }
        Map<String, Integer> seen = new HashMap<>();
        for (int i = 0; i < items.size(); i++) {
            LabelledItem item = items.get(i);
            if (item == null) {
                throw new IllegalArgumentException(CalibrationMessages.nullItem(i, items));
            }
            Integer first = seen.putIfAbsent(item.id(), i + 1);
            if (first != null) {
                throw new IllegalArgumentException(CalibrationMessages.duplicateId(item, first, i + 1));
            }
        }
    }

    private static void requireContext(LabelledItem item, String key, String what) {
        if (!item.context().containsKey(key)) {
            throw new IllegalArgumentException(CalibrationMessages.missingContext(item, key, what));
        }
    }

    /** Fails when fewer than {@value #MIN_ROWS_PER_LABEL} rows have either label. */
    private static void requireBothLabels(boolean[] yes, String which, List<RowError> errors) {
        int positives = AgreementFigures.count(yes, true);
        int negatives = yes.length - positives;
        if (positives < MIN_ROWS_PER_LABEL || negatives < MIN_ROWS_PER_LABEL) {
            String message = CalibrationMessages.tooFewOfALabel(which, positives, negatives, errors);
            throw errors == null ? new IllegalArgumentException(message) : new IllegalStateException(message);
        }
    }

    /** Builds a {@link Calibrator}: the folds, seed and resamples of the fit, the bar in force and the record. */
    @API(status = EXPERIMENTAL, since = "0.1")
    public static final class Builder {
        private EvaluationSettings settings = EvaluationSettings.defaults();
        private int folds = DEFAULT_FOLDS;
        private long seed = DEFAULT_SEED;
        private int resamples = DEFAULT_RESAMPLES;
        private double currentMinScore = DEFAULT_MIN_SCORE;
        private String testId;
        private String recordings = "none";
        private Path recordFile;

        private Builder() {}

        /**
         * The settings of evaluations that apply: {@code concurrency} (rows judged at once), {@code confidence} (the
         * intervals' level) and {@code maxErrorRate}; default {@link EvaluationSettings#defaults()}.
         *
         * @param value the settings, not {@code null}
         * @return this builder
         * @throws NullPointerException for {@code null}
         */
        public Builder settings(EvaluationSettings value) {
            this.settings = Objects.requireNonNull(value, "settings");
            return this;
        }

        /**
         * The folds of the cross-validation, at least 2; default {@value #DEFAULT_FOLDS}. With fewer rows of a label
         * than folds, there are as many folds as rows of that label.
         *
         * @param value the folds, at least 2
         * @return this builder
         * @throws IllegalArgumentException for fewer than 2
         */
        public Builder folds(int value) {
            if (value < 2) {
                throw new IllegalArgumentException(CalibrationMessages.tooFewFolds(value));
            }
            this.folds = value;
            return this;
        }

        /**
         * The seed that splits the rows into folds, so the same rows always give the same split; default
         * {@value #DEFAULT_SEED}. The bootstraps start from it too.
         *
         * @param value any number
         * @return this builder
         */
        public Builder seed(long value) {
            this.seed = value;
            return this;
        }

        /**
         * The resamples of the seeded bootstraps that give kappa and the AUC their intervals, at least 100; default
         * {@value #DEFAULT_RESAMPLES}. The other intervals (Wilson) take no resampling.
         *
         * @param value the resamples, at least {@value #MIN_RESAMPLES}
         * @return this builder
         * @throws IllegalArgumentException for fewer than {@value #MIN_RESAMPLES}
         */
        public Builder bootstrapResamples(int value) {
            if (value < MIN_RESAMPLES) {
                throw new IllegalArgumentException(
                        CalibrationMessages.tooFewResamples(value, MIN_RESAMPLES, DEFAULT_RESAMPLES));
            }
            this.resamples = value;
            return this;
        }

        /**
         * The minimum score a groundedness judge is used with now, the configured default; by default
         * {@value Calibrator#DEFAULT_MIN_SCORE}, the default of {@code llmassert.groundedness.min-score}. The fitted
         * bar stays at it unless the rows say otherwise (see {@link FittedMinScore}), and the calibration reports the
         * agreement at it.
         *
         * @param value the minimum score, from 0 to 1
         * @return this builder
         * @throws IllegalArgumentException when it is not between 0 and 1
         */
        public Builder currentMinScore(double value) {
            if (!(value >= 0.0 && value <= 1.0)) {
                throw new IllegalArgumentException(
                        "The current minimum score must be between 0 and 1, but is " + value + ".");
            }
            this.currentMinScore = value;
            return this;
        }

        /**
         * The id the record carries; default {@code calibration}.
         *
         * @param value the id, e.g. the test class and method; {@code null} for the default
         * @return this builder
         */
        public Builder testId(String value) {
            this.testId = value;
            return this;
        }

        /**
         * How the judge's calls are recorded or replayed, for the record; default {@code none}.
         *
         * @param description e.g. {@code replay src/test/resources/...json}; {@code null} or blank for {@code none}
         * @return this builder
         */
        public Builder recordings(String description) {
            this.recordings = description == null || description.isBlank() ? "none" : description;
            return this;
        }

        /**
         * Where to write the record; none is written when not set.
         *
         * @param file the record's file, e.g. under {@code target/llm-assert/calibrations/}; {@code null} for none
         * @return this builder
         */
        public Builder recordTo(Path file) {
            this.recordFile = file;
            return this;
        }

        /**
         * The calibrator with these settings.
         *
         * @return a new calibrator
         */
        public Calibrator build() {
            return new Calibrator(this);
        }
    }
}
