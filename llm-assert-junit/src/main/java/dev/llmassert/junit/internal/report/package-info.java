/**
 * The run report: the launcher listener that collects every judged check and evaluation of a test run, and writes
 * {@code report.json}, {@code report.html} and the console summary. Internal: it may change at any time; the
 * report's JSON format is documented in the README.
 */
@API(status = INTERNAL, since = "0.1")
package dev.llmassert.junit.internal.report;

import org.apiguardian.api.API;

import static org.apiguardian.api.API.Status.INTERNAL;
