package dev.llmassert.junit.internal;

import dev.llmassert.core.config.ConfigKeys;
import dev.llmassert.core.groundedness.GroundednessVerdict;
import org.apiguardian.api.API;
import org.assertj.core.error.BasicErrorMessageFactory;
import org.assertj.core.error.ErrorMessageFactory;

import java.util.ArrayList;
import java.util.List;

import static org.apiguardian.api.API.Status.INTERNAL;

/** Creates the message of a response whose groundedness score is below the minimum. */
@API(status = INTERNAL, since = "0.1")
public final class ShouldBeGrounded extends BasicErrorMessageFactory {

    private ShouldBeGrounded(String format, Object... arguments) {
        super(format, arguments);
    }

    public static ErrorMessageFactory shouldBeGrounded(String response, GroundednessVerdict verdict,
                                                       double minScore) {
        return create("", response, verdict, minScore, List.of());
    }

    /**
     * The message of a bare {@code isGroundedIn(...)} checked after the test method against the default minimum: it
     * says where the assertion was made, as the stack of the failure cannot.
     */
    public static ErrorMessageFactory shouldBeGroundedByDefault(String response, GroundednessVerdict verdict,
                                                                double defaultMinScore, StackTraceElement site) {
        String intro = "%nisGroundedIn(...) at %s had no withMinScore(...), so it was checked after the test against"
                + " the default minimum " + VerdictTable.score(defaultMinScore)
                + " (" + ConfigKeys.GROUNDEDNESS_MIN_SCORE + ").";
        return create(intro, response, verdict, defaultMinScore, List.of(unquotedString(String.valueOf(site))));
    }

    /**
     * The message of a bare {@code isGroundedIn(...)} made outside the extension, where nothing runs after the test,
     * so it was checked at once against the default minimum.
     */
    public static ErrorMessageFactory shouldBeGroundedOutsideExtension(String response, GroundednessVerdict verdict,
                                                                       double defaultMinScore) {
        String intro = "%nisGroundedIn(...) ran outside @LlmJudge, so it was checked at once against the default"
                + " minimum " + VerdictTable.score(defaultMinScore) + " ("
                + ConfigKeys.GROUNDEDNESS_MIN_SCORE + ")."
                + "%nTo check against a lower minimum, run the test under @LlmJudge (then withMinScore(...) replaces"
                + " the default), or set " + ConfigKeys.GROUNDEDNESS_MIN_SCORE + ".";
        return create(intro, response, verdict, defaultMinScore, List.of());
    }

    private static ErrorMessageFactory create(String intro, String response, GroundednessVerdict verdict,
                                              double minScore, List<Object> introArgs) {
        String[] scores = VerdictTable.distinct(verdict.score(), minScore);
        VerdictTable table = VerdictTable.of(verdict, minScore, BasicErrorMessageFactory::unquotedString);
        String format = intro
                + "%nExpecting response:%n  %s%nto be grounded in its sources with a score of at least " + scores[1]
                + ", but its score was " + scores[0] + "." + table.format();
        List<Object> args = new ArrayList<>(introArgs);
        args.add(VerdictTable.shortenResponse(response));
        args.addAll(table.args());
        return new ShouldBeGrounded(format, args.toArray());
    }
}
