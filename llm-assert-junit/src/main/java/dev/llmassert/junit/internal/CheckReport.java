package dev.llmassert.junit.internal;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.langchain4j.model.output.TokenUsage;
import dev.llmassert.core.criteria.DirectResult;
import dev.llmassert.core.criteria.MultiCriteriaResult;
import dev.llmassert.core.criteria.PairwiseResult;
import dev.llmassert.core.criteria.ResultMetadata;
import dev.llmassert.core.groundedness.GroundednessVerdict;
import org.apiguardian.api.API;

import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

import static org.apiguardian.api.API.Status.INTERNAL;

/** The JUnit report entry of one judged check, as Surefire's XML and IDEs show it. */
@API(status = INTERNAL, since = "0.1")
public final class CheckReport {

    private static final ObjectMapper JSON = new ObjectMapper();

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
    public static CheckEntry entry(String check, GroundednessVerdict verdict, double minScore,
                                   boolean passed, StackTraceElement site) {
        ObjectNode detail = detail(check, passed, site);
        number(detail, "score", verdict.score());
        number(detail, "minimum", minScore);
        detail.put("expected", (check.endsWith("every-sentence") ? "every sentence" : "score") + " >= "
                + score(minScore).substring(0, 4));
        judged(detail, verdict.judge(), verdict.replayed(), verdict.tokenUsage(), verdict.duration(),
                verdict.retries());
        ArrayNode sentences = detail.putArray("sentences");
        verdict.sentences().forEach(sentence -> {
            ObjectNode row = sentences.addObject();
            row.put("sentence", sentence.sentence());
            number(row, "score", sentence.score());
            row.put("evidence", sentence.evidence());
        });
        detail.put("response", String.join(" ", verdict.sentences().stream().map(v -> v.sentence()).toList()));
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
        entry.put("llmassert.retries", String.valueOf(verdict.retries()));
        if (site != null) {
            entry.put("llmassert.at", site.toString());
        }
        return new CheckEntry(entry, detail);
    }

    /**
     * The entry of a direct criteria check.
     *
     * @param check    {@code criteria} (option or score), {@code criteria.positional-bias} or
     *                 {@code criteria.agreement}
     * @param expected what was required, e.g. {@code option "Concise"} or {@code score >= 0.75}
     */
    public static CheckEntry entry(String check, DirectResult result, String expected, boolean passed,
                                   StackTraceElement site) {
        Map<String, String> entry = start(check, passed);
        entry.put("llmassert.criteria", result.criteriaName());
        entry.put("llmassert.option", result.option());
        ObjectNode detail = detail(check, passed, site);
        detail.put("criteria", result.criteriaName());
        detail.put("option", result.option());
        detail.put("explanation", result.explanation());
        if (result.feedback() != null) {
            detail.put("feedback", result.feedback());
        }
        if (result.hasScore()) {
            entry.put("llmassert.score", score(result.score()));
            number(detail, "score", result.score());
        }
        return new CheckEntry(finish(entry, expected, result.samples(), result.agreement(),
                result.positionalBiasChecked() ? result.positionalBiasDetected() : null, result.metadata(), site),
                finishDetail(detail, expected, result.samples(), result.agreement(), result.metadata()));
    }

    /**
     * The entry of a pairwise check: {@code pairwise}, {@code pairwise.positional-bias} or {@code pairwise.agreement}.
     */
    public static CheckEntry entry(String check, PairwiseResult result, String expected, boolean passed,
                                   StackTraceElement site) {
        Map<String, String> entry = start(check, passed);
        entry.put("llmassert.criteria", result.criteria().name());
        entry.put("llmassert.ranking", result.ranking().toString());
        entry.put("llmassert.winrate", score(result.responses().get(0).winrate()));
        ObjectNode detail = detail(check, passed, site);
        detail.put("criteria", result.criteria().name());
        detail.put("option", "ranking " + result.ranking());
        number(detail, "score", result.responses().get(0).winrate());
        detail.put("explanation", String.join(" ", result.contests().stream().map(c -> c.explanation()).toList()));
        return new CheckEntry(finish(entry, expected, result.samples(), result.agreement(),
                result.positionalBiasChecked() ? result.positionalBiasDetected() : null, result.metadata(), site),
                finishDetail(detail, expected, result.samples(), result.agreement(), result.metadata()));
    }

    /** The entry of a {@code multi-criteria} check. */
    public static CheckEntry entry(String check, MultiCriteriaResult result, double minScore,
                                   boolean passed, StackTraceElement site) {
        Map<String, String> entry = start(check, passed);
        entry.put("llmassert.score", score(result.score()));
        entry.put("llmassert.minScore", score(minScore));
        entry.put("llmassert.criteria", String.join(", ", result.items().stream()
                .map(i -> i.criteriaName() + "=" + i.result().option()).toList()));
        List<String> fellShort = result.items().stream().filter(MultiCriteriaResult.Item::fellShort)
                .map(MultiCriteriaResult.Item::criteriaName).toList();
        if (!fellShort.isEmpty()) {
            // JUnit rejects blank report values, so the key is left out when nothing fell short
            entry.put("llmassert.fellShort", String.join(", ", fellShort));
        }
        ResultMetadata metadata = result.items().get(0).result().metadata();
        boolean replayed = result.items().stream().allMatch(i -> i.result().metadata() != null
                && i.result().metadata().replayed());
        TokenUsage tokens = new TokenUsage(0, 0);
        Duration took = Duration.ZERO;
        int retries = 0;
        for (MultiCriteriaResult.Item item : result.items()) {
            if (item.result().metadata() != null) {
                tokens = TokenUsage.sum(tokens, item.result().metadata().tokenUsage());
                retries += item.result().metadata().retries();
                took = took.compareTo(item.result().metadata().duration()) >= 0 ? took
                        : item.result().metadata().duration();
            }
        }
        ResultMetadata all = metadata == null ? null : new ResultMetadata(metadata.judge(), metadata.prompt(),
                metadata.persona(), replayed, tokens, took, retries);
        ObjectNode detail = detail(check, passed, site);
        number(detail, "score", result.score());
        number(detail, "minimum", minScore);
        detail.put("expected", "score >= " + score(minScore).substring(0, 4));
        detail.put("criteria", entry.get("llmassert.criteria"));
        detail.put("explanation", String.join("\n", result.items().stream()
                .map(i -> i.criteriaName() + ": " + i.result().option() + ". " + i.result().explanation()).toList()));
        if (all != null) {
            judged(detail, all.judge(), all.replayed(), all.tokenUsage(), all.duration(), all.retries());
        }
        return new CheckEntry(finish(entry, all, site), detail);
    }

    /** The structured part of every check, for the run report. */
    private static ObjectNode detail(String check, boolean passed, StackTraceElement site) {
        ObjectNode detail = JSON.createObjectNode();
        detail.put("kind", check);
        detail.put("passed", passed);
        if (site != null && site.getFileName() != null) {
            detail.put("source", site.getFileName() + (site.getLineNumber() > 0 ? ":" + site.getLineNumber() : ""));
        }
        return detail;
    }

    private static ObjectNode finishDetail(ObjectNode detail, String expected, int samples, double agreement,
                                           ResultMetadata metadata) {
        detail.put("expected", expected);
        detail.put("samples", samples);
        number(detail, "agreement", agreement);
        if (metadata != null) {
            judged(detail, metadata.judge(), metadata.replayed(), metadata.tokenUsage(), metadata.duration(),
                    metadata.retries());
        }
        return detail;
    }

    private static void judged(ObjectNode detail, String judge, boolean replayed, TokenUsage tokens,
                               Duration duration, int retries) {
        detail.put("judge", judge);
        detail.put("replayed", replayed);
        detail.put("retries", retries);
        ObjectNode counted = detail.putObject("tokens");
        counted.put("input", tokens == null || tokens.inputTokenCount() == null ? 0 : tokens.inputTokenCount());
        counted.put("output", tokens == null || tokens.outputTokenCount() == null ? 0 : tokens.outputTokenCount());
        detail.put("latencyMillis", duration == null ? 0 : duration.toMillis());
    }

    private static void number(ObjectNode node, String field, double value) {
        if (Double.isFinite(value)) {
            node.put(field, value);
        }
    }

    private static Map<String, String> start(String check, boolean passed) {
        Map<String, String> entry = new LinkedHashMap<>();
        entry.put("llmassert.check", check);
        entry.put("llmassert.passed", String.valueOf(passed));
        return entry;
    }

    /** What a direct and a pairwise entry end with: the expectation, the sampling and the bias check. */
    private static Map<String, String> finish(Map<String, String> entry, String expected, int samples,
                                              double agreement, Boolean positionalBias, ResultMetadata metadata,
                                              StackTraceElement site) {
        entry.put("llmassert.expected", expected);
        entry.put("llmassert.samples", String.valueOf(samples));
        entry.put("llmassert.agreement", score(agreement));
        if (positionalBias != null) {
            entry.put("llmassert.positionalBias", String.valueOf(positionalBias));
        }
        return finish(entry, metadata, site);
    }

    private static Map<String, String> finish(Map<String, String> entry, ResultMetadata metadata,
                                              StackTraceElement site) {
        if (metadata != null) {
            entry.put("llmassert.judge", metadata.judge());
            entry.put("llmassert.replayed", String.valueOf(metadata.replayed()));
            entry.put("llmassert.retries", String.valueOf(metadata.retries()));
        }
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
        if (!entry.containsKey("llmassert.sentences")) {
            return criteriaSummary(entry);
        }
        return String.format(Locale.ROOT,
                "%s %s score %s (min %s), lowest sentence %s, %s sentences, judge %s, %s, %s ms",
                entry.get("llmassert.check"),
                Boolean.parseBoolean(entry.get("llmassert.passed")) ? "PASSED" : "FAILED",
                shortScore(entry.get("llmassert.score")), shortScore(entry.get("llmassert.minScore")),
                shortScore(entry.get("llmassert.lowestSentenceScore")), entry.get("llmassert.sentences"),
                entry.get("llmassert.judge"),
                Boolean.parseBoolean(entry.get("llmassert.replayed")) ? "replayed" : "live",
                entry.get("llmassert.durationMillis"));
    }

    /**
     * One line for a criteria check: {@code criteria PASSED conciseness: option Concise, score 1.00, expected option
     * "Concise", judge openai:gpt-4o-mini, replayed}.
     */
    private static String criteriaSummary(Map<String, String> entry) {
        StringBuilder line = new StringBuilder();
        line.append(entry.get("llmassert.check")).append(' ')
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
            line.append(", agreement ").append(shortScore(entry.get("llmassert.agreement"))).append(" of ")
                    .append(entry.get("llmassert.samples")).append(" samples");
        }
        appendIfPresent(line, entry, "llmassert.judge", "judge");
        if (entry.containsKey("llmassert.replayed")) {
            line.append(", ").append(Boolean.parseBoolean(entry.get("llmassert.replayed")) ? "replayed" : "live");
        }
        return line.toString();
    }

    private static void appendIfPresent(StringBuilder line, Map<String, String> entry, String key, String label) {
        if (entry.containsKey(key)) {
            line.append(separator(line)).append(label).append(' ')
                    .append(entry.get(key));
        }
    }

    private static String separator(StringBuilder line) {
        return line.charAt(line.length() - 1) == ':' ? " " : ", ";
    }

    private static String shortScore(String score) {
        return score == null ? "?" : String.format(Locale.ROOT, "%.2f", Double.parseDouble(score));
    }
}
