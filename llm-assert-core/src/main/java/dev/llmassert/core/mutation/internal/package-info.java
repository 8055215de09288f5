/**
 * Internal to llm-assert: how the mutation check's operators find and change figures, words, clauses and names.
 *
 * <p>Not part of the public API, whatever the visibility of its types: they are public only so that other packages
 * of llm-assert can use them. They may change or disappear at any time, in any release, without notice.
 */
@API(status = INTERNAL, since = "0.1")
package dev.llmassert.core.mutation.internal;

import org.apiguardian.api.API;

import static org.apiguardian.api.API.Status.INTERNAL;
