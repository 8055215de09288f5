package dev.llmassert.core.calibration;

import dev.llmassert.core.dataset.LabelledItem;

import java.util.List;
import java.util.stream.Collectors;

/** Every message of a calibration: what happened, where, and the fix. */
final class CalibrationMessages {

    private static final int ERRORS_SHOWN = 5;

    private CalibrationMessages() {}

    static String noRows(boolean isNull) {
        return "There are " + (isNull ? "no labelled items (null)" : "no labelled items") + " to calibrate the judge "
                + "on. Fix: load them from a labelled file, e.g. Dataset.fromClasspath(\"calibration/answers.jsonl\")"
                + ".labelled().contextList(\"sources\").load(); 50 to 200 rows give useful intervals.";
    }

    static String duplicateId(LabelledItem item, int first, int second) {
        return "Labelled items " + first + " and " + second + " have the same id '" + item.id() + "' (" + item.where()
                + "). Fix: give each row its own id; the id names the row in the record and the report.";
    }

    static String missingContext(LabelledItem item, String key, String what) {
        return item.where() + ": the row has no context '" + key + "' for " + what + "; it has "
                + (item.context().isEmpty() ? "no context" : item.context().keySet()) + ". Fix: give the file's field "
                + "the role, e.g. .contextList(\"" + key + "\"), or add it in code with item.withContext(\"" + key
                + "\", ...).";
    }

    /** {@code errors} is {@code null} before judging, when the labels themselves are too few. */
    static String tooFewOfALabel(String which, int yes, int no, List<RowError> errors) {
        String counts = yes + (yes == 1 ? " row" : " rows") + " " + which + " yes and " + no
                + (no == 1 ? " row" : " rows") + " " + which + " no";
        if (errors == null) {
            return "A calibration needs at least " + Calibrator.MIN_ROWS_PER_LABEL + " rows of each label, to fit a "
                    + "bar on some and measure it on others, but there are " + counts + ". Fix: label more rows of "
                    + "the rarer kind; 50 to 200 rows in all give useful intervals.";
        }
        return "Too few rows were judged to calibrate the judge: " + counts + ", as " + errors.size()
                + (errors.size() == 1 ? " row" : " rows") + " failed:" + listed(errors) + "\nFix: correct what "
                + "failed (a missing recording, an unreachable judge), then run the calibration again.";
    }

    static String nothingJudged(List<RowError> errors) {
        return "No row could be judged, so the judge cannot be calibrated:" + listed(errors) + "\nFix: correct what "
                + "failed (a missing recording, an unreachable judge), then run the calibration again.";
    }

    private static String listed(List<RowError> errors) {
        String shown = errors.stream()
                .limit(ERRORS_SHOWN)
                .map(e -> "\n  - " + e.id() + " (" + e.where() + "): " + e.error())
                .collect(Collectors.joining());
        return shown + (errors.size() > ERRORS_SHOWN ? "\n  ... and " + (errors.size() - ERRORS_SHOWN) + " more" : "");
    }

    static String noBarForCriteria(String testId) {
        return "The calibration " + testId + " is of a criteria judge, which chooses an "
                + "option and has no bar. Fix: read its agreement(), per option in agreement().labels().";
    }

    static String nullCriteria() {
        return "The criteria to calibrate the judge on is null. Fix: pass the "
                + "criteria the labels name options of, e.g. CriteriaCatalog.ANSWER_RELEVANCE.";
    }

    static String nullJudge() {
        return "The judge to calibrate is null. Fix: pass the judge whose verdicts "
                + "the labels should be compared with, e.g. the one injected into the test.";
    }

    static String nullItem(int i, List<LabelledItem> items) {
        return "Labelled item " + (i + 1) + " of " + items.size() + " is null. Fix: leave it out.";
    }

    static String tooFewFolds(int value) {
        return "A cross-validation needs at least 2 folds, but folds is " + value + ". Fix: use 5 or 10.";
    }

    static String tooFewResamples(int value, int min, int defaultResamples) {
        return "A bootstrap needs at least " + min + " resamples, but bootstrapResamples is " + value
                + ". Fix: keep the default, " + defaultResamples + ".";
    }
}
