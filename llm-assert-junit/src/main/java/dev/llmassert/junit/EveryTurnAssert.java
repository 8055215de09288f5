package dev.llmassert.junit;

import dev.llmassert.core.conversation.Conversation;
import dev.llmassert.core.conversation.TurnGroundedness;
import dev.llmassert.core.criteria.Criteria;
import dev.llmassert.core.groundedness.GroundednessJudge;
import dev.llmassert.core.groundedness.GroundednessVerdict;
import dev.llmassert.junit.JudgedAssert.Origin;
import dev.llmassert.junit.internal.AssertionState;
import dev.llmassert.junit.internal.ConversationReport;
import dev.llmassert.junit.internal.message.Messages;
import dev.llmassert.junit.internal.message.ShouldHaveConversation;
import dev.llmassert.junit.internal.message.ShouldHaveConversation.Expectation;
import org.apiguardian.api.API;
import org.assertj.core.api.AbstractAssert;

import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

/**
 * Checks of every reply of a conversation, made by {@link ConversationAssert#everyAssistantTurn()}: a failure names
 * the turns that fail and marks them in the transcript.
 *
 * <pre>{@code
 * assertThat(conversation).everyAssistantTurn().isGroundedIn(manual).withMinScore(0.7);
 * assertThat(conversation).everyAssistantTurn().isGroundedInTheirSources();
 * assertThat(conversation).everyAssistantTurn().meets(CriteriaCatalog.POLITENESS);
 * }</pre>
 */
@API(status = EXPERIMENTAL, since = "0.1")
public class EveryTurnAssert extends AbstractAssert<EveryTurnAssert, Conversation> {

    private final ConversationChecks checks;
    private final Map<String, String> context = new LinkedHashMap<>();

    /**
     * The checks of every reply of {@code conversation}, by the judges of the running {@link LlmJudge} test.
     *
     * @param conversation the conversation
     */
    public EveryTurnAssert(Conversation conversation) {
        this(conversation, new ConversationChecks(conversation));
    }

    EveryTurnAssert(Conversation conversation, ConversationChecks checks) {
        super(conversation, EveryTurnAssert.class);
        this.checks = checks;
    }

    /**
     * Judges every reply against {@code sources}, and the sources its own and earlier turns were given, with what the
     * user said up to it as the question, so that a fact the user gave is not an invented one. Finish with
     * {@link EveryTurnGroundednessAssert#withMinScore(double) withMinScore(...)}: every reply must reach it; without
     * it, the default minimum applies, checked after the test under {@link LlmJudge}.
     *
     * @param sources the sources every reply is judged against
     * @return the groundedness checks of every reply
     */
    public EveryTurnGroundednessAssert isGroundedIn(String... sources) {
        if (sources == null || sources.length == 0) {
            throw new IllegalArgumentException(Messages.noSources());
        }
        return isGroundedIn(Arrays.asList(sources));
    }

    /**
     * As {@link #isGroundedIn(String...)}, for sources that are several chunks.
     *
     * @param sources the sources every reply is judged against
     * @return the groundedness checks of every reply
     */
    public EveryTurnGroundednessAssert isGroundedIn(List<String> sources) {
        if (sources == null || sources.isEmpty()) {
            throw new IllegalArgumentException(Messages.noSources());
        }
        for (int i = 0; i < sources.size(); i++) {
            if (sources.get(i) == null || sources.get(i).isBlank()) {
                throw new IllegalArgumentException(Messages.blankSource(i));
            }
        }
        return judged(List.copyOf(sources));
    }

    /**
     * Judges every reply against the sources its own and earlier turns were given (the passages a retriever found),
     * as {@link #isGroundedIn(List)} does.
     *
     * @return the groundedness checks of every reply
     * @throws AssertionError at once, if the first turn has no source
     */
    public EveryTurnGroundednessAssert isGroundedInTheirSources() {
        isNotNull();
        if (actual.turnCount() > 0 && actual.sourcesUpTo(1).isEmpty()) {
            checks.fail(ShouldHaveConversation.shouldHaveSources(actual, 1), this::assertionError);
        }
        return judged(List.of());
    }

    /**
     * Judges every reply on {@code criteria} with the test's LLM judge, and verifies at once that each got the
     * criteria's best option. The judge sees the reply as the criteria's judged field and the conversation before it
     * as the context field {@code conversation} (each message between data tags), with the fields given to
     * {@link #inContext}.
     *
     * @param criteria the criteria every reply is judged on
     * @return this assertion, to chain more checks
     */
    public EveryTurnAssert meets(Criteria criteria) {
        isNotNull();
        if (criteria == null) {
            throw new IllegalArgumentException(
                    Messages.nullArgument("meets(criteria)", "Pass a criteria, e.g. CriteriaCatalog.POLITENESS."));
        }
        checks.judgeEveryTurn(
                "everyAssistantTurn().meets(...)",
                ConversationReport.CRITERIA,
                criteria,
                context,
                1,
                false,
                new Expectation("to meet ", criteria.name(), " in every turn,"),
                this::assertionError);
        return myself;
    }

    /**
     * Adds a context field for {@link #meets(Criteria)}, e.g. {@code inContext("instructions", systemPrompt)}.
     *
     * @param field the context field's name
     * @param value its value
     * @return this assertion, to chain more checks
     */
    public EveryTurnAssert inContext(String field, String value) {
        if (field == null || field.isBlank()) {
            throw new IllegalArgumentException(Messages.blankContextField(field));
        }
        if (value == null) {
            throw new IllegalArgumentException(Messages.nullArgument(
                    "inContext(\"" + field + "\", value)", "Pass the text of the field; an empty string is allowed."));
        }
        context.put(field.strip(), value);
        return myself;
    }

    /**
     * Verifies that no reply contains any of {@code phrases}, ignoring case, as {@code neverSays} does.
     *
     * @param phrases what no reply may say
     * @return this assertion, to chain more checks
     */
    public EveryTurnAssert doesNotContain(String... phrases) {
        isNotNull();
        checks.neverSays(phrases, this::assertionError);
        return myself;
    }

    private EveryTurnGroundednessAssert judged(List<String> sources) {
        isNotNull();
        ConversationChecks.Where where = checks.begin();
        GroundednessJudge judge = checks.groundednessJudge(where);
        List<GroundednessVerdict> verdicts = TurnGroundedness.judgeEveryTurn(judge, actual, sources);
        Origin origin = new Origin("", Map.of(), checks.failures(), where.scope(), where.site(), null, null);
        EveryTurnGroundednessAssert made = new EveryTurnGroundednessAssert(actual, verdicts, origin);
        AssertionState.copy(info, made.info);
        made.open(checks.ownGroundednessJudge());
        return made;
    }
}
