package dev.llmassert.junit.internal;

import dev.langchain4j.model.output.TokenUsage;
import dev.llmassert.core.criteria.Contest;
import dev.llmassert.core.criteria.DirectResult;
import dev.llmassert.core.criteria.MultiCriteriaResult;
import dev.llmassert.core.criteria.PairwiseResult;
import dev.llmassert.core.criteria.ResultMetadata;
import dev.llmassert.core.groundedness.CascadeCounts;
import dev.llmassert.core.groundedness.GroundednessVerdict;
import dev.llmassert.core.groundedness.SentenceVerdict;
import dev.llmassert.junit.internal.message.CriteriaLines;
import dev.llmassert.junit.internal.report.Check;
import dev.llmassert.junit.internal.report.ReportFormat.Cascade;
import dev.llmassert.junit.internal.report.ReportFormat.EntryOnly;
import dev.llmassert.junit.internal.report.ReportFormat.Sentence;
import dev.llmassert.junit.internal.report.ReportFormat.Tokens;
import org.apiguardian.api.API;

import java.time.Duration;
import java.util.List;
import java.util.Locale;

import static org.apiguardian.api.API.Status.INTERNAL;

/**
 * The report of one judged check: a {@link Check} of the run report, from which its JUnit report entry (as
 * Surefire's XML and IDEs show it) is derived.
 */
@API(status = INTERNAL, since = "0.1")
public final class CheckReport {

    private CheckReport() {}

    /**
     * A groundedness check.
     *
     * @param check    what was checked: {@code groundedness} (the mean) or {@code groundedness.every-sentence}
     * @param verdict  the judge's verdict
     * @param minScore the minimum it was checked against
     * @param passed   whether it passed
     * @param site     where the assertion was made, or {@code null}
     */
    public static Check groundedness(
            String check, GroundednessVerdict verdict, double minScore, boolean passed, StackTraceElement site) {
        List<Sentence> sentences =
                verdict.sentences().stream().map(CheckReport::sentence).toList();
        String expected = (check.endsWith("every-sentence") ? "every sentence" : "score") + " >= "
                + decimals(minScore).substring(0, 4);
        Integer total = verdict.tokenUsage().totalTokenCount();
        return Check.builder(check, passed)
                .source(source(site))
                .score(verdict.score())
                .minimum(minScore)
                .expected(expected)
                .response(String.join(
                        " ",
                        verdict.sentences().stream()
                                .map(SentenceVerdict::sentence)
                                .toList()))
                .sentences(sentences)
                .judge(verdict.judge())
                .recordedModel(verdict.recordedModel())
                .cascade(cascade(verdict))
                .replayed(verdict.replayed())
                .retries(verdict.retries())
                .tokens(tokens(verdict.tokenUsage()))
                .latencyMillis(verdict.duration().toMillis())
                .entryOnly(new EntryOnly(at(site), total == null ? 0 : total, null, null, List.of()))
                .build();
    }

    /** A sentence as the report shows it: with its confidence, whether its judge was unsure, and who decided it. */
    static Sentence sentence(SentenceVerdict s) {
        return new Sentence(
                s.sentence(),
                s.score(),
                s.evidence(),
                s.hasReason() ? s.reason() : null,
                s.hasConfidence() ? s.confidence() : null,
                s.unsure() ? s.unsureNote() : null,
                s.hasDecidedBy() ? s.decidedBy() : null);
    }

    /** What the cascade that judged {@code verdict} did, or {@code null} when no cascade judged it. */
    static Cascade cascade(GroundednessVerdict verdict) {
        if (!verdict.isCascade()) {
            return null;
        }
        CascadeCounts counts = verdict.cascade();
        return new Cascade(
                counts.localJudge(),
                counts.minConfidence(),
                counts.decidedLocally(),
                counts.sentOn(),
                counts.callsNotSpent(),
                counts.tokensNotSpent());
    }

    /**
     * A direct criteria check.
     *
     * @param check    {@code criteria} (option or score), {@code criteria.positional-bias} or
     *                 {@code criteria.agreement}
     * @param expected what was required, e.g. {@code option "Concise"} or {@code score >= 0.75}
     */
    public static Check direct(
            String check, DirectResult result, String expected, boolean passed, StackTraceElement site) {
        return judgedBy(Check.builder(check, passed), result.metadata())
                .source(source(site))
                .score(result.hasScore() ? result.score() : null)
                .expected(expected)
                .criteria(result.criteriaName())
                .option(result.option())
                .explanation(result.explanation())
                .feedback(result.feedback())
                .samples(result.samples())
                .agreement(result.agreement())
                .entryOnly(new EntryOnly(
                        at(site),
                        0,
                        result.positionalBiasChecked() ? result.positionalBiasDetected() : null,
                        null,
                        List.of()))
                .build();
    }

    /** A pairwise check: {@code pairwise}, {@code pairwise.positional-bias} or {@code pairwise.agreement}. */
    public static Check pairwise(
            String check, PairwiseResult result, String expected, boolean passed, StackTraceElement site) {
        return judgedBy(Check.builder(check, passed), result.metadata())
                .source(source(site))
                .score(result.responses().get(0).winrate())
                .expected(expected)
                .criteria(result.criteria().name())
                .option("ranking " + result.ranking())
                .explanation(String.join(
                        " ",
                        result.contests().stream().map(Contest::explanation).toList()))
                .samples(result.samples())
                .agreement(result.agreement())
                .entryOnly(new EntryOnly(
                        at(site),
                        0,
                        result.positionalBiasChecked() ? result.positionalBiasDetected() : null,
                        result.ranking().toString(),
                        List.of()))
                .build();
    }

    /** A {@code multi-criteria} check: the judge calls of its criteria summed, the longest one's latency. */
    public static Check multiCriteria(
            String check, MultiCriteriaResult result, double minScore, boolean passed, StackTraceElement site) {
        ResultMetadata first = result.items().get(0).result().metadata();
        boolean replayed = result.items().stream()
                .allMatch(i ->
                        i.result().metadata() != null && i.result().metadata().replayed());
        TokenUsage tokens = new TokenUsage(0, 0);
        Duration took = Duration.ZERO;
        int retries = 0;
        for (MultiCriteriaResult.Item item : result.items()) {
            ResultMetadata metadata = item.result().metadata();
            if (metadata != null) {
                tokens = TokenUsage.sum(tokens, metadata.tokenUsage());
                retries += metadata.retries();
                took = took.compareTo(metadata.duration()) >= 0 ? took : metadata.duration();
            }
        }
        List<String> fellShort = result.items().stream()
                .filter(MultiCriteriaResult.Item::fellShort)
                .map(MultiCriteriaResult.Item::criteriaName)
                .toList();
        Check.Builder built = Check.builder(check, passed)
                .source(source(site))
                .score(result.score())
                .minimum(minScore)
                .expected("score >= " + decimals(minScore).substring(0, 4))
                .criteria(String.join(
                        ", ",
                        result.items().stream()
                                .map(i -> i.criteriaName() + "=" + i.result().option())
                                .toList()))
                .explanation(String.join(
                        "\n",
                        result.items().stream()
                                .map(i -> i.criteriaName() + ": " + i.result().option() + ". "
                                        + i.result().explanation())
                                .toList()))
                .entryOnly(new EntryOnly(at(site), 0, null, null, fellShort));
        if (first != null) {
            built.judge(first.judge())
                    .recordedModel(CriteriaLines.recordedModel(result))
                    .replayed(replayed)
                    .retries(retries)
                    .tokens(tokens(tokens))
                    .latencyMillis(took.toMillis());
        }
        return built.build();
    }

    /** The judge's figures of a check judged by one model call, when the result has them. */
    private static Check.Builder judgedBy(Check.Builder check, ResultMetadata metadata) {
        if (metadata == null) {
            return check;
        }
        return check.judge(metadata.judge())
                .recordedModel(metadata.recordedModel())
                .replayed(metadata.replayed())
                .retries(metadata.retries())
                .tokens(tokens(metadata.tokenUsage()))
                .latencyMillis(metadata.duration().toMillis());
    }

    /** {@code BotTest.java:42}, or {@code null} when the file is not known. */
    static String source(StackTraceElement site) {
        if (site == null || site.getFileName() == null) {
            return null;
        }
        return site.getFileName() + (site.getLineNumber() > 0 ? ":" + site.getLineNumber() : "");
    }

    static String at(StackTraceElement site) {
        return site == null ? null : site.toString();
    }

    static Tokens tokens(TokenUsage usage) {
        return new Tokens(
                usage == null || usage.inputTokenCount() == null ? 0 : usage.inputTokenCount(),
                usage == null || usage.outputTokenCount() == null ? 0 : usage.outputTokenCount());
    }

    private static String decimals(double score) {
        return String.format(Locale.ROOT, "%.4f", score);
    }
}
