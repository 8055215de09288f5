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

    /** The judge, as {@code provider:model}. */
    private final String judgeName;
    /** The text of the last reply, as the model sent it. */
    private final String lastReply;
    /** Why the last reply could not be used. */
    private final String parseError;
    /** How many replies were tried. */
    private final int attempts;

    /**
     * An exception for a judge whose replies could not be used.
     *
     * @param message    what the judge was asked, what it replied, why that could not be used, and the fix
     * @param judgeName  the judge, as {@code provider:model}
     * @param lastReply  the text of the last reply, as the model sent it
     * @param parseError why the last reply could not be used
     * @param attempts   how many replies were tried
     */
    public JudgeReplyException(String message, String judgeName, String lastReply, String parseError, int attempts) {
        super(message);
        this.judgeName = judgeName;
        this.lastReply = lastReply;
        this.parseError = parseError;
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
     * The text of the last reply, as the model sent it.
     *
     * @return the reply
     */
    public String lastReply() {
        return lastReply;
    }

    /**
     * Why the last reply could not be used.
     *
     * @return e.g. that it was not JSON, or named no option of the criteria
     */
    public String parseError() {
        return parseError;
    }

    /**
     * How many replies were tried.
     *
     * @return 1 or more
     */
    public int attempts() {
        return attempts;
    }
}
