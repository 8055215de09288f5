/**
 * Internal to llm-assert: how a conversation is shown to a judge or a simulated user, each message between data
 * tags.
 *
 * <p>Not part of the public API, whatever the visibility of its types: they are public only so that other packages
 * of llm-assert can use them. They may change or disappear at any time, in any release, without notice.
 */
@API(status = INTERNAL, since = "0.1")
package dev.llmassert.core.conversation.internal;

import org.apiguardian.api.API;

import static org.apiguardian.api.API.Status.INTERNAL;
