/**
 * Internal to llm-assert: the judges the extension builds and records, the test scope that assertions reach through
 * the running thread, and what a check reports. The configuration is in {@code internal.config}, the failure
 * messages in {@code internal.message}.
 *
 * <p>Not part of the public API, whatever the visibility of its types: they are public only so that other packages
 * of llm-assert can use them. They may change or disappear at any time, in any release, without notice.
 */
@API(status = INTERNAL, since = "0.1")
package dev.llmassert.junit.internal;

import org.apiguardian.api.API;

import static org.apiguardian.api.API.Status.INTERNAL;
