package dev.llmassert.junit.internal.message;

import dev.llmassert.core.criteria.Contest;
import dev.llmassert.core.criteria.PairwiseResult;
import dev.llmassert.core.criteria.ResponseResult;
import org.apiguardian.api.API;
import org.assertj.core.error.ErrorMessageFactory;

import java.util.List;
import java.util.Map;

import static org.apiguardian.api.API.Status.INTERNAL;

/**
 * Creates the messages of a response the pairwise judge did not prefer over the others. Responses are numbered as
 * the assertion gave them: {@code #0} is the asserted response, {@code #1} and on the ones it was compared with.
 */
@API(status = INTERNAL, since = "0.1")
public final class ShouldBePreferred extends MessageTextFactory {

    /** The marker in front of a contest the asserted response lost. */
    static final String LOST = "✗";

    private ShouldBePreferred(MessageText message) {
        super(message);
    }

    /** The asserted response lost at least one contest. */
    public static ErrorMessageFactory shouldBePreferred(
            List<String> responses, Map<String, String> context, PairwiseResult result) {
        long lost = result.contests().stream()
                .filter(c -> c.involves(0) && c.winner() != 0)
                .count();
        long contests = result.contests().stream().filter(c -> c.involves(0)).count();
        MessageText message = new MessageText();
        CriteriaLines.response(message, responses.get(0), context);
        message.line("to be preferred over " + (responses.size() == 2 ? "the other response" : "every other response")
                        + " on criteria ")
                .quoted(result.criteria().name())
                .text(", but it lost " + lost + " of " + contests + (contests == 1 ? " contest." : " contests."));
        return details(message, responses, result);
    }

    /** A contest changed winner when the responses were shown in reverse order. */
    public static ErrorMessageFactory shouldBeFreeOfPositionalBias(
            List<String> responses, Map<String, String> context, PairwiseResult result) {
        MessageText message = new MessageText();
        CriteriaLines.response(message, responses.get(0), context);
        message.line("to be compared on criteria ")
                .quoted(result.criteria().name())
                .text(" the same whichever order the responses are shown in, but the winner changed with the order"
                        + " reversed in " + result.biasedContests().size() + " of "
                        + result.contests().size()
                        + (result.contests().size() == 1 ? " contest:" : " contests:"));
        for (Contest contest : result.biasedContests()) {
            Contest reversed = result.reversedContests().stream()
                    .filter(c -> c.isPair(contest.first(), contest.second()))
                    .findFirst()
                    .orElseThrow();
            message.line("  #" + contest.first() + " vs #" + contest.second() + ": #" + contest.winner()
                            + " won in order, #" + reversed.winner() + " reversed (")
                    .plain(CriteriaLines.shorten(reversed.explanation()))
                    .text(")");
        }
        return details(message, responses, result);
    }

    /** Too few samples agreed on the least agreed contest. */
    public static ErrorMessageFactory shouldHaveAgreement(
            List<String> responses, Map<String, String> context, PairwiseResult result, double minAgreement) {
        MessageText message = new MessageText();
        CriteriaLines.response(message, responses.get(0), context);
        message.line("to be compared consistently on criteria ")
                .quoted(result.criteria().name())
                .text(", with at least " + VerdictTable.score(minAgreement) + " of the " + result.samples()
                        + " samples agreeing on every contest, but the least agreed contest had "
                        + VerdictTable.score(result.agreement()) + ".");
        return details(message, responses, result);
    }

    private static ErrorMessageFactory details(MessageText message, List<String> responses, PairwiseResult result) {
        CriteriaLines.judge(message, result.metadata(), result.samples(), result.agreement());
        message.line("Criteria ")
                .quoted(result.criteria().name())
                .text(": ")
                .plain(CriteriaLines.shorten(result.criteria().description()));
        message.line("Ranking (best first):");
        List<ResponseResult> ranked = result.responses().stream()
                .sorted((a, b) -> a.ranking() != b.ranking()
                        ? Integer.compare(a.ranking(), b.ranking())
                        : Integer.compare(a.index(), b.index()))
                .toList();
        for (ResponseResult response : ranked) {
            message.line("  " + response.ranking() + ". #" + response.index()
                            + (response.index() == 0 ? " (this response)" : "") + ", winrate "
                            + VerdictTable.score(response.winrate()) + ": ")
                    .quoted(MessageText.shorten(responses.get(response.index()), 160));
        }
        message.line("Contests:");
        for (Contest contest : result.contests()) {
            boolean lost = contest.involves(0) && contest.winner() != 0;
            message.line((lost ? "  " + LOST + " " : "    ") + "#" + contest.first() + " vs #" + contest.second()
                            + ": #" + contest.winner() + " won: ")
                    .plain(
                            contest.explanation().isBlank()
                                    ? "(no explanation)"
                                    : CriteriaLines.shorten(contest.explanation()));
        }
        return new ShouldBePreferred(message);
    }
}
