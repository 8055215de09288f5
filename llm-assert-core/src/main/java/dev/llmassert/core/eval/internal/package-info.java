/**
 * The evaluation's plumbing: the record's JSON form. Internal: it may change at any time.
 */
@API(status = INTERNAL, since = "0.1")
package dev.llmassert.core.eval.internal;

import org.apiguardian.api.API;

import static org.apiguardian.api.API.Status.INTERNAL;
