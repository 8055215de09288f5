/**
 * The JUnit module's user-facing messages: the {@code Should*} factories of failed checks and gates, built with
 * {@code MessageText} so that text that is not ours is always an argument, and {@code Messages}, every other error
 * (bad arguments, settings, missing judges), each ending with the fix. A leaf: it uses no other part of the module.
 * Internal: it may change at any time.
 */
@API(status = INTERNAL, since = "0.1")
package dev.llmassert.junit.internal.message;

import org.apiguardian.api.API;

import static org.apiguardian.api.API.Status.INTERNAL;
