package dev.llmassert.core.eval;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.langchain4j.model.output.TokenUsage;
import dev.llmassert.core.agent.ExpectedCall;
import dev.llmassert.core.agent.TrajectoryMatch;
import dev.llmassert.core.criteria.Criteria;
import dev.llmassert.core.criteria.DirectJudge;
import dev.llmassert.core.criteria.DirectResult;
import dev.llmassert.core.criteria.Instance;
import dev.llmassert.core.criteria.PairwiseJudge;
import dev.llmassert.core.criteria.PairwiseResult;
import dev.llmassert.core.criteria.ResponseResult;
import dev.llmassert.core.groundedness.GroundednessJudge;
import dev.llmassert.core.groundedness.GroundednessVerdict;
import dev.llmassert.core.groundedness.SentenceVerdict;
import org.apiguardian.api.API;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.function.Predicate;
import java.util.function.ToDoubleFunction;
import java.util.regex.Pattern;
import java.util.regex.PatternSyntaxException;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

/**
 * The built-in annotators: judges (groundedness, criteria, pairwise) and plain checks (contains, regex, JSON).
 *
 * <pre>{@code
 * List<Annotator> annotators = List.of(
 *         Annotators.groundedness("grounded", judge, "sections", 0.7),
 *         Annotators.criteria("relevant", directJudge, CriteriaCatalog.ANSWER_RELEVANCE),
 *         Annotators.matches("no-phone-number", "^(?!.*\\d{3}-\\d{4}).*$"));
 * }</pre>
 */
@API(status = EXPERIMENTAL, since = "0.1")
public final class Annotators {

    /** Criteria context fields that, when the item's context lacks them, take the prompt's text. */
    static final Set<String> PROMPT_FIELDS = Set.of("question", "prompt", "input", "query");

    private static final ObjectMapper JSON = new ObjectMapper();

    private Annotators() {}

    /**
     * Tool-call F1 of an agent's answer ({@link SystemUnderTest#ofAgent}): the harmonic mean of the precision and
     * recall of its tool calls against the calls expected under the context key {@code expectedKey}, a list of tool
     * names or of calls with arguments ({@code lookupWarranty {"serial": "NR2-0042"}}, see
     * {@link ExpectedCall#parse}). The details hold every figure of {@link TrajectoryMatch}.
     *
     * @param name the annotator's name, not blank
     * @param expectedKey the context key of the expected calls, not empty
     * @return the annotator; it fails an item whose system under test is not an agent
     * @throws IllegalArgumentException for a blank name or an empty key
     */
    public static Annotator toolCallF1(String name, String expectedKey) {
        return trajectory(name, expectedKey, TrajectoryMatch::f1);
    }

    /**
     * The share of the agent's tool calls that were expected; see {@link #toolCallF1}.
     *
     * @param name the annotator's name, not blank
     * @param expectedKey the context key of the expected calls, not empty
     * @return the annotator; it fails an item whose system under test is not an agent
     * @throws IllegalArgumentException for a blank name or an empty key
     */
    public static Annotator toolCallPrecision(String name, String expectedKey) {
        return trajectory(name, expectedKey, TrajectoryMatch::precision);
    }

    /**
     * The share of the expected tool calls the agent made; see {@link #toolCallF1}.
     *
     * @param name the annotator's name, not blank
     * @param expectedKey the context key of the expected calls, not empty
     * @return the annotator; it fails an item whose system under test is not an agent
     * @throws IllegalArgumentException for a blank name or an empty key
     */
    public static Annotator toolCallRecall(String name, String expectedKey) {
        return trajectory(name, expectedKey, TrajectoryMatch::recall);
    }

    /**
     * 1 when the agent called exactly the expected tools, in order, and nothing else; see {@link #toolCallF1}.
     *
     * @param name the annotator's name, not blank
     * @param expectedKey the context key of the expected calls, not empty
     * @return the annotator; it fails an item whose system under test is not an agent
     * @throws IllegalArgumentException for a blank name or an empty key
     */
    public static Annotator toolSequence(String name, String expectedKey) {
        return trajectory(name, expectedKey, match -> match.exactSequence() ? 1.0 : 0.0);
    }

    /**
     * The share of the expected calls with arguments that the agent made with at least those arguments; see
     * {@link #toolCallF1}.
     *
     * @param name the annotator's name, not blank
     * @param expectedKey the context key of the expected calls, not empty
     * @return the annotator; it fails an item whose system under test is not an agent
     * @throws IllegalArgumentException for a blank name or an empty key
     */
    public static Annotator toolArguments(String name, String expectedKey) {
        return trajectory(name, expectedKey, TrajectoryMatch::argumentCorrectness);
    }

    private static Annotator trajectory(String name, String expectedKey, ToDoubleFunction<TrajectoryMatch> score) {
        requireName(name);
        requireKey(name, expectedKey, "the context key that holds the expected tool calls, e.g. \"expected_tools\"");
        return new PerResponseAnnotator(name, null, (item, interaction) -> {
            if (interaction.trajectory() == null) {
                throw new IllegalStateException(EvaluationMessages.notAnAgent(name));
            }
            List<ExpectedCall> expected = contextList(item, interaction.prompt(), expectedKey).stream()
                    .filter(text -> !text.isBlank())
                    .map(ExpectedCall::parse)
                    .toList();
            TrajectoryMatch match = TrajectoryMatch.of(expected, interaction.trajectory());
            Map<String, Object> details = new LinkedHashMap<>(match.figures());
            details.put(
                    "expected", expected.stream().map(ExpectedCall::toString).toList());
            details.put(
                    "called",
                    interaction.trajectory().toolCalls().stream()
                            .map(c -> c.name() + " " + c.argumentsJson())
                            .toList());
            return new Annotation(
                    score.applyAsDouble(match),
                    null,
                    null,
                    String.format(
                            Locale.ROOT,
                            "expected %s, called %s",
                            expected,
                            interaction.trajectory().toolNames()),
                    details);
        });
    }

    /**
     * Groundedness of each response in the sources held by the context value {@code sourcesKey} (the prompt's
     * context first, then the item's): the score is the verdict's, and it passes at {@code minScore}. The prompt's
     * text is the question the response answers ({@link GroundednessJudge#judge(String, List, String)}): the figures
     * and names it gives are not held against the response. The details hold every sentence with its score, evidence
     * and the judge's reason, when it gave one.
     *
     * @param name the annotator's name, not blank
     * @param judge the groundedness judge, not {@code null}
     * @param sourcesKey the context key of the sources, not empty
     * @param minScore the least score that passes, from 0 to 1
     * @return the annotator; an empty response scores 0 without a judge call
     * @throws IllegalArgumentException for a blank name, a {@code null} judge, an empty key or a minimum outside 0
     *                                  to 1
     */
    public static Annotator groundedness(String name, GroundednessJudge judge, String sourcesKey, double minScore) {
        requireName(name);
        requireJudge(name, judge);
        requireKey(name, sourcesKey, "the context key that holds the sources, e.g. \"sections\"");
        if (!(minScore >= 0.0 && minScore <= 1.0)) {
            throw new IllegalArgumentException("The minimum score of the annotator '" + name + "' must be between 0 "
                    + "and 1, but is: " + minScore + ".");
        }
        return new PerResponseAnnotator(name, judge.name(), (item, interaction) -> {
            List<String> sources = contextList(item, interaction.prompt(), sourcesKey);
            if (interaction.response().isBlank()) {
                return new Annotation(0.0, false, "empty", "The response is empty: nothing is grounded.", Map.of());
            }
            GroundednessVerdict verdict = judge.judge(
                    interaction.response(), sources, interaction.prompt().text());
            List<Map<String, Object>> sentences = new ArrayList<>();
            for (SentenceVerdict sentence : verdict.sentences()) {
                Map<String, Object> row = new LinkedHashMap<>();
                row.put("sentence", sentence.sentence());
                row.put("score", sentence.score());
                row.put("evidence", sentence.evidence());
                if (sentence.hasReason()) {
                    row.put("reason", sentence.reason());
                }
                sentences.add(row);
            }
            boolean passed = verdict.score() >= minScore;
            return new Annotation(
                    verdict.score(),
                    passed,
                    passed ? "grounded" : "not grounded",
                    String.format(
                            Locale.ROOT,
                            "score %.3f against a minimum of %.2f; %d of %d %s below it",
                            verdict.score(),
                            minScore,
                            verdict.sentencesBelow(minScore).size(),
                            verdict.sentences().size(),
                            verdict.sentences().size() == 1 ? "sentence" : "sentences"),
                    judged(
                            Map.of(
                                    "sentences",
                                    sentences,
                                    "minScore",
                                    minScore,
                                    "replayed",
                                    verdict.replayed(),
                                    "tokens",
                                    tokens(verdict.tokenUsage())),
                            verdict.recordedModel()));
        });
    }

    /**
     * A direct judge on {@code criteria}: the label is the option chosen, the score the option's score (the criteria
     * must give its options scores). The criteria's context fields come from the prompt's context, then the item's;
     * a field called {@code question}, {@code prompt}, {@code input} or {@code query} that neither has takes the
     * prompt's text.
     *
     * @param name the annotator's name, not blank
     * @param judge the direct judge, not {@code null}
     * @param criteria the criteria, with a score on every option
     * @return the annotator
     * @throws IllegalArgumentException for a blank name, a {@code null} judge or criteria, or a criteria whose options
     *                                  lack scores
     */
    public static Annotator criteria(String name, DirectJudge judge, Criteria criteria) {
        requireName(name);
        requireJudge(name, judge);
        requireScoredCriteria(name, criteria);
        return new PerResponseAnnotator(name, judge.name(), (item, interaction) -> {
            Instance instance = Instance.of(criteria.toEvaluateField(), interaction.response());
            for (String field : criteria.contextFields()) {
                instance = instance.with(field, contextField(name, item, interaction.prompt(), field));
            }
            DirectResult result = judge.evaluate(instance, criteria);
            Map<String, Object> details = new LinkedHashMap<>();
            if (result.feedback() != null) {
                details.put("feedback", result.feedback());
            }
            if (result.metadata() != null) {
                details.put("replayed", result.metadata().replayed());
                details.put("tokens", tokens(result.metadata().tokenUsage()));
                details = judged(details, result.metadata().recordedModel());
            }
            if (result.positionalBiasChecked()) {
                details.put("positionalBias", result.positionalBiasDetected());
            }
            return new Annotation(result.requireScore(), null, result.option(), result.explanation(), details);
        });
    }

    /**
     * A pairwise judge across an item's prompts: for each repeat, the responses to the item's prompts are compared
     * on {@code criteria} in one call. Each response's score is its winrate, its label its rank. The item needs at
     * least two prompts; the criteria's context fields come from the item's context.
     *
     * @param name the annotator's name, not blank
     * @param judge the pairwise judge, not {@code null}
     * @param criteria the criteria to compare on, not {@code null}
     * @return the annotator; it fails an item with fewer than two prompts
     * @throws IllegalArgumentException for a blank name, or a {@code null} judge or criteria
     */
    public static Annotator pairwise(String name, PairwiseJudge judge, Criteria criteria) {
        requireName(name);
        requireJudge(name, judge);
        if (criteria == null) {
            throw new IllegalArgumentException(
                    "The annotator '" + name + "' needs the criteria to compare on, " + "but it is null.");
        }
        return new Annotator() {
            @Override
            public String name() {
                return name;
            }

            @Override
            public String judge() {
                return judge.name();
            }

            @Override
            public List<Annotation> annotate(TestItem item, List<Interaction> interactions) {
                if (item.prompts().size() < 2) {
                    throw new IllegalArgumentException(EvaluationMessages.pairwiseNeedsPrompts(name, item));
                }
                Instance context = null;
                for (String field : criteria.contextFields()) {
                    String value = contextField(name, item, null, field);
                    context = context == null ? Instance.of(field, value) : context.with(field, value);
                }
                Annotation[] annotations = new Annotation[interactions.size()];
                int repeats = interactions.stream()
                                .mapToInt(Interaction::repeat)
                                .max()
                                .orElse(-1)
                        + 1;
                for (int repeat = 0; repeat < repeats; repeat++) {
                    List<Integer> positions = new ArrayList<>();
                    List<String> responses = new ArrayList<>();
                    for (int i = 0; i < interactions.size(); i++) {
                        if (interactions.get(i).repeat() == repeat) {
                            positions.add(i);
                            responses.add(interactions.get(i).response());
                        }
                    }
                    PairwiseResult result = judge.compare(responses, criteria, context);
                    List<ResponseResult> ranked = result.responses();
                    for (int r = 0; r < ranked.size(); r++) {
                        ResponseResult response = ranked.get(r);
                        // the comparison's tokens are counted once, on the first response it ranks
                        Map<String, Object> details = new LinkedHashMap<>(Map.of("rank", response.ranking()));
                        if (r == 0 && result.metadata() != null) {
                            details.put("tokens", tokens(result.metadata().tokenUsage()));
                            details.put("replayed", result.metadata().replayed());
                            details = judged(details, result.metadata().recordedModel());
                        }
                        annotations[positions.get(r)] = new Annotation(
                                response.winrate(),
                                null,
                                "rank " + response.ranking(),
                                String.join(" ", response.explanations()),
                                details);
                    }
                }
                return List.of(annotations);
            }

            @Override
            public String toString() {
                return "Annotator[" + name + ", pairwise " + criteria.name() + "]";
            }
        };
    }

    /**
     * Passes when the response contains {@code text}, ignoring case.
     *
     * @param name the annotator's name, not blank
     * @param text the text to look for, not empty
     * @return the annotator, a check
     * @throws IllegalArgumentException for a blank name or an empty text
     */
    public static Annotator contains(String name, String text) {
        requireKey(name, text, "the text to look for");
        String lower = text.toLowerCase(Locale.ROOT);
        return test(name, response -> response.toLowerCase(Locale.ROOT).contains(lower));
    }

    /**
     * Passes when {@code regex} is found in the response ({@link java.util.regex.Matcher#find()}).
     *
     * @param name the annotator's name, not blank
     * @param regex a regular expression, not empty
     * @return the annotator, a check
     * @throws IllegalArgumentException for a blank name, or an empty or invalid expression (naming where it fails)
     */
    public static Annotator matches(String name, String regex) {
        requireKey(name, regex, "a regular expression");
        Pattern pattern;
        try {
            pattern = Pattern.compile(regex);
        } catch (PatternSyntaxException e) {
            throw new IllegalArgumentException(
                    "The regular expression of the annotator '" + name + "' is invalid: " + e.getDescription()
                            + " near index " + e.getIndex() + " of " + regex,
                    e);
        }
        return test(name, response -> pattern.matcher(response).find());
    }

    /**
     * Passes when the response parses as JSON (leading and trailing blanks allowed).
     *
     * @param name the annotator's name, not blank
     * @return the annotator, a check; an empty response fails it
     * @throws IllegalArgumentException for a blank name
     */
    public static Annotator parsesAsJson(String name) {
        requireName(name);
        return Annotator.of(name, (item, interaction) -> {
            try {
                JSON.readTree(interaction.response().strip());
                return interaction.response().isBlank()
                        ? Annotation.check(false).withExplanation("The response is empty.")
                        : Annotation.check(true);
            } catch (JsonProcessingException e) {
                return Annotation.check(false).withExplanation("Not JSON: " + e.getOriginalMessage());
            }
        });
    }

    /**
     * Passes when {@code predicate} accepts the response.
     *
     * @param name the annotator's name, not blank
     * @param predicate tested on each response's text, not {@code null}
     * @return the annotator, a check
     * @throws IllegalArgumentException for a blank name or a {@code null} predicate
     */
    public static Annotator test(String name, Predicate<String> predicate) {
        requireName(name);
        if (predicate == null) {
            throw new IllegalArgumentException("The predicate of the annotator '" + name + "' is null.");
        }
        return Annotator.of(name, (item, interaction) -> Annotation.check(predicate.test(interaction.response())));
    }

    /**
     * The details with {@code recordedModel}, when replayed replies were written by another model than the judge's
     * (e.g. {@code hand-written-example}).
     */
    static Map<String, Object> judged(Map<String, Object> details, String recordedModel) {
        if (recordedModel == null) {
            return details;
        }
        Map<String, Object> more = new LinkedHashMap<>(details);
        more.put("recordedModel", recordedModel);
        return more;
    }

    /** Tokens in and out, for an annotation's details; 0 for a judge that counts none (the local judge). */
    static Map<String, Object> tokens(TokenUsage usage) {
        Integer input = usage == null ? null : usage.inputTokenCount();
        Integer output = usage == null ? null : usage.outputTokenCount();
        return Map.of("input", input == null ? 0 : input, "output", output == null ? 0 : output);
    }

    static void requireName(String name) {
        if (name == null || name.isBlank()) {
            throw new IllegalArgumentException(EvaluationMessages.blankAnnotatorName(name));
        }
    }

    static void requireJudge(String name, Object judge) {
        if (judge == null) {
            throw new IllegalArgumentException(EvaluationMessages.nullJudge(name));
        }
    }

    static void requireKey(String name, String value, String what) {
        requireName(name);
        if (value == null || value.isEmpty()) {
            throw new IllegalArgumentException("The annotator '" + name + "' needs " + what + ", but it is "
                    + (value == null ? "null" : "empty") + ".");
        }
    }

    static void requireScoredCriteria(String name, Criteria criteria) {
        if (criteria == null) {
            throw new IllegalArgumentException(
                    "The annotator '" + name + "' needs the criteria to judge on, but it " + "is null.");
        }
        if (!criteria.hasScores()) {
            throw new IllegalArgumentException(EvaluationMessages.criteriaWithoutScores(criteria, name));
        }
    }

    static List<String> contextList(TestItem item, Prompt prompt, String key) {
        if (prompt != null && prompt.context().containsKey(key)) {
            return prompt.contextList(key);
        }
        return item.contextList(key);
    }

    static String contextField(String annotator, TestItem item, Prompt prompt, String field) {
        if ((prompt != null && prompt.context().containsKey(field))
                || item.context().containsKey(field)) {
            return String.join("\n\n", contextList(item, prompt, field));
        }
        if (prompt != null && PROMPT_FIELDS.contains(field)) {
            return prompt.text();
        }
        throw new IllegalArgumentException(EvaluationMessages.missingContextField(annotator, field, item));
    }
}
