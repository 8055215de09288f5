package dev.llmassert.springai.internal;

import dev.llmassert.core.criteria.DirectResult;
import dev.llmassert.core.groundedness.GroundednessVerdict;
import dev.llmassert.core.groundedness.LocalGroundednessJudge;
import dev.llmassert.core.groundedness.SentenceVerdict;
import org.apiguardian.api.API;
import org.springframework.ai.document.Document;
import org.springframework.ai.evaluation.EvaluationRequest;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

import static org.apiguardian.api.API.Status.INTERNAL;

/** The feedback texts of the {@code Evaluator} adapters, laid out as a failed check's message is. */
@API(status = INTERNAL, since = "0.1")
public final class EvaluationText {

    private EvaluationText() {}

    /** The non-blank texts of the request's documents. */
    public static List<String> documents(EvaluationRequest request) {
        List<String> texts = new ArrayList<>();
        if (request.getDataList() != null) {
            for (Document document : request.getDataList()) {
                if (document != null
                        && document.getText() != null
                        && !document.getText().isBlank()) {
                    texts.add(document.getText());
                }
            }
        }
        return texts;
    }

    /** The score against the minimum, the judge, then each sentence with its score, evidence and why. */
    public static String groundedness(GroundednessVerdict verdict, double minScore, boolean pass) {
        StringBuilder text = new StringBuilder();
        int below = verdict.sentencesBelow(minScore).size();
        text.append(pass ? "Grounded" : "Not grounded")
                .append(": score ")
                .append(score(verdict.score()))
                .append(pass ? " reaches " : " is below ")
                .append("the minimum ")
                .append(score(minScore))
                .append('.')
                .append('\n');
        text.append("Judge: ").append(verdict.judge()).append(verdict.replayed() ? " (replayed)" : " (live)");
        text.append(", ")
                .append(verdict.sentences().size())
                .append(verdict.sentences().size() == 1 ? " sentence, " : " sentences, ")
                .append(below)
                .append(" below ")
                .append(score(minScore))
                .append(below > 0 ? " (marked ✗):" : ":");
        for (SentenceVerdict sentence : verdict.sentences()) {
            text.append('\n')
                    .append(sentence.score() < minScore ? "  ✗ " : "    ")
                    .append('[')
                    .append(sentence.index())
                    .append("] ")
                    .append(score(sentence.score()))
                    .append("  \"")
                    .append(sentence.sentence())
                    .append('"');
            if (LocalGroundednessJudge.NO_CLAIM.equals(sentence.evidence())) {
                text.append("\n              no claim: left out of the score");
                continue;
            }
            text.append("\n              evidence: ")
                    .append(sentence.hasEvidence() ? "\"" + sentence.evidence() + "\"" : SentenceVerdict.NOTHING_FOUND);
            if (sentence.hasReason()) {
                text.append("\n              why: ").append(sentence.reason());
            }
        }
        return text.toString();
    }

    /** The option picked, its score, what was expected, and the judge's explanation and feedback. */
    public static String criteria(DirectResult result, String expected, boolean pass) {
        StringBuilder text = new StringBuilder();
        text.append(result.criteriaName())
                .append(": option '")
                .append(result.option())
                .append('\'');
        if (result.hasScore()) {
            text.append(" (score ").append(score(result.score())).append(')');
        }
        text.append(pass ? ", as expected (" : ", but expected ")
                .append(expected)
                .append(pass ? ")." : ".");
        if (result.metadata() != null) {
            text.append("\nJudge: ")
                    .append(result.metadata().judge())
                    .append(result.metadata().replayed() ? " (replayed)" : " (live)");
        }
        if (!result.explanation().isBlank()) {
            text.append("\nExplanation: ").append(result.explanation());
        }
        if (result.feedback() != null) {
            text.append("\nFeedback: ").append(result.feedback());
        }
        return text.toString();
    }

    private static String score(double score) {
        return String.format(Locale.ROOT, "%.2f", score);
    }
}
