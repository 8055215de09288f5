package dev.llmassert.junit.internal.message;

import dev.llmassert.core.criteria.DirectResult;
import dev.llmassert.core.criteria.PositionalBias;
import org.apiguardian.api.API;
import org.assertj.core.error.ErrorMessageFactory;

import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

import static org.apiguardian.api.API.Status.INTERNAL;

/** Creates the messages of a response the direct judge did not find to meet a criteria. */
@API(status = INTERNAL, since = "0.1")
public final class ShouldMeetCriteria extends MessageTextFactory {

    private ShouldMeetCriteria(MessageText message) {
        super(message);
    }

    /** The judge chose another option than the expected one. */
    public static ErrorMessageFactory shouldHaveOption(
            String response, Map<String, String> context, DirectResult result, String expected) {
        MessageText message = new MessageText();
        CriteriaLines.response(message, response, context);
        message.line("to meet criteria ")
                .quoted(result.criteriaName())
                .text(" with option ")
                .quoted(expected)
                .text(", but the judge chose ")
                .plain(CriteriaLines.chosen(result))
                .text(".");
        return details(message, result);
    }

    /** The chosen option's score (the mean under sampling) is below the minimum. */
    public static ErrorMessageFactory shouldHaveMinScore(
            String response, Map<String, String> context, DirectResult result, double minScore) {
        String[] scores = VerdictTable.distinct(result.requireScore(), minScore);
        MessageText message = new MessageText();
        CriteriaLines.response(message, response, context);
        message.line("to meet criteria ")
                .quoted(result.criteriaName())
                .text(" with a score of at least " + scores[1] + ", but its score was " + scores[0]
                        + " (the judge chose ")
                .quoted(result.option())
                .text(").");
        return details(message, result);
    }

    /**
     * A bare {@code meets(...)} whose judge did not choose a best option (the highest score).
     *
     * @param site where the assertion was made, when it was checked after the test; {@code null} when it was checked
     *             at once outside the extension
     */
    public static ErrorMessageFactory shouldHaveBestOption(
            String response,
            Map<String, String> context,
            DirectResult result,
            List<String> best,
            StackTraceElement site) {
        MessageText message = new MessageText();
        intro(message, site);
        CriteriaLines.response(message, response, context);
        message.line("to meet criteria ")
                .quoted(result.criteriaName())
                .text(" with its best option ")
                .plain(best.stream().map(b -> "\"" + b + "\"").collect(Collectors.joining(" or ")))
                .text(", but the judge chose ")
                .plain(CriteriaLines.chosen(result))
                .text(".");
        return details(message, result);
    }

    /** A bare {@code meets(...)} on a criteria whose options have no scores: there is no best option to expect. */
    public static ErrorMessageFactory shouldNameAnOption(
            String response, Map<String, String> context, DirectResult result, StackTraceElement site) {
        MessageText message = new MessageText();
        intro(message, site);
        message.line("Criteria ")
                .quoted(result.criteriaName())
                .text(" has no option scores, so there is no best option to expect by default.")
                .line("Fix: say which option meets it, e.g. meets(criteria).withOption(")
                .quoted(result.criteria().options().get(0).name())
                .text(").");
        CriteriaLines.response(message, response, context);
        message.line("was judged ").plain(CriteriaLines.chosen(result)).text(".");
        return details(message, result);
    }

    /** The judge chose another option when the options were shown in reverse order. */
    public static ErrorMessageFactory shouldBeFreeOfPositionalBias(
            String response, Map<String, String> context, DirectResult result) {
        PositionalBias bias = result.positionalBias();
        MessageText message = new MessageText();
        CriteriaLines.response(message, response, context);
        message.line("to be judged on criteria ")
                .quoted(result.criteriaName())
                .text(" the same whichever order its options are shown in, but the judge chose ")
                .quoted(result.option())
                .text(" with the options in order and ")
                .quoted(bias.optionWhenReversed())
                .text(" with them reversed: the verdict depends on the order, not the response.");
        message.line("Explanation with the options reversed: ")
                .plain(
                        bias.explanationWhenReversed().isBlank()
                                ? "(none given)"
                                : CriteriaLines.shorten(bias.explanationWhenReversed()));
        return details(message, result);
    }

    /** Too few of the samples chose the majority option. */
    public static ErrorMessageFactory shouldHaveAgreement(
            String response, Map<String, String> context, DirectResult result, double minAgreement) {
        long agreeing = Math.round(result.agreement() * result.samples());
        MessageText message = new MessageText();
        CriteriaLines.response(message, response, context);
        message.line("to be judged consistently on criteria ")
                .quoted(result.criteriaName())
                .text(", with at least " + VerdictTable.score(minAgreement) + " of the samples agreeing, but only "
                        + agreeing + " of " + result.samples() + " (" + VerdictTable.score(result.agreement())
                        + ") chose the majority option ")
                .quoted(result.option())
                .text(".");
        return details(message, result);
    }

    private static void intro(MessageText message, StackTraceElement site) {
        if (site != null) {
            message.line("meets(...) at ")
                    .plain(site)
                    .text(" had no withOption(...) or withMinScore(...), so it was"
                            + " checked after the test against the criteria's best option.");
        } else {
            message.line("meets(...) ran outside @LlmJudge and had no withOption(...) or withMinScore(...), so it was"
                    + " checked at once against the criteria's best option.");
        }
    }

    private static ErrorMessageFactory details(MessageText message, DirectResult result) {
        CriteriaLines.judge(message, result.metadata(), result.samples(), result.agreement());
        CriteriaLines.criteria(message, result.criteria());
        CriteriaLines.explanation(message, result);
        return new ShouldMeetCriteria(message);
    }
}
