package dev.llmassert.core.calibration;

import dev.llmassert.core.stats.Estimate;
import org.apiguardian.api.API;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

/**
 * How well the judge agrees with the person on one label: of the rows the person gave this label, the share the
 * judge gave it too (the label's recall).
 *
 * @param label  {@code yes} or {@code no} for groundedness, an option's name for a criteria
 * @param n      the rows the person gave this label
 * @param recall the share of them the judge agreed on, or {@code null} when no row has the label
 */
@API(status = EXPERIMENTAL, since = "0.1")
public record LabelAgreement(String label, int n, Estimate recall) {}
