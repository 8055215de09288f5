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

    /** The judge, as {@code provider:model}. */
    private final String judgeName;
    /** Whether the last failure was transient. */
    private final boolean transientFailure;
    /** How many calls were made, retries included. */
    private final int attempts;

    /**
     * An exception for a judge call that failed for good.
     *
     * @param message          what failed, every try and the fix; holds no credential
     * @param judgeName        the judge, as {@code provider:model}
     * @param transientFailure whether the last failure was transient (a broken connection, a timeout, 429 or 5xx)
     * @param attempts         how many calls were made, retries included
     * @param cause            the last failure, with any credential masked
     */
    public JudgeCallException(
            String message, String judgeName, boolean transientFailure, int attempts, Throwable cause) {
        super(message, cause);
        this.judgeName = judgeName;
        this.transientFailure = transientFailure;
        this.attempts = attempts;
    }

    /**
     * The judge, as {@code provider:model}.
     *
     * @return e.g. {@code openai:gpt-4o-mini}
     */
    public String judgeName() {
        return judgeName;
    }

    /**
     * Whether the last failure was transient (a broken connection, a timeout, 429 or 5xx): trying later may work.
     *
     * @return {@code true} when trying later may work; {@code false} for a refused key, model or request
     */
    public boolean isTransient() {
        return transientFailure;
    }

    /**
     * How many calls were made, retries included.
     *
     * @return 1 or more
     */
    public int attempts() {
        return attempts;
    }
}
