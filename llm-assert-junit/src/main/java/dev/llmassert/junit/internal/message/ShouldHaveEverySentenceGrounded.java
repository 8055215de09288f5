package dev.llmassert.junit.internal.message;

import dev.llmassert.core.config.ConfigKeys;
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
        return create(new MessageText(), response, verdict, minScore);
    }

    /**
     * The message of an {@code everySentence()} never given {@code hasMinScore(...)}, checked after the test method
     * against the default minimum: it says where the assertion was made, as the stack of the failure cannot.
     */
    public static ErrorMessageFactory shouldHaveEverySentenceGroundedByDefault(
            String response, GroundednessVerdict verdict, double defaultMinScore, StackTraceElement site) {
        MessageText intro = new MessageText()
                .line("isGroundedIn(...).everySentence() at ")
                .plain(site)
                .text(" had no hasMinScore(...), so it was checked after the test against the default minimum "
                        + VerdictTable.score(defaultMinScore) + " (" + ConfigKeys.GROUNDEDNESS_MIN_SCORE + ").");
        return create(intro, response, verdict, defaultMinScore);
    }

    private static ErrorMessageFactory create(
            MessageText message, String response, GroundednessVerdict verdict, double minScore) {
        int below = verdict.sentencesBelow(minScore).size();
        String[] scores = VerdictTable.distinct(verdict.minSentenceScore(), minScore);
        message.line("Expecting every sentence of response:")
                .line("  ")
                .quoted(VerdictTable.shortenResponse(response))
                .line("to be grounded in its sources with a score of at least " + scores[1] + ", but " + below + " of "
                        + Messages.count(verdict.sentences().size(), "sentence") + (below == 1 ? " was" : " were")
                        + " not (lowest " + scores[0] + ").");
        VerdictTable.append(message, verdict, minScore);
        return new ShouldHaveEverySentenceGrounded(message);
    }
}
