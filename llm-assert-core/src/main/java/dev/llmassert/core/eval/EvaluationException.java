package dev.llmassert.core.eval;

import org.apiguardian.api.API;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

/** An evaluation could not run at all: its items could not be made, or it was interrupted. */
@API(status = EXPERIMENTAL, since = "0.1")
public class EvaluationException extends RuntimeException {

    /**
     * An exception for an evaluation that could not run.
     *
     * @param message what failed, in which test, and the fix
     * @param cause   the failure behind it
     */
    public EvaluationException(String message, Throwable cause) {
        super(message, cause);
    }
}
