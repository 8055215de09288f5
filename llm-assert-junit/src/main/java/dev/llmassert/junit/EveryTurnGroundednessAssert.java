package dev.llmassert.junit;

import dev.llmassert.core.conversation.Conversation;
import dev.llmassert.core.groundedness.GroundednessVerdict;
import dev.llmassert.junit.internal.ConversationReport;
import dev.llmassert.junit.internal.message.ShouldHaveConversation;
import org.apiguardian.api.API;

import java.util.List;
import java.util.Optional;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

/**
 * Checks the groundedness of every reply of a conversation, each already judged: made by
 * {@code assertThat(conversation).everyAssistantTurn().isGroundedIn(sources)}. Under {@link LlmJudge}, a check that is
 * never given a minimum with {@link #withMinScore(double)} is checked after the test method against the configured
 * default minimum, as a bare {@code isGroundedIn(...)} is.
 */
@API(status = EXPERIMENTAL, since = "0.1")
public class EveryTurnGroundednessAssert extends JudgedAssert<EveryTurnGroundednessAssert, List<GroundednessVerdict>> {

    private final Conversation conversation;

    EveryTurnGroundednessAssert(Conversation conversation, List<GroundednessVerdict> verdicts, Origin origin) {
        super(verdicts, EveryTurnGroundednessAssert.class, origin);
        this.conversation = conversation;
    }

    /**
     * Verifies that every reply's score (the mean of its sentences) is at least {@code minScore}; the minimum
     * replaces the default for this check.
     *
     * @param minScore from 0 to 1
     * @return this assertion, to chain more checks
     */
    public EveryTurnGroundednessAssert withMinScore(double minScore) {
        settle();
        requireScore("withMinScore(minScore)", minScore);
        boolean passed = passes(minScore);
        check(
                ConversationReport.groundedEveryTurn(conversation, actual, minScore, passed, origin.where()),
                passed,
                () -> ShouldHaveConversation.shouldBeGroundedInEveryTurn(conversation, actual, minScore));
        return myself;
    }

    /**
     * The verdict of each reply, in turn order; does not count as a check.
     *
     * @return the verdicts
     */
    public List<GroundednessVerdict> verdicts() {
        return actual;
    }

    @Override
    Optional<AssertionError> checkDefault(boolean afterTest) {
        double minScore = defaultMinScore();
        boolean passed = passes(minScore);
        publish(ConversationReport.groundedEveryTurn(conversation, actual, minScore, passed, origin.where()));
        return failure(
                passed,
                () -> afterTest
                        ? ShouldHaveConversation.shouldBeGroundedInEveryTurnByDefault(
                                conversation, actual, minScore, origin.where())
                        : ShouldHaveConversation.shouldBeGroundedInEveryTurn(conversation, actual, minScore),
                afterTest);
    }

    private boolean passes(double minScore) {
        return actual.stream().allMatch(verdict -> passes(verdict.score(), minScore));
    }
}
