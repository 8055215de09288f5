package dev.llmassert.junit.internal.report;

import dev.llmassert.core.calibration.Agreement;
import dev.llmassert.core.calibration.CurvePoint;
import dev.llmassert.core.calibration.FittedMinScore;
import dev.llmassert.core.calibration.MisjudgedRow;
import dev.llmassert.core.stats.Estimate;
import org.apiguardian.api.API;

import java.util.List;

import static org.apiguardian.api.API.Status.INTERNAL;

/**
 * One calibration of the run, an entry of the run report's {@code calibrations[]} (beside the records of
 * {@link ReportFormat}): a judge against a person's labels (see {@code dev.llmassert.core.calibration}).
 *
 * @param record    the calibration's own record file
 * @param misjudged the rows where the judge disagrees, worst first, at most {@value RunReport#MISJUDGED_SHOWN}
 */
@API(status = INTERNAL, since = "0.1")
public record CalibrationEntry(
        String testId,
        String className,
        String displayName,
        String calibration,
        String kind,
        String judge,
        String criteria,
        List<String> labels,
        String record,
        int items,
        int errors,
        String recordings,
        long wallMillis,
        double confidence,
        FittedMinScore fittedBar,
        Double currentBar,
        Agreement agreement,
        Agreement atCurrentBar,
        Estimate auc,
        List<CurvePoint> curve,
        List<MisjudgedRow> misjudged,
        int misjudgedTotal) {

    public CalibrationEntry {
        labels = List.copyOf(labels);
        curve = List.copyOf(curve);
        misjudged = List.copyOf(misjudged);
    }
}
