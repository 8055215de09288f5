package dev.llmassert.springai;

import dev.llmassert.core.groundedness.GroundednessJudge;
import dev.llmassert.core.groundedness.GroundednessVerdict;
import dev.llmassert.core.groundedness.SentenceVerdict;
import dev.llmassert.junit.LlmJudge;
import dev.llmassert.springai.internal.EvaluationText;
import dev.llmassert.springai.internal.SpringAiMessages;
import org.apiguardian.api.API;
import org.springframework.ai.evaluation.EvaluationRequest;
import org.springframework.ai.evaluation.EvaluationResponse;
import org.springframework.ai.evaluation.Evaluator;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

/**
 * Spring AI's {@link Evaluator} backed by an llm-assert groundedness judge: the response is split into sentences and
 * each is judged against the request's documents; it passes when the judge's score reaches the minimum. Where Spring
 * AI's own {@code FactCheckingEvaluator} answers yes or no, the feedback here gives each sentence with its score, the
 * judge's evidence and, when it fell short, why; {@link EvaluationResponse#getMetadata()} holds the same as data.
 *
 * <pre>{@code
 * Evaluator evaluator = new GroundednessEvaluator(judge, 0.7);   // judge: an @LlmJudge parameter, or Judges...
 * EvaluationResponse verdict = evaluator.evaluate(new EvaluationRequest(question, documents, answer));
 * assertThat(verdict.isPass()).as(verdict.getFeedback()).isTrue();
 * }</pre>
 *
 * <p>The request's user text is the user's question: facts the answer repeats from it are not invented ones.
 */
@API(status = EXPERIMENTAL, since = "0.1")
public final class GroundednessEvaluator implements Evaluator {

    /** The metadata key of the judge's score, a {@code Double} from 0 to 1. */
    public static final String SCORE = "score";
    /** The metadata key of the minimum the score was held to, a {@code Double}. */
    public static final String MIN_SCORE = "minScore";
    /** The metadata key of the judge's name, {@code provider:model}. */
    public static final String JUDGE = "judge";
    /** The metadata key of whether the judge's replies came from recordings, a {@code Boolean}. */
    public static final String REPLAYED = "replayed";
    /**
     * The metadata key of the sentences: a list of maps, each with {@code index}, {@code sentence}, {@code score},
     * {@code evidence} and {@code reason} (empty when none).
     */
    public static final String SENTENCES = "sentences";

    private final GroundednessJudge judge;
    private final double minScore;

    /**
     * Judged by {@code judge}, held to {@value LlmJudge#DEFAULT_MIN_SCORE}.
     *
     * @param judge the judge, not {@code null}
     * @throws IllegalArgumentException if {@code judge} is {@code null}
     */
    public GroundednessEvaluator(GroundednessJudge judge) {
        this(judge, LlmJudge.DEFAULT_MIN_SCORE);
    }

    /**
     * Judged by {@code judge}, held to {@code minScore} (from 0 to 1).
     *
     * @param judge    the judge, not {@code null}
     * @param minScore the mean sentence score that passes, from 0 to 1
     * @throws IllegalArgumentException if {@code judge} is {@code null} or {@code minScore} is out of range
     */
    public GroundednessEvaluator(GroundednessJudge judge, double minScore) {
        if (judge == null) {
            throw new IllegalArgumentException(SpringAiMessages.nullEvaluatorJudge("GroundednessEvaluator"));
        }
        if (!(minScore >= 0.0 && minScore <= 1.0)) {
            throw new IllegalArgumentException(SpringAiMessages.minScoreOutOfRange(minScore));
        }
        this.judge = judge;
        this.minScore = minScore;
    }

    /**
     * Judges the request's response against its documents.
     *
     * @throws IllegalArgumentException when the request has no response or no document with text
     */
    @Override
    public EvaluationResponse evaluate(EvaluationRequest request) {
        if (request == null || request.getResponseContent() == null) {
            throw new IllegalArgumentException(SpringAiMessages.noResponseToEvaluate("GroundednessEvaluator"));
        }
        List<String> sources = EvaluationText.documents(request);
        if (sources.isEmpty()) {
            throw new IllegalArgumentException(SpringAiMessages.noDocumentsToEvaluate());
        }
        String question =
                request.getUserText() == null || request.getUserText().isBlank() ? null : request.getUserText();
        GroundednessVerdict verdict = judge.judge(request.getResponseContent(), sources, question);
        boolean pass = verdict.score() >= minScore;
        Map<String, Object> metadata = new LinkedHashMap<>();
        metadata.put(SCORE, verdict.score());
        metadata.put(MIN_SCORE, minScore);
        metadata.put(JUDGE, verdict.judge());
        metadata.put(REPLAYED, verdict.replayed());
        List<Map<String, Object>> sentences = new ArrayList<>();
        for (SentenceVerdict sentence : verdict.sentences()) {
            Map<String, Object> s = new LinkedHashMap<>();
            s.put("index", sentence.index());
            s.put("sentence", sentence.sentence());
            s.put("score", sentence.score());
            s.put("evidence", sentence.hasEvidence() ? sentence.evidence() : "");
            s.put("reason", sentence.hasReason() ? sentence.reason() : "");
            sentences.add(s);
        }
        metadata.put(SENTENCES, sentences);
        return new EvaluationResponse(
                pass, (float) verdict.score(), EvaluationText.groundedness(verdict, minScore, pass), metadata);
    }

    @Override
    public String toString() {
        return "GroundednessEvaluator[" + judge.name() + ", min " + minScore + "]";
    }
}
