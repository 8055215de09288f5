package dev.llmassert.core.calibration;

import org.apiguardian.api.API;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

/**
 * One row of a calibration as the judge saw it: enough to measure the agreement again at any bar.
 *
 * @param id     the row's id
 * @param label  the person's label: {@code yes} or {@code no} for groundedness, an option for a criteria
 * @param score  the judge's score: a groundedness score from 0 to 1, or the chosen option's score ({@code null} when
 *               the criteria's options have none)
 * @param option the option a criteria judge chose, or {@code null} for groundedness
 * @param fold   the fold of the cross-validation the row was held out in (judged at that fold's bar in
 *               {@link FittedMinScore#foldMinScores()}), or {@code null} for a criteria
 */
@API(status = EXPERIMENTAL, since = "0.1")
public record JudgedRow(String id, String label, Double score, String option, Integer fold) {}
