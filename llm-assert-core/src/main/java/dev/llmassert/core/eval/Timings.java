package dev.llmassert.core.eval;

import org.apiguardian.api.API;

import java.time.Instant;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

/**
 * How long an evaluation took.
 *
 * @param started          when it started
 * @param wallMillis       from start to results, in milliseconds
 * @param systemMillis     the system under test's calls, added up
 * @param annotationMillis the annotators and measurements, added up
 */
@API(status = EXPERIMENTAL, since = "0.1")
public record Timings(Instant started, long wallMillis, long systemMillis, long annotationMillis) {}
