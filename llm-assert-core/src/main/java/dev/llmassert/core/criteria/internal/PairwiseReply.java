package dev.llmassert.core.criteria.internal;

import com.fasterxml.jackson.databind.JsonNode;
import dev.llmassert.core.criteria.Contest;
import dev.llmassert.core.criteria.Criteria;
import dev.llmassert.core.criteria.PairwiseResult;
import dev.llmassert.core.criteria.ResultMetadata;
import dev.llmassert.core.model.internal.JsonReplies;
import dev.llmassert.core.model.internal.ReplyParseException;
import dev.llmassert.core.model.internal.ReplyParser;
import org.apiguardian.api.API;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

import static org.apiguardian.api.API.Status.INTERNAL;

/**
 * A pairwise judge's reply, validated: one verdict per pair, each winner one of its pair.
 *
 * @param contests the verdicts, with indexes in the caller's order of responses
 */
@API(status = INTERNAL, since = "0.1")
public record PairwiseReply(List<Contest> contests) {

    public static final String COMPARISONS = "comparisons";
    public static final String FIRST = "first";
    public static final String SECOND = "second";
    public static final String EXPLANATION = "explanation";
    public static final String WINNER = "winner";

    public PairwiseReply {
        contests = List.copyOf(contests);
    }

    /**
     * Parses a reply to a {@link PairwisePrompt}.
     *
     * @param responseCount     how many responses were compared
     * @param responsesReversed whether the prompt showed them reversed; the shown numbers are mapped back
     * @throws ReplyParseException when the reply is unusable; its message says what to fix, in words the judge
     *                             model is sent back when it is re-asked
     */
    public static PairwiseReply parse(String reply, int responseCount, boolean responsesReversed)
            throws ReplyParseException {
        JsonNode object = JsonReplies.parseObject(reply);
        JsonNode comparisons = object.get(COMPARISONS);
        if (comparisons == null || !comparisons.isArray()) {
            throw new ReplyParseException(
                    "the field \"" + COMPARISONS + "\" must be an array with one entry per" + " pair of responses");
        }
        List<Contest> contests = new ArrayList<>();
        Set<String> seen = new HashSet<>();
        for (JsonNode entry : comparisons) {
            if (!entry.isObject()) {
                throw new ReplyParseException(
                        "every entry of \"" + COMPARISONS + "\" must be an object, but one is " + entry);
            }
            int first = number(entry, FIRST, responseCount);
            int second = number(entry, SECOND, responseCount);
            int winner = number(entry, WINNER, responseCount);
            if (first == second) {
                throw new ReplyParseException("an entry compares response " + first + " with itself");
            }
            if (winner != first && winner != second) {
                throw new ReplyParseException("in the comparison of responses " + first + " and " + second + ", \""
                        + WINNER + "\" is " + winner + "; it must be " + first + " or " + second);
            }
            String pair = Math.min(first, second) + " vs " + Math.max(first, second);
            if (!seen.add(pair)) {
                throw new ReplyParseException("the pair " + pair + " is compared more than once");
            }
            String explanation = JsonReplies.requirePresentText(entry, EXPLANATION);
            contests.add(Contest.between(
                    index(first, responseCount, responsesReversed),
                    index(second, responseCount, responsesReversed),
                    index(winner, responseCount, responsesReversed),
                    explanation));
        }
        List<String> missing = new ArrayList<>();
        for (int[] pair : PairwiseResult.pairs(responseCount)) {
            String name = (pair[0] + 1) + " vs " + (pair[1] + 1);
            if (!seen.contains(name)) {
                missing.add(name);
            }
        }
        if (!missing.isEmpty()) {
            throw new ReplyParseException("these pairs are not compared: " + String.join(", ", missing)
                    + "; compare every pair exactly once");
        }
        return new PairwiseReply(contests);
    }

    /** {@link #parse(String, int, boolean)} as a parser for {@code JudgeChat}, which re-asks on an invalid reply. */
    public static ReplyParser<PairwiseReply> parser(int responseCount, boolean responsesReversed) {
        return reply -> parse(reply, responseCount, responsesReversed);
    }

    private static int number(JsonNode entry, String field, int responseCount) throws ReplyParseException {
        JsonNode value = entry.get(field);
        String digits;
        if (value != null && value.isIntegralNumber()) {
            digits = value.bigIntegerValue().toString();
        } else if (value != null && value.isTextual() && value.asText().strip().matches("(?i)(response\\s*)?\\d+")) {
            digits = value.asText().replaceAll("\\D", "").replaceFirst("^0+(?=\\d)", "");
        } else {
            throw new ReplyParseException("\"" + field + "\" must be a response number from 1 to " + responseCount
                    + ", but is " + (value == null ? "missing" : JsonReplies.abbreviate(value)));
        }
        // More than 9 digits is never a response number (and may not fit an int).
        int number = digits.length() > 9 ? -1 : Integer.parseInt(digits);
        if (number < 1 || number > responseCount) {
            throw new ReplyParseException("\"" + field + "\" is " + JsonReplies.abbreviate(digits, 40)
                    + ", but the responses are numbered 1 to " + responseCount);
        }
        return number;
    }

    /** The caller's 0-based index of the response shown as {@code shown} (1-based). */
    private static int index(int shown, int responseCount, boolean reversed) {
        return reversed ? responseCount - shown : shown - 1;
    }

    /** The result of a single run. */
    public PairwiseResult toResult(Criteria criteria, int responseCount, ResultMetadata metadata) {
        return PairwiseResult.of(criteria, responseCount, contests, metadata);
    }
}
