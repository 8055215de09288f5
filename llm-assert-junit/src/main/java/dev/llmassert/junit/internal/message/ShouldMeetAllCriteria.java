package dev.llmassert.junit.internal.message;

import dev.llmassert.core.criteria.MultiCriteriaResult;
import org.apiguardian.api.API;
import org.assertj.core.error.ErrorMessageFactory;

import java.util.Map;

import static org.apiguardian.api.API.Status.INTERNAL;

/** Creates the message of a response whose multi-criteria aggregate is below the minimum. */
@API(status = INTERNAL, since = "0.1")
public final class ShouldMeetAllCriteria extends MessageTextFactory {

    /** The marker in front of a criteria that fell short. */
    static final String SHORT = "✗";

    private ShouldMeetAllCriteria(MessageText message) {
        super(message);
    }

    /**
     * @param site        where a bare {@code meetsAll(...)} was made, when it was checked after the test against the
     *                    best attainable aggregate; {@code null} otherwise
     * @param byDefault   whether the minimum is the default (the best attainable aggregate) rather than one given
     */
    public static ErrorMessageFactory shouldMeetAll(
            String response,
            Map<String, String> context,
            MultiCriteriaResult result,
            double minScore,
            boolean byDefault,
            StackTraceElement site) {
        MessageText message = new MessageText();
        if (byDefault) {
            message.line(
                            site != null
                                    ? "meetsAll(...) at " + site
                                            + " had no withMinScore(...), so it was checked after the test"
                                    : "meetsAll(...) ran outside @LlmJudge and had no withMinScore(...), so it "
                                            + "was checked at once")
                    .text(" against the best attainable aggregate " + VerdictTable.score(minScore) + ".");
        }
        String[] scores = VerdictTable.distinct(result.score(), minScore);
        CriteriaLines.response(message, response, context);
        message.line("to meet all criteria with an aggregate score of at least " + scores[1] + ", but it scored "
                + scores[0] + ".");
        if (!result.requiredFailures().isEmpty()) {
            message.line("The aggregate is 0 because required criteria fell short: ")
                    .plain(String.join(
                            ", ",
                            result.requiredFailures().stream()
                                    .map(MultiCriteriaResult.Item::criteriaName)
                                    .toList()))
                    .text(".");
        }
        if (!result.items().isEmpty() && result.items().get(0).result().metadata() != null) {
            var metadata = result.items().get(0).result().metadata();
            VerdictTable.judge(
                    message,
                    metadata.judge(),
                    result.items().stream()
                            .allMatch(i -> i.result().metadata() != null
                                    && i.result().metadata().replayed()),
                    CriteriaLines.recordedModel(result));
        }
        long shortCount = result.items().stream()
                .filter(MultiCriteriaResult.Item::fellShort)
                .count();
        message.line("Criteria (" + shortCount + " of " + result.items().size() + " fell short"
                + (shortCount > 0 ? ", marked " + SHORT : "") + "):");
        for (MultiCriteriaResult.Item item : result.items()) {
            message.line((item.fellShort() ? "  " + SHORT + " " : "    "))
                    .quoted(item.criteriaName())
                    .text(": option ")
                    .plain(CriteriaLines.chosen(item.result()))
                    .text(", item score " + VerdictTable.score(item.itemScore()) + " (" + counted(item) + ")"
                            + " x weight " + VerdictTable.score(item.weight()) + " = "
                            + VerdictTable.score(item.weightedScore())
                            + (item.required() ? ", required" : "")
                            + (item.fellShort() ? ", fell short" : ""));
            if (item.fellShort()) {
                message.line("        explanation: ")
                        .plain(
                                item.result().explanation().isBlank()
                                        ? "(none given)"
                                        : CriteriaLines.shorten(item.result().explanation()));
                if (item.result().feedback() != null) {
                    message.line("        feedback: ")
                            .plain(CriteriaLines.shorten(item.result().feedback()));
                }
            }
        }
        return new ShouldMeetAllCriteria(message);
    }

    private static String counted(MultiCriteriaResult.Item item) {
        return switch (item.strategy()) {
            case TARGET_OPTION -> "1 if the target option was chosen";
            case SCORE_THRESHOLD -> "1 if the score reached the threshold";
            default -> "the scaled option score";
        };
    }
}
