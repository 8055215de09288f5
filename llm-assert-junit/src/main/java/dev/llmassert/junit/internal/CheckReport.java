package dev.llmassert.junit.internal;

import dev.llmassert.core.groundedness.GroundednessVerdict;

import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;

/** The JUnit report entry of one judged check, as Surefire's XML and IDEs show it. */
public final class CheckReport {

    private CheckReport() {
    }

    /**
     * The entry's key-value pairs.
     *
     * @param check    what was checked: {@code groundedness} (the mean) or {@code groundedness.every-sentence}
     * @param verdict  the judge's verdict
     * @param minScore the minimum it was checked against
     * @param passed   whether it passed
     * @param site     where the assertion was made, or {@code null}
     */
    public static Map<String, String> entry(String check, GroundednessVerdict verdict, double minScore,
                                            boolean passed, StackTraceElement site) {
        Map<String, String> entry = new LinkedHashMap<>();
        entry.put("llmassert.check", check);
        entry.put("llmassert.passed", String.valueOf(passed));
        entry.put("llmassert.score", score(verdict.score()));
        entry.put("llmassert.lowestSentenceScore", score(verdict.minSentenceScore()));
        entry.put("llmassert.minScore", score(minScore));
        entry.put("llmassert.judge", verdict.judge());
        entry.put("llmassert.sentences", String.valueOf(verdict.sentences().size()));
        Integer tokens = verdict.tokenUsage().totalTokenCount();
        entry.put("llmassert.tokens", String.valueOf(tokens == null ? 0 : tokens));
        entry.put("llmassert.durationMillis", String.valueOf(verdict.duration().toMillis()));
        entry.put("llmassert.replayed", String.valueOf(verdict.replayed()));
        if (site != null) {
            entry.put("llmassert.at", site.toString());
        }
        return entry;
    }

    private static String score(double score) {
        return String.format(Locale.ROOT, "%.4f", score);
    }

    /**
     * One line for a console: {@code groundedness PASSED score 0.83 (min 0.60), lowest sentence 0.72, 3 sentences,
     * judge local:all-minilm-l6-v2-q, live, 41 ms}.
     */
    public static String summary(Map<String, String> entry) {
        return String.format(Locale.ROOT, "%s %s score %s (min %s), lowest sentence %s, %s sentences, judge %s, %s, %s ms",
                entry.get("llmassert.check"),
                Boolean.parseBoolean(entry.get("llmassert.passed")) ? "PASSED" : "FAILED",
                shortScore(entry.get("llmassert.score")), shortScore(entry.get("llmassert.minScore")),
                shortScore(entry.get("llmassert.lowestSentenceScore")), entry.get("llmassert.sentences"),
                entry.get("llmassert.judge"),
                Boolean.parseBoolean(entry.get("llmassert.replayed")) ? "replayed" : "live",
                entry.get("llmassert.durationMillis"));
    }

    private static String shortScore(String score) {
        return score == null ? "?" : String.format(Locale.ROOT, "%.2f", Double.parseDouble(score));
    }
}
