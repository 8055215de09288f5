package dev.llmassert.core.model;

import org.apiguardian.api.API;

import static org.apiguardian.api.API.Status.STABLE;

/**
 * The judge model kept replying in a form that could not be used, even after being told what was wrong. The judge
 * never guesses a result in that case: a test must not pass by chance.
 */
@API(status = STABLE, since = "0.1")
public class JudgeReplyException extends RuntimeException {

    private static final long serialVersionUID = 1L;

    private final String judgeName;
    private final String lastReply;
    private final String parseError;
    private final int attempts;

    public JudgeReplyException(String message, String judgeName, String lastReply, String parseError, int attempts) {
        super(message);
        this.judgeName = judgeName;
        this.lastReply = lastReply;
        this.parseError = parseError;
        this.attempts = attempts;
    }

    /** The judge, as {@code provider:model}. */
    public String judgeName() {
        return judgeName;
    }

    /** The text of the last reply, as the model sent it. */
    public String lastReply() {
        return lastReply;
    }

    /** Why the last reply could not be used. */
    public String parseError() {
        return parseError;
    }

    /** How many replies were tried. */
    public int attempts() {
        return attempts;
    }
}
