package dev.llmassert.junit.internal;

import dev.langchain4j.model.output.TokenUsage;
import dev.llmassert.core.conversation.Conversation;
import dev.llmassert.core.conversation.FactRetention;
import dev.llmassert.core.conversation.TurnGroundedness;
import dev.llmassert.core.conversation.TurnVerdict;
import dev.llmassert.core.criteria.DirectResult;
import dev.llmassert.core.criteria.ResultMetadata;
import dev.llmassert.core.groundedness.GroundednessVerdict;
import dev.llmassert.junit.internal.report.Check;
import dev.llmassert.junit.internal.report.ConversationTranscript;
import dev.llmassert.junit.internal.report.ReportFormat.EntryOnly;
import org.apiguardian.api.API;

import java.util.List;
import java.util.Locale;

import static org.apiguardian.api.API.Status.INTERNAL;

/**
 * The report of one judged check on a conversation: a {@link Check} whose fields are the verdict of the whole, with
 * the transcript and the verdict of each turn it judged ({@link ConversationTranscript}).
 */
@API(status = INTERNAL, since = "0.1")
public final class ConversationReport {

    /** The kind of a check that every reply is grounded. */
    public static final String GROUNDEDNESS = "conversation.groundedness";
    /** The kind of a check that a fact is remembered or forgotten. */
    public static final String RETENTION = "conversation.retention";
    /** The kind of a criteria check on each turn or on the whole conversation. */
    public static final String CRITERIA = "conversation.criteria";
    /** Who judges a named fact's retention: no model. */
    public static final String NAMED_FACT_JUDGE = "local:named-fact";

    private ConversationReport() {}

    /** Every reply grounded at {@code minScore}: the score is the lowest turn's. */
    public static Check groundedEveryTurn(
            Conversation conversation,
            List<GroundednessVerdict> verdicts,
            double minScore,
            boolean passed,
            StackTraceElement site) {
        List<TurnVerdict> turns = TurnGroundedness.turnVerdicts(verdicts, minScore);
        TokenUsage tokens = new TokenUsage(0, 0);
        long millis = 0;
        int retries = 0;
        String recordedModel = null;
        for (GroundednessVerdict verdict : verdicts) {
            tokens = TokenUsage.sum(tokens, verdict.tokenUsage());
            millis += verdict.duration().toMillis();
            retries += verdict.retries();
            recordedModel = recordedModel == null ? verdict.recordedModel() : recordedModel;
        }
        long grounded = turns.stream().filter(TurnVerdict::passed).count();
        return Check.builder(GROUNDEDNESS, passed)
                .source(CheckReport.source(site))
                .score(verdicts.stream()
                        .mapToDouble(GroundednessVerdict::score)
                        .min()
                        .orElse(0.0))
                .minimum(minScore)
                .expected("every turn score >= " + String.format(Locale.ROOT, "%.2f", minScore))
                .option(grounded + " of " + turns.size() + " turns grounded")
                .judge(verdicts.isEmpty() ? null : verdicts.get(0).judge())
                .recordedModel(recordedModel)
                .replayed(verdicts.stream().allMatch(GroundednessVerdict::replayed))
                .retries(retries)
                .tokens(CheckReport.tokens(tokens))
                .latencyMillis(millis)
                .conversation(ConversationTranscript.of(conversation, turns))
                .entryOnly(entryOnly(site))
                .build();
    }

    /**
     * A criteria judged on each turn: the score is the mean of the turns' scores.
     *
     * @param kind     {@link #CRITERIA}, or {@link #RETENTION} for knowledge retention
     * @param expected what was required, e.g. {@code every turn "In role"}
     */
    public static Check everyTurn(
            String kind,
            Conversation conversation,
            String criteria,
            String expected,
            List<TurnVerdict> verdicts,
            List<DirectResult> results,
            boolean passed,
            StackTraceElement site) {
        TokenUsage tokens = new TokenUsage(0, 0);
        long millis = 0;
        int retries = 0;
        boolean replayed = true;
        ResultMetadata first = null;
        for (DirectResult result : results) {
            ResultMetadata metadata = result.metadata();
            if (metadata != null) {
                first = first == null ? metadata : first;
                tokens = TokenUsage.sum(tokens, metadata.tokenUsage());
                millis += metadata.duration().toMillis();
                retries += metadata.retries();
                replayed &= metadata.replayed();
            }
        }
        long kept = verdicts.stream().filter(TurnVerdict::passed).count();
        List<String> explanations = verdicts.stream()
                .filter(v -> !v.passed())
                .map(v -> "turn " + v.turn() + ": " + v.reason())
                .toList();
        Check.Builder check = Check.builder(kind, passed)
                .source(CheckReport.source(site))
                .score(verdicts.stream()
                        .filter(TurnVerdict::hasScore)
                        .mapToDouble(TurnVerdict::score)
                        .average()
                        .orElse(Double.NaN))
                .expected(expected)
                .criteria(criteria)
                .option(kept + " of " + verdicts.size() + " judged turns passed")
                .explanation(explanations.isEmpty() ? null : String.join("\n", explanations))
                .conversation(ConversationTranscript.of(conversation, verdicts))
                .entryOnly(entryOnly(site));
        if (first != null) {
            check.judge(first.judge())
                    .recordedModel(first.recordedModel())
                    .replayed(replayed)
                    .retries(retries)
                    .tokens(CheckReport.tokens(tokens))
                    .latencyMillis(millis);
        }
        return check.build();
    }

    /** A criteria judged over the whole conversation: the judge's verdict marks the last turn. */
    public static Check overall(
            Conversation conversation, DirectResult result, String expected, boolean passed, StackTraceElement site) {
        Check direct = CheckReport.direct(CRITERIA, result, expected, passed, site);
        List<TurnVerdict> last = conversation.turnCount() == 0
                ? List.of()
                : List.of(new TurnVerdict(
                        conversation.turnCount(),
                        passed,
                        result.hasScore() ? result.score() : Double.NaN,
                        result.option(),
                        ""));
        return direct.withConversation(ConversationTranscript.of(conversation, last));
    }

    /** A named fact's retention, judged without a model. */
    public static Check retention(
            Conversation conversation,
            FactRetention retention,
            String expected,
            boolean passed,
            StackTraceElement site) {
        return Check.builder(RETENTION, passed)
                .source(CheckReport.source(site))
                .expected(expected)
                .option(!retention.given() ? "never given" : retention.remembered() ? "remembered" : "not remembered")
                .judge(NAMED_FACT_JUDGE)
                .conversation(ConversationTranscript.of(conversation, retention.turns()))
                .entryOnly(entryOnly(site))
                .build();
    }

    private static EntryOnly entryOnly(StackTraceElement site) {
        return new EntryOnly(CheckReport.at(site), 0, null, null, List.of());
    }
}
