package dev.llmassert.junit.internal.config;

import org.apiguardian.api.API;

import java.nio.file.Path;

import static org.apiguardian.api.API.Status.INTERNAL;

/**
 * A calibration record named by {@code llmassert.groundedness.calibration}: the judge it was made with and the bar
 * it fitted.
 *
 * @param record  the record's path, as configured
 * @param judge   the judge the record was made with, {@code provider:model}
 * @param minScore the minimum score (bar) it fitted
 * @param where   where the key was set, for messages
 * @param applied whether its bar is the default minimum ({@code false} when a minimum set nearer the test wins)
 */
@API(status = INTERNAL, since = "0.1")
public record AppliedCalibration(Path record, String judge, double minScore, String where, boolean applied) {}
