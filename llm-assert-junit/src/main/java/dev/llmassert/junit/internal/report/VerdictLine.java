package dev.llmassert.junit.internal.report;

import org.apiguardian.api.API;

import java.util.Locale;
import java.util.Map;

import static org.apiguardian.api.API.Status.INTERNAL;

/**
 * The one line that tells a check's verdict, made from its JUnit report entry ({@code llmassert.*} keys): what the
 * console prints as each check is made, and the {@code dev.llmassert.verdicts} logger logs.
 */
@API(status = INTERNAL, since = "0.1")
public final class VerdictLine {

    private VerdictLine() {}

    /**
     * The line of a check's report entry: {@code groundedness PASSED score 0.83 (min 0.60), lowest sentence 0.72,
     * 3 sentences, judge local:all-minilm-l6-v2-q, live, 41 ms}; with {@code , 1 unsure} after the sentences when
     * the judge was unsure of some, and {@code  (cascade: 2 decided locally, 1 sent on)} after a cascade's judge.
     */
    public static String of(Map<String, String> entry) {
        if (!entry.containsKey("llmassert.sentences")) {
            return criteriaSummary(entry);
        }
        return String.format(
                Locale.ROOT,
                "%s %s score %s (min %s), lowest sentence %s, %s%s, judge %s%s, %s, %s ms",
                entry.get("llmassert.check"),
                Boolean.parseBoolean(entry.get("llmassert.passed")) ? "PASSED" : "FAILED",
                shortScore(entry.get("llmassert.score")),
                shortScore(entry.get("llmassert.minScore")),
                shortScore(entry.get("llmassert.lowestSentenceScore")),
                count(Long.parseLong(entry.get("llmassert.sentences")), "sentence"),
                entry.containsKey("llmassert.unsure") ? ", " + entry.get("llmassert.unsure") + " unsure" : "",
                judgeOf(entry),
                cascadeOf(entry),
                Boolean.parseBoolean(entry.get("llmassert.replayed")) ? "replayed" : "live",
                entry.get("llmassert.durationMillis"));
    }

    /** {@code  (cascade: 3 decided locally, 1 sent on)} for a check judged by a cascade, else nothing. */
    private static String cascadeOf(Map<String, String> entry) {
        return entry.containsKey("llmassert.decidedLocally")
                ? " (cascade: " + entry.get("llmassert.decidedLocally") + " decided locally, "
                        + entry.get("llmassert.sentOn") + " sent on)"
                : "";
    }

    /**
     * One line for a criteria check: {@code criteria PASSED conciseness: option Concise, score 1.00, expected option
     * "Concise", judge openai:gpt-4o-mini, replayed}.
     */
    private static String criteriaSummary(Map<String, String> entry) {
        StringBuilder line = new StringBuilder();
        line.append(entry.get("llmassert.check"))
                .append(' ')
                .append(Boolean.parseBoolean(entry.get("llmassert.passed")) ? "PASSED" : "FAILED");
        if (entry.containsKey("llmassert.criteria")) {
            line.append(' ').append(entry.get("llmassert.criteria")).append(':');
        }
        appendIfPresent(line, entry, "llmassert.option", "option");
        appendIfPresent(line, entry, "llmassert.ranking", "ranking");
        if (entry.containsKey("llmassert.score")) {
            line.append(separator(line)).append("score ").append(shortScore(entry.get("llmassert.score")));
        }
        appendIfPresent(line, entry, "llmassert.expected", "expected");
        if (entry.containsKey("llmassert.minScore")) {
            line.append(", min ").append(shortScore(entry.get("llmassert.minScore")));
        }
        if (entry.containsKey("llmassert.samples") && !"1".equals(entry.get("llmassert.samples"))) {
            line.append(", agreement ")
                    .append(shortScore(entry.get("llmassert.agreement")))
                    .append(" of ")
                    .append(count(Long.parseLong(entry.get("llmassert.samples")), "sample"));
        }
        if (entry.containsKey("llmassert.judge")) {
            line.append(separator(line)).append("judge ").append(judgeOf(entry));
        }
        if (entry.containsKey("llmassert.replayed")) {
            line.append(", ").append(Boolean.parseBoolean(entry.get("llmassert.replayed")) ? "replayed" : "live");
        }
        return line.toString();
    }

    /** The judge, or who wrote its replayed replies: {@code hand-written-example (configured openai:gpt-4o-mini)}. */
    private static String judgeOf(Map<String, String> entry) {
        String recorded = entry.get("llmassert.recordedModel");
        return recorded == null
                ? entry.get("llmassert.judge")
                : recorded + " (configured " + entry.get("llmassert.judge") + ")";
    }

    private static void appendIfPresent(StringBuilder line, Map<String, String> entry, String key, String label) {
        if (entry.containsKey(key)) {
            line.append(separator(line)).append(label).append(' ').append(entry.get(key));
        }
    }

    private static String separator(StringBuilder line) {
        return line.charAt(line.length() - 1) == ':' ? " " : ", ";
    }

    private static String shortScore(String score) {
        return score == null ? "?" : String.format(Locale.ROOT, "%.2f", Double.parseDouble(score));
    }

    /** {@code 1 sentence}, {@code 3 sentences}. */
    static String count(long n, String noun) {
        return n + " " + (n == 1 ? noun : noun + "s");
    }
}
