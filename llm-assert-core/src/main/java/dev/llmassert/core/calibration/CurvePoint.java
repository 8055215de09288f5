package dev.llmassert.core.calibration;

import com.fasterxml.jackson.annotation.JsonProperty;
import org.apiguardian.api.API;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

/**
 * The agreement a groundedness judge reaches with one bar over all rows of its calibration: in-sample, to show the
 * shape of the agreement against the bar, not to choose a bar by (the fitted bar is chosen by cross-validation).
 *
 * @param minScore          the minimum score (bar; {@code bar} in the record): a row counts as supported when its
 *                          score is at least this
 * @param balancedAccuracy  the mean of the two recalls
 * @param recallYes         the share of rows labelled yes whose score reaches the bar
 * @param recallNo          the share of rows labelled no whose score is below the bar
 */
@API(status = EXPERIMENTAL, since = "0.1")
public record CurvePoint(
        @JsonProperty("bar") double minScore, double balancedAccuracy, double recallYes, double recallNo) {}
