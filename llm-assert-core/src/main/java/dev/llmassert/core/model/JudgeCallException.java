package dev.llmassert.core.model;

import org.apiguardian.api.API;

import static org.apiguardian.api.API.Status.STABLE;

/**
 * A call to the judge model failed: the endpoint refused it (bad key, unknown model, bad request), its host is
 * unknown, or it kept failing with transient errors (a connection refused, reset or closed with no reply, a timeout,
 * HTTP 429, 5xx) after every retry. The message names the judge, the kind of endpoint, every try and what it got,
 * and the fix. Neither the message nor any message of its cause chain holds a credential: a cause whose message held
 * one is replaced by a masked copy.
 */
@API(status = STABLE, since = "0.1")
public class JudgeCallException extends RuntimeException {

    private static final long serialVersionUID = 1L;

    private final String judgeName;
    private final boolean transientFailure;
    private final int attempts;

    public JudgeCallException(
            String message, String judgeName, boolean transientFailure, int attempts, Throwable cause) {
        super(message, cause);
        this.judgeName = judgeName;
        this.transientFailure = transientFailure;
        this.attempts = attempts;
    }

    /** The judge, as {@code provider:model}. */
    public String judgeName() {
        return judgeName;
    }

    /** Whether the last failure was transient (a broken connection, a timeout, 429 or 5xx): trying later may work. */
    public boolean isTransient() {
        return transientFailure;
    }

    /** How many calls were made, retries included. */
    public int attempts() {
        return attempts;
    }
}
