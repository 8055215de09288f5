package dev.llmassert.core.groundedness.internal;

import com.fasterxml.jackson.databind.JsonNode;
import dev.llmassert.core.groundedness.SentenceVerdict;
import dev.llmassert.core.model.internal.JsonReplies;
import dev.llmassert.core.model.internal.ReplyParseException;
import dev.llmassert.core.model.internal.ReplyParser;
import org.apiguardian.api.API;

import java.math.BigDecimal;
import java.util.Locale;
import java.util.regex.MatchResult;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.apiguardian.api.API.Status.INTERNAL;

/**
 * Parsers for the groundedness judge's replies: the JSON object of structured output, and the text template
 * ({@code Supporting Evidence: ...} / {@code Score: N}) for models without it. Both reject a missing score or one
 * outside 0–10, so the judge is re-asked instead of a score being guessed.
 */
@API(status = INTERNAL, since = "0.1")
public final class GroundednessReplies {

    public static final int MIN_SCORE = 0;
    public static final int MAX_SCORE = 10;

    private static final String SCORE_RULE = "a whole number from 0 to 10";

    /**
     * "Score" as a label: at a line start, possibly in Markdown bold or a list, then up to a few non-word characters
     * ({@code :}, {@code **}, {@code =}) before the number. A trailing {@code /10} or {@code out of 10} is allowed. The
     * number is taken whole (possessively) and must not run on into a letter, a digit or {@code %}: {@code 8f},
     * {@code 0x1p3}, {@code 8.5e1} and {@code 10%} are not scores.
     */
    private static final Pattern SCORE_LINE =
            Pattern.compile("(?im)^[\\s>*_#\\-]*(?:final\\s+)?(score)\\b[^\\w\\n-]{0,8}?\\s*(-?\\d++(?:[.,]\\d++)?+)"
                    + "(?:\\s*(?:/|out\\s+of)\\s*(\\d++))?(?![\\w%])");
    /** "Score" used as a label with a colon or an equals sign, whatever follows: the reply says this is its score. */
    private static final Pattern SCORE_LABEL =
            Pattern.compile("(?im)^[\\s>*_#\\-]*(?:final\\s+)?(score)\\s*[*_]*\\s*[:=][*_]*[ \\t]*([^\\n]*)");

    private static final Pattern SCORE_ANYWHERE =
            Pattern.compile("(?i)\\bscore\\b[^\\w\\n-]{0,8}?\\s*(?:is\\s+|of\\s+)?(-?\\d++(?:[.,]\\d++)?+)"
                    + "(?:\\s*(?:/|out\\s+of)\\s*(\\d++))?(?![\\w%])");
    private static final Pattern EVIDENCE = Pattern.compile(
            "(?is)supporting\\s+evidence[\\s:*_=\\-]*(.*?)(?=^[\\s>*_#\\-]*(?:final\\s+)?score\\b|\\z)",
            Pattern.MULTILINE);
    private static final Pattern NOTHING_FOUND = Pattern.compile("(?i)^[\\W_]*nothing\\s+found[\\W_]*$");

    private GroundednessReplies() {}

    /** Reads the structured-output reply {@code {"evidence": "...", "score": N}}. */
    public static ReplyParser<SentenceScore> json() {
        return reply -> {
            JsonNode object = JsonReplies.parseObject(reply);
            int score = JsonReplies.requireInt(object, "score", MIN_SCORE, MAX_SCORE);
            return new SentenceScore(score, evidence(JsonReplies.optionalText(object, "evidence")));
        };
    }

    /** Reads the text template, tolerantly: {@code Score: 8}, {@code score: 8/10}, {@code **Score:** 8}. */
    public static ReplyParser<SentenceScore> text() {
        return GroundednessReplies::parseText;
    }

    static SentenceScore parseText(String reply) throws ReplyParseException {
        if (reply == null || reply.isBlank()) {
            throw new ReplyParseException(
                    "the reply was empty; end it with a line 'Score: N' where N is " + SCORE_RULE);
        }
        Matcher evidenceMatch = EVIDENCE.matcher(reply);
        String evidence = null;
        int evidenceStart = -1;
        int evidenceEnd = -1;
        if (evidenceMatch.find()) {
            evidence = evidenceMatch.group(1);
            evidenceStart = evidenceMatch.start();
            evidenceEnd = evidenceMatch.end();
        }
        MatchResult match = lastMatch(SCORE_LINE, reply);
        MatchResult label = lastMatch(SCORE_LABEL, reply);
        if (label != null && (match == null || label.start(1) > match.start(1))) {
            // The reply's last word on its score is a labelled line without a usable number: no other number in the
            // reply may stand in for it.
            String value = label.group(2).strip();
            throw new ReplyParseException("the score must be " + SCORE_RULE + ", but is "
                    + (value.isEmpty()
                            ? "missing after '" + label.group().strip() + "'"
                            : "\"" + JsonReplies.abbreviate(value, 60) + "\""));
        }
        if (match == null && label == null) {
            // A score in a sentence ("I would give it a score of 8"), but never one inside the quoted evidence.
            String outsideEvidence =
                    evidenceStart < 0 ? reply : reply.substring(0, evidenceStart) + "\n" + reply.substring(evidenceEnd);
            match = lastMatch(SCORE_ANYWHERE, outsideEvidence);
        }
        if (match == null) {
            throw new ReplyParseException(
                    "the reply has no score; end it with a line 'Score: N' where N is " + SCORE_RULE);
        }
        String number = match.group(match.groupCount() - 1).replace(',', '.');
        String outOf = match.group(match.groupCount());
        String shown = JsonReplies.abbreviate(number, 40);
        if (outOf != null && !"10".equals(outOf)) {
            throw new ReplyParseException("the score must be " + SCORE_RULE + " (out of 10), but is " + shown + "/"
                    + JsonReplies.abbreviate(outOf, 20));
        }
        BigDecimal value = new BigDecimal(number);
        if (value.signum() != 0 && value.stripTrailingZeros().scale() > 0
                || value.compareTo(BigDecimal.valueOf(MIN_SCORE)) < 0
                || value.compareTo(BigDecimal.valueOf(MAX_SCORE)) > 0) {
            throw new ReplyParseException("the score must be " + SCORE_RULE + ", but is " + shown);
        }
        return new SentenceScore(value.intValueExact(), evidence(evidence));
    }

    /** Blank, missing or "nothing found" in any spelling becomes {@link SentenceVerdict#NOTHING_FOUND}. */
    static String evidence(String text) {
        if (text == null) {
            return SentenceVerdict.NOTHING_FOUND;
        }
        String stripped = text.strip();
        // Markdown emphasis around the evidence is decoration, not quoted text.
        stripped = stripped.replaceAll("^[*_]+\\s*", "")
                .replaceAll("\\s*[*_]+$", "")
                .strip();
        if (stripped.isEmpty()
                || NOTHING_FOUND.matcher(stripped).matches()
                || stripped.toUpperCase(Locale.ROOT).equals(SentenceVerdict.NOTHING_FOUND)) {
            return SentenceVerdict.NOTHING_FOUND;
        }
        return stripped;
    }

    private static MatchResult lastMatch(Pattern pattern, String text) {
        Matcher m = pattern.matcher(text);
        MatchResult last = null;
        while (m.find()) {
            last = m.toMatchResult();
        }
        return last;
    }
}
