package dev.llmassert.junit;

import dev.llmassert.core.conversation.Conversation;
import dev.llmassert.core.conversation.Ending;
import dev.llmassert.core.conversation.FactRetention;
import dev.llmassert.core.conversation.UserSimulator;
import dev.llmassert.core.criteria.CriteriaCatalog;
import dev.llmassert.core.criteria.DirectJudge;
import dev.llmassert.core.groundedness.GroundednessJudge;
import dev.llmassert.junit.internal.AssertionState;
import dev.llmassert.junit.internal.ConversationReport;
import dev.llmassert.junit.internal.FailureSink;
import dev.llmassert.junit.internal.message.ConversationMessages;
import dev.llmassert.junit.internal.message.Messages;
import dev.llmassert.junit.internal.message.ShouldHaveConversation;
import dev.llmassert.junit.internal.message.ShouldHaveConversation.Expectation;
import org.apiguardian.api.API;
import org.assertj.core.api.AbstractAssert;
import org.assertj.core.api.AssertionErrorCollector;

import java.util.Map;
import java.util.function.Function;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

/**
 * Assertions on a conversation: each turn's reply with every check of a response, every reply at once, and checks of
 * the whole. Made by {@link LlmAssertions#assertThat(Conversation)}.
 *
 * <pre>{@code
 * assertThat(conversation).turn(4).contains("NR-20417");
 * assertThat(conversation).everyAssistantTurn().isGroundedIn(manual).withMinScore(0.7);
 * assertThat(conversation).remembers("NR-20417").hasAtMostTurns(5).neverSays("As an AI");
 * assertThat(conversation).staysInRole("the Nimbus router support assistant").completesGoal("Get the router online");
 * }</pre>
 *
 * <ul>
 *   <li>{@link #turn(int)} and {@link #lastTurn()} give a reply's {@link ResponseAssert}: its groundedness checks
 *       count what the user said up to the turn as given (an order number from turn 1 is no invented fact in turn 4),
 *       and the sources of the turn and the turns before it as sources;</li>
 *   <li>{@link #remembers(String)}, {@link #forgets(String)}: a fact the user gave, kept or not; judged by an LLM
 *       ({@code knowledge_retention}) when the test has one, else without a model for a named fact;</li>
 *   <li>{@link #staysInRole(String)}, {@link #isRelevantThroughout()}, {@link #completesGoal(String)}: the catalog's
 *       {@code role_adherence}, {@code turn_relevancy} and {@code conversation_completeness}, judged by an LLM, each
 *       message between data tags;</li>
 *   <li>{@link #hasAtMostTurns(int)}, {@link #neverSays(String...)}, {@link #endsWithin(int)}: without a judge.</li>
 * </ul>
 *
 * <p>The judged checks are made at once and reach the run report with the transcript and each turn's verdict. A
 * failure shows the transcript with the failing turns marked and why; a long one is cut around them.
 */
@API(status = EXPERIMENTAL, since = "0.1")
public class ConversationAssert extends AbstractAssert<ConversationAssert, Conversation> {

    private ConversationChecks checks;
    private Function<String, ResponseAssert> responses = ResponseAssert::new;

    /**
     * Assertions on {@code conversation}; public, as AssertJ's soft assertions need it.
     *
     * @param conversation the conversation
     */
    public ConversationAssert(Conversation conversation) {
        super(conversation, ConversationAssert.class);
        this.checks = new ConversationChecks(conversation);
    }

    /**
     * Judges groundedness with {@code judge} instead of the judge of the running {@link LlmJudge} test.
     *
     * @param judge the groundedness judge to use
     * @return this assertion, to chain more checks
     */
    public ConversationAssert usingJudge(GroundednessJudge judge) {
        if (judge == null) {
            throw new IllegalArgumentException(Messages.nullArgument(
                    "usingJudge(judge)", "Pass a GroundednessJudge, or drop usingJudge(...) to use @LlmJudge's."));
        }
        checks.use(judge);
        return myself;
    }

    /**
     * Judges the conversation criteria with {@code judge} instead of the running {@link LlmJudge} test's.
     *
     * @param judge the direct criteria judge to use
     * @return this assertion, to chain more checks
     */
    public ConversationAssert usingCriteriaJudge(DirectJudge judge) {
        if (judge == null) {
            throw new IllegalArgumentException(Messages.nullArgument(
                    "usingCriteriaJudge(judge)",
                    "Pass a DirectJudge, or drop usingCriteriaJudge(...) to use @LlmJudge's."));
        }
        checks.use(judge);
        return myself;
    }

    /**
     * The reply of turn {@code number} (from 1), as the {@link ResponseAssert} of {@code assertThat(reply)}: every
     * check of a response applies. Its groundedness checks take what the user said up to this turn as the question
     * (facts the user gave are not invented) and add the sources of this turn and the turns before it; its criteria
     * checks get this turn's user message as the context field {@code question}.
     *
     * @param number the turn, from 1
     * @return the reply's assertions
     * @throws IllegalArgumentException if {@code number} is below 1
     */
    public ResponseAssert turn(int number) {
        isNotNull();
        if (number < 1) {
            throw new IllegalArgumentException(ConversationMessages.badTurnCount("turn(n)", number));
        }
        if (!actual.hasTurn(number)) {
            checks.fail(ShouldHaveConversation.shouldHaveTurn(actual, number), this::assertionError);
            return responseAssert(null, number);
        }
        return responseAssert(actual.turn(number).assistant(), number);
    }

    /**
     * The reply of the last turn, as {@link #turn(int)} gives it.
     *
     * @return the reply's assertions
     */
    public ResponseAssert lastTurn() {
        isNotNull();
        if (actual.turnCount() == 0) {
            checks.fail(ShouldHaveConversation.shouldHaveTurn(actual, 1), this::assertionError);
            return responseAssert(null, 1);
        }
        return turn(actual.turnCount());
    }

    /**
     * Every reply: each one's groundedness, criteria or words, with the turns that fail named and marked in the
     * transcript.
     *
     * @return the checks of every reply
     */
    public EveryTurnAssert everyAssistantTurn() {
        isNotNull();
        EveryTurnAssert every = new EveryTurnAssert(actual, checks.copy());
        AssertionState.copy(info, every.info);
        return every;
    }

    /**
     * Verifies that the assistant kept {@code fact}, which the user gave: judged by the test's LLM judge on each turn
     * after the user gave it ({@code knowledge_retention}: not asked for again, not contradicted, used where needed),
     * or, with the local judge, without a model: a later reply repeats the fact as the user wrote it, and none gives
     * another value of its shape (NR-20471 for NR-20417). See {@link FactRetention}.
     *
     * @param fact the fact as the user gave it, e.g. {@code "NR-20417"}
     * @return this assertion, to chain more checks
     */
    public ConversationAssert remembers(String fact) {
        return retention(fact, false);
    }

    /**
     * Verifies that the assistant did not keep {@code fact}: the opposite of {@link #remembers(String)}, e.g. after
     * the user asked it to forget their card number, or past a memory window.
     *
     * @param fact what the user gave that must not be kept
     * @return this assertion, to chain more checks
     */
    public ConversationAssert forgets(String fact) {
        return retention(fact, true);
    }

    /**
     * Verifies with the test's LLM judge that every reply stays in {@code role} ({@code role_adherence}), even where
     * the user pushes it to leave it.
     *
     * @param role the assistant's role, e.g. "the support assistant of the Nimbus R2 router, who answers from its
     *             manual and never gives legal or financial advice"
     * @return this assertion, to chain more checks
     */
    public ConversationAssert staysInRole(String role) {
        requireText(role, "staysInRole(role)", "staysInRole(\"the Nimbus router support assistant\")");
        isNotNull();
        checks.judgeEveryTurn(
                "staysInRole(...)",
                ConversationReport.CRITERIA,
                CriteriaCatalog.ROLE_ADHERENCE,
                Map.of("role", role),
                1,
                false,
                new Expectation("to stay in the role ", role, " in every turn,"),
                this::assertionError);
        return myself;
    }

    /**
     * Verifies with the test's LLM judge that every reply is relevant at its point ({@code turn_relevancy}).
     *
     * @return this assertion, to chain more checks
     */
    public ConversationAssert isRelevantThroughout() {
        isNotNull();
        checks.judgeEveryTurn(
                "isRelevantThroughout()",
                ConversationReport.CRITERIA,
                CriteriaCatalog.TURN_RELEVANCY,
                Map.of(),
                1,
                false,
                new Expectation("to be relevant in every turn,", null, ""),
                this::assertionError);
        return myself;
    }

    /**
     * Verifies with the test's LLM judge that the conversation met the user's {@code goal} by its end
     * ({@code conversation_completeness}, over the whole transcript).
     *
     * @param goal what the user came to get done, in words
     * @return this assertion, to chain more checks
     */
    public ConversationAssert completesGoal(String goal) {
        requireText(goal, "completesGoal(goal)", "completesGoal(\"Get the router online again\")");
        isNotNull();
        checks.judgeOverall(
                "completesGoal(...)",
                CriteriaCatalog.CONVERSATION_COMPLETENESS,
                Map.of("goal", goal),
                new Expectation("to meet the goal ", goal, ","),
                this::assertionError);
        return myself;
    }

    /**
     * Verifies that the conversation has at most {@code max} turns.
     *
     * @param max the most turns
     * @return this assertion, to chain more checks
     */
    public ConversationAssert hasAtMostTurns(int max) {
        isNotNull();
        if (max < 1) {
            throw new IllegalArgumentException(ConversationMessages.badTurnCount("hasAtMostTurns(n)", max));
        }
        if (actual.turnCount() > max) {
            checks.fail(ShouldHaveConversation.shouldHaveAtMostTurns(actual, max), this::assertionError);
        }
        return myself;
    }

    /**
     * Verifies that no reply contains any of {@code phrases}, ignoring case.
     *
     * @param phrases what no reply may say
     * @return this assertion, to chain more checks
     */
    public ConversationAssert neverSays(String... phrases) {
        isNotNull();
        checks.neverSays(phrases, this::assertionError);
        return myself;
    }

    /**
     * Verifies that the conversation ended by itself (its goal reached, handed over to a person, or its script
     * done), not cut off at the turn limit, within {@code max} turns: for a conversation a {@link UserSimulator}
     * drove, which knows how it ended ({@link Conversation#ending()}).
     *
     * @param max the most turns it may take to end
     * @return this assertion, to chain more checks
     */
    public ConversationAssert endsWithin(int max) {
        isNotNull();
        if (max < 1) {
            throw new IllegalArgumentException(ConversationMessages.badTurnCount("endsWithin(n)", max));
        }
        Ending ending = actual.ending();
        if (ending == null || !ending.endedByItself() || actual.turnCount() > max) {
            checks.fail(ShouldHaveConversation.shouldEndWithin(actual, max), this::assertionError);
        }
        return myself;
    }

    /** Sends this assert's failures, and those of the asserts it makes, to soft assertions. */
    ConversationAssert collectingFailuresIn(
            AssertionErrorCollector collector, Function<String, ResponseAssert> softResponses) {
        checks.failures(FailureSink.collectingIn(collector));
        this.responses = softResponses;
        return myself;
    }

    private ConversationAssert retention(String fact, boolean forget) {
        String method = forget ? "forgets(fact)" : "remembers(fact)";
        requireText(fact, method, method.replace("fact", "\"NR-20417\""));
        isNotNull();
        ConversationChecks.Where where = checks.begin();
        if (checks.criteriaJudgeIfAny(where).isEmpty()) {
            checks.checkRetentionLocally(fact, forget, this::assertionError);
            return myself;
        }
        FactRetention retention = FactRetention.of(actual, fact);
        int from = retention.given() ? retention.givenInTurn() + 1 : 2;
        if (from > actual.turnCount()) {
            checks.fail(ShouldHaveConversation.shouldHaveTurnAfter(actual, fact, from - 1), this::assertionError);
            return myself;
        }
        checks.judgeEveryTurn(
                forget ? "forgets(...)" : "remembers(...)",
                ConversationReport.RETENTION,
                CriteriaCatalog.KNOWLEDGE_RETENTION,
                Map.of("fact", fact),
                from,
                forget,
                new Expectation(
                        forget ? "to forget " : "to remember ", fact, " in every turn after turn " + (from - 1) + ","),
                this::assertionError);
        return myself;
    }

    private ResponseAssert responseAssert(String reply, int number) {
        ResponseAssert response = responses.apply(reply);
        if (reply != null) {
            response.turnOf(actual, number);
        }
        if (checks.ownGroundednessJudge() != null) {
            response.usingJudge(checks.ownGroundednessJudge());
        }
        if (checks.ownCriteriaJudge() != null) {
            response.usingCriteriaJudge(checks.ownCriteriaJudge());
        }
        AssertionState.copy(info, response.info);
        return response;
    }

    static void requireText(String text, String method, String example) {
        if (text == null || text.isBlank()) {
            throw new IllegalArgumentException(ConversationMessages.blank(method, example));
        }
    }
}
