package dev.llmassert.core.eval.conversation;

import dev.langchain4j.model.output.TokenUsage;
import dev.llmassert.core.conversation.Conversation;
import dev.llmassert.core.conversation.Ending;
import dev.llmassert.core.conversation.FactRetention;
import dev.llmassert.core.conversation.TurnGroundedness;
import dev.llmassert.core.conversation.TurnVerdict;
import dev.llmassert.core.conversation.internal.TranscriptText;
import dev.llmassert.core.criteria.Criteria;
import dev.llmassert.core.criteria.DirectJudge;
import dev.llmassert.core.criteria.DirectResult;
import dev.llmassert.core.criteria.Instance;
import dev.llmassert.core.eval.Annotation;
import dev.llmassert.core.eval.Annotator;
import dev.llmassert.core.eval.AnnotatorParts;
import dev.llmassert.core.eval.Interaction;
import dev.llmassert.core.groundedness.GroundednessJudge;
import dev.llmassert.core.groundedness.GroundednessVerdict;
import org.apiguardian.api.API;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

/**
 * Annotators of whole conversations, for a system made with {@link ConversationSystems}: per turn (every
 * reply grounded, every reply judged on a criteria) and per conversation (the goal reached, the turns it took, a
 * fact kept, a criteria over the whole transcript).
 *
 * <pre>{@code
 * List<Annotator> annotators = List.of(
 *         ConversationAnnotators.groundedEveryTurn("grounded", judge, "sources", 0.7),
 *         ConversationAnnotators.goalReached("goal"));
 * }</pre>
 *
 * <p>Their details hold a verdict per turn ({@code turns}: the turn's number, score, label and why), so the record
 * shows which turn fell short.
 */
@API(status = EXPERIMENTAL, since = "0.1")
public final class ConversationAnnotators {

    private ConversationAnnotators() {}

    /**
     * The share of replies grounded in the sources under the context key {@code sourcesKey} and those of their own
     * and earlier turns, each judged with what the user said up to it as its question ({@link TurnGroundedness}):
     * a reply is grounded at a score of at least {@code minScore}. It passes when every reply is.
     *
     * @param name the annotator's name, not blank
     * @param judge the groundedness judge, not {@code null}
     * @param sourcesKey the context key of the sources given for every turn, not empty
     * @param minScore the least score of a grounded reply
     * @return the annotator; it fails an item whose system under test is not a conversation
     * @throws IllegalArgumentException for a blank name, a {@code null} judge or an empty key
     */
    public static Annotator groundedEveryTurn(
            String name, GroundednessJudge judge, String sourcesKey, double minScore) {
        AnnotatorParts.requireName(name);
        AnnotatorParts.requireJudge(name, judge);
        AnnotatorParts.requireKey(name, sourcesKey, "the context key that holds the sources, e.g. \"sources\"");
        return AnnotatorParts.perResponse(name, judge.name(), (item, interaction) -> {
            Conversation conversation = conversationOf(name, interaction);
            List<String> sources = AnnotatorParts.contextList(item, interaction.prompt(), sourcesKey);
            List<GroundednessVerdict> verdicts = TurnGroundedness.judgeEveryTurn(judge, conversation, sources);
            List<Map<String, Object>> turns = new ArrayList<>();
            int grounded = 0;
            boolean replayed = true;
            TokenUsage tokens = new TokenUsage(0, 0);
            String recordedModel = null;
            for (TurnVerdict verdict : TurnGroundedness.turnVerdicts(verdicts, minScore)) {
                grounded += verdict.passed() ? 1 : 0;
                turns.add(turn(verdict));
            }
            for (GroundednessVerdict verdict : verdicts) {
                replayed &= verdict.replayed();
                tokens = TokenUsage.sum(tokens, verdict.tokenUsage());
                recordedModel = recordedModel == null ? verdict.recordedModel() : recordedModel;
            }
            int count = conversation.turnCount();
            Map<String, Object> details = new LinkedHashMap<>();
            details.put("turns", turns);
            details.put("minScore", minScore);
            details.put("replayed", replayed);
            details.put("tokens", AnnotatorParts.tokens(tokens));
            return new Annotation(
                    count == 0 ? 0.0 : (double) grounded / count,
                    grounded == count && count > 0,
                    grounded + " of " + count + " grounded",
                    String.format(Locale.ROOT, "%d of %d replies score at least %.2f", grounded, count, minScore),
                    AnnotatorParts.judged(details, recordedModel));
        });
    }

    /**
     * 1 when the conversation ended with its goal reached, else 0; the label is how it ended, the details its
     * number of turns.
     *
     * @param name the annotator's name, not blank
     * @return the annotator, a check; it fails an item whose system under test is not a conversation
     * @throws IllegalArgumentException for a blank name
     */
    public static Annotator goalReached(String name) {
        AnnotatorParts.requireName(name);
        return Annotator.of(name, (item, interaction) -> {
            Conversation conversation = conversationOf(name, interaction);
            Ending ending = conversation.ending();
            return Annotation.check(ending == Ending.GOAL_REACHED)
                    .withLabel(ending == null ? "not known" : ending.id())
                    .withDetails(Map.of("turns", conversation.turnCount()));
        });
    }

    /**
     * The number of turns the conversation took; the label is how it ended.
     *
     * @param name the annotator's name, not blank
     * @return the annotator; it fails an item whose system under test is not a conversation
     * @throws IllegalArgumentException for a blank name
     */
    public static Annotator turns(String name) {
        AnnotatorParts.requireName(name);
        return Annotator.of(name, (item, interaction) -> {
            Conversation conversation = conversationOf(name, interaction);
            return Annotation.score(conversation.turnCount())
                    .withLabel(
                            conversation.ending() == null
                                    ? "not known"
                                    : conversation.ending().id());
        });
    }

    /**
     * 1 when the conversation kept the named fact under the context key {@code factKey} (an order number the user
     * gave): a later reply repeats it and none gives another value of its shape ({@link FactRetention}), judged
     * without a model; else 0. The details hold each later turn's verdict.
     *
     * @param name the annotator's name, not blank
     * @param factKey the context key of the fact, not empty
     * @return the annotator, a check; it fails an item whose system under test is not a conversation
     * @throws IllegalArgumentException for a blank name or an empty key
     */
    public static Annotator remembers(String name, String factKey) {
        AnnotatorParts.requireKey(name, factKey, "the context key that holds the fact, e.g. \"order_number\"");
        return Annotator.of(name, (item, interaction) -> {
            FactRetention retention = FactRetention.of(
                    conversationOf(name, interaction), AnnotatorParts.contextField(name, item, null, factKey));
            List<Map<String, Object>> turns = new ArrayList<>();
            retention.turns().forEach(verdict -> turns.add(turn(verdict)));
            return Annotation.check(retention.remembered())
                    .withLabel(
                            !retention.given()
                                    ? "never given"
                                    : retention.remembered() ? "remembered" : "not remembered")
                    .withDetails(Map.of("givenInTurn", retention.givenInTurn(), "turns", turns));
        });
    }

    /**
     * A direct judge on {@code criteria} over the whole conversation, such as
     * {@code CriteriaCatalog.CONVERSATION_COMPLETENESS}: its judged field is the transcript ({@code conversation}),
     * each message between data tags; its other context fields (the {@code goal}) come from the item's context. The
     * label is the option chosen, the score the option's score.
     *
     * @param name the annotator's name, not blank
     * @param judge the direct judge, not {@code null}
     * @param criteria the criteria, with a score on every option
     * @return the annotator; it fails an item whose system under test is not a conversation
     * @throws IllegalArgumentException for a blank name, a {@code null} judge or criteria, or a criteria whose options
     *                                  lack scores
     */
    public static Annotator criteria(String name, DirectJudge judge, Criteria criteria) {
        AnnotatorParts.requireName(name);
        AnnotatorParts.requireJudge(name, judge);
        AnnotatorParts.requireScoredCriteria(name, criteria);
        return AnnotatorParts.perResponse(name, judge.name(), (item, interaction) -> {
            Conversation conversation = conversationOf(name, interaction);
            Instance instance = Instance.of(
                    criteria.toEvaluateField(),
                    TranscriptText.render(conversation, conversation.turnCount(), true, "user"));
            for (String field : criteria.contextFields()) {
                instance = instance.with(field, AnnotatorParts.contextField(name, item, null, field));
            }
            DirectResult result = judge.evaluate(instance, criteria);
            Map<String, Object> details = new LinkedHashMap<>();
            if (result.metadata() != null) {
                details.put("replayed", result.metadata().replayed());
                details.put("tokens", AnnotatorParts.tokens(result.metadata().tokenUsage()));
                details = AnnotatorParts.judged(details, result.metadata().recordedModel());
            }
            return new Annotation(result.requireScore(), null, result.option(), result.explanation(), details);
        });
    }

    private static Map<String, Object> turn(TurnVerdict verdict) {
        Map<String, Object> row = new LinkedHashMap<>();
        row.put("turn", verdict.turn());
        row.put("passed", verdict.passed());
        if (verdict.hasScore()) {
            row.put("score", verdict.score());
        }
        row.put("label", verdict.label());
        if (!verdict.reason().isEmpty()) {
            row.put("reason", verdict.reason());
        }
        return row;
    }

    private static Conversation conversationOf(String name, Interaction interaction) {
        if (interaction.conversation() == null) {
            throw new IllegalStateException(ConversationEvaluationMessages.notAConversation(name));
        }
        return interaction.conversation();
    }
}
