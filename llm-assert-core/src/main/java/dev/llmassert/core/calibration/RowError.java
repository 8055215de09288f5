package dev.llmassert.core.calibration;

import org.apiguardian.api.API;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

/**
 * A row the judge could not judge: a call that failed after its retries, a recording missing in replay. The row is
 * left out of the figures and counted in {@link Calibration#errorRate()}.
 *
 * @param id    the row's id
 * @param where where the row is
 * @param error what went wrong: the exception's class and message
 */
@API(status = EXPERIMENTAL, since = "0.1")
public record RowError(String id, String where, String error) {}
