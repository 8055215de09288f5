package dev.llmassert.core.criteria;

import dev.llmassert.core.criteria.internal.CriteriaMessages;

/**
 * A judge reply that does not have the required shape: not JSON, a missing field, or an option that does not exist.
 * The judge re-prompts with {@link #repairInstruction()}; after the last try the exception reaches the test, which
 * fails rather than pass on a guessed option.
 */
public class JudgeReplyException extends RuntimeException {

    private static final long serialVersionUID = 1L;

    private final String reply;
    private final String problem;

    public JudgeReplyException(String problem, String reply) {
        super("The judge's reply is invalid: " + problem + System.lineSeparator()
                + "The reply was: " + CriteriaMessages.excerpt(reply, 500));
        this.reply = reply;
        this.problem = problem;
    }

    /** The reply as received. */
    public String reply() {
        return reply;
    }

    /** What is wrong with it, in words a model can act on. */
    public String problem() {
        return problem;
    }

    /** The message to send back to the judge so that it can correct its reply. */
    public String repairInstruction() {
        return "Your previous reply could not be used: " + problem + System.lineSeparator()
                + "Reply again with only the JSON object in the required format, and nothing else.";
    }
}
