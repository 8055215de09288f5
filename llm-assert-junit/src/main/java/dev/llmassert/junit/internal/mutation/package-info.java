/**
 * Internal to llm-assert: the mutation check (its launches through the JUnit Platform, the tap that changes one
 * answer in a test, and the results) and the repeated runs of a test with their pass-rate gate.
 *
 * <p>Not part of the public API, whatever the visibility of its types: they are public only so that other packages
 * of llm-assert can use them. They may change or disappear at any time, in any release, without notice.
 */
@API(status = INTERNAL, since = "0.1")
package dev.llmassert.junit.internal.mutation;

import org.apiguardian.api.API;

import static org.apiguardian.api.API.Status.INTERNAL;
