/**
 * Internal to llm-assert: the small single-purpose parameter resolvers of the extension, in the manner of Mockito's.
 *
 * <p>Not part of the public API: it may change or disappear at any time, in any release, without notice.
 */
@API(status = INTERNAL, since = "0.1")
package dev.llmassert.junit.internal.resolver;

import org.apiguardian.api.API;

import static org.apiguardian.api.API.Status.INTERNAL;
