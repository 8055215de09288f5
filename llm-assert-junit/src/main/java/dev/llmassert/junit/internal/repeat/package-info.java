/**
 * Internal to llm-assert: the runs of an {@code @LlmJudge.Repeat} test, their verdicts and the gate on their pass
 * rate.
 *
 * <p>Not part of the public API, whatever the visibility of its types: they are public only so that other packages
 * of llm-assert can use them. They may change or disappear at any time, in any release, without notice.
 */
@API(status = INTERNAL, since = "0.1")
package dev.llmassert.junit.internal.repeat;

import org.apiguardian.api.API;

import static org.apiguardian.api.API.Status.INTERNAL;
