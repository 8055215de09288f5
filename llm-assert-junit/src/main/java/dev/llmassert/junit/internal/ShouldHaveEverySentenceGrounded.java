package dev.llmassert.junit.internal;

import dev.llmassert.core.groundedness.GroundednessVerdict;
import org.apiguardian.api.API;
import org.assertj.core.error.BasicErrorMessageFactory;
import org.assertj.core.error.ErrorMessageFactory;

import java.util.ArrayList;
import java.util.List;

import static org.apiguardian.api.API.Status.INTERNAL;

/** Creates the message of a response with at least one sentence scored below the minimum. */
@API(status = INTERNAL, since = "0.1")
public final class ShouldHaveEverySentenceGrounded extends BasicErrorMessageFactory {

    private ShouldHaveEverySentenceGrounded(String format, Object... arguments) {
        super(format, arguments);
    }

    public static ErrorMessageFactory shouldHaveEverySentenceGrounded(String response, GroundednessVerdict verdict,
                                                                      double minScore) {
        int below = verdict.sentencesBelow(minScore).size();
        String[] scores = VerdictTable.distinct(verdict.minSentenceScore(), minScore);
        VerdictTable table = VerdictTable.of(verdict, minScore, BasicErrorMessageFactory::unquotedString);
        String format = "%nExpecting every sentence of response:%n  %s%nto be grounded in its sources with a score of"
                + " at least " + scores[1] + ", but " + below + " of " + verdict.sentences().size()
                + " sentences were not (lowest " + scores[0] + ")." + table.format();
        List<Object> args = new ArrayList<>();
        args.add(VerdictTable.shortenResponse(response));
        args.addAll(table.args());
        return new ShouldHaveEverySentenceGrounded(format, args.toArray());
    }
}
