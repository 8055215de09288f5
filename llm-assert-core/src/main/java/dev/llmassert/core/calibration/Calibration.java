package dev.llmassert.core.calibration;

import com.fasterxml.jackson.annotation.JsonIgnore;
import com.fasterxml.jackson.annotation.JsonProperty;
import dev.llmassert.core.run.internal.RunRecords;
import dev.llmassert.core.stats.AgreementStatistics;
import dev.llmassert.core.stats.Estimate;
import org.apiguardian.api.API;

import java.nio.file.Path;
import java.util.Collections;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

/**
 * What a calibration found: how far a judge agrees with a person's labels on a team's own rows, with intervals, the
 * bar fitted for a groundedness judge, and where the judge went wrong. Made by {@link Calibrator}; written as the
 * record {@code target/llm-assert/calibrations/<test id>.json} and read back with {@link #read(Path)}.
 *
 * <p>For a groundedness judge the headline {@link #agreement()} is held out: each row judged at a bar fitted on the
 * other folds ({@link #fittedMinScore()}), never at a bar fitted on the row itself. For a criteria judge it is the
 * agreement of the options chosen; there is no bar.
 *
 * @param format       {@value #FORMAT}
 * @param testId       the id of the calibration, e.g. the test class and method
 * @param kind         {@value #GROUNDEDNESS} or {@value #CRITERIA}
 * @param judge        the judge, as {@code provider:model}
 * @param method       the groundedness judge's method ({@code trulens}, {@code claim-check}, {@code own}: see
 *                     {@link dev.llmassert.core.groundedness.GroundednessJudge#method()}), or {@code null} for a
 *                     criteria judge
 * @param criteria     the criteria's name, or {@code null} for groundedness
 * @param labels       the labels, in order: {@code yes, no}, or the criteria's options
 * @param confidence   the confidence level of the intervals
 * @param maxErrorRate the share of rows that may fail to be judged before a gate fails
 * @param recordings   how the judge's calls were recorded or replayed, e.g. {@code replay src/test/...json}
 * @param versions     the versions of llm-assert and Java
 * @param startedAt    when the calibration started, ISO-8601
 * @param wallMillis   how long it took
 * @param items        the rows given, judged or not
 * @param errors       the rows that could not be judged, left out of every figure
 * @param separatesLabels   for a groundedness judge, whether it tells the labels apart: {@code false} when the
 *                          interval of the AUC or of the held-out balanced accuracy reaches 0.5 (then no bar helps,
 *                          and the fitted bar is the current one); {@code null} for a criteria judge
 * @param currentMinScore   the minimum the judge was used with when calibrated (the configured default), or
 *                          {@code null}; {@code currentBar} in the record
 * @param atCurrentMinScore the agreement at {@code currentMinScore}, in-sample (nothing was fitted), or {@code null};
 *                          {@code atCurrentBar} in the record
 * @param fittedMinScore    the minimum fitted by cross-validation, or {@code null} for a criteria; {@code fittedBar}
 *                          in the record
 * @param agreement    the headline agreement: held out at the fitted bar, or the options'
 * @param auc          the area under the ROC curve of the groundedness scores, or {@code null}
 * @param curve        the in-sample agreement at each bar from 0 to 1 in steps of 0.01; empty for a criteria
 * @param misjudged    the rows where the judge disagrees (at the fitted bar for groundedness), worst first: the
 *                     furthest from the bar, or the option furthest in score from the label's
 * @param rows         every judged row, in the order given
 */
@API(status = EXPERIMENTAL, since = "0.1")
public record Calibration(
        int format,
        String testId,
        String kind,
        String judge,
        String method,
        String criteria,
        List<String> labels,
        double confidence,
        double maxErrorRate,
        String recordings,
        Map<String, String> versions,
        String startedAt,
        long wallMillis,
        int items,
        List<RowError> errors,
        Boolean separatesLabels,
        @JsonProperty("currentBar") Double currentMinScore,
        @JsonProperty("atCurrentBar") Agreement atCurrentMinScore,
        @JsonProperty("fittedBar") FittedMinScore fittedMinScore,
        Agreement agreement,
        Estimate auc,
        List<CurvePoint> curve,
        List<MisjudgedRow> misjudged,
        List<JudgedRow> rows) {

    /** The record's format. */
    public static final int FORMAT = 1;
    /** The kind of a groundedness judge's calibration. */
    public static final String GROUNDEDNESS = "groundedness";
    /** The kind of a direct criteria judge's calibration. */
    public static final String CRITERIA = "criteria";
    /** The groundedness label of a row whose response the person found grounded in its sources. */
    public static final String YES = "yes";

    /** The groundedness label of a row whose response the person found not grounded. */
    public static final String NO = "no";

    /** The AUC and the balanced accuracy of a judge that does not tell the labels apart. */
    static final double CHANCE = 0.5;

    private static final RunRecords.Kind RECORD =
            new RunRecords.Kind("calibration", "a", "calibrations", FORMAT, "kind", "");

    /**
     * Copies the lists and the versions (sorted by name).
     *
     * @param format {@value #FORMAT}
     * @param testId the id of the calibration
     * @param kind {@value #GROUNDEDNESS} or {@value #CRITERIA}
     * @param judge the judge, as {@code provider:model}
     * @param method the groundedness judge's method, or {@code null} for a criteria judge
     * @param criteria the criteria's name, or {@code null} for groundedness
     * @param labels the labels, in order; not {@code null}
     * @param confidence the confidence level of the intervals
     * @param maxErrorRate the share of rows that may fail to be judged before a gate fails
     * @param recordings how the judge's calls were recorded or replayed
     * @param versions the versions of llm-assert and Java; not {@code null}
     * @param startedAt when the calibration started, ISO-8601
     * @param wallMillis how long it took
     * @param items the rows given, judged or not
     * @param errors the rows that could not be judged; not {@code null}
     * @param separatesLabels whether a groundedness judge tells the labels apart; {@code null} for a criteria judge
     * @param currentMinScore the minimum the judge was used with, or {@code null}
     * @param atCurrentMinScore the agreement at {@code currentMinScore}, or {@code null}
     * @param fittedMinScore the minimum fitted by cross-validation, or {@code null} for a criteria judge
     * @param agreement the headline agreement
     * @param auc the area under the ROC curve, or {@code null}
     * @param curve the in-sample agreement at each bar; not {@code null}, empty for a criteria judge
     * @param misjudged the rows where the judge disagrees, worst first; not {@code null}
     * @param rows every judged row, in the order given; not {@code null}
     */
    public Calibration {
        labels = List.copyOf(labels);
        versions = Collections.unmodifiableMap(new TreeMap<>(versions));
        errors = List.copyOf(errors);
        curve = List.copyOf(curve);
        misjudged = List.copyOf(misjudged);
        rows = List.copyOf(rows);
    }

    /**
     * Whether this is a groundedness judge's calibration, with a bar.
     *
     * @return {@code true} for a groundedness judge, {@code false} for a criteria judge
     */
    @JsonIgnore
    public boolean isGroundedness() {
        return GROUNDEDNESS.equals(kind);
    }

    /**
     * The fitted bar, for a groundedness judge.
     *
     * @return the bar and how it was chosen; empty for a criteria judge
     */
    public Optional<FittedMinScore> fitted() {
        return Optional.ofNullable(fittedMinScore);
    }

    /**
     * That the judge does not tell the labels apart, and which interval says so, when it does not: {@code the judge
     * does not tell these labels apart (the AUC's interval [0.41, 0.63] reaches 0.5), so no bar will: use another
     * judge}. Empty when it does, and for a criteria judge.
     *
     * @return the warning, one sentence
     */
    public Optional<String> warning() {
        return Boolean.FALSE.equals(separatesLabels) && auc != null
                ? Optional.of(CalibrationMessages.cannotSeparate(auc, agreement.balancedAccuracy()))
                : Optional.empty();
    }

    /**
     * The share of rows that could not be judged.
     *
     * @return from 0 to 1; 0 when no row was given
     */
    public double errorRate() {
        return items == 0 ? 0 : (double) errors.size() / items;
    }

    /**
     * Whether more rows failed than {@link #maxErrorRate()} allows.
     *
     * @return {@code true} when {@link #errorRate()} is above the maximum
     */
    public boolean errorRateExceeded() {
        return errorRate() > maxErrorRate + 1e-12;
    }

    /**
     * The agreement of a groundedness judge at the minimum score {@code minScore} over every row, in-sample: for a
     * minimum chosen in advance (such as the one in use now), not for one chosen on these rows.
     *
     * @param minScore the bar, from 0 to 1
     * @return the agreement of every row's verdict at that bar, with intervals
     * @throws IllegalStateException for a criteria judge's calibration, which has no bar
     * @throws IllegalArgumentException when {@code minScore} is not between 0 and 1
     */
    public Agreement agreementAt(double minScore) {
        if (!isGroundedness()) {
            throw new IllegalStateException(CalibrationMessages.noBarForCriteria(testId));
        }
        if (!(minScore >= 0.0 && minScore <= 1.0)) {
            throw new IllegalArgumentException("A minimum score is between 0 and 1, but is " + minScore + ".");
        }
        return AgreementFigures.inSample(rows, minScore, confidence, seedOf(), AgreementStatistics.RESAMPLES);
    }

    /** The seed the folds and the bootstraps start from. */
    long seedOf() {
        return fittedMinScore == null ? Calibrator.DEFAULT_SEED : fittedMinScore.seed();
    }

    /**
     * Writes the record to {@code file}, whole or not at all.
     *
     * @param file where to write it; its folders are made
     * @throws java.io.UncheckedIOException naming the file and the fix, when it cannot be written
     */
    public void write(Path file) {
        RunRecords.write(RECORD, this, file);
    }

    /**
     * Reads a record written by {@link #write(Path)}, e.g. a committed one.
     *
     * @param file the record's file
     * @return the calibration it holds
     * @throws IllegalArgumentException naming the file and the fix, when it is missing, not JSON, not a calibration
     *                                  record or damaged
     */
    public static Calibration read(Path file) {
        return RunRecords.read(RECORD, file, root -> RunRecords.JSON.treeToValue(root, Calibration.class));
    }

    /**
     * One line: {@code local:all-minilm-l6-v2-q over 32 rows: balanced accuracy 0.81 [0.70, 0.89] held out at the
     * fitted bar 0.64; kappa 0.55 [...]; AUC 0.90 [...]}; first, when the judge does not tell the labels apart,
     * {@link #warning()}; last, when the fitted bar is at an end of the scale, why.
     *
     * @return the line, for a log or a report
     */
    public String headline() {
        StringBuilder text = new StringBuilder(judge)
                .append(criteria == null ? "" : " on " + criteria)
                .append(String.format(Locale.ROOT, " over %d rows", rows.size()));
        if (!errors.isEmpty()) {
            text.append(" (").append(errors.size()).append(" not judged)");
        }
        text.append(": ");
        warning().ifPresent(warning -> text.append(warning).append("; "));
        text.append("balanced accuracy ").append(short3(agreement.balancedAccuracy()));
        text.append(fittedMinScore != null ? " held out at the fitted bar " + fittedMinScore.minScoreText() : "");
        if (agreement.kappa() != null) {
            text.append("; kappa ").append(short3(agreement.kappa()));
        }
        if (auc != null) {
            text.append("; AUC ").append(short3(auc));
        }
        if (atCurrentMinScore != null) {
            text.append(String.format(Locale.ROOT, "; at the current bar %.2f: ", currentMinScore))
                    .append(short3(atCurrentMinScore.balancedAccuracy()));
        }
        if (fittedMinScore != null && FittedMinScore.AT_AN_END.equals(fittedMinScore.choice())) {
            text.append(". ").append(fittedMinScore.reason());
        }
        return text.toString();
    }

    private static String short3(Estimate estimate) {
        return String.format(
                Locale.ROOT,
                "%.3f [%.3f, %.3f]",
                estimate.value(),
                estimate.interval().lower(),
                estimate.interval().upper());
    }
}
