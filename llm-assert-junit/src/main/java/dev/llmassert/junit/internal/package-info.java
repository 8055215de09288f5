/**
 * Internal to llm-assert: the extension's state and configuration, the judges it builds and records, the test
 * scope that assertions reach through the running thread, and the failure messages.
 *
 * <p>Not part of the public API, whatever the visibility of its types: they are public only so that other packages
 * of llm-assert can use them. They may change or disappear at any time, in any release, without notice.
 */
@API(status = INTERNAL, since = "0.1")
package dev.llmassert.junit.internal;

import org.apiguardian.api.API;

import static org.apiguardian.api.API.Status.INTERNAL;
