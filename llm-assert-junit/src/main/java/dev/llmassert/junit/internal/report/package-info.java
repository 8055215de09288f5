/**
 * Internal to llm-assert: the run report, every judged check and evaluation of a test run in one HTML page and one
 * JSON file.
 *
 * <p>Not part of the public API, whatever the visibility of its types: they are public only so that other packages
 * of llm-assert can use them. They may change or disappear at any time, in any release, without notice.
 */
@API(status = INTERNAL, since = "0.1")
package dev.llmassert.junit.internal.report;

import org.apiguardian.api.API;

import static org.apiguardian.api.API.Status.INTERNAL;
