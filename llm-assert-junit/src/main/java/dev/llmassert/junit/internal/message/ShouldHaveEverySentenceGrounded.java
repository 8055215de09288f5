package dev.llmassert.junit.internal.message;

import dev.llmassert.core.groundedness.GroundednessVerdict;
import org.apiguardian.api.API;
import org.assertj.core.error.ErrorMessageFactory;

import static org.apiguardian.api.API.Status.INTERNAL;

/** Creates the message of a response with at least one sentence scored below the minimum. */
@API(status = INTERNAL, since = "0.1")
public final class ShouldHaveEverySentenceGrounded extends MessageTextFactory {

    private ShouldHaveEverySentenceGrounded(MessageText message) {
        super(message);
    }

    public static ErrorMessageFactory shouldHaveEverySentenceGrounded(
            String response, GroundednessVerdict verdict, double minScore) {
        int below = verdict.sentencesBelow(minScore).size();
        String[] scores = VerdictTable.distinct(verdict.minSentenceScore(), minScore);
        MessageText message = new MessageText()
                .line("Expecting every sentence of response:")
                .line("  ")
                .quoted(VerdictTable.shortenResponse(response))
                .line("to be grounded in its sources with a score of at least " + scores[1] + ", but " + below + " of "
                        + Messages.count(verdict.sentences().size(), "sentence") + (below == 1 ? " was" : " were")
                        + " not (lowest " + scores[0] + ").");
        VerdictTable.append(message, verdict, minScore);
        return new ShouldHaveEverySentenceGrounded(message);
    }
}
