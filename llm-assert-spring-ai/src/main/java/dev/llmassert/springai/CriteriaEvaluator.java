package dev.llmassert.springai;

import dev.llmassert.core.criteria.Criteria;
import dev.llmassert.core.criteria.CriteriaOption;
import dev.llmassert.core.criteria.DirectJudge;
import dev.llmassert.core.criteria.DirectResult;
import dev.llmassert.core.criteria.Instance;
import dev.llmassert.springai.internal.EvaluationText;
import dev.llmassert.springai.internal.SpringAiMessages;
import org.apiguardian.api.API;
import org.springframework.ai.evaluation.EvaluationRequest;
import org.springframework.ai.evaluation.EvaluationResponse;
import org.springframework.ai.evaluation.Evaluator;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

/**
 * Spring AI's {@link Evaluator} backed by llm-assert's direct criteria judge: the judge picks one option of the
 * criteria (one of the catalog's, {@code CriteriaCatalog.ANSWER_RELEVANCE}, or a team's own) and explains why. It
 * passes on the criteria's best option (highest score), or on the option given to {@link #withOption(String)}, or on
 * a score of at least the one given to {@link #withMinScore(double)}. The feedback is the option, its score and the
 * judge's explanation; {@link EvaluationResponse#getMetadata()} holds them as data.
 *
 * <pre>{@code
 * Evaluator relevance = new CriteriaEvaluator(criteriaJudge, CriteriaCatalog.ANSWER_RELEVANCE);
 * EvaluationResponse verdict = relevance.evaluate(new EvaluationRequest(question, List.of(), answer));
 * }</pre>
 *
 * <p>The request's response fills the criteria's judged field; its user text fills a context field
 * {@code question}, and its documents (joined) any other context field the criteria needs.
 */
@API(status = EXPERIMENTAL, since = "0.1")
public final class CriteriaEvaluator implements Evaluator {

    /** The metadata key of the option the judge picked. */
    public static final String OPTION = "option";
    /** The metadata key of the option's score, a {@code Double}, absent when the criteria has no scores. */
    public static final String SCORE = "score";
    /** The metadata key of the judge's explanation. */
    public static final String EXPLANATION = "explanation";
    /** The metadata key of the criteria's name. */
    public static final String CRITERIA = "criteria";
    /** The metadata key of the judge's name. */
    public static final String JUDGE = "judge";

    private final DirectJudge judge;
    private final Criteria criteria;
    private final String option;
    private final Double minScore;

    /**
     * Judged by {@code judge} on {@code criteria}, passing on its best option: the option with the highest score (any
     * of them, when several share it), or the first option of criteria without scores.
     *
     * @param judge    the judge, not {@code null}
     * @param criteria the criteria, not {@code null}
     * @throws IllegalArgumentException if {@code judge} or {@code criteria} is {@code null}
     */
    public CriteriaEvaluator(DirectJudge judge, Criteria criteria) {
        this(judge, criteria, null, null);
    }

    private CriteriaEvaluator(DirectJudge judge, Criteria criteria, String option, Double minScore) {
        if (judge == null) {
            throw new IllegalArgumentException(SpringAiMessages.nullEvaluatorJudge("CriteriaEvaluator"));
        }
        if (criteria == null) {
            throw new IllegalArgumentException(SpringAiMessages.nullCriteria());
        }
        this.judge = judge;
        this.criteria = criteria;
        this.option = option;
        this.minScore = minScore;
    }

    /**
     * An evaluator that passes when the judge picks {@code expected}, one of the criteria's options.
     *
     * @param expected the option's name, case included
     * @return a new evaluator with the same judge and criteria
     * @throws IllegalArgumentException naming the criteria and its options, when there is no such option
     */
    public CriteriaEvaluator withOption(String expected) {
        return new CriteriaEvaluator(
                judge, criteria, criteria.requireOption(expected).name(), null);
    }

    /**
     * An evaluator that passes when the picked option's score is at least {@code min}; the criteria needs scores.
     *
     * @param min the lowest score that passes
     * @return a new evaluator with the same judge and criteria
     * @throws IllegalArgumentException when the criteria has no scores
     */
    public CriteriaEvaluator withMinScore(double min) {
        if (!criteria.hasScores()) {
            throw new IllegalArgumentException(SpringAiMessages.criteriaWithoutScores(criteria.name()));
        }
        return new CriteriaEvaluator(judge, criteria, null, min);
    }

    /**
     * Judges the request's response on the criteria.
     *
     * @throws IllegalArgumentException when the request has no response, or lacks a field the criteria needs
     */
    @Override
    public EvaluationResponse evaluate(EvaluationRequest request) {
        if (request == null || request.getResponseContent() == null) {
            throw new IllegalArgumentException(SpringAiMessages.noResponseToEvaluate("CriteriaEvaluator"));
        }
        Map<String, String> fields = new LinkedHashMap<>();
        fields.put(criteria.toEvaluateField(), request.getResponseContent());
        String documents = String.join("\n\n", EvaluationText.documents(request));
        for (String field : criteria.contextFields()) {
            String value = field.equals("question") ? request.getUserText() : documents;
            if (value == null || value.isBlank()) {
                throw new IllegalArgumentException(SpringAiMessages.missingCriteriaField(criteria.name(), field));
            }
            fields.put(field, value);
        }
        DirectResult result = judge.evaluate(new Instance(fields), criteria);
        boolean pass = passes(result);
        Map<String, Object> metadata = new LinkedHashMap<>();
        metadata.put(CRITERIA, criteria.name());
        metadata.put(OPTION, result.option());
        if (result.hasScore()) {
            metadata.put(SCORE, result.score());
        }
        metadata.put(EXPLANATION, result.explanation());
        if (result.metadata() != null) {
            metadata.put(JUDGE, result.metadata().judge());
        }
        return new EvaluationResponse(
                pass,
                result.hasScore() ? result.score().floatValue() : 0f,
                EvaluationText.criteria(result, expectation(), pass),
                metadata);
    }

    private boolean passes(DirectResult result) {
        if (option != null) {
            return option.equals(result.option());
        }
        if (minScore != null) {
            return result.hasScore() && result.score() >= minScore;
        }
        return bestOptions().contains(result.option());
    }

    private List<String> bestOptions() {
        if (!criteria.hasScores()) {
            return List.of(criteria.options().get(0).name());
        }
        double best = criteria.maxScore();
        return criteria.options().stream()
                .filter(o -> o.score() >= best - 1e-9)
                .map(CriteriaOption::name)
                .toList();
    }

    private String expectation() {
        if (option != null) {
            return "option '" + option + "'";
        }
        if (minScore != null) {
            return "a score of at least " + minScore;
        }
        return (criteria.hasScores() ? "the best option " : "the first option ") + bestOptions();
    }

    @Override
    public String toString() {
        return "CriteriaEvaluator[" + criteria.name() + ", expecting " + expectation() + "]";
    }
}
