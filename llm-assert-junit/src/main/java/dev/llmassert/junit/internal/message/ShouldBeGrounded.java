package dev.llmassert.junit.internal.message;

import dev.llmassert.core.config.ConfigKeys;
import dev.llmassert.core.groundedness.GroundednessVerdict;
import org.apiguardian.api.API;
import org.assertj.core.error.ErrorMessageFactory;

import static org.apiguardian.api.API.Status.INTERNAL;

/** Creates the message of a response whose groundedness score is below the minimum. */
@API(status = INTERNAL, since = "0.1")
public final class ShouldBeGrounded extends MessageTextFactory {

    private ShouldBeGrounded(MessageText message) {
        super(message);
    }

    public static ErrorMessageFactory shouldBeGrounded(String response, GroundednessVerdict verdict, double minScore) {
        return create(new MessageText(), response, verdict, minScore);
    }

    /**
     * The message of a bare {@code isGroundedIn(...)} checked after the test method against the default minimum: it
     * says where the assertion was made, as the stack of the failure cannot.
     */
    public static ErrorMessageFactory shouldBeGroundedByDefault(
            String response, GroundednessVerdict verdict, double defaultMinScore, StackTraceElement site) {
        MessageText intro = new MessageText()
                .line("isGroundedIn(...) at ")
                .plain(site)
                .text(" had no withMinScore(...), so it was checked after the test against the default minimum "
                        + VerdictTable.score(defaultMinScore) + " (" + ConfigKeys.GROUNDEDNESS_MIN_SCORE + ").");
        return create(intro, response, verdict, defaultMinScore);
    }

    /**
     * The message of a bare {@code isGroundedIn(...)} made outside the extension, where nothing runs after the test,
     * so it was checked at once against the default minimum.
     */
    public static ErrorMessageFactory shouldBeGroundedOutsideExtension(
            String response, GroundednessVerdict verdict, double defaultMinScore) {
        MessageText intro = new MessageText()
                .line("isGroundedIn(...) ran outside @LlmJudge, so it was checked at once against the default minimum "
                        + VerdictTable.score(defaultMinScore) + " (" + ConfigKeys.GROUNDEDNESS_MIN_SCORE + ").")
                .line("To check against a lower minimum, run the test under @LlmJudge (then withMinScore(...) "
                        + "replaces the default), or set " + ConfigKeys.GROUNDEDNESS_MIN_SCORE + ".");
        return create(intro, response, verdict, defaultMinScore);
    }

    private static ErrorMessageFactory create(
            MessageText message, String response, GroundednessVerdict verdict, double minScore) {
        String[] scores = VerdictTable.distinct(verdict.score(), minScore);
        message.line("Expecting response:")
                .line("  ")
                .quoted(VerdictTable.shortenResponse(response))
                .line("to be grounded in its sources with a score of at least " + scores[1] + ", but its score was "
                        + scores[0] + ".");
        VerdictTable.append(message, verdict, minScore);
        return new ShouldBeGrounded(message);
    }
}
