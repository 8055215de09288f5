package dev.llmassert.junit.internal.message;

import dev.llmassert.core.groundedness.CascadeCounts;
import dev.llmassert.core.groundedness.GroundednessVerdict;
import dev.llmassert.core.groundedness.LocalGroundednessJudge;
import dev.llmassert.core.groundedness.SentenceVerdict;

import java.util.Locale;

/**
 * The part of a groundedness failure message that lists the judge and every sentence, with the sentences below the
 * minimum marked {@value #UNSUPPORTED} so they stand out.
 */
final class VerdictTable {

    /** The marker in front of a sentence scored below the minimum. */
    static final String UNSUPPORTED = "✗";

    private static final int MAX_SENTENCE = 160;
    private static final int MAX_EVIDENCE = 160;
    private static final int MAX_RESPONSE = 400;

    private VerdictTable() {}

    /** Appends the judge's line, then each sentence with its score, its evidence and, when the judge gave one, why. */
    static void append(MessageText message, GroundednessVerdict verdict, double minScore) {
        int below = verdict.sentencesBelow(minScore).size();
        int count = verdict.sentences().size();
        judge(message, verdict.judge(), verdict.replayed(), verdict.recordedModel())
                .text(", " + count
                        + (count == 1 ? " sentence" : " sentences") + ", " + below + " below " + score(minScore)
                        + (below > 0 ? " (marked " + UNSUPPORTED + "):" : ":"));
        if (verdict.isCascade()) {
            cascade(message, verdict);
        }
        for (SentenceVerdict sentence : verdict.sentences()) {
            message.line((sentence.score() < minScore ? "  " + UNSUPPORTED + " " : "    ") + "[" + sentence.index()
                            + "] " + score(sentence.score()) + "  ")
                    .quoted(MessageText.shorten(sentence.sentence(), MAX_SENTENCE));
            if (LocalGroundednessJudge.NO_CLAIM.equals(sentence.evidence())) {
                message.line("              no claim: left out of the score");
                continue;
            }
            message.line("              evidence: ");
            if (sentence.hasEvidence()) {
                message.quoted(MessageText.shorten(sentence.evidence(), MAX_EVIDENCE));
            } else {
                message.plain(SentenceVerdict.NOTHING_FOUND);
            }
            if (sentence.hasReason()) {
                message.line("              why: ").plain(sentence.reason());
            }
            if (sentence.unsure()) {
                message.line("              ").plain(sentence.unsureNote());
            }
            if (verdict.isCascade() && !verdict.cascade().localJudge().equals(sentence.decidedBy())) {
                message.line("              decided by: ").plain(sentence.decidedBy());
            }
        }
    }

    /**
     * {@code Cascade: local:all-minilm-l6-v2-q decided 3 of 4 sentences (confidence at least 0.80), 1 sent on to
     * openai:gpt-4o-mini; 3 calls (~1.2k tokens) not spent.}
     */
    private static void cascade(MessageText message, GroundednessVerdict verdict) {
        CascadeCounts counts = verdict.cascade();
        int claims = counts.decidedLocally() + counts.sentOn();
        message.line("Cascade: ")
                .plain(counts.localJudge())
                .text(" decided " + counts.decidedLocally() + " of " + Messages.count(claims, "sentence")
                        + (Double.isNaN(counts.minConfidence())
                                ? ""
                                : " (confidence at least " + score(counts.minConfidence()) + ")")
                        + ", " + counts.sentOn() + " sent on to ")
                .plain(verdict.judge())
                .text("; " + Messages.count(counts.callsNotSpent(), "call") + " (~"
                        + Messages.count(counts.tokensNotSpent(), "token") + ") not spent.");
    }

    /**
     * {@code Judge: openai:gpt-4o-mini (live)}, or {@code (replayed from a recording)}; a replayed reply that another
     * model wrote shows that model, {@code Judge: hand-written-example (replayed from a recording; configured judge
     * openai:gpt-4o-mini)}, so a reply a person wrote is never taken for the configured model's.
     */
    static MessageText judge(MessageText message, String judge, boolean replayed, String recordedModel) {
        if (replayed && recordedModel != null) {
            return message.line("Judge: ")
                    .plain(recordedModel)
                    .text(" (replayed from a recording; configured judge ")
                    .plain(judge)
                    .text(")");
        }
        return message.line("Judge: ").plain(judge).text(replayed ? " (replayed from a recording)" : " (live)");
    }

    static String score(double score) {
        return String.format(Locale.ROOT, "%.2f", score);
    }

    /** Two scores as text that tells them apart, even when they differ only after the second decimal. */
    static String[] distinct(double score, double minScore) {
        String a = score(score);
        String b = score(minScore);
        if (a.equals(b) && score != minScore) {
            a = String.format(Locale.ROOT, "%.4f", score);
            b = String.format(Locale.ROOT, "%.4f", minScore);
        }
        return new String[] {a, b};
    }

    static String shortenResponse(String response) {
        return MessageText.shorten(response, MAX_RESPONSE);
    }
}
