package dev.llmassert.junit.internal.message;

import dev.llmassert.core.criteria.Criteria;
import dev.llmassert.core.criteria.CriteriaOption;
import dev.llmassert.core.criteria.DirectResult;
import dev.llmassert.core.criteria.MultiCriteriaResult;
import dev.llmassert.core.criteria.ResultMetadata;
import org.apiguardian.api.API;

import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.stream.Collectors;

import static org.apiguardian.api.API.Status.INTERNAL;

/** The lines every criteria failure shares: the judge, the criteria and its options, the explanation and feedback. */
@API(status = INTERNAL, since = "0.1")
public final class CriteriaLines {

    private static final int MAX_TEXT = 400;

    private CriteriaLines() {}

    /** {@code Expecting response: "..."}, then the context fields, if any. */
    static void response(MessageText message, String response, Map<String, String> context) {
        message.line("Expecting response:")
                .line("  ")
                .quoted(VerdictTable.shortenResponse(response == null ? "" : response));
        if (context != null && !context.isEmpty()) {
            message.line("in context:");
            context.forEach((field, value) -> message.line("  " + field + ": ").quoted(shorten(value)));
        }
    }

    static void judge(MessageText message, ResultMetadata metadata, int samples, double agreement) {
        if (metadata == null) {
            message.line("Judge: ").plain("(not recorded)");
        } else {
            VerdictTable.judge(message, metadata.judge(), metadata.replayed(), metadata.recordedModel());
        }
        if (samples > 1) {
            message.text(", " + samples + " samples, agreement " + VerdictTable.score(agreement));
        }
    }

    static void criteria(MessageText message, Criteria criteria) {
        message.line("Criteria ").quoted(criteria.name()).text(": ").plain(shorten(criteria.description()));
        message.line("Options: ").plain(options(criteria));
    }

    static void explanation(MessageText message, DirectResult result) {
        message.line("Explanation: ")
                .plain(result.explanation().isBlank() ? "(none given)" : shorten(result.explanation()));
        message.line("Feedback: ")
                .plain(
                        result.feedback() == null
                                ? "(none: not asked for, or nothing to improve)"
                                : shorten(result.feedback()));
    }

    /** {@code "Concise" (1.00), "Verbose" (0.00)}, in the criteria's order. */
    static String options(Criteria criteria) {
        return criteria.options().stream().map(CriteriaLines::option).collect(Collectors.joining(", "));
    }

    static String option(CriteriaOption option) {
        return "\"" + option.name() + "\"" + (option.hasScore() ? " (" + VerdictTable.score(option.score()) + ")" : "");
    }

    /** The chosen option with its score: {@code "Verbose" (score 0.00)}. */
    static String chosen(DirectResult result) {
        return "\"" + result.option() + "\""
                + (result.hasScore() ? " (score " + VerdictTable.score(result.score()) + ")" : "");
    }

    static String shorten(String text) {
        return MessageText.shorten(text, MAX_TEXT);
    }

    /** Who wrote the replayed replies of a multi-criteria result, when not the judge's model; else {@code null}. */
    public static String recordedModel(MultiCriteriaResult result) {
        List<String> models = result.items().stream()
                .map(i -> i.result().metadata())
                .filter(Objects::nonNull)
                .map(ResultMetadata::recordedModel)
                .filter(Objects::nonNull)
                .distinct()
                .toList();
        return models.isEmpty() ? null : String.join(", ", models);
    }
}
